// The hashing module's adapter side: the two cases written once for every library.
//
// A library folder's adapter.cpp names, for every algorithm the library computes, the library's
// one-shot call as a function `void(const std::uint8_t* in, std::size_t n, std::uint8_t* digest)`
// (Library::add), other entry points as further rows (Library::add_variant: the streaming API,
// xxHash's run-time dispatch), and its main() returns Library::main. The timed region holds the
// library's calls and the loop; the proof (the digest of the last call, the digests of the
// algorithm's published test vectors, the keys' digests) is computed after the clock
// (modules/hashing/README.md).
#pragma once

#include <benchbox/adapter.hpp>
#include <benchbox/library_facts.hpp>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "../algorithms.hpp"
#include "../cases.hpp"

namespace benchbox::hashing {

// An integer digest as its big-endian bytes (the way the specifications print it): a byte swap and
// one store, inside the clock after every call. Written as a loop over the bytes, g++ 12 at -O2
// kept it a loop: 57 instructions a call, 1.6x XXH3-64's time at 16 bytes against its yardstick.
inline void put_be32(std::uint8_t* out, std::uint32_t v) {
  if constexpr (std::endian::native == std::endian::little) v = __builtin_bswap32(v);
  std::memcpy(out, &v, sizeof v);
}
inline void put_be64(std::uint8_t* out, std::uint64_t v) {
  if constexpr (std::endian::native == std::endian::little) v = __builtin_bswap64(v);
  std::memcpy(out, &v, sizeof v);
}

// A digest a library writes as a little-endian integer (SipHash's 8 bytes in several libraries,
// Crypto++'s CRCs) as that integer's big-endian bytes, by the same swap and store.
inline void put_be_from_le32(std::uint8_t* out, const std::uint8_t* le) {
  std::uint32_t v;
  std::memcpy(&v, le, sizeof v);
  if constexpr (std::endian::native == std::endian::big) v = __builtin_bswap32(v);
  put_be32(out, v);
}
inline void put_be_from_le64(std::uint8_t* out, const std::uint8_t* le) {
  std::uint64_t v;
  std::memcpy(&v, le, sizeof v);
  if constexpr (std::endian::native == std::endian::big) v = __builtin_bswap64(v);
  put_be64(out, v);
}

// A C library's status: 0 is success, anything else ends the trial with the call named.
inline void check_zero(int status, const char* call) {
  if (status != 0) throw std::runtime_error(std::string(call) + " failed: " + std::to_string(status));
}

// After every call in the clock: the digest is written (the call cannot be dropped) and the input
// may have changed (the call cannot be hoisted out of the loop). No instruction is emitted.
inline void clobber(const std::uint8_t* digest) { asm volatile("" : : "r"(digest) : "memory"); }

constexpr std::size_t kMaxDigest = 64;

// The fingerprints of the algorithm's published test vectors' digests as this library computes
// them, reported as counts with every trial; computed once per process, after the first clock.
template <class Fn>
void report_known_answers(Trial& trial, const AlgorithmInfo* algorithm, Fn& fn) {
  if (!algorithm) return;  // the floor: no algorithm, no vectors
  const AlgorithmInfo& a = *algorithm;
  static const std::vector<std::uint64_t> prints = [&] {
    std::vector<std::uint64_t> out;
    for (const KnownAnswer& k : a.known_answers) {
      const std::string m = message_of(k);
      std::uint8_t digest[kMaxDigest] = {};
      fn(reinterpret_cast<const std::uint8_t*>(m.data()), m.size(), digest);
      out.push_back(fingerprint(digest, a.digest_bytes));
    }
    return out;
  }();
  for (std::size_t i = 0; i < prints.size(); ++i) trial.count(proof::kKnownAnswerPrefix + std::to_string(i + 1), prints[i]);
}

// The bulk input, `offset` bytes past a 64-byte boundary (the axis): where it starts moves
// AVX-512 code by up to 1.4x, so it is the point's, not malloc's.
class PlacedInput {
 public:
  PlacedInput(std::size_t n, std::size_t offset) : storage_(n + 128) {
    const auto at = reinterpret_cast<std::uintptr_t>(storage_.data());
    start_ = storage_.data() + ((64 - at % 64) % 64) + offset;
    const auto bytes = input_bytes(n);
    std::memcpy(start_, bytes.data(), n);
  }
  const std::uint8_t* data() const { return start_; }

