// A coroutine library as its adapter declares it: its facts read from the folder's library.json
// (include/benchbox/library_facts.hpp; the keys: modules/coroutine/README.md, "A library's
// facts"), its cases' run functions and what only code can know (a version from the library's
// headers, a limit found on this machine) from the adapter's main().
#pragma once

#include <benchbox/adapter.hpp>
#include <benchbox/library_facts.hpp>

#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../cases.hpp"

namespace benchbox::coroutine {

// How control moves between a library's coroutines (the trait "style").
enum class Style {
  asymmetric,  // resume/yield through a caller
  symmetric,   // a coroutine transfers straight to another
  scheduler,   // a yield goes back to the library's scheduler, which picks the next one
};

inline const char* style_name(Style s) {
  switch (s) {
    case Style::asymmetric: return "asymmetric";
    case Style::symmetric: return "symmetric";
    case Style::scheduler: return "scheduler";
  }
  return "";
}

inline std::optional<Style> style_named(std::string_view name) {
  for (Style s : {Style::asymmetric, Style::symmetric, Style::scheduler})
    if (name == style_name(s)) return s;
  return std::nullopt;
}

// The largest parameter a library can run and why (shown with the n/a of a larger one); -1: none.
struct Limit {
  std::int64_t max = -1;
  std::string reason{};
};

// How many coroutines can be alive at once when each one's stack carries a guard page that the
// library mprotect()s inside a larger mapping (its heap, or one mmap per stack): that splits the
// mapping, two mappings per stack, and the kernel allows a process vm.max_map_count mappings
// (65530 by default). Half of what is left after the mappings this process has now, less a
// margin for the ones it makes later (allocator arenas, the library's own); -1 where unknown.
inline std::uint64_t max_map_count() {
  unsigned long long v = 0;
  if (std::FILE* f = std::fopen("/proc/sys/vm/max_map_count", "r")) {
    if (std::fscanf(f, "%llu", &v) != 1) v = 0;
    std::fclose(f);
  }
  return v;
}
// `cause` says how each coroutine comes to hold two mappings; the reason shown with the limit.
inline Limit guard_page_limit(const std::string& cause) {
  const std::uint64_t max_maps = max_map_count();
  if (max_maps == 0) return {-1, {}};
  std::uint64_t used = 0;
  if (std::FILE* f = std::fopen("/proc/self/maps", "r")) {
    for (int c; (c = std::fgetc(f)) != EOF;) used += c == '\n';
    std::fclose(f);
  }
  constexpr std::uint64_t kMargin = 256;
  const std::int64_t max = max_maps > used + kMargin ? static_cast<std::int64_t>((max_maps - used - kMargin) / 2) : 0;
  return {max, cause + ", two mappings per coroutine, and the kernel allows a process vm.max_map_count mappings (" +
                   std::to_string(max_maps) + " here)"};
}

// A coroutine library's adapter: the protocol's Adapter with the module's traits and each case's
// notes and limits from library.json, the module's cases named by the shared ids (cases.hpp), and
// min_param and bytes_per_param derived from the style and the stack. Every case of the module is
// declared in library.json, run (add) or not applicable; a fact that does not match the code (a
// case declared but not run, a limit the adapter does not give) ends the program like a fact
// missing, with the protocol's error line naming library.json, so `describe` fails.
class LibraryAdapter {
 public:
  // The library's id (its folder's name) and its version where the adapter computes it (from the
  // library's headers or API); without one, library.json's "version" is the version.
  explicit LibraryAdapter(std::string id, std::optional<std::string> version = std::nullopt)
      : id_(std::move(id)), version_(std::move(version)) {
    read(LibraryFacts::embedded());
  }

  // A fact about the build that code computes (a default stack size from the library's headers);
  // the ones that are not code are library.json's "info".
  LibraryAdapter& info(std::string key, std::string value) {
    code_info_.emplace_back(std::move(key), std::move(value));
    return *this;
  }
  // The function that runs case c; library.json says how (its notes, its limit).
  LibraryAdapter& add(Case c, CaseFunction run) {
    auto& f = cases_[index(c)];
    if (f.run) problems_.push_back(std::string("the adapter adds case \"") + case_id(c) + "\" twice");
    f.run = std::move(run);
    return *this;
  }
  // The maximum found by the adapter's code on this machine, for "limit": "adapter" (-1: none).
  LibraryAdapter& limit(std::int64_t max) {
    adapter_max_ = max;
    return *this;
  }

