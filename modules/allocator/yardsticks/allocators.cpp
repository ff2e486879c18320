// A yardstick for the allocator module (docs/method.md, "Yardsticks"): a minimal program that does
// the `small` and `churn` cases' work with malloc and free, and includes nothing of benchbox (the
// sizes, tags and orders are generated again here from their definition in modules/allocator/README.md,
// from the one splitmix64 of include/yardstick).
// Built once per allocator: linked alone (glibc), or with -ljemalloc or -lmimalloc, which replace
// malloc in the whole program as they do in the adapters. scripts/accuracy.py runs it interleaved
// with the matching benchbox row.
//
//   allocator_yardstick_<allocator> CASE N OPS REPS      CASE: small | churn | small-main | churn-main
//
// small: OPS/N rounds, each allocating N blocks (sizes 8..256) then freeing them in reverse order.
// churn: N blocks live (allocated untimed); OPS steps, each freeing one in the pass order and
// allocating its replacement. Every block's tag is written at both ends and read back before its
// free. Each pass runs on a thread started for it (as the adapters run each trial), or, for
// small-main and churn-main, on the main thread (as `thread main` rows run theirs). One untimed
// warm-up pass first, then REPS timed passes: one line `ns_per_op <value>`
// each, then `check <sum of the tags read back>`, which the program compares with the sum it must
// be (exit status 3 if not).
#include <splitmix.hpp>   // the schedule's pseudo-random sequence
#include <yardstick.hpp>  // the clock and the passes, as in every yardstick

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <numeric>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace {

using yardstick::start_clock;
using yardstick::stop_clock;

// modules/allocator/README.md, "Sizes, tags and orders".
using yardstick::SplitMix;

constexpr std::uint64_t kMask = (1 << 16) - 1;

std::vector<std::uint32_t> size_table(bool churn) {
  SplitMix r{0x5eed0000ull + (churn ? 1 : 0)};
  std::vector<std::uint32_t> t(kMask + 1);
  for (auto& s : t) {
    const std::uint64_t x = r.next();
    const auto multiple = [&](std::uint64_t lo, std::uint64_t hi) { return std::uint32_t(lo + 8 * ((x >> 8) % ((hi - lo) / 8 + 1))); };
    const std::uint64_t pick = x % 100;
    s = !churn || pick < 90 ? multiple(8, 256) : pick < 99 ? multiple(264, 4096) : multiple(4104, 65536);
  }
  return t;
}

std::vector<std::uint32_t> permutation(std::uint64_t n, std::uint64_t seed) {
  std::vector<std::uint32_t> p(n);
  std::iota(p.begin(), p.end(), 0u);
  SplitMix r{seed};
  for (std::uint64_t i = n; i > 1; --i) std::swap(p[i - 1], p[r.next() % i]);
  return p;
}

std::uint64_t tag_of(std::uint64_t serial) { return (serial + 1) * 0x9e3779b97f4a7c15ull; }

unsigned char* take(std::uint64_t serial, std::uint32_t size) {
  auto* p = static_cast<unsigned char*>(std::malloc(size));
  if (!p) std::abort();
  const std::uint64_t tag = tag_of(serial);
  std::memcpy(p, &tag, 8);
  std::memcpy(p + size - 8, &tag, 8);
  return p;
}

std::uint64_t give_back(unsigned char* p, std::uint32_t size) {
  std::uint64_t head, tail;
  std::memcpy(&head, p, 8);
  std::memcpy(&tail, p + size - 8, 8);
  std::free(p);
  return head + tail;
}

// One pass of `small`: its ns per allocation, the tags' sum added to `check`. The loops read
// plain pointers: a vector's data would be reloaded after every (opaque) malloc call.
double small_pass(const std::vector<std::uint32_t>& sizes, std::uint64_t n, std::uint64_t ops, std::uint64_t& check) {
  std::vector<unsigned char*> blocks(n);
  const std::uint32_t* size = sizes.data();
  unsigned char** ptrs = blocks.data();
  const std::uint64_t rounds = ops / n;
  std::uint64_t serial = 0, sum = 0;
  const std::uint64_t t0 = start_clock();
  for (std::uint64_t r = 0; r < rounds; ++r, serial += n) {
    for (std::uint64_t j = 0; j < n; ++j) ptrs[j] = take(serial + j, size[(serial + j) & kMask]);
    for (std::uint64_t j = n; j-- > 0;) sum += give_back(ptrs[j], size[(serial + j) & kMask]);
  }
  const std::uint64_t t1 = stop_clock();
  check += sum;
  return double(t1 - t0) / double(rounds * n);
}

double churn_pass(const std::vector<std::uint32_t>& sizes, const std::vector<std::uint32_t> (&orders)[4], std::uint64_t n,
                  std::uint64_t ops, std::uint64_t& check) {
  std::vector<std::pair<unsigned char*, std::uint64_t>> blocks(n);
  const std::uint32_t* size = sizes.data();
  std::pair<unsigned char*, std::uint64_t>* live = blocks.data();
  for (std::uint64_t k = 0; k < n; ++k) live[k] = {take(k, size[k & kMask]), k};
  std::uint64_t serial = n, sum = 0, done = 0;
  const std::uint64_t t0 = start_clock();
  for (std::uint64_t pass = 0; done < ops; ++pass) {
    const std::uint32_t* order = orders[pass % 4].data();
    const std::uint64_t steps = std::min(n, ops - done);
    for (std::uint64_t k = 0; k < steps; ++k, ++serial) {
      auto& b = live[order[k]];
      sum += give_back(b.first, size[b.second & kMask]);
      b = {take(serial, size[serial & kMask]), serial};
    }
    done += steps;
  }
  const std::uint64_t t1 = stop_clock();
  for (auto& b : blocks) sum += give_back(b.first, size[b.second & kMask]);
  check += sum;
  return double(t1 - t0) / double(ops);
}

}  // namespace

