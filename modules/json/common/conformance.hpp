// The json module's conformance inputs, written by this project (RFC 8259 as the rule). Shared by
// the adapters (which run them) and the module (which checks that all were run).
//
// Categories:
//   accept   must be parsed, and the library's statistics must equal benchbox's reference reader's
//   reject   must be refused with an error (a crash or a hang is a failure, too)
//   numbers  "[x]": the number read must be the double strtod gives (correctly rounded), bit for
//            bit; a library with a writer must also write it back so that it reads the same double
//   strings  the strings and keys read, unescaped, must be exactly the expected bytes
#pragma once

#include <string>
#include <vector>

namespace benchbox::json {

struct ConformanceCase {
  std::string category;
  std::string name;
  std::string text;
  std::string expect{};  // strings: the unescaped bytes of every string and key, in order
};

inline const std::vector<std::string>& conformance_categories() {
  static const std::vector<std::string> c = {"accept", "reject", "numbers", "strings"};
  return c;
}

inline std::vector<ConformanceCase> conformance_cases() {
  using namespace std::string_literals;
  std::vector<ConformanceCase> c;
  auto accept = [&](std::string name, std::string text) { c.push_back({"accept", std::move(name), std::move(text)}); };
  auto reject = [&](std::string name, std::string text) { c.push_back({"reject", std::move(name), std::move(text)}); };
  auto number = [&](std::string text) { c.push_back({"numbers", text, "[" + text + "]"}); };
  auto string = [&](std::string name, std::string text, std::string expect) {
    c.push_back({"strings", std::move(name), std::move(text), std::move(expect)});
  };

  accept("empty object", "{}");
  accept("empty array", "[]");
  accept("top-level number", "0");
  accept("top-level string", "\"x\"");
  accept("top-level null", "null");
  accept("top-level true", "true");
  accept("every whitespace", " \t\r\n[ 1 ,\t2\r\n, 3 ]\n ");
  accept("nested", "{\"a\":{\"b\":[{\"c\":null},[true,false]]}}");
  accept("empty key", "{\"\":0}");
  accept("empty string", "[\"\"]");
  accept("exponents", "[1E+2,1e-2,-1.5E3,0e0,0.0]");
  accept("raw non-ASCII", "[\"\xc3\xa9\xe4\xb8\xad\xf0\x9f\x98\x80\"]");
  accept("big integer", "[123456789012345678901234567890]");
  accept("spaces around colon", "{ \"a\" : 1 , \"b\" : [ ] }");
  accept("depth 500", std::string(500, '[') + std::string(500, ']'));
  accept("many members", [] {
    std::string s = "{";
    for (int i = 0; i < 1000; ++i) s += (i ? ",\"k" : "\"k") + std::to_string(i) + "\":" + std::to_string(i);
    return s + "}";
  }());

  reject("empty input", "");
  reject("only whitespace", " \n ");
  reject("trailing comma in array", "[1,]");
  reject("trailing comma in object", "{\"a\":1,}");
  reject("double comma", "[1,,2]");
  reject("missing comma", "[1 2]");
  reject("missing colon", "{\"a\" 1}");
  reject("missing value", "{\"a\":}");
  reject("unquoted key", "{a:1}");
  reject("single quotes", "['a']");
  reject("leading zero", "[01]");
  reject("negative leading zero", "[-01]");
  reject("leading dot", "[.5]");
  reject("trailing dot", "[1.]");
  reject("plus sign", "[+1]");
  reject("empty exponent", "[1e]");
  reject("exponent sign only", "[1e+]");
  reject("minus only", "[-]");
  reject("hex number", "[0x10]");
  reject("NaN", "[NaN]");
  reject("Infinity", "[Infinity]");
  reject("bad escape \\x", "[\"\\x41\"]");
  reject("bad escape \\a", "[\"\\a\"]");
  reject("short \\u escape", "[\"\\u12\"]");
  reject("non-hex \\u escape", "[\"\\uZZZZ\"]");
  reject("lone high surrogate", "[\"\\ud800\"]");
  reject("lone low surrogate", "[\"\\udc00\"]");
  reject("high surrogate then letter", "[\"\\ud800\\u0041\"]");
  reject("raw tab in string", "[\"a\tb\"]");
  reject("raw newline in string", "[\"a\nb\"]");
  reject("raw NUL in string", "[\"a\0b\"]"s);
  reject("invalid UTF-8 byte", "[\"\xff\"]");
  reject("overlong UTF-8", "[\"\xc0\xaf\"]");
  reject("UTF-8 surrogate", "[\"\xed\xa0\x80\"]");
  reject("truncated UTF-8", "[\"\xe4\xb8\"]");
  reject("unterminated string", "[\"abc");
  reject("unclosed array", "[1,2");
  reject("unclosed object", "{\"a\":1");
  reject("extra closing bracket", "[1]]");
  reject("trailing garbage", "[1]x");
  reject("two documents", "{} {}");
  reject("mismatched brackets", "[1}");
  reject("truncated literal", "[tru]");
  reject("capitalised literal", "[True]");
  reject("comment", "/* c */[1]");
  reject("depth 100000", std::string(100000, '[') + std::string(100000, ']'));

  for (const char* n : {"0.1", "0.3", "1.5", "-0.0", "3.141592653589793", "1e23", "9007199254740993",
                        "123456789012345678", "18446744073709551615", "-9223372036854775808", "2.2250738585072014e-308",
                        "2.2250738585072011e-308", "4.9406564584124654e-324", "5e-324", "4.35679e-310",
                        "1.7976931348623157e308", "1.7976931348623158e308", "-1.7976931348623157e308",
                        "8.98846567431158e307", "7.2057594037927933e16", "100000000000000000000000", "123.456e-7",
                        "1.00000000000000011102230246251565404236316680908203125",
                        "1.00000000000000011102230246251565404236316680908203126", "0.1e1", "1E-10", "2.5E+17"})
    number(n);

  string("escaped quote", "[\"\\\"\"]", "\"");
  string("escaped backslash", "[\"\\\\\"]", "\\");
  string("escaped slash", "[\"\\/\"]", "/");
  string("\\b \\f \\n \\r \\t", "[\"\\b\\f\\n\\r\\t\"]", "\b\f\n\r\t");
  string("\\u0041", "[\"\\u0041\"]", "A");
  string("\\u00e9 (2 bytes)", "[\"\\u00e9\"]", "\xc3\xa9");
  string("\\u20AC (3 bytes)", "[\"\\u20AC\"]", "\xe2\x82\xac");
  string("\\uFFFF", "[\"\\uFFFF\"]", "\xef\xbf\xbf");
  string("surrogate pair", "[\"\\ud83d\\ude00\"]", "\xf0\x9f\x98\x80");
  string("surrogate pair, upper case", "[\"\\uD834\\uDD1E\"]", "\xf0\x9d\x84\x9e");
  string("surrogate pair, U+100F59", "[\"\\udbc3\\udf59\"]", "\xf4\x80\xbd\x99");
  string("surrogate pair, U+3DD8A", "[\"\\ud8b7\\udd8a\"]", "\xf0\xbd\xb6\x8a");
  string("control \\u001f", "[\"\\u001f\"]", "\x1f");
  string("\\u0000 inside", "[\"a\\u0000b\"]", "a\0b"s);
  string("mixed escapes", "[\"a\\u0062c\\n\\\"d\\\"\"]", "abc\n\"d\"");
  string("raw UTF-8 kept", "[\"\xc3\xa9\xe4\xb8\xad\xf0\x9f\x98\x80\"]", "\xc3\xa9\xe4\xb8\xad\xf0\x9f\x98\x80");
  string("escaped key", "{\"\\n\\u00e9\":1}", "\n\xc3\xa9");
  return c;
}

}  // namespace benchbox::json