  int main(int argc, char** argv) {
    check_code();
    const Limit limit = library_limit();
    benchbox::Adapter adapter(id_, *version_);
    for (const auto& [key, value] : info_) adapter.info(key, value);
    for (const auto& [key, value] : code_info_) adapter.info(key, value);
    for (Case c : kCases) {
      const auto& f = cases_[index(c)];
      if (f.not_applicable) adapter.not_applicable(case_id(c), *f.not_applicable);
      else adapter.add(case_id(c), case_info(c, f, f.limited ? limit : f.limit), f.run);
    }
    return adapter.main(argc, argv);
  }

 private:
  static constexpr std::array<Case, 4> kCases = {Case::switch_, Case::channel, Case::create, Case::memory};
  static std::size_t index(Case c) { return static_cast<std::size_t>(c); }

  // One entry of library.json's "cases", and the function the adapter gave for it.
  struct CaseFacts {
    bool declared = false;
    std::string notes;
    std::optional<std::string> not_applicable;  // instead of notes: the case cannot be run
    std::optional<Style> style;                 // the library's, unless the case has its own
    std::optional<std::int64_t> stack_bytes;    // the same
    Limit limit;                                // "max_param" and "max_param_reason"
    bool limited = false;                       // the library's "limit" applies
    CaseFunction run;
  };

  void read(const LibraryFacts& facts) {
    const std::string style = facts.text("style");
    if (!style.empty() && !(style_ = style_named(style))) problems_.push_back(bad_style(style));
    stack_bytes_ = facts.integer("stack_bytes");
    if (!version_) {
      version_ = facts.text("version");
    } else if (facts.has("version")) {
      (void)facts.text("version");  // read: the problem is said below, not as a typo
      problems_.push_back("has a \"version\", which this adapter computes from the library (remove it here)");
    }
    for (const auto& entry : facts.objects("info")) {
      info_.emplace_back(entry.text("key"), entry.text("value"));
      entry.done();
    }
    limit_ = facts.text_or("limit", "");
    if (limit_ == "guard_pages") limit_cause_ = facts.text("limit_cause");
    if (limit_ == "adapter" || facts.has("limit_reason")) limit_reason_ = facts.text("limit_reason");
    limit_note_ = facts.text_or("limit_note", "");
    if (!limit_.empty() && limit_ != "guard_pages" && limit_ != "adapter")
      problems_.push_back("\"limit\" must be \"guard_pages\" or \"adapter\", not \"" + limit_ + "\"");
    for (const auto& entry : facts.objects("cases")) read_case(entry);
    facts.done();
    for (Case c : kCases)
      if (!cases_[index(c)].declared)
        problems_.push_back(std::string("declares no case \"") + case_id(c) +
                            "\" (its notes, or why it is not applicable)");
    if (!problems_.empty()) fail();
  }

  void read_case(const LibraryFacts& entry) {
    const std::string name = entry.text("case");
    CaseFacts* f = nullptr;
    for (Case c : kCases)
      if (name == case_id(c)) f = &cases_[index(c)];
    CaseFacts ignored;
    if (!f || f->declared) {
      problems_.push_back("declares " + std::string(f ? "twice" : "an unknown") + " case \"" + name + "\"");
      f = &ignored;
    }
    f->declared = true;
    if (entry.has("not_applicable")) {  // nothing else is read: another key is a problem done() says
      f->not_applicable = entry.text("not_applicable");
      entry.done();
      return;
    }
    f->notes = entry.text("notes");
    if (entry.has("style")) {
      const std::string style = entry.text("style");
      if (!(f->style = style_named(style))) problems_.push_back(bad_style(style));
    }
    if (entry.has("stack_bytes")) f->stack_bytes = entry.integer("stack_bytes");
    if (entry.has("max_param")) f->limit.max = entry.integer("max_param");
    f->limit.reason = entry.text_or("max_param_reason", "");
    f->limited = entry.boolean_or("limited", false);
    if (f->limited && (limit_.empty() || entry.has("max_param")))
      problems_.push_back("case \"" + name + "\" is \"limited\" " +
                          (limit_.empty() ? "without the library's \"limit\"" : "and has a \"max_param\" of its own"));
    entry.done();
  }

  static std::string bad_style(const std::string& style) {
    return "\"style\" must be \"asymmetric\", \"symmetric\" or \"scheduler\", not \"" + style + "\"";
  }

