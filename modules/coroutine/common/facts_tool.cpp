// coroutine_facts LIBRARY_JSON PATH OUTPUT: reads a coroutine library's library.json through
// benchbox::LibraryFacts (the typed accessors, done() failing on a key missing, mistyped or never
// read) and writes its facts as the constants of coroutine_facts.hpp into the header OUTPUT, which
// the library's adapter includes (modules/coroutine/CMakeLists.txt runs it at build time). PATH
// is the file's path as messages and the header name it (modules/coroutine/<id>/library.json).
// A problem fails the build with the line LibraryFacts writes: the file and the key.
#include <benchbox/library_facts.hpp>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "../cases.hpp"
#include "coroutine_facts.hpp"

namespace {

using benchbox::LibraryFacts;
using namespace benchbox::coroutine;

constexpr Case kCases[] = {Case::switch_, Case::channel, Case::create, Case::memory};

const char* case_name(Case c) {
  switch (c) {
    case Case::switch_: return "Case::switch_";
    case Case::channel: return "Case::channel";
    case Case::create: return "Case::create";
    case Case::memory: return "Case::memory";
  }
  return "";
}

// A C++ string literal of s (UTF-8 kept as it is).
std::string literal(const std::string& s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') out += {'\\', static_cast<char>(c)};
    else if (c == '\n') out += "\\n";
    else if (c < 0x20) out += "\\" + std::to_string(c / 64) + std::to_string(c / 8 % 8) + std::to_string(c % 8);
    else out += static_cast<char>(c);
  }
  return out + "\"";
}

std::string optional_literal(const std::string& s) { return s.empty() ? "nullptr" : literal(s); }

struct Reader {
  std::vector<std::string> problems;  // beyond the keys' own, which done() says

  std::string style_of(const LibraryFacts& facts) {
    const std::string name = facts.text("style");
    if (!name.empty() && !style_named(name))
      problems.push_back("\"style\" must be \"asymmetric\", \"symmetric\" or \"scheduler\", not \"" + name + "\"");
    return name;
  }

  // One entry of "cases" as a CaseFact initializer.
  std::string case_fact(const LibraryFacts& entry, std::vector<std::string>& declared, bool library_limit) {
    const std::string name = entry.text("case");
    const Case* id = nullptr;
    for (const Case& c : kCases)
      if (name == case_id(c)) id = &c;
    bool twice = false;
    for (const auto& d : declared) twice = twice || d == name;
    if (!id || twice)
      problems.push_back("declares " + std::string(id ? "twice" : "an unknown") + " case \"" + name + "\"");
    declared.push_back(name);
    std::string out = "{.id = " + std::string(id ? case_name(*id) : "Case::switch_");
    if (entry.has("not_applicable")) {  // nothing else is read: another key is a problem done() says
      out += ", .not_applicable = " + literal(entry.text("not_applicable")) + "}";
      entry.done();
      return out;
    }
    out += ", .notes = " + literal(entry.text("notes"));
    if (entry.has("style")) out += ", .style = Style::" + style_of(entry);
    if (entry.has("stack_bytes")) out += ", .stack_bytes = " + std::to_string(entry.integer("stack_bytes"));
    if (entry.has("max_value")) out += ", .max_value = " + std::to_string(entry.integer("max_value"));
    if (entry.has("max_value_reason")) out += ", .max_value_reason = " + literal(entry.text("max_value_reason"));
    if (entry.boolean_or("limited", false)) {
      out += ", .limited = true";
      if (!library_limit || entry.has("max_value"))
        problems.push_back("case \"" + name + "\" is \"limited\" " +
                           (library_limit ? "and has a \"max_value\" of its own" : "without the library's \"limit\""));
    }
    entry.done();
    return out + "}";
  }

  std::string header(const LibraryFacts& facts, const std::string& path) {
    std::ostringstream out;
    out << "// Generated at build time from " << path << " by coroutine_facts\n"
        << "// (modules/coroutine/common/facts_tool.cpp): edit that file.\n"
        << "#pragma once\n\n"
        << "namespace benchbox::coroutine::library_json {\n\n";
    const std::string style = style_of(facts);
    const std::int64_t stack = facts.integer("stack_bytes");
    const std::string version = facts.text_or("version", "");
    out << "inline constexpr InfoFact kInfo[] = {\n";
    std::size_t infos = 0;
    for (const auto& entry : facts.objects("info")) {
      out << "    {" << literal(entry.text("key")) << ", " << literal(entry.text("value")) << "},\n";
      entry.done();
      ++infos;
    }
    if (infos == 0) out << "    {nullptr, nullptr},  // none (an array cannot be empty)\n";
    out << "};\n\n";
    const std::string limit = facts.text_or("limit", "");
    if (!limit.empty() && limit != "guard_pages" && limit != "adapter")
      problems.push_back("\"limit\" must be \"guard_pages\" or \"adapter\", not \"" + limit + "\"");
    const std::string cause = limit == "guard_pages" ? facts.text("limit_cause") : "";
    const std::string reason = limit == "adapter" || facts.has("limit_reason") ? facts.text("limit_reason") : "";
    const std::string note = facts.text_or("limit_note", "");
    out << "inline constexpr CaseFact kCases[] = {\n";
    std::vector<std::string> declared;
    for (const auto& entry : facts.objects("cases"))
      out << "    " << case_fact(entry, declared, !limit.empty()) << ",\n";
    out << "};\n\n";
    facts.done();
    for (Case c : kCases) {
      bool found = false;
      for (const auto& d : declared) found = found || d == case_id(c);
      if (!found)
        problems.push_back(std::string("declares no case \"") + case_id(c) +
                           "\" (its notes, or why it is not applicable)");
    }
    out << "inline constexpr LibraryFactsData kFacts{\n"
        << "    .path = " << literal(path) << ",\n"
        << "    .version = " << optional_literal(version) << ",\n"
        << "    .style = Style::" << (style.empty() ? "scheduler" : style) << ",\n"
        << "    .stack_bytes = " << stack << ",\n"
        << "    .info = std::span<const InfoFact>(kInfo, " << infos << "),\n"
        << "    .limit = LimitKind::" << (limit.empty() ? "none" : limit) << ",\n"
        << "    .limit_cause = " << literal(cause) << ",\n"
        << "    .limit_reason = " << literal(reason) << ",\n"
        << "    .limit_note = " << literal(note) << ",\n"
        << "    .cases = kCases,\n"
        << "};\n\n"
        << "}  // namespace benchbox::coroutine::library_json\n";
    return out.str();
  }
};

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: coroutine_facts LIBRARY_JSON PATH OUTPUT\n");
    return 2;
  }
  std::ifstream in(argv[1]);
  std::stringstream text;
  text << in.rdbuf();
  if (!in) {
    std::fprintf(stderr, "coroutine_facts: cannot read %s\n", argv[1]);
    return 2;
  }
  const LibraryFacts facts = LibraryFacts::parse(argv[2], text.str());  // invalid JSON ends the program here
  Reader reader;
  const std::string header = reader.header(facts, argv[2]);  // a key's problem ends the program here
  if (!reader.problems.empty()) {
    std::string message = argv[2];
    for (std::size_t i = 0; i < reader.problems.size(); ++i) message += (i ? "; " : " ") + reader.problems[i];
    std::fprintf(stderr, "%s\n", message.c_str());
    return 2;
  }
  std::ofstream(argv[3]) << header;
  return 0;
}
