// The serialization module's adapter side: the three cases written once for every library.
//
// A library folder's adapter.cpp writes a Codec, a struct of the library's calls:
//
//   struct Codec {
//     using Model = ...;                          // the object graph the library serializes from
//     Model model(const workload::Batch&);        // made before the clock
//     std::span<const std::uint8_t> encode(const Model&);  // the bytes, valid until the next call
//     template <class Use> void decode(std::span<const std::uint8_t>, Use&& use);
//         // a fresh object from the bytes, use(object) while it lives, then its end
//     template <class F> void read(const Object&, F& fold);  // every field, in workload::visit's order
//   };
//
// and its main() returns Library(...).add(Codec{}).main(argc, argv). The timed region holds the
// library's calls and the loop; the proof (the decoded graph's checksum and the first field that
// differs, the size of every call) is computed outside the clock (modules/serialization/README.md).
#pragma once

#include <benchbox/adapter.hpp>
#include <benchbox/adapter/glibc_tunables.hpp>
#include <benchbox/library_facts.hpp>

#include <sys/resource.h>

#include <cstdint>
#include <cstring>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../cases.hpp"
#include "../workload.hpp"

namespace benchbox::serialization {

using Bytes = std::span<const std::uint8_t>;

template <class Char>
Bytes bytes_of(const Char* data, std::size_t size) {
  return {reinterpret_cast<const std::uint8_t*>(data), size};
}

// After every call in the clock: the object or bytes are used (the call cannot be dropped) and
// memory may have changed (it cannot be hoisted). No instruction is emitted.
inline void clobber(const void* p) { asm volatile("" : : "r"(p) : "memory"); }

// A message's bytes at an 8-byte aligned address, as Cap'n Proto's and FlatBuffers' readers need
// them (a buffer read from a file or socket into malloc'd memory is).
class AlignedBytes {
 public:
  explicit AlignedBytes(Bytes b) : words_((b.size() + 7) / 8), size_(b.size()) { std::memcpy(words_.data(), b.data(), b.size()); }
  Bytes bytes() const { return {reinterpret_cast<const std::uint8_t*>(words_.data()), size_}; }

 private:
  std::vector<std::uint64_t> words_;
  std::size_t size_;
};

// The graph of one process's point: RECORDS records, generated once (one process runs one point).
inline const workload::Batch& batch_of(const Trial& trial) {
  static const workload::Batch batch = workload::generate(static_cast<std::size_t>(trial.axis_number()));
  return batch;
}

// After the clock: `object`'s walk against the original's; a difference ends the trial with the
// first field that differs. The checksum of the walk is the trial's, which the driver checks too.
template <class Codec, class Object>
std::uint64_t prove(Codec& codec, const Object& object, const workload::Batch& original) {
  workload::Checksum sum;
  codec.read(object, sum);
  if (sum.h != workload::folded<workload::Checksum>(original).h) {
    workload::Trace want, got;
    workload::visit(original, want);
    codec.read(object, got);
    const std::string where = workload::first_difference(want, got);
    throw std::runtime_error("the decoded message is not the original: " + (where.empty() ? "its checksum differs" : where));
  }
  return sum.h;
}

// The process's minor page faults so far: read before and after the clock, they show a graph
// whose memory the heap gives back to the system after each message and faults in again (glibc
// trims the top of its heap beyond 128 KiB free): heap history that moves the time of large messages.
inline std::uint64_t minor_faults() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<std::uint64_t>(u.ru_minflt);
}

// glibc's value of a tunable as this process got it from its environment, all of them listed once
// (after the first trial's clock): the heap axis's proof that its settings took. Throws where the
// loader cannot say.
inline std::uint64_t tunable(std::string_view name) {
  static char listing[16384];
  static const bool listed = list_glibc_tunables(listing, sizeof listing);
  const std::optional<std::uint64_t> value = listed ? glibc_tunable_in(listing, name) : std::nullopt;
  if (!value) throw std::runtime_error("cannot read back glibc's " + std::string(name) + " (ld.so --list-tunables did not list it)");
  return *value;
}

inline void report(Trial& trial, std::uint64_t ops, std::uint64_t wire_bytes, std::size_t size, std::uint64_t checksum,
                   std::uint64_t faults) {
  if (trial.axis_text_or(kHeapAxis, kDefaultHeap) != kDefaultHeap) {
    trial.count(proof::kTrimThreshold, tunable(kTrimTunable));
    trial.count(proof::kMmapThreshold, tunable(kMmapTunable));
  }
  trial.count(proof::kPageFaults, faults);
  trial.count(proof::kWireBytes, wire_bytes);
  trial.count(proof::kMessages, ops);
  trial.count(proof::kSize, size);
  trial.finish(ops, checksum);
}

// serialize: the model encoded `ops` times; the last call's bytes decoded after the clock.
template <class Codec>
void run_serialize(Trial& trial, Codec& codec) {
  const workload::Batch& original = batch_of(trial);
  const auto model = codec.model(original);
  const std::uint64_t ops = trial.ops();
  std::uint64_t wire = 0;
  const std::uint64_t faults = minor_faults();
  trial.start();
  for (std::uint64_t i = 1; i < ops; ++i) {
    const Bytes out = codec.encode(model);
    clobber(out.data());
    wire += out.size();
  }
  const Bytes last = codec.encode(model);
  trial.stop();
  const std::uint64_t faulted = minor_faults() - faults;
  wire += last.size();
  const AlignedBytes kept(last);
  std::uint64_t checksum = 0;
  codec.decode(kept.bytes(), [&](const auto& object) { checksum = prove(codec, object, original); });
  report(trial, ops, wire, kept.bytes().size(), checksum, faulted);
}

