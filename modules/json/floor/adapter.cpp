// The json module's floor: the cost of touching every byte of the document once (parse), or of
// writing an output-sized buffer (stringify), on this machine: no parser can beat it. Its proof is
// the byte sum (the module's "bytes" proof): of every input byte read, or of the bytes written.
#include <benchbox/adapter.hpp>

#include <cstring>
#include <string>

#include "../common/json_adapter.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace {

using benchbox::Trial;
using benchbox::json::Input;

// Sum of the bytes, 16 at a time (psadbw), the tail one by one.
std::uint64_t byte_sum(const char* p, std::size_t n) {
  std::uint64_t sum = 0;
  std::size_t i = 0;
#if defined(__SSE2__)
  __m128i acc = _mm_setzero_si128();
  const __m128i zero = _mm_setzero_si128();
  for (; i + 16 <= n; i += 16)
    acc = _mm_add_epi64(acc, _mm_sad_epu8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i)), zero));
  std::uint64_t lanes[2];
  _mm_storeu_si128(reinterpret_cast<__m128i*>(lanes), acc);
  sum = lanes[0] + lanes[1];
#endif
  for (; i < n; ++i) sum += static_cast<unsigned char>(p[i]);
  return sum;
}

void run_parse(Trial& trial) {
  static const Input in = benchbox::json::load_data_set(trial.axis_text());
  benchbox::allocations::Usage used;
  {
    benchbox::allocations::Counting on;  // one untimed pass counts what one document allocates
    const auto before = benchbox::allocations::now();
    [[maybe_unused]] volatile std::uint64_t sum = byte_sum(in.data(), in.size());
    used = benchbox::allocations::now() - before;
  }
  std::uint64_t checksum = 0;
  trial.start();
  for (std::uint64_t i = 0; i < trial.ops(); ++i) {
    checksum += byte_sum(in.data(), in.size());
    asm volatile("" : : "r"(checksum) : "memory");  // one pass per document, not folded
  }
  trial.stop();
  benchbox::json::allocation_figures(trial, used, 1);
  trial.count(benchbox::json::proof::kBytes, static_cast<std::uint64_t>(in.size()) * trial.ops());
  trial.finish(trial.ops(), checksum);
}

void run_stringify(Trial& trial) {
  static const Input in = benchbox::json::load_data_set(trial.axis_text());
  std::string out(in.size(), '\0');
  benchbox::allocations::Usage used;
  {
    benchbox::allocations::Counting on;  // one untimed copy counts what one document allocates
    const auto before = benchbox::allocations::now();
    std::memcpy(out.data(), in.data(), in.size());
    used = benchbox::allocations::now() - before;
  }
  trial.start();
  for (std::uint64_t i = 0; i < trial.ops(); ++i) {
    std::memcpy(out.data(), in.data(), in.size());
    asm volatile("" : : "r"(out.data()) : "memory");
  }
  trial.stop();
  benchbox::json::allocation_figures(trial, used, 1);
  trial.count(benchbox::json::proof::kBytes, static_cast<std::uint64_t>(out.size()) * trial.ops());
  trial.count(benchbox::json::proof::kOutputBytes, out.size());
  trial.finish(trial.ops(), byte_sum(out.data(), out.size()) * trial.ops());  // every copy is the same
}

}  // namespace

int main(int argc, char** argv) {
  using benchbox::json::Case;
  using benchbox::json::case_id;
  namespace proof = benchbox::json::proof;
  const auto facts = benchbox::LibraryFacts::embedded();  // library.json: what each case does here
  const std::vector<std::pair<std::string, std::string>> traits = {{proof::kTrait, proof::kByBytes}};
  benchbox::json::Library floor("floor", BENCHBOX_VERSION);
  floor.add(case_id(Case::parse), {.notes = facts.text("api"), .traits = traits}, run_parse);
  floor.add(case_id(Case::stringify), {.notes = facts.text("writer"), .traits = traits}, run_stringify);
  floor.not_applicable(case_id(Case::conformance), facts.text("no_conformance"));
  facts.done();
  return floor.main(argc, argv);
}
