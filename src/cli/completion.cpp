#include "cli/completion.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <exception>

#include "report/reporter.hpp"
#include "run/catalog.hpp"
#include <benchbox/module.hpp>

namespace benchbox {
namespace {

struct Answer {
  bool files = false;  // the shell completes file names
  std::vector<std::string> words;
};

// Where the word under the cursor stands: in which command, after which option, after how many
// positional words.
struct Position {
  const CLI::App* command;
  const CLI::Option* value_of = nullptr;
  std::size_t positionals = 0;
};

const CLI::App* subcommand(const CLI::App& command, const std::string& name) {
  for (const CLI::App* sub : command.get_subcommands({}))
    if (sub->get_name() == name) return sub;
  return nullptr;
}

Position locate(const CLI::App& app, const std::vector<std::string>& before) {
  Position p{&app};
  for (const auto& word : before) {
    if (p.value_of) {
      p.value_of = nullptr;
    } else if (word.size() > 1 && word[0] == '-') {
      const CLI::Option* option = word.find('=') == std::string::npos ? p.command->get_option_no_throw(word) : nullptr;
      if (option && option->get_items_expected_max() > 0) p.value_of = option;  // a flag takes no value
    } else if (const CLI::App* sub = subcommand(*p.command, word)) {
      p = {sub};
    } else {
      ++p.positionals;
    }
  }
  return p;
}

// A comma-separated list (--lib a,b): the list so far, then each value not in it yet.
std::vector<std::string> list_values(const std::string& current, const std::vector<std::string>& values) {
  const auto comma = current.rfind(',');
  const std::string head = comma == std::string::npos ? "" : current.substr(0, comma + 1);
  std::vector<std::string> given;
  for (std::size_t start = 0, end; (end = head.find(',', start)) != std::string::npos; start = end + 1)
    given.push_back(head.substr(start, end - start));
  std::vector<std::string> out;
  for (const auto& v : values)
    if (std::find(given.begin(), given.end(), v) == given.end()) out.push_back(head + v);
  return out;
}

std::vector<std::string> module_ids() {
  std::vector<std::string> ids;
  for (const Module* m : modules()) ids.push_back(m->id);
  return ids;
}

std::vector<std::string> available_libraries(const CliHost& host, const Module& m) {
  std::vector<std::string> ids;
  try {
    for (const auto& entry : load_catalog(host.libexec_dir, m.id))
      if (entry.available) ids.push_back(entry.id);
  } catch (const std::exception&) {  // an unreadable manifest: no candidates rather than an error at a Tab
  }
  return ids;
}

bool has_name(const CLI::Option& option, const std::string& name) {
  const auto& names = option.get_lnames();
  return std::find(names.begin(), names.end(), name) != names.end();
}

// The value of an option: the module's cases, its libraries, the formats, or a file.
Answer option_value(const Position& p, const std::string& current, const CliHost& host) {
  const CLI::Option& option = *p.value_of;
  if (has_name(option, "json") || has_name(option, "output") || has_name(option, "store")) return {true, {}};
  const Module* m = p.command->get_parent() ? find_module(p.command->get_name()) : nullptr;
  if (has_name(option, "format") && (m || p.command->get_name() == "report")) return {false, reporter_formats()};
  if (!m) return {};
  if (has_name(option, "name")) {
    std::vector<std::string> cases;
    for (const auto& k : m->cases) cases.push_back(k.id);
    return {false, list_values(current, cases)};
  }
  if (has_name(option, "lib")) return {false, list_values(current, available_libraries(host, *m))};
  return {};
}

std::vector<const CLI::Option*> positionals(const CLI::App& command) {
  return command.get_options([](const CLI::Option* o) { return o->get_positional(); });
}

// Words the command cannot take were given (`benchbox nosuchmodule`): nothing fits after them.
bool lost(const Position& p) {
  std::size_t room = 0;
  for (const CLI::Option* option : positionals(*p.command))
    room += static_cast<std::size_t>(std::max(option->get_items_expected_max(), 1));
  return p.positionals > room;
}

// A positional word: a module (list, history, trend), a results file (report, compare, merge,
// store import), or nothing we can name (a case's parameter).
Answer positional_value(const Position& p) {
  std::size_t index = 0;
  for (const CLI::Option* option : positionals(*p.command)) {
    index += static_cast<std::size_t>(std::max(option->get_items_expected_max(), 1));
    if (p.positionals >= index) continue;
    const std::string name = option->get_name();
    if (name == "module") return {false, module_ids()};
    if (name == "file" || name == "files" || name == "old" || name == "new") return {true, {}};
    return {};
  }
  return {};
}

std::vector<std::string> option_names(const CLI::App& command) {
  std::vector<std::string> names;
  for (const CLI::Option* option : command.get_options([](const CLI::Option* o) { return o->nonpositional(); })) {
    for (const auto& l : option->get_lnames()) names.push_back("--" + l);
    if (option->get_lnames().empty())
      for (const auto& s : option->get_snames()) names.push_back("-" + s);
  }
  return names;
}

Answer answer(const CLI::App& app, const std::vector<std::string>& words, const CliHost& host) {
  const std::string current = words.empty() ? "" : words.back();
  const Position p = locate(app, words.empty() ? words : std::vector<std::string>(words.begin(), words.end() - 1));
  if (lost(p)) return {};
  if (p.value_of) return option_value(p, current, host);
  if (!current.empty() && current[0] == '-') return {false, option_names(*p.command)};
  Answer a = positional_value(p);
  for (const CLI::App* sub : p.command->get_subcommands({})) a.words.push_back(sub->get_name());
  return a;
}

}  // namespace

int print_completions(const CLI::App& app, const std::vector<std::string>& words, const CliHost& host) {
  const Answer a = answer(app, words, host);
  const std::string current = words.empty() ? "" : words.back();
  fmt::print(host.out, "{}\n", a.files ? "files" : "words");
  for (const auto& w : a.words)
    if (w.compare(0, current.size(), current) == 0) fmt::print(host.out, "{}\n", w);
  return exit_status::ok;
}

}  // namespace benchbox
