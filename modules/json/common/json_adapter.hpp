// Helpers shared by the json module's C/C++ adapters: loading a data set, the statistics and their
// proof, the allocation figures, the timed loops of the three cases and the conformance runner,
// so that every library is read, counted and timed by the same code. A library adapter only maps
// its own API onto the visitor of stats.hpp:
//
//   struct Library {
//     // Parse `in` and visit every value; false (with `error` set) when the library refuses it.
//     template <class V> static bool parse(const benchbox::json::Input& in, V& v, std::string& error);
//     // Optional (a library without a writer leaves it out: stringify is then n/a):
//     class Tree {                       // the library's parsed document, built untimed
//      public:
//       explicit Tree(const benchbox::json::Input& in);   // throws on a parse error
//       std::string_view write();        // compact text; valid until the next write()
//     };
//   };
//   int main(int argc, char** argv) { return benchbox::json::Library("id", version).add<Library>().main(argc, argv); }
//
// A library whose call has several forms a user chooses between (RapidJSON's Parse(const char*)
// and Parse(text, length)) gives one Library type per form, each naming it (`static constexpr
// std::string_view form = "length";`), each to an add<>(), the usual first: a row per form, each
// described by library.json's "forms" (Notes, below).
//
// What the rows say about the library (its API, how it holds numbers and strings, its writer) is
// in its folder's library.json (Notes, below); the version comes from the library's headers or API.
//
// A library that loads the whole document into a tree of its own gets parse and Tree from
// Dom<Library> (dom.hpp), supplying only its load, its walk and its writer.
//
// This header includes <benchbox/allocations.hpp> (which replaces malloc and operator new): an
// adapter includes it from exactly one source file.
#pragma once

#include <benchbox/adapter.hpp>
#if __has_include(<mm_malloc.h>)
#include <mm_malloc.h>  // declares posix_memalign noexcept: must come before allocations.hpp defines it
#endif
#include <benchbox/allocations.hpp>
#include <benchbox/child_output.hpp>
#include <benchbox/library_facts.hpp>
#include <pthread.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <cstring>
#include <fstream>
#include <iterator>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "../cases.hpp"
#include "conformance.hpp"
#include "reference.hpp"
#include "stats.hpp"
#include "test_suite.hpp"

namespace benchbox::json {

// A document in memory: its bytes, followed by a NUL and zero padding (simdjson reads up to 64
// bytes past the end; others want a C string).
class Input {
 public:
  static constexpr std::size_t kPadding = 64;
  Input() = default;
  explicit Input(std::string_view text) : size_(text.size()), storage_(text.size() + kPadding, '\0') {
    std::memcpy(storage_.data(), text.data(), text.size());
  }
  const char* data() const { return storage_.data(); }  // NUL-terminated
  std::size_t size() const { return size_; }
  std::string_view view() const { return {storage_.data(), size_}; }
  std::size_t capacity() const { return storage_.size(); }  // size + padding

