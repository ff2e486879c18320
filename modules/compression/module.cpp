// The compression module, driver side: its cases, data sets and how each trial's proof is checked.
// Definitions (modules/compression/README.md):
//  - compress DATA: one operation is the whole input compressed by one call of the codec's
//    one-shot API at the row's level; the figure is MB/s of uncompressed bytes;
//  - decompress DATA: one operation is the codec's own output (made untimed) decompressed back;
//  - on every row, the ratio (original / compressed size), exact: every call must give the same
//    size, and the same size as a minimal program making that call (modules/compression/yardsticks).
// The proof: after the clock, the adapter decompresses what the last timed call wrote (or takes
// what it decompressed), compares it byte for byte with the original and reports its checksum,
// which this file checks against the checksum of the original file it computes itself.
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "checksums.hpp"
#include <benchbox/module.hpp>

namespace {

using benchbox::CaseContext;
using benchbox::FigureSpec;
using benchbox::AxisValue;
using benchbox::TrialProof;
namespace fs = std::filesystem;

namespace comp = benchbox::compression;  // the case ids and proof names (cases.hpp)

const std::map<std::string, std::string, std::less<>> kDataSetLabels{
    {"text", "text (English-like, wamerican words)"},
    {"log", "log (web-server lines)"},
    {"records", "records (32-byte binary)"},
    {"random", "random (incompressible)"},
};

std::vector<std::string> data_set_names() {
  std::vector<std::string> names;
  for (const auto name : comp::kDataSets) names.emplace_back(name);
  return names;
}

std::string data_set_label(const AxisValue& p) {
  if (const auto it = kDataSetLabels.find(p.text); it != kDataSetLabels.end()) return it->second;
  return fs::path(p.text).filename().string();
}

fs::path input_path(const CaseContext& c) { return c.point.first().file ? fs::path(c.point.first().text) : c.data_dir / (c.point.first().text + ".bin"); }

// What an input is: its size and checksum, read once per file by benchbox, never by a codec.
struct InputFacts {
  std::uint64_t bytes = 0;
  std::uint64_t checksum = 0;
  std::string error{};
};

InputFacts read_input(const fs::path& path, const std::string* bytes) {
  if (!bytes) return {.error = "cannot read " + path.string()};
  return {.bytes = bytes->size(),
          .checksum = benchbox::compression::checksum(reinterpret_cast<const std::uint8_t*>(bytes->data()), bytes->size())};
}

const InputFacts& input_facts(const fs::path& path) {
  static benchbox::FileFacts<InputFacts> facts(read_input);
  return facts.of(path);
}

std::optional<std::string> data_set_unavailable(const benchbox::Point& point, const fs::path& dir) {
  const AxisValue& p = point.first();
  if (p.file || fs::exists(dir / (p.text + ".bin"))) return std::nullopt;
  if (p.text == "text")
    return "text.bin was not generated: its words come from Debian's wamerican (/usr/share/dict/american-english); "
           "run scripts/setup.sh compression or apt-get install wamerican, then reconfigure and rebuild";
  return p.text + ".bin was not generated: rebuild benchbox (the compression_generate step writes it)";
}

std::optional<std::string> count_is(const TrialProof& p, const std::string& name, std::uint64_t expected, const std::string& what) {
  auto it = p.counts.find(name);
  if (it == p.counts.end()) return "the adapter reported no '" + name + "' count";
  if (it->second != expected) return what + ": " + std::to_string(it->second) + ", expected " + std::to_string(expected);
  return std::nullopt;
}

std::optional<std::string> verify(const CaseContext& c, const TrialProof& p) {
  if (p.done != p.ops) return "did " + std::to_string(p.done) + " calls, asked for " + std::to_string(p.ops);
  const InputFacts& in = input_facts(input_path(c));
  if (!in.error.empty()) return in.error;
  if (auto wrong = count_is(p, comp::proof::kBytes, in.bytes * p.done, "uncompressed bytes")) return wrong;
  auto size = p.counts.find(comp::proof::kCompressedSize);
  if (size == p.counts.end() || size->second == 0) return std::string("the adapter reported no compressed size");
  if (auto wrong = count_is(p, comp::proof::kCompressedBytes, size->second * p.done,
                            "compressed bytes of all calls (every call the same size)"))
    return wrong;
  if (p.checksum != in.checksum)
    return "the bytes that came back have checksum " + std::to_string(p.checksum) + ", the original " +
           std::to_string(in.checksum) + " (the round trip lost or changed data)";
  return std::nullopt;
}

// A user's file must be something to compress: the driver already refused unreadable and empty ones.
std::optional<std::string> check_user_file(const fs::path& path) {
  const InputFacts& f = input_facts(path);
  return f.error.empty() ? std::nullopt : std::optional(f.error);
}

benchbox::AxisSpec data_param() {
  return {.name = "data",
          .choices = data_set_names(),
          .default_value = "text,log,records",
          // random is run by name: it shows what a codec does with data it cannot shrink, and left
          // the suite to keep it within its three minutes (modules/compression/README.md)
          .suite = {"text", "log", "records"},
          .help = "text, log, records, random (generated, 512 KiB each; random is not in the suite), or the path of your own file",
          .describe = data_set_label,
          .user_file = check_user_file};
}

// The ratio trades against the speed: the rows no other row beats on both are marked (the frontier).
// A ratio of 1 or less (the input stored) trades nothing: such a row is never a frontier point.
FigureSpec trade_off(FigureSpec f) {
  f.trade_off = true;
  f.trades_nothing_at = 1.0;
  return f;
}

benchbox::CaseSpec make_case(std::string id, std::string unit, std::string description, std::string timed) {
  return {.id = std::move(id),
          .unit = std::move(unit),
          .description = std::move(description),
          .timed = std::move(timed),
          .axes = {data_param()},
          .figure = FigureSpec::rate("mb_per_s", comp::proof::kBytes, 1e6, "MB/s", "MB of uncompressed data per second"),
          .extra_figures = {trade_off(FigureSpec::ratio("ratio", comp::proof::kBytes, comp::proof::kCompressedBytes,
                                                        "original size / compressed size"))},
          .first_probe_ops = [](const benchbox::Point&) -> std::uint64_t { return 1; },  // a call can last a second
          .unavailable = data_set_unavailable,
          .verify = verify};
}

const benchbox::Module compression_module{
    .id = "compression",
    .description = "compression libraries at several levels: compress and decompress MB/s, ratio, memory",
    .reference_note = "memcpy of the same bytes: the limit of any codec on this machine",
    // A slow level (xz -6, zstd -19) takes a good part of a second per call: three fresh processes
    // per row keep the suite within its budget (--processes overrides).
    .default_processes = 3,
    .cases = {
        make_case(comp::case_id(comp::Case::compress), "compressions", "compress the whole input with one call at the row's level",
                  "the codec's compress calls on the whole input, output sizes summed in a local; proven after the "
                  "clock: the last output (poisoned before the last call) decompressed and compared byte for byte, "
                  "its checksum against benchbox's of the file, every call the same size"),
        make_case(comp::case_id(comp::Case::decompress), "decompressions", "decompress the codec's own output of the whole input",
                  "the codec's decompress calls on its output made untimed, sizes summed in a local; proven after the "
                  "clock: the last output (poisoned before the last call) compared byte for byte, its checksum against "
                  "benchbox's of the file"),
    }};

const benchbox::ModuleRegistration registration{compression_module};

}  // namespace
