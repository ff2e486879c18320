// A case whose value is a command of the user's (AxisSpec::words, CaseSpec::in_suite false, as the
// allocator module's `program`): the words after `-n CASE --` are one value, quoted so that the
// adapter splits them back as given; the case is in no suite and refuses to run without a value.
#include <gtest/gtest.h>

#include <benchbox/shell_words.hpp>

#include "run/runner.hpp"
#include "unit/module_fixtures.hpp"

using namespace benchbox;
using benchbox::testing::settings_of;

namespace {

TEST(ShellWords, SplitGivesBackTheWordsJoined) {
  const std::vector<std::string> words = {"python3", "-c", "x = [str(i) for i in range(10**6)]", "", "it's", "a\\b", "$HOME",
                                          "tab\there", "plain-word_1.2,3"};
  const std::string text = join_words(words);
  EXPECT_EQ(text, R"(python3 -c 'x = [str(i) for i in range(10**6)]' '' 'it'\''s' 'a\b' '$HOME' 'tab	here' plain-word_1.2,3)");
  EXPECT_EQ(split_words(text), words);
}

TEST(ShellWords, SplitReadsWhatAShellWould) {
  EXPECT_EQ(split_words(R"(  a "b c" 'd e'f\ g "h\"i\\j\k" )"),
            (std::vector<std::string>{"a", "b c", "d ef g", R"(h"i\j\k)"}));
  EXPECT_EQ(split_words(""), std::vector<std::string>{});
  EXPECT_EQ(split_words("a 'b"), std::nullopt);
  EXPECT_EQ(split_words("a \"b"), std::nullopt);
  EXPECT_EQ(split_words("a\\"), std::nullopt);
}

const Module& command_module() {
  static const Module m{
      .id = "commands",
      .description = "a user command and a count (tests only)",
      .cases = {{.id = "run",
                 .unit = "runs",
                 .axes = {{.name = "command", .help = "a command, after --", .free_text = [](const std::string& t) {
                             return split_words(t) ? std::nullopt : std::optional<std::string>("unclosed quote");
                           },
                           .words = true}},
                 .in_suite = false,
                 .verify = [](const CaseContext&, const TrialProof&) { return std::optional<std::string>(); }},
                {.id = "count",
                 .unit = "counts",
                 .axes = {{.name = "n", .min = 1, .max = 10, .default_value = "2", .suite = {"2"}}},
                 .verify = [](const CaseContext&, const TrialProof&) { return std::optional<std::string>(); }}}};
  return m;
}

TEST(UserCommand, TheWordsAfterTheCaseAreItsOneValue) {
  const auto s = settings_of(command_module(), {"-n", "run", "--", "python3", "-c", "x = 1,2", "--lib"});
  ASSERT_EQ(s.axis_values.at("command").size(), 1u);
  EXPECT_EQ(s.axis_values.at("command").front(), "python3 -c 'x = 1,2' --lib");
  const auto points = plan(command_module(), s);
  ASSERT_EQ(points.size(), 1u);
  EXPECT_EQ(split_words(points.front().point.first().text), (std::vector<std::string>{"python3", "-c", "x = 1,2", "--lib"}));
}

TEST(UserCommand, OneWordWithBlanksStaysOneWord) {
  const auto s = settings_of(command_module(), {"-n", "run", "--", "./my program"});
  EXPECT_EQ(s.axis_values.at("command").front(), "'./my program'");
}

TEST(UserCommand, ACaseNotInTheSuiteNeedsItsValue) {
  EXPECT_TRUE(command_module().cases.front().suite().empty());
  const auto all = plan(command_module(), settings_of(command_module(), {}));
  ASSERT_EQ(all.size(), 1u);
  EXPECT_EQ(all.front().spec->id, "count");
  EXPECT_THROW(plan(command_module(), settings_of(command_module(), {"-n", "run"})), std::invalid_argument);
  EXPECT_THROW(plan(command_module(), settings_of(command_module(), {"-n", "run,count"})), std::invalid_argument);
  EXPECT_THROW(plan(command_module(), settings_of(command_module(), {"-n", "run", "--param", "command=a 'b"})), std::invalid_argument);
}

TEST(UserCommand, ItsDeclarationPassesTheModuleCheck) { EXPECT_NO_THROW(command_module().check()); }

}  // namespace