 private:
  std::size_t size_ = 0;
  std::string storage_;
};

// A data set: one of the module's names or the user's own document, which the driver checked is
// valid JSON (benchbox::data_set_path).
inline Input load_data_set(std::string_view name) {
  const bool user_file = name.substr(0, 1) == "/";
  const std::string path = benchbox::data_set_path(name, "json");
  std::ifstream f(path, std::ios::binary);
  if (!f && user_file) throw std::runtime_error("cannot read " + path);
  if (!f)
    throw std::runtime_error("data set '" + std::string(name) + "' not found at " + path +
                             " (standard documents: run scripts/setup.sh; generated ones: rebuild benchbox)");
  std::string text((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  return Input(text);
}

// The counts as the proof the module verifies (names as in kStatNames).
inline void count_stats(Trial& trial, const Counts& s) {
  const auto v = s.values();
  for (std::size_t i = 0; i < v.size(); ++i) trial.count(kStatNames[i], v[i]);
}

inline void allocation_figures(Trial& trial, const allocations::Usage& used, std::uint64_t documents) {
  const double n = static_cast<double>(std::max<std::uint64_t>(documents, 1));
  trial.figure(proof::kAllocBytes, static_cast<double>(used.bytes) / n);
  trial.figure(proof::kAllocs, static_cast<double>(used.count) / n);
}

// parse: every document is parsed and every value visited, timed together; the timed walks' value
// counts and unescaped sizes add up (the module expects ops x the document's). The statistics of
// every kind and the byte checksum, which prove the strings were unescaped right, come from one
// more parse before the clock starts (untimed), with the same library call: they cost about as
// much as a fast parser's whole parse.
template <class Library>
void run_parse(Trial& trial) {
  static const Input in = load_data_set(trial.axis_text());  // one data set per process
  std::string error;
  Stats proof;
  allocations::Usage used;
  {
    allocations::Counting on;  // the proof parse also counts the allocations of one document
    const auto before = allocations::now();
    if (!Library::parse(in, proof, error))
      throw std::runtime_error("the library refused " + std::string(trial.axis_text()) + ": " + error);
    used = allocations::now() - before;
  }
  Tally tally;
  trial.start();
  std::uint64_t done = 0;
  for (; done < trial.ops(); ++done)
    if (!Library::parse(in, tally, error)) break;
  trial.stop();
  if (done < trial.ops()) throw std::runtime_error("the library refused " + std::string(trial.axis_text()) + ": " + error);
  count_stats(trial, proof);  // one document's statistics, from the untimed parse
  trial.count(proof::kValues, tally.values);
  trial.count(proof::kTextBytes, tally.text_bytes);
  trial.count(proof::kBytes, static_cast<std::uint64_t>(in.size()) * done);
  allocation_figures(trial, used, 1);
  trial.finish(done, proof.checksum);
}

// stringify: the document is parsed once (untimed) into the library's tree; the timed loop writes
// it as compact text `ops` times; the last output is re-read by the reference reader (untimed) and
// its statistics are the proof.
template <class Library>
void run_stringify(Trial& trial) {
  static const Input in = load_data_set(trial.axis_text());
  typename Library::Tree tree(in);
  allocations::Usage used;
  {
    allocations::Counting on;  // one untimed write counts the allocations of one document
    const auto before = allocations::now();
    tree.write();
    used = allocations::now() - before;
  }
  std::uint64_t bytes = 0, done = 0;
  std::string_view out;
  trial.start();
  for (; done < trial.ops(); ++done) {
    out = tree.write();
    bytes += out.size();
  }
  trial.stop();
  const std::string last(out);
  Stats stats;
  if (auto error = ReferenceReader::read(last, stats))
    throw std::runtime_error("the library wrote invalid JSON: " + *error);
  count_stats(trial, stats);
  trial.count(proof::kBytes, bytes);
  trial.count(proof::kOutputBytes, last.size());
  allocation_figures(trial, used, 1);
  trial.finish(done, stats.checksum);
}

// Collects what conformance compares: the strings and keys in order, the numbers' values.
struct Capture {
  Stats stats;
  std::string strings;
  std::vector<double> numbers;
  void value() {}
  void object() { stats.object(); }
  void array() { stats.array(); }
  void element() { stats.element(); }
  void key(const char* p, std::size_t n) {
    stats.key(p, n);
    strings.append(p, n);
  }
  void string(const char* p, std::size_t n) {
    stats.string(p, n);
    strings.append(p, n);
  }
  void number(double d) {
    stats.number(d);
    numbers.push_back(d);
  }
  void boolean(bool b) { stats.boolean(b); }
  void null() { stats.null(); }
};

inline std::string hex_bytes(std::string_view s) {
  std::string out;
  char buf[4];
  for (unsigned char c : s.substr(0, 24)) {
    std::snprintf(buf, sizeof buf, "%02x", c);
    out += out.empty() ? "" : " ";
    out += buf;
  }
  return out + (s.size() > 24 ? " ..." : "");
}

inline std::string show_double(double d) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", d);
  return buf;
}

inline bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

template <class Library>
constexpr bool has_writer() {
  return requires(const Input& in) { typename Library::Tree; };
}

// One conformance input: "" when it passed, otherwise why not.
template <class Library>
std::string judge(const ConformanceCase& c) {
  const Input in(c.text);
  Capture got;
  std::string error;
  const bool ok = Library::parse(in, got, error);
  if (c.category == "reject") return ok ? "accepted" : "";
  if (c.category == "suite") return ok ? "accepted" : "rejected: " + error.substr(0, 120);  // JSONTestSuite: what it did
  if (!ok) return "refused: " + error.substr(0, 120);
  if (c.category == "accept") {
    Stats expected;
    if (auto wrong = ReferenceReader::read(c.text, expected)) return "benchbox's reference reader refused it: " + *wrong;
    return got.stats == expected ? "" : "statistics differ from the reference reader's";
  }
  if (c.category == "strings")
    return got.strings == c.expect ? "" : "read bytes " + hex_bytes(got.strings) + ", expected " + hex_bytes(c.expect);
  // numbers
  const double expected = std::strtod(c.name.c_str(), nullptr);
  if (got.numbers.size() != 1) return "read " + std::to_string(got.numbers.size()) + " numbers";
  if (!same_bits(got.numbers[0], expected))
    return "read " + show_double(got.numbers[0]) + ", expected " + show_double(expected);
  if constexpr (has_writer<Library>()) {
    std::string written;
    try {
      typename Library::Tree tree(in);
      written = std::string(tree.write());
    } catch (const std::exception& e) {
      return std::string("could not write it: ") + e.what();
    }
    Stats ignored;
    std::string spelling;
    if (auto wrong = ReferenceReader::read(written, ignored, &spelling)) return "wrote invalid JSON " + written.substr(0, 60);
    const double back = std::strtod(spelling.c_str(), nullptr);
    if (spelling.empty() || spelling.find(' ') != std::string::npos || !same_bits(back, expected))
      return "wrote " + written.substr(0, 60) + ", which reads as " + show_double(back);
  }
  return "";
}

// Runs one input in a child process, so that a crash or a hang costs one input, not the row; on a
// thread with a 512 MiB stack, the same for every library, so that a deep input accepted by the
// library is not lost to the adapter's own recursive walk (a crash is then the library's).
template <class Library>
std::string judge_on_big_stack(const ConformanceCase& c) {
  struct Job {
    const ConformanceCase* c;
    std::string verdict;
  } job{&c, "ended without a verdict"};
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, std::size_t{512} << 20);
  pthread_t thread;
  auto body = [](void* p) -> void* {
    auto* j = static_cast<Job*>(p);
    try {
      j->verdict = judge<Library>(*j->c);
    } catch (const std::exception& e) {
      j->verdict = std::string("threw: ") + e.what();
    }
    return nullptr;
  };
  if (pthread_create(&thread, &attr, body, &job) != 0) return "could not start a thread";
  pthread_join(thread, nullptr);
  pthread_attr_destroy(&attr);
  return job.verdict;
}

template <class Library>
std::string judge_isolated(const ConformanceCase& c) {
  int fds[2];
  if (pipe(fds) != 0) throw std::runtime_error("pipe failed");
  std::fflush(stdout);
  const pid_t pid = fork();
  if (pid < 0) throw std::runtime_error("fork failed");
  if (pid == 0) {
    close(fds[0]);
    alarm(10);
    std::string verdict = "=" + judge_on_big_stack<Library>(c);  // "=" marks a verdict that was reached
    const char* p = verdict.data();
    std::size_t left = verdict.size();
    while (left > 0) {
      const ssize_t n = write(fds[1], p, left);
      if (n <= 0) break;
      p += n;
      left -= static_cast<std::size_t>(n);
    }
    _exit(0);
  }
  close(fds[1]);
  const auto [verdict, status] = benchbox::read_until_exit(fds[0], pid);
  if (WIFSIGNALED(status))
    return WTERMSIG(status) == SIGALRM ? "did not finish within 10 s" : "crashed (" + std::string(strsignal(WTERMSIG(status))) + ")";
  if (verdict.empty() || verdict[0] != '=') return "ended without a verdict";
  return verdict.substr(1);
}

// JSONTestSuite: every input once, in its own process as above; y must be accepted, n rejected,
// i either (counted, not scored). Failing inputs, and a crash or a hang on an i input, are named
// in the details; the i inputs accepted and rejected are listed, one line each.
template <class Library>
void run_test_suite(Trial& trial) {
  const auto inputs = read_test_suite(benchbox::data_dir() + "/jsontestsuite");
  if (inputs.empty()) throw std::runtime_error("JSONTestSuite is not in " + benchbox::data_dir() + "/jsontestsuite");
  std::map<char, std::uint64_t> tried;
  std::uint64_t passed_y = 0, passed_n = 0;
  std::vector<std::string> failures, accepted_i, rejected_i;
  trial.start();
  for (const auto& input : inputs) {
    const std::string verdict = judge_isolated<Library>({"suite", input.name, input.text});
    const bool accepted = verdict == "accepted", rejected = verdict.rfind("rejected: ", 0) == 0;
    ++tried[input.kind];
    if (input.kind == 'y' && accepted) ++passed_y;
    else if (input.kind == 'n' && rejected) ++passed_n;
    else if (input.kind == 'i' && (accepted || rejected)) (accepted ? accepted_i : rejected_i).push_back(input.name);
    else failures.push_back(std::string(1, input.kind) + " / " + input.name + ": " + verdict);
  }
  trial.stop();
  for (const char kind : {'y', 'n', 'i'}) trial.count(proof::tried(std::string(1, kind)), tried[kind]);
  trial.count(proof::passed("y"), passed_y);
  trial.count(proof::passed("n"), passed_n);
  trial.count(proof::kIAccepted, accepted_i.size());
  trial.count(proof::kIRejected, rejected_i.size());
  auto percent = [](std::uint64_t part, std::uint64_t whole) { return whole ? 100.0 * double(part) / double(whole) : 0.0; };
  trial.figure(proof::kScore, percent(passed_y + passed_n, tried['y'] + tried['n']));
  trial.figure(proof::score("y"), percent(passed_y, tried['y']));
  trial.figure(proof::score("n"), percent(passed_n, tried['n']));
  trial.figure(proof::kIAccepted, static_cast<double>(accepted_i.size()));
  trial.figure(proof::kIRejected, static_cast<double>(rejected_i.size()));
  for (auto& f : failures) trial.detail(std::move(f));
  for (const auto& [what, names] : {std::pair{"i accepted", &accepted_i}, std::pair{"i rejected", &rejected_i}}) {
    std::string line = std::string(what) + " (" + std::to_string(names->size()) + "):";
    for (const auto& name : *names) line += " " + name;
    trial.detail(std::move(line));
  }
  trial.finish(inputs.size(), passed_y + passed_n);
}

// conformance: every input once; the score per category and overall, failing inputs as details.
// The point's value says which inputs: the module's own, or JSONTestSuite's.
template <class Library>
void run_conformance(Trial& trial) {
  if (trial.axis_text() == kJsonTestSuite) return run_test_suite<Library>(trial);
  const auto cases = conformance_cases();
  std::map<std::string, std::pair<std::uint64_t, std::uint64_t>> tally;  // category -> (tried, passed)
  std::uint64_t passed = 0;
  std::vector<std::string> failures;
  trial.start();
  for (const auto& c : cases) {
    const std::string why = judge_isolated<Library>(c);
    auto& [tried, ok] = tally[c.category];
    ++tried;
    if (why.empty()) {
      ++ok;
      ++passed;
    } else {
      failures.push_back(c.category + " / " + c.name + ": " + why);
    }
  }
  trial.stop();
  for (const auto& category : conformance_categories()) {
    const auto [tried, ok] = tally[category];
    trial.count(proof::tried(category), tried);
    trial.count(proof::passed(category), ok);
    trial.figure(proof::score(category), tried ? 100.0 * static_cast<double>(ok) / static_cast<double>(tried) : 0);
  }
  trial.figure(proof::kScore, cases.empty() ? 0 : 100.0 * static_cast<double>(passed) / static_cast<double>(cases.size()));
  for (auto& f : failures) trial.detail(std::move(f));
  trial.finish(cases.size(), passed);
}

// One form of a library's call, a row of its own where a library has several (RapidJSON's
// Parse(const char*) and Parse(text, length)): the variant `id`, its call as the trait "parse call"
// and the row's notes, and whether it is outside the suite (run only when --lib names it).
struct Form {
  std::string id;
  std::string call;
  bool by_name = false;
};

// What a library's rows show, as traits and notes. In its folder's library.json, the keys of the
// same names (read by notes_of): "api", "numbers", "strings", "laziness"; "traits" (optional),
// further ones, an array of {"name", "value"} in the order shown; "writer" for a library with a
// writer (Library::Tree), "no_writer_reason" (optional) for one without; "forms" (optional), an
// array of {"form", "call", "by_name" (optional)}, one per form of the call the adapter runs
// (each add<>() of json::Library), in its order; and "version" where the library's headers and API
// give none.
struct Notes {
  std::string api;             // the API used: "rapidjson::Document::Parse, then a recursive walk"
  std::string numbers;         // how numbers are held: "int64, uint64 or double"
  std::string strings;         // "copied", "in situ", "views into the input"
  std::string laziness = "eager";  // "eager" (builds a tree) or "lazy" (parses while visiting)
  std::vector<std::pair<std::string, std::string>> traits{};  // anything else worth showing
  std::string writer;          // stringify: the call, or empty when the library has no writer
  std::string no_writer_reason{};
  std::vector<Form> forms{};   // a library whose call has several forms: one per row, the usual first
};

// Values only the adapter knows (the kernel simdjson picked at run time): a text of library.json
// names one in braces, "kernel {kernel}", and gets its value there. Each must be named somewhere.
using Computed = std::vector<std::pair<std::string, std::string>>;

// The notes of library.json (`writes`: the library has a writer), the computed values put in.
inline Notes notes_of(const LibraryFacts& facts, bool writes, const Computed& computed = {}) {
  std::vector<bool> named(computed.size(), false);
  auto fill = [&](std::string text) {
    for (std::size_t i = 0; i < computed.size(); ++i) {
      const std::string name = "{" + computed[i].first + "}";
      for (std::size_t at = text.find(name); at != std::string::npos; at = text.find(name, at + computed[i].second.size())) {
        text.replace(at, name.size(), computed[i].second);
        named[i] = true;
      }
    }
    return text;
  };
  Notes n;
  n.api = fill(facts.text("api"));
  n.numbers = fill(facts.text("numbers"));
  n.strings = fill(facts.text("strings"));
  n.laziness = fill(facts.text("laziness"));
  for (const auto& t : facts.objects("traits")) {
    n.traits.emplace_back(t.text("name"), fill(t.text("value")));
    t.done();
  }
  if (writes) n.writer = fill(facts.text("writer"));
  else n.no_writer_reason = fill(facts.text_or("no_writer_reason", ""));
  for (const auto& f : facts.objects("forms")) {
    n.forms.push_back({f.text("form"), fill(f.text("call")), f.boolean_or("by_name", false)});
    f.done();
  }
  for (std::size_t i = 0; i < computed.size(); ++i)
    if (!named[i]) facts.problem("names no {" + computed[i].first + "}, a value the adapter computes for it");
  return n;
}

// The form of its call a Library type runs, where the library has several (its variant's id:
// `static constexpr std::string_view form = "length";`); empty where it names none.
template <class Library>
constexpr std::string_view form_of() {
  if constexpr (requires { Library::form; }) return Library::form;
  else return {};
}

// The version of a library whose headers and API say none: library.json's "version", read by
// describe (a run's rows need none).
inline constexpr const char* kVersionInLibraryJson = "";

// A library's adapter: `Library(id, version).add<L>().main(argc, argv)`, L the library's calls
// (above, or Dom<...>); a further add<Other>() per further form of its call, each a row. Its rows'
// notes and traits come from its library.json, read only to describe (a parse before the trials
// moved Callgrind's counts of rapidjson's stringify by 0.6%).
class Library : public Adapter {
 public:
  using Adapter::Adapter;
  using Adapter::add;  // the floor declares its cases itself

