// The compression module's adapter side: the two cases written once for every codec.
//
// A codec folder supplies one class with
//   explicit Codec(int level);                         // its state, made untimed
//   std::size_t bound(std::size_t n) const;            // output capacity for n input bytes
//   std::size_t compress(const std::uint8_t* in, std::size_t n, std::uint8_t* out, std::size_t capacity);
//   std::size_t decompress(const std::uint8_t* in, std::size_t n, std::uint8_t* out, std::size_t original);
// each returning the bytes written, or throwing std::runtime_error with the library's message,
// and its main() returns Library(id, version).add<Codec>().main(argc, argv), the levels from its
// library.json. The timed region holds the library's calls, the loop and a local sum of the sizes
// they return; the proof (the round trip compared byte for byte, the checksum of the bytes that
// came back) is computed after the clock (modules/compression/README.md).
#pragma once

#include <benchbox/adapter.hpp>
#include <benchbox/library_facts.hpp>

#include <concepts>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../cases.hpp"
#include "../checksums.hpp"

namespace benchbox::compression {

using Bytes = std::vector<std::uint8_t>;

// A data set: one of the module's names or the user's own file (benchbox::data_set_path).
inline Bytes load_input(std::string_view name) {
  const bool user_file = name.substr(0, 1) == "/";
  const std::string path = benchbox::data_set_path(name, "bin");
  std::ifstream f(path, std::ios::binary);
  if (!f) throw std::runtime_error("cannot read " + path + (user_file ? "" : " (rebuild benchbox: the generator writes it)"));
  return Bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
}

// The bytes that came back must be the original ones; after the clock.
inline void check_round_trip(const Bytes& original, const std::uint8_t* back, std::size_t size) {
  if (size != original.size())
    throw std::runtime_error("the round trip gave " + std::to_string(size) + " bytes, not " + std::to_string(original.size()));
  if (std::memcmp(original.data(), back, size) != 0) {
    std::size_t at = 0;
    while (original[at] == back[at]) ++at;
    throw std::runtime_error("the round trip differs from the original at byte " + std::to_string(at));
  }
}

// Runs `op` `ops` times inside the clock, its results summed in a local. Before the last one, the
// clock pauses and `poison` overwrites the output, so that what is checked afterwards is what the
// last call wrote (not a leftover of an earlier one).
template <class Op, class Poison>
std::uint64_t timed_calls(Trial& trial, Op op, Poison poison) {
  const std::uint64_t ops = trial.ops();
  std::uint64_t sum = 0;
  trial.start();
  for (std::uint64_t i = 1; i < ops; ++i) sum += op();
  trial.pause();
  poison();
  trial.resume();
  sum += op();
  trial.stop();
  return sum;
}

constexpr std::uint8_t kPoison = 0xA5;

// The counts module.cpp verifies: input bytes of every call, the compressed size of one call and
// of all of them (every call the same: the ratio is exact), and the checksum of the bytes that came
// back (kChecksum of the original, which the module computes from the file itself).
inline void finish_trial(Trial& trial, std::size_t original, std::size_t compressed, std::uint64_t compressed_sum,
                         const std::uint8_t* back) {
  trial.count(proof::kBytes, static_cast<std::uint64_t>(original) * trial.ops());
  trial.count(proof::kCompressedSize, compressed);
  trial.count(proof::kCompressedBytes, compressed_sum);
  trial.finish(trial.ops(), checksum(back, original));
}

// A row per level (library.json: "levels", [{"level": 3, "label": "zstd -3", "notes": "..."}, ...];
// none: one row, no variant, level 0). Each level may also give "id" (the variant's, by default the
// level's number: a second row at one level), "by_name" (true: a row outside the suite, run only
// when --lib names it, as zopfli:15) and, for a codec with an element size, "element_size".
struct Level {
  int level = 0;
  std::string label{};  // "zstd -3"
  std::string notes{};
  std::string id{};  // empty: the level's number
  bool by_name = false;
  std::size_t element_size = 0;  // 0: the data's (WithElementSize)
  std::string variant_id() const { return id.empty() ? std::to_string(level) : id; }
};

// A codec told the size of the elements its input is made of (Blosc: its byte shuffle groups byte
// k of every element). By default the data's own, data_element_size(DATA) (kDataElementSizes says
// which in words, the rows' trait); a level's "element_size" makes a row at another.
template <class Codec>
concept WithElementSize = requires(Codec c, std::string_view data) {
  { Codec::data_element_size(data) } -> std::convertible_to<std::size_t>;
  { Codec::kDataElementSizes } -> std::convertible_to<std::string_view>;
  c.element_size = std::size_t{};
};

// Why a row at its own element size is not offered on DATA whose own size that is (a data set's
// name or the user's file): it would repeat the row at the data's.
inline std::string repeats_the_datas_row(std::string_view data, std::size_t size) {
  return std::string(data.substr(0, 1) == "/" ? "your file" : data) + "'s own element size is " + std::to_string(size) +
         ": this row would repeat the row at the data's element size";
}

// The element size a row runs DATA at.
template <class Codec>
std::size_t element_size_for(const Level& row, std::string_view data) {
  const std::size_t own = Codec::data_element_size(data);
  if (row.element_size == 0) return own;
  if (row.element_size == own) throw NotApplicable(repeats_the_datas_row(data, own));
  return row.element_size;
}

// What one process keeps across its trials (it runs one case of one variant on one input): the
// input, the codec's state and the buffers, made by the first (warm-up) trial, so that the timed
// trials find a context already sized and pages already faulted in, as a user's program that
// compresses again and again does.
template <class Codec>
struct Workspace {
  Bytes in;
  Codec codec;
  Bytes packed, back;
  std::size_t packed_size = 0;  // decompress: the input compressed once, by the process's first trial
  Workspace(const Trial& trial, const Level& row)
      : in(load_input(trial.axis_text())), codec(row.level), packed(codec.bound(in.size())), back(in.size()) {
    if constexpr (WithElementSize<Codec>) codec.element_size = element_size_for<Codec>(row, trial.axis_text());
  }
  static Workspace& of(const Trial& trial, const Level& row) {
    static Workspace w(trial, row);
    return w;
  }
};

// compress: the codec compresses the input `ops` times; the last output is decompressed after
// the clock and compared byte for byte.
template <class Codec>
void run_compress(Trial& trial, const Level& row) {
  auto& w = Workspace<Codec>::of(trial, row);  // no structured bindings: lambdas capture them in C++20 only since clang 16
  const Bytes& in = w.in;
  Codec& codec = w.codec;
  Bytes &out = w.packed, &back = w.back;
  const std::uint64_t sum = timed_calls(
      trial, [&] { return static_cast<std::uint64_t>(codec.compress(in.data(), in.size(), out.data(), out.size())); },
      [&] { std::memset(out.data(), kPoison, out.size()); });
  const std::size_t compressed = static_cast<std::size_t>(sum / trial.ops());
  const std::size_t size = codec.decompress(out.data(), compressed, back.data(), back.size());
  check_round_trip(in, back.data(), size);
  finish_trial(trial, in.size(), compressed, sum, back.data());
}

// decompress: the input compressed once untimed, by the process's first trial (a strong level
// takes seconds: once a trial, the calibration's trials and the warm-up paid it again, most of a
// process), then decompressed `ops` times; the last output is compared byte for byte.
template <class Codec>
void run_decompress(Trial& trial, const Level& row) {
  auto& w = Workspace<Codec>::of(trial, row);
  const Bytes& in = w.in;
  Codec& codec = w.codec;
  Bytes &packed = w.packed, &back = w.back;
  if (w.packed_size == 0) w.packed_size = codec.compress(in.data(), in.size(), packed.data(), packed.size());
  const std::size_t size = w.packed_size;
  const std::uint64_t sum = timed_calls(
      trial, [&] { return static_cast<std::uint64_t>(codec.decompress(packed.data(), size, back.data(), back.size())); },
      [&] { std::memset(back.data(), kPoison, back.size()); });
  if (sum != static_cast<std::uint64_t>(in.size()) * trial.ops())
    throw std::runtime_error("the decompressions returned " + std::to_string(sum) + " bytes in all, not " +
                             std::to_string(in.size()) + " per call");
  check_round_trip(in, back.data(), in.size());
  finish_trial(trial, in.size(), size, size * trial.ops(), back.data());
}

// How a codec runs: its format (container, checksums), whether its state is reused across calls,
// and what it is for the reader of a row. In its folder's library.json: "format", "state",
// "notes", for a compressor only "decompresses": false with "no_decompress_reason", and optionally
// "implementation" (the floor: what it is).
struct CodecInfo {
  std::string format;  // "zlib (deflate, Adler-32)", "zstd frame, content size, no checksum"
  std::string state;   // "reused" (a context made once) or "per call" (the one-shot API allocates it)
  std::string notes;   // the calls
  bool decompresses = true;  // false: a compressor only (zopfli), decompress is n/a
  std::string no_decompress_reason{};
  std::string implementation{};  // shown as the adapter's "implementation"
};

// A row's variant: its level and, for a codec with an element size, that size as a trait, and the
// module's data sets whose own element size it is (the row would repeat another there).
template <class Codec>
VariantInfo variant_of(const Level& l) {
  VariantInfo v{.label = l.label, .notes = l.notes, .traits = {{"level", std::to_string(l.level)}}, .by_name = l.by_name};
  if constexpr (WithElementSize<Codec>) {
    v.traits.emplace_back("element size", l.element_size == 0   ? std::string(Codec::kDataElementSizes)
                                          : l.element_size == 1 ? std::string("1 byte")
                                                                : std::to_string(l.element_size) + " bytes");
    for (const std::string_view data : kDataSets)
      if (l.element_size == Codec::data_element_size(data))
        v.not_applicable_at.emplace_back(data, repeats_the_datas_row(data, l.element_size));
  }
  return v;
}

// The level of the trial's row (its variant; none: the one row, level 0).
inline const Level& row_of(const std::vector<Level>& levels, std::string_view variant) {
  static const Level kOnlyRow{};
  for (const auto& l : levels)
    if (l.variant_id() == variant) return l;
  if (variant.empty()) return kOnlyRow;
  throw std::runtime_error("no level declares the variant '" + std::string(variant) + "'");
}

template <class Codec>
void add_codec(Adapter& adapter, const CodecInfo& info, const std::vector<Level>& levels) {
  for (const auto& l : levels) adapter.variant(l.variant_id(), variant_of<Codec>(l));
  if (!info.implementation.empty()) adapter.info("implementation", info.implementation);
  const CaseInfo ci{.notes = info.notes, .traits = {{"format", info.format}, {"state", info.state}}};
  adapter.add(case_id(Case::compress), ci, [levels](Trial& t) { run_compress<Codec>(t, row_of(levels, t.variant())); });
  if (info.decompresses)
    adapter.add(case_id(Case::decompress), ci, [levels](Trial& t) { run_decompress<Codec>(t, row_of(levels, t.variant())); });
  else
    adapter.not_applicable(case_id(Case::decompress), info.no_decompress_reason);
}

// The same, with the codec's info and levels read from the adapter's library.json.
template <class Codec>
void add_codec(Adapter& adapter) {
  const auto facts = LibraryFacts::embedded();
  CodecInfo info{.format = facts.text("format"), .state = facts.text("state"), .notes = facts.text("notes")};
  info.decompresses = facts.boolean_or("decompresses", true);
  if (!info.decompresses) info.no_decompress_reason = facts.text("no_decompress_reason");
  info.implementation = facts.text_or("implementation", "");
  std::vector<Level> levels;
  for (const auto& l : facts.objects("levels")) {
    Level level{.level = static_cast<int>(l.integer("level")), .label = l.text("label"), .notes = l.text_or("notes", ""),
                .id = l.text_or("id", ""), .by_name = l.boolean_or("by_name", false)};
    // Read only where the codec takes one: elsewhere the key is unread, and done() names it.
    if constexpr (WithElementSize<Codec>)
      if (l.has("element_size")) {
        const std::int64_t size = l.integer("element_size");
        if (size < 1 || size > 255) l.problem("\"element_size\" must be 1 to 255 (bytes)");
        level.element_size = static_cast<std::size_t>(size);
      }
    levels.push_back(std::move(level));
    l.done();
  }
  facts.done();
  add_codec<Codec>(adapter, info, levels);
}

// A codec's adapter: `Library(id, version).add<Codec>().main(argc, argv)`, its rows from
// library.json.
class Library : public Adapter {
 public:
  using Adapter::Adapter;
  template <class Codec>
  Library& add() {
    add_codec<Codec>(*this);
    return *this;
  }
};

}  // namespace benchbox::compression