 private:
  std::vector<std::uint8_t> storage_;
  std::uint8_t* start_ = nullptr;
};

// The point's offset axis, optional: left out at its default.
inline std::size_t offset_of(const Trial& trial) {
  const std::string fallback = std::to_string(kDefaultOffset);
  return static_cast<std::size_t>(std::stoul(std::string(trial.axis_text_or(kOffsetAxis, fallback))));
}

// bulk: the input of the point's size hashed `ops` times; the digest of the last call (written
// over a poisoned buffer) is the trial's checksum, which the driver compares across libraries.
// `a`: null for the floor, which computes no algorithm.
template <class Fn>
void run_bulk(Trial& trial, const AlgorithmInfo* a, std::size_t digest_bytes, Fn& fn) {
  const auto n = static_cast<std::size_t>(trial.axis_number(kSizeAxis));
  // One process runs one (case, point, variant): the statics of these functions, keyed by the
  // call's type, never see a second size, offset or algorithm.
  static const PlacedInput in(n, offset_of(trial));
  alignas(64) std::uint8_t digest[kMaxDigest];
  const std::uint64_t ops = trial.ops();
  trial.start();
  for (std::uint64_t i = 1; i < ops; ++i) {
    fn(in.data(), n, digest);
    clobber(digest);
  }
  trial.pause();
  std::memset(digest, 0xA5, sizeof digest);
  trial.resume();
  fn(in.data(), n, digest);
  trial.stop();
  report_known_answers(trial, a, fn);
  trial.count(proof::kBytes, static_cast<std::uint64_t>(n) * ops);
  trial.finish(ops, fingerprint(digest, digest_bytes));
}

inline std::uint32_t first_word(const std::uint8_t* digest) {
  std::uint32_t v;
  std::memcpy(&v, digest, sizeof v);
  return v;
}

// keys: the key set's keys hashed in turn, `ops` calls, the first four bytes of each digest added
// up in a local, as a hash table uses the value. After the clock, one pass over the keys gives the
// checksum (their digests' fingerprint, chained) and the sum the timed calls must have made.
template <class Fn>
void run_keys(Trial& trial, const AlgorithmInfo* a, std::size_t digest_bytes, Fn& fn) {
  static const KeySet keys = key_set();
  const std::uint8_t* base = keys.bytes.data();
  const std::size_t* at = keys.offsets.data();
  alignas(64) std::uint8_t digest[kMaxDigest];
  const std::uint64_t ops = trial.ops();
  std::uint64_t sum = 0;
  trial.start();
  for (std::uint64_t i = 0, k = 0; i < ops; ++i) {
    fn(base + at[k], at[k + 1] - at[k], digest);
    clobber(digest);  // every byte of the digest written, as in bulk; the sum reads its first four
    sum += first_word(digest);
    if (++k == kKeys) k = 0;
  }
  trial.stop();
  std::uint64_t print = 14695981039346656037ull, one_pass = 0, head = 0, head_bytes = 0;
  const std::uint64_t rest = ops % kKeys;
  for (std::size_t k = 0; k < kKeys; ++k) {
    std::memset(digest, 0xA5, sizeof digest);
    fn(base + at[k], at[k + 1] - at[k], digest);
    print = fingerprint(digest, digest_bytes, print);
    one_pass += first_word(digest);
    if (k < rest) {
      head += first_word(digest);
      head_bytes += at[k + 1] - at[k];
    }
  }
  if (sum != (ops / kKeys) * one_pass + head)
    throw std::runtime_error("the timed calls' digests differ from the same keys' digests after the clock");
  report_known_answers(trial, a, fn);
  trial.count(proof::kBytes, (ops / kKeys) * keys.total() + head_bytes);
  trial.finish(ops, print);
}

// A library: its algorithms, each with the call that computes it, and the adapter's main().
class Library : public Adapter {
 public:
  Library(std::string id, std::string version) : Adapter(id, std::move(version)), id_(std::move(id)) {}

  // `api`: the library's call, as the notes show it ("SHA256()").
  template <class Fn>
  Library& add(Algorithm id, std::string api, Fn fn) {
    return add_call(kOneShot, id, std::move(api), std::move(fn));
  }

  // The same algorithm by another of the library's entry points, as a further row: the variant
  // `variant`, named "ID:variant" (the first row becomes the variant `one-shot`, named ID). An
  // algorithm the one-shot row computes and this one does not is not offered in this row.
  template <class Fn>
  Library& add_variant(const std::string& variant, Algorithm id, std::string api, Fn fn) {
    if (std::find(variants_.begin(), variants_.end(), variant) == variants_.end()) variants_.push_back(variant);
    return add_call(variant, id, std::move(api), std::move(fn));
  }

  // The incremental (streaming) API where users call it to hash many messages (a context made
  // once, reset, fed and finalised per digest): the variant `stream`.
  template <class Fn>
  Library& add_incremental(Algorithm id, std::string api, Fn fn) {
    return add_variant(kIncremental, id, std::move(api), std::move(fn));
  }

  // Facts of one variant's row over the library's: "cpu features" where its entry point runs other
  // code than the one-shot row's (xxHash's run-time dispatch).
  Library& variant_traits(const std::string& variant, std::vector<std::pair<std::string, std::string>> traits) {
    traits_[variant] = std::move(traits);
    return *this;
  }

  // What the adapter found at run time about the code the library picks (OpenSSL's capability
  // vector): the `cpu features` trait of its rows, before library.json's text.
  Library& found_cpu_features(std::string text) {
    found_cpu_features_ = std::move(text);
    return *this;
  }