  // What library.json declares against what the adapter's code gives.
  void check_code() {
    for (Case c : kCases) {
      const auto& f = cases_[index(c)];
      const std::string id = case_id(c);
      if (f.not_applicable && f.run)
        problems_.push_back("says case \"" + id + "\" is not applicable, but the adapter runs it");
      if (!f.not_applicable && !f.run)
        problems_.push_back("has notes for case \"" + id + "\", which the adapter does not run");
    }
    if ((limit_ == "adapter") != adapter_max_.has_value())
      problems_.push_back(limit_ == "adapter" ? "says \"limit\": \"adapter\", but the adapter gives no limit"
                                              : "has no \"limit\": \"adapter\" for the limit the adapter gives");
    for (const auto& [key, value] : code_info_)
      for (const auto& declared : info_)
        if (declared.first == key) problems_.push_back("has an \"info\" \"" + key + "\", which the adapter computes");
    if (!problems_.empty()) fail();
  }

  // The limit of the cases marked "limited": computed here once for all of them.
  Limit library_limit() const {
    Limit limit;
    if (limit_ == "guard_pages") limit = guard_page_limit(limit_cause_);
    if (limit_ == "adapter") limit.max = *adapter_max_;
    if (!limit_reason_.empty()) limit.reason += (limit.reason.empty() ? "" : "; ") + limit_reason_;
    return limit;
  }

  benchbox::CaseInfo case_info(Case c, const CaseFacts& f, const Limit& limit) const {
    const Style style = f.style.value_or(*style_);
    const std::int64_t stack = f.stack_bytes.value_or(stack_bytes_);
    std::string notes = f.notes;
    if (f.limited && limit.max >= 0 && !limit_note_.empty()) notes += "; " + with_max(limit_note_, limit.max);
    return {.notes = notes,
            .min_param = min_param(c, style),
            .max_param = limit.max,
            .bytes_per_param = bytes_per_param(c, stack),
            .traits = {{"style", style_name(style)}, {"stack_bytes", std::to_string(stack)}},
            .max_param_reason = limit.reason};
  }
  // "{max}" in the limit's note replaced by the limit.
  static std::string with_max(std::string note, std::int64_t max) {
    for (auto at = note.find("{max}"); at != std::string::npos; at = note.find("{max}", at))
      note.replace(at, 5, std::to_string(max));
    return note;
  }
  // Switch: a scheduler or symmetric yield needs another coroutine to go to; an asymmetric one
  // goes back to the caller. Channel: 0 is the unbuffered channel. Create and memory: one.
  static std::int64_t min_param(Case c, Style style) {
    if (c == Case::switch_) return style == Style::asymmetric ? 1 : 2;
    return c == Case::channel ? 0 : 1;
  }
  // The switch case's parameter counts coroutines: each costs its stack (the driver refuses what
  // cannot fit); the channel case's counts buffer slots of one value. The create case's parameter
  // counts coroutines alive at once, the memory case's coroutines alive and suspended: each costs
  // its stack, as in the switch case. A library whose stacks are small or growable (0) still
  // costs something there: count one page so that absurd values are refused.
  static std::uint64_t bytes_per_param(Case c, std::int64_t stack) {
    if (c == Case::channel) return sizeof(std::uint64_t);
    if (c == Case::switch_) return static_cast<std::uint64_t>(stack);
    return static_cast<std::uint64_t>(stack > 0 ? stack : 4096);
  }

  // The protocol's error line, as LibraryFacts::done() writes it, with every problem found.
  [[noreturn]] void fail() const {
    std::string message = embedded::library_json_path;
    for (std::size_t i = 0; i < problems_.size(); ++i) message += (i ? "; " : " ") + problems_[i];
    std::printf("{\"protocol\":%d,\"error\":%s}\n", kProtocolVersion, json_string(message).c_str());
    std::fflush(stdout);
    std::fprintf(stderr, "%s\n", message.c_str());
    std::exit(2);
  }

  std::string id_;
  std::optional<std::string> version_;
  std::optional<Style> style_;
  std::int64_t stack_bytes_ = 0;
  std::vector<std::pair<std::string, std::string>> info_, code_info_;
  std::string limit_, limit_cause_, limit_reason_, limit_note_;
  std::optional<std::int64_t> adapter_max_;
  std::array<CaseFacts, kCases.size()> cases_{};
  std::vector<std::string> problems_;
};

}  // namespace benchbox::coroutine
