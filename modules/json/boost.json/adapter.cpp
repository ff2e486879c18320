// Boost.JSON: boost::json::parse into boost::json::value (default memory resource), then a
// recursive walk.
#include <boost/json.hpp>
#include <boost/version.hpp>

#include "../common/dom.hpp"

namespace {

using benchbox::json::Input;
namespace bj = boost::json;

template <class V>
void walk(const bj::value& x, V& v) {
  v.value();
  switch (x.kind()) {
    case bj::kind::object:
      v.object();
      for (const auto& kv : x.get_object()) {
        v.key(kv.key().data(), kv.key().size());
        walk(kv.value(), v);
      }
      break;
    case bj::kind::array:
      v.array();
      for (const auto& e : x.get_array()) {
        v.element();
        walk(e, v);
      }
      break;
    case bj::kind::string: v.string(x.get_string().data(), x.get_string().size()); break;
    case bj::kind::int64: v.number(static_cast<double>(x.get_int64())); break;
    case bj::kind::uint64: v.number(static_cast<double>(x.get_uint64())); break;
    case bj::kind::double_: v.number(x.get_double()); break;
    case bj::kind::bool_: v.boolean(x.get_bool()); break;
    case bj::kind::null: v.null(); break;
  }
}

// The default depth limit, 32, refuses the nested data set: raised to 1000.
bj::parse_options options() {
  bj::parse_options o;
  o.max_depth = 1000;
  return o;
}

struct BoostJson {
  using Document = bj::value;
  static bool load(const Input& in, bj::value& doc, std::string& error) {
    boost::system::error_code ec;
    doc = bj::parse(bj::string_view(in.data(), in.size()), ec, {}, options());
    if (ec) error = ec.message();
    return !ec;
  }
  template <class V>
  static void visit(const bj::value& doc, V& v) {
    walk(doc, v);
  }
  struct Writer {
    std::string text;
    std::string_view write(const bj::value& doc) {
      text = bj::serialize(doc);
      return text;
    }
  };
};

std::string version() {
  return std::to_string(BOOST_VERSION / 100000) + "." + std::to_string(BOOST_VERSION / 100 % 1000) + "." +
         std::to_string(BOOST_VERSION % 100);
}

}  // namespace

int main(int argc, char** argv) {
  return benchbox::json::Library("boost.json", version()).add<benchbox::json::Dom<BoostJson>>().main(argc, argv);
}