int main(int argc, char** argv) {
  yardstick::Command command;
  if (!yardstick::read_command(argc, argv, "small|churn|small-main|churn-main", command)) return 2;
  const auto& [what, n, ops, reps] = command;
  const bool on_main = what.ends_with("-main");
  const std::string which = on_main ? what.substr(0, what.size() - 5) : what;
  if ((which != "small" && which != "churn") || n == 0 || ops == 0) return 2;
  const auto size = size_table(which == "churn");
  std::vector<std::uint32_t> orders[4];
  if (which == "churn")
    for (std::uint64_t k = 0; k < 4; ++k) orders[k] = permutation(n, 0xc4a5e0000ull + 16 * k);
  std::uint64_t check = 0;
  // Each pass on a thread of its own, as a program's worker allocates: its allocator state holds
  // what the pass allocates (glibc's arena, mimalloc's heap, jemalloc's arena); or on the main
  // thread, as a single-threaded program's work runs.
  yardstick::warm_up_then_time(reps, [&] {
    double ns = 0;
    const auto pass = [&] { ns = which == "small" ? small_pass(size, n, ops, check) : churn_pass(size, orders, n, ops, check); };
    if (on_main) pass();
    else std::thread(pass).join();
    return ns;
  });
  // Every block of a pass was freed with both its tags read back: the sum is known in advance.
  const std::uint64_t blocks = which == "small" ? ops / n * n : n + ops;
  std::uint64_t expected = 0;
  for (std::uint64_t serial = 0; serial < blocks; ++serial) expected += 2 * tag_of(serial);
  if (check != expected * (reps + 1)) {
    std::fprintf(stderr, "the tags read back do not add up: %llu, expected %llu\n", static_cast<unsigned long long>(check),
                 static_cast<unsigned long long>(expected * (reps + 1)));
    return 3;
  }
  std::printf("check %llu\n", static_cast<unsigned long long>(check));
  return 0;
}