// deserialize and access: the library's own bytes (made before the clock) decoded `ops` times into
// a fresh object each; access also walks every field (Touch) while the object lives. The last
// call's object is proven with the clock paused, before it ends.
template <bool walk, class Codec>
void run_decode(Trial& trial, Codec& codec) {
  const workload::Batch& original = batch_of(trial);
  const AlignedBytes in(codec.encode(codec.model(original)));
  const Bytes bytes = in.bytes();
  const std::uint64_t ops = trial.ops();
  workload::Touch touch;
  std::uint64_t checksum = 0;
  const std::uint64_t faults = minor_faults();
  trial.start();
  for (std::uint64_t i = 1; i < ops; ++i) {
    codec.decode(bytes, [&](const auto& object) {
      if constexpr (walk) codec.read(object, touch);
      clobber(&object);
    });
  }
  codec.decode(bytes, [&](const auto& object) {
    if constexpr (walk) codec.read(object, touch);
    clobber(&object);
    trial.pause();
    checksum = prove(codec, object, original);
    trial.resume();
  });
  trial.stop();
  const std::uint64_t faulted = minor_faults() - faults;
  if constexpr (walk) {
    const std::uint64_t once = workload::folded<workload::Touch>(original).sum;
    if (touch.sum != once * ops) throw std::runtime_error("the timed walks did not read every field of every message");
    trial.count(proof::kTouched, once);
  }
  report(trial, ops, bytes.size() * ops, bytes.size(), checksum, faulted);
}

// The `read` of a library that decodes into the workload's own structs (cereal, Boost, msgpack-c++,
// bitsery, zpp_bits): the struct's members are its accessors.
struct ReadsWorkload {
  template <class F>
  void read(const workload::Batch& batch, F& f) const {
    workload::visit(batch, f);
  }
};

// A library: one codec, or several as variants (protobuf's heap and arena, cereal's two archives).
class Library : public Adapter {
 public:
  using Adapter::Adapter;

  template <class Codec>
  Library& add(Codec codec) {
    return add(std::string(), std::move(codec));
  }
  // A variant: its id, and in library.json's "variants" its label, notes and the traits it changes.
  template <class Codec>
  Library& add(std::string variant, Codec codec) {
    auto shared = std::make_shared<Codec>(std::move(codec));
    codecs_[variant] = {[shared](Trial& t) { run_serialize(t, *shared); },
                        [shared](Trial& t) { run_decode<false>(t, *shared); },
                        [shared](Trial& t) { run_decode<true>(t, *shared); }};
    return *this;
  }

 protected:
  int serve(int argc, char** argv) override {
    // library.json is read only to describe the library: a parse before the trials would change
    // the heap their decoding allocates from (include/benchbox/library_facts.hpp).
    CaseInfo info;
    if (describing(argc, argv)) describe(info);
    else
      for (const auto& [variant, runs] : codecs_)
        if (!variant.empty()) Adapter::variant(variant, {});
    Adapter::add(case_id(Case::serialize), info, [this](Trial& t) { find(t).serialize(t); });
    Adapter::add(case_id(Case::deserialize), info, [this](Trial& t) { find(t).deserialize(t); });
    Adapter::add(case_id(Case::access), info, [this](Trial& t) { find(t).access(t); });
    return Adapter::serve(argc, argv);
  }

 private:
  struct Runs {
    std::function<void(Trial&)> serialize, deserialize, access;
  };

  // The traits every library states, as library.json names them and as the tables show them.
  static constexpr std::pair<const char*, const char*> kTraits[] = {
      {"graph", "object graph"}, {"encoding", "encoding"}, {"schema", "schema"},
      {"evolution", "schema evolution"}, {"memory", "memory"}, {"zero_copy", "zero-copy"}};

  void describe(CaseInfo& info) {
    const LibraryFacts facts = LibraryFacts::embedded();
    info.notes = facts.text("notes");
    for (const auto& [key, shown] : kTraits) info.traits.emplace_back(shown, facts.text(key));
    if (facts.has("implementation")) Adapter::info("implementation", facts.text("implementation"));
    for (const LibraryFacts& v : facts.objects("variants")) {
      const std::string id = v.text("id");
      if (!codecs_.count(id)) v.problem("names the variant \"" + id + "\", which the adapter does not have");
      VariantInfo vi{.label = v.text("label"), .notes = v.text_or("notes", "")};
      for (const auto& [key, shown] : kTraits)
        if (v.has(key)) vi.traits.emplace_back(shown, v.text(key));
      Adapter::variant(id, vi);
      v.done();
      described_.insert(id);
    }
    for (const auto& [variant, runs] : codecs_)
      if (!variant.empty() && !described_.count(variant)) facts.problem("has no \"variants\" entry for \"" + variant + "\"");
    facts.done();
  }

  Runs& find(const Trial& t) {
    auto it = codecs_.find(std::string(t.variant()));
    if (it == codecs_.end()) throw std::runtime_error("no variant '" + std::string(t.variant()) + "'");
    return it->second;
  }

  std::map<std::string, Runs> codecs_;  // variant ("" for a library of one) -> its cases
  std::set<std::string> described_;
};

}  // namespace benchbox::serialization