  template <class L>
  Library& add() {
    add_form<L>();
    read_notes_ = &Library::read_notes;
    return *this;
  }
  // A test adapter's: the rows' notes given here, not read from a library.json (it has none; only
  // the add above names the reading, so such a program links without one).
  template <class L>
  Library& add(Notes given) {
    add_form<L>();
    given_ = std::move(given);
    return *this;
  }
  // Values only the adapter knows (the kernel simdjson picked at run time), for library.json's
  // texts that name them in braces.
  Library& computed(Computed values) {
    computed_ = std::move(values);
    return *this;
  }

 protected:
  int serve(int argc, char** argv) override {
    if (forms_ > 0) declare(given_ ? *given_ : describing(argc, argv) && read_notes_ ? (this->*read_notes_)() : Notes{});
    return Adapter::serve(argc, argv);
  }

 private:
  static constexpr std::size_t kMaxForms = 4;  // in place: a run allocates nothing for them
  struct Form {
    std::string_view id;
    bool writes;
    void (*parse)(Trial&);
    void (*stringify)(Trial&);  // null without a writer
    void (*conformance)(Trial&);
  };

  template <class L>
  void add_form() {
    if (forms_ == kMaxForms) throw std::logic_error("more forms of a call than json::Library holds");
    if (forms_ > 0 && has_writer<L>() != form_[0].writes) throw std::logic_error("a form of the call without the first's writer");
    form_[forms_++] = {form_of<L>(), has_writer<L>(), run_parse<L>, run_stringify_of<L>(), run_conformance<L>};
  }
  template <class L>
  static constexpr auto run_stringify_of() -> void (*)(Trial&) {
    if constexpr (has_writer<L>()) return run_stringify<L>;
    else return nullptr;
  }

