// `benchbox __complete WORD...` (src/cli/completion.hpp), in process with the fake module: what the
// shell is offered at a Tab. packaging/benchbox.bash's own test (tests/completion) runs bash.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include "unit/command_line.hpp"

using namespace benchbox::testing;

namespace {

struct Completion {
  std::string kind;  // "words" or "files"
  std::vector<std::string> words;
};

class Complete : public CommandLine {
 protected:
  Completion complete(std::vector<std::string> words) {
    words.insert(words.begin(), "__complete");
    const Outcome o = run(words);
    EXPECT_EQ(o.status, 0);
    EXPECT_EQ(o.err, "");
    std::istringstream in(o.out);
    Completion c;
    std::getline(in, c.kind);
    for (std::string line; std::getline(in, line);) c.words.push_back(line);
    return c;
  }
};

bool has(const std::vector<std::string>& words, const std::string& word) {
  return std::find(words.begin(), words.end(), word) != words.end();
}

using Words = std::vector<std::string>;

TEST_F(Complete, ANewWordOffersTheCommandsAndModules) {
  const auto c = complete({""});
  EXPECT_EQ(c.kind, "words");
  for (const char* word : {"list", "report", "compare", "merge", "store", "history", "trend", "fake"})
    EXPECT_TRUE(has(c.words, word)) << word;
  EXPECT_FALSE(has(c.words, "__complete"));
}

TEST_F(Complete, APrefixNarrowsTheWords) {
  EXPECT_EQ(complete({"fa"}).words, Words{"fake"});
  EXPECT_EQ(complete({"--v"}).words, Words{"--version"});
}

TEST_F(Complete, NameOffersTheModulesCases) {
  EXPECT_EQ(complete({"fake", "-n", ""}).words, (Words{"step", "pass", "size"}));
  EXPECT_EQ(complete({"fake", "--name", "s"}).words, (Words{"step", "size"}));
}

TEST_F(Complete, LibOffersTheAvailableLibraries) {
  EXPECT_EQ(complete({"fake", "--lib", ""}).words, (Words{"steady", "faulty"}));  // absent is not built here
}

TEST_F(Complete, AListGoesOnAfterItsLastComma) {
  EXPECT_EQ(complete({"fake", "-n", "step", "2", "--lib", "steady,"}).words, Words{"steady,faulty"});
  EXPECT_EQ(complete({"fake", "-n", "step,p"}).words, Words{"step,pass"});
}

TEST_F(Complete, FlagsTakeNoValue) {
  EXPECT_EQ(complete({"fake", "--verify", "--lib", "st"}).words, Words{"steady"});
}

TEST_F(Complete, OptionsOfTheCommand) {
  const auto c = complete({"fake", "--"});
  for (const char* word : {"--name", "--lib", "--verify", "--format", "--json", "--help"}) EXPECT_TRUE(has(c.words, word)) << word;
  EXPECT_FALSE(has(c.words, "--version"));  // the program's, not the module's
}

TEST_F(Complete, FormatsAreTheReportersFormats) {
  const auto c = complete({"fake", "-f", ""});
  for (const char* word : {"text", "md", "json", "gbench", "html"}) EXPECT_TRUE(has(c.words, word)) << word;
}

TEST_F(Complete, FilesAreLeftToTheShell) {
  EXPECT_EQ(complete({"fake", "--json", ""}).kind, "files");
  EXPECT_EQ(complete({"report", ""}).kind, "files");
  EXPECT_EQ(complete({"compare", "a.json", ""}).kind, "files");
  EXPECT_EQ(complete({"store", "import", ""}).kind, "files");
}

TEST_F(Complete, ModulePositionalsOfferTheModules) {
  EXPECT_TRUE(has(complete({"list", ""}).words, "fake"));
  EXPECT_TRUE(has(complete({"trend", ""}).words, "fake"));
  EXPECT_EQ(complete({"store", ""}).words, Words{"import"});
}

TEST_F(Complete, NothingToOfferIsNoError) {
  EXPECT_EQ(complete({"fake", "-n", "step", ""}).words, Words{});  // the case's parameter: any number
  EXPECT_EQ(complete({"fake", "--ops", ""}).words, Words{});
  EXPECT_EQ(complete({"nosuchmodule", "--lib", ""}).words, Words{});
}

TEST_F(Complete, TheCommandIsNotInTheHelp) {
  EXPECT_EQ(run({"--help"}).out.find("__complete"), std::string::npos);
}

}  // namespace