  // An algorithm the library computes that these rows leave out, and why (a masked OpenSSL: an
  // algorithm whose code the mask does not change).
  Library& leave_out(Algorithm id, std::string reason) {
    left_out_[std::string(hashing::info(id).name)] = std::move(reason);
    return *this;
  }

  // The floor: `fn` writes an 8-byte "digest" of no algorithm, run at every algorithm's point.
  template <class Fn>
  Library& add_floor(Fn fn) {
    for (const auto& a : algorithms()) add_runs(kOneShot, a.name, nullptr, 8, fn);
    return *this;
  }

 protected:
  // The cases, once every add is made.
  int serve(int argc, char** argv) override {
    // library.json: "notes" (how the library is called), "cpu_features" (what it uses on this
    // machine and how that is known); for the floor, "implementation".
    const LibraryFacts facts = LibraryFacts::embedded();
    std::string cpu_features = facts.text("cpu_features");
    if (!found_cpu_features_.empty()) cpu_features = found_cpu_features_ + "; " + cpu_features;
    CaseInfo ci{.notes = facts.text("notes"), .traits = {{"cpu features", cpu_features}}};
    if (facts.has("implementation")) Adapter::info("implementation", facts.text("implementation"));
    facts.done();
    const auto& one_shot = runs_[kOneShot];
    for (const auto& a : algorithms())
      if (!one_shot.count(std::string(a.name))) {
        const auto left_out = left_out_.find(std::string(a.name));
        ci.not_applicable_at.emplace_back(
            a.name, left_out != left_out_.end() ? left_out->second : "this library does not compute " + std::string(a.label));
      }
    if (variants_.size() > 1) {
      for (const std::string& variant : variants_) Adapter::variant(variant, variant_info(variant));
    } else {
      ci.notes += " (" + apis_[kOneShot] + ")";
    }
    Adapter::add(case_id(Case::bulk), ci, [this](Trial& t) { find(t).bulk(t); });
    Adapter::add(case_id(Case::keys), ci, [this](Trial& t) { find(t).keys(t); });
    return Adapter::serve(argc, argv);
  }

 private:
  static constexpr const char* kOneShot = "one-shot";
  static constexpr const char* kIncremental = "stream";

  struct Runs {
    std::function<void(Trial&)> bulk, keys;
  };

  // A row of several: its calls, its traits ("api": the variant, "incremental" for `stream`) and
  // the library's algorithms it does not compute.
  VariantInfo variant_info(const std::string& variant) {
    VariantInfo v{.label = variant == kOneShot ? id_ : id_ + ":" + variant,
                  .notes = apis_[variant],
                  .traits = {{"api", variant == kIncremental ? "incremental" : variant}}};
    v.traits.insert(v.traits.end(), traits_[variant].begin(), traits_[variant].end());
    for (const auto& a : algorithms())
      if (runs_[kOneShot].count(std::string(a.name)) && !runs_[variant].count(std::string(a.name)))
        v.not_applicable_at.emplace_back(a.name, "this library's " + variant + " API does not compute " + std::string(a.label));
    return v;
  }

  template <class Fn>
  Library& add_call(const std::string& api_kind, Algorithm id, std::string api, Fn fn) {
    const AlgorithmInfo& a = hashing::info(id);
    add_runs(api_kind, a.name, &a, a.digest_bytes, std::move(fn));
    std::string& apis = apis_[api_kind];
    apis += (apis.empty() ? "" : "; ") + std::string(a.label) + ": " + api;
    return *this;
  }
  template <class Fn>
  void add_runs(const std::string& api_kind, std::string_view name, const AlgorithmInfo* a, std::size_t digest_bytes, Fn fn) {
    runs_[api_kind][std::string(name)] = {[a, digest_bytes, fn](Trial& t) mutable { run_bulk(t, a, digest_bytes, fn); },
                                          [a, digest_bytes, fn](Trial& t) mutable { run_keys(t, a, digest_bytes, fn); }};
  }
  Runs& find(const Trial& t) {
    const std::string name(t.axis_text());  // the first axis, unnamed where it is the only one
    const std::string kind = t.variant().empty() ? kOneShot : std::string(t.variant());
    auto& runs = runs_[kind];
    auto it = runs.find(name);
    if (it == runs.end()) throw NotApplicable("this library's " + kind + " API does not compute " + name);
    return it->second;
  }

  std::string id_;
  std::string found_cpu_features_;
  std::vector<std::string> variants_{kOneShot};              // the API kinds, in the rows' order
  std::map<std::string, std::map<std::string, Runs>> runs_;  // API kind -> algorithm -> its cases
  std::map<std::string, std::string> apis_;                  // API kind -> the calls, as the notes say
  std::map<std::string, std::string> left_out_;              // algorithm -> why these rows leave it out
  std::map<std::string, std::vector<std::pair<std::string, std::string>>> traits_;  // API kind -> its row's own facts
};

}  // namespace benchbox::hashing