  Notes read_notes();
  void declare(const Notes& notes);
  void declare_forms(const Notes& notes);
  // The form of the call the trial's variant names (the first where there is one form).
  const Form& form_of_trial(const Trial& t) const {
    for (std::size_t i = 1; i < forms_; ++i)
      if (t.variant() == form_[i].id) return form_[i];
    return form_[0];
  }

  Form form_[kMaxForms]{};
  std::size_t forms_ = 0;
  Computed computed_;
  std::optional<Notes> given_;
  Notes (Library::*read_notes_)() = nullptr;
};

// library.json's notes, its forms checked against the adapter's (in its order; a library of one
// form has none), and its "version" where the library gives none.
inline Notes Library::read_notes() {
  const auto facts = LibraryFacts::embedded();
  Notes notes = notes_of(facts, form_[0].writes, computed_);
  std::vector<std::string_view> ids, listed;
  for (std::size_t i = 0; forms_ > 1 && i < forms_; ++i) ids.push_back(form_[i].id);
  for (const auto& f : notes.forms) listed.push_back(f.id);
  if (listed != ids) {
    std::string expected;
    for (const auto f : ids) expected += (expected.empty() ? "" : ", ") + std::string(f);
    facts.problem("\"forms\" must list the adapter's forms of the call, in its order (" +
                  (expected.empty() ? std::string("none: it has one") : expected) + ")");
  }
  if (version().empty()) set_version(facts.text("version"));
  facts.done();
  return notes;
}

// The forms' rows, in the order added: the first named after the library, the others
// "<library>:<form>"; each with its call as the trait "parse call" and as notes. `notes.forms` is
// library.json's (empty but when describing).
inline void Library::declare_forms(const Notes& notes) {
  for (std::size_t i = 0; i < forms_; ++i) {
    const json::Form form = i < notes.forms.size() ? notes.forms[i] : json::Form{std::string(form_[i].id), ""};
    variant(std::string(form_[i].id), {.label = i == 0 ? id() : "",
                                       .notes = form.call,
                                       .traits = {{"parse call", form.call}},
                                       .by_name = form.by_name});
  }
}

// The cases, each run with the trial's form of the call.
inline void Library::declare(const Notes& notes) {
  if (forms_ > 1) declare_forms(notes);
  std::vector<std::pair<std::string, std::string>> traits = {{proof::kTrait, proof::kByStatistics},
                                                             {"laziness", notes.laziness},
                                                             {"numbers", notes.numbers},
                                                             {"strings", notes.strings}};
  traits.insert(traits.end(), notes.traits.begin(), notes.traits.end());
  Adapter::add(case_id(Case::parse), {.notes = notes.api, .traits = traits}, [this](Trial& t) { form_of_trial(t).parse(t); });
  if (form_[0].writes)
    Adapter::add(case_id(Case::stringify), {.notes = notes.writer, .traits = traits},
                 [this](Trial& t) { form_of_trial(t).stringify(t); });
  else
    not_applicable(case_id(Case::stringify), notes.no_writer_reason.empty() ? "the library has no writer" : notes.no_writer_reason);
  Adapter::add(case_id(Case::conformance), {.notes = notes.api, .traits = traits},
               [this](Trial& t) { form_of_trial(t).conformance(t); });
}

}  // namespace benchbox::json
