// Hyperscan: hs_compile(HS_FLAG_SOM_LEFTMOST; CASELESS for i, MULTILINE for m, UTF8|UCP for u,
// block mode) and hs_alloc_scratch once, one hs_scan per scan of the haystack. Hyperscan reports
// every end of every match, each with its leftmost start, in the order of the ends; the count keeps
// a report whose start is at or after the end of the last one kept (non-overlapping). That is the
// leftmost-first count only where a match can end in one place (single_end in benchmarks.json):
// the other benchmarks are n/a. No capture groups.
#include <hs/hs.h>

#include <limits>

#include "../common/regex_adapter.hpp"

namespace {

using benchbox::regex::Flags;

struct Hyperscan {
  static constexpr bool kEarliestEnd = true;  // hs_scan reports a match at its earliest end (SOM leftmost)
  static constexpr std::size_t kMaxHaystack = std::numeric_limits<unsigned>::max();
  static constexpr const char* kMaxHaystackWhy = "hs_scan takes an unsigned int length";
  hs_database_t* db = nullptr;
  hs_scratch_t* scratch = nullptr;
  Hyperscan(std::string_view pattern, Flags flags) {
    const unsigned options = HS_FLAG_SOM_LEFTMOST | (flags.case_insensitive ? HS_FLAG_CASELESS : 0) |
                             (flags.multiline ? HS_FLAG_MULTILINE : 0) | (flags.unicode ? HS_FLAG_UTF8 | HS_FLAG_UCP : 0);
    hs_compile_error_t* error = nullptr;
    if (hs_compile(std::string(pattern).c_str(), options, HS_MODE_BLOCK, nullptr, &db, &error) != HS_SUCCESS) {
      const std::string message = std::string("hs_compile: ") + error->message;
      hs_free_compile_error(error);
      throw std::runtime_error(message);
    }
    if (hs_alloc_scratch(db, &scratch) != HS_SUCCESS) {
      hs_free_database(db);
      throw std::runtime_error("hs_alloc_scratch failed");
    }
  }
  ~Hyperscan() {
    hs_free_scratch(scratch);
    hs_free_database(db);
  }
  Hyperscan(const Hyperscan&) = delete;
  Hyperscan& operator=(const Hyperscan&) = delete;

  template <class F>
  void for_each_match(const char* text, std::size_t size, F& on_match) {
    struct Kept {
      F* on_match;
      unsigned long long end = 0;
    } kept{&on_match};
    auto on_report = [](unsigned, unsigned long long from, unsigned long long to, unsigned, void* context) -> int {
      auto* k = static_cast<Kept*>(context);
      if (from >= k->end) {
        (*k->on_match)(static_cast<std::size_t>(from), static_cast<std::size_t>(to));
        k->end = to;
      }
      return 0;
    };
    if (hs_scan(db, text, static_cast<unsigned>(size), 0, scratch, on_report, &kept) != HS_SUCCESS)
      throw std::runtime_error("hs_scan failed");
  }
  // Only for the interface's sake: for_each_match is what the scans call.
  bool find(const char*, std::size_t, std::size_t, std::size_t&, std::size_t&) { throw std::logic_error("Hyperscan scans whole buffers"); }
};

}  // namespace

int main(int argc, char** argv) {
  return benchbox::regex::Library("hyperscan", hs_version()).add<Hyperscan>().main(argc, argv);
}
