// Boost.JSON: boost::json::parse into boost::json::value (default memory resource), then a
// recursive walk.
#include <boost/json.hpp>
#include <boost/version.hpp>

#include "../common/json_adapter.hpp"

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

bool load(const Input& in, bj::value& out, std::string& error) {
  boost::system::error_code ec;
  out = bj::parse(bj::string_view(in.data(), in.size()), ec, {}, options());
  if (ec) error = ec.message();
  return !ec;
}

struct BoostJson {
  template <class V>
  static bool parse(const Input& in, V& v, std::string& error) {
    bj::value root;
    if (!load(in, root, error)) return false;
    walk(root, v);
    return true;
  }

  class Tree {
   public:
    explicit Tree(const Input& in) {
      std::string error;
      if (!load(in, root_, error)) throw std::runtime_error(error);
    }
    std::string_view write() {
      out_ = bj::serialize(root_);
      return out_;
    }

   private:
    bj::value root_;
    std::string out_;
  };
};

std::string version() {
  return std::to_string(BOOST_VERSION / 100000) + "." + std::to_string(BOOST_VERSION / 100 % 1000) + "." +
         std::to_string(BOOST_VERSION % 100);
}

}  // namespace

int main(int argc, char** argv) {
  return benchbox::json::main<BoostJson>(
      argc, argv, "boost.json", version(),
      {.api = "boost::json::parse(string_view, ec, default storage, max_depth 1000) into boost::json::value, recursive walk",
       .numbers = "int64, uint64 or double",
       .strings = "copied (boost::json::string)",
       .writer = "boost::json::serialize(value), a new std::string per document"});
}
