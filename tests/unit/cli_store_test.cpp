// The results store from the command line, in process (store.hpp, docs/store.md): a run kept by
// default, read back by `history`, imported again as the same run; a store that fails costs the
// store, never the run's results.
#include <gtest/gtest.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "results/machine.hpp"
#include "unit/command_line.hpp"

using namespace benchbox;
using namespace benchbox::testing;

namespace {

const std::vector<std::string> kRun = {"fake", "-n", "pass", "--lib", "steady", "--ops", "1000", "--reps", "2", "--no-pin"};

std::size_t count_of(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

TEST_F(CommandLine, ARunIsKeptInTheDefaultStoreAndListedByHistory) {
  store_ = path("default.sqlite");
  auto o = run(kRun);
  ASSERT_EQ(o.status, exit_status::ok) << o.err;
  EXPECT_TRUE(has(o.err, "stored: run 1 in " + store_ + "\n")) << o.err;
  o = run(kRun);
  EXPECT_TRUE(has(o.err, "stored: run 2 in ")) << o.err;
  o = run({"history"});
  EXPECT_EQ(o.status, exit_status::ok) << o.err;
  EXPECT_TRUE(has(o.out, "2 run(s) in " + store_)) << o.out;
  EXPECT_EQ(count_of(o.out, "benchbox fake -n pass --lib steady"), 2u) << o.out;
  o = run({"history", "nosuchmodule"});
  EXPECT_TRUE(has(o.out, "0 run(s) of nosuchmodule")) << o.out;
}

TEST_F(CommandLine, StoreOptionsChooseWhereOrNothing) {
  store_ = path("default.sqlite");
  auto o = run(with(kRun, {"--no-store"}));
  EXPECT_EQ(o.status, exit_status::ok) << o.err;
  EXPECT_FALSE(has(o.err, "stored:")) << o.err;
  EXPECT_FALSE(fs::exists(store_));
  o = run(with(kRun, {"--store", path("other.sqlite")}));
  EXPECT_TRUE(has(o.err, "stored: run 1 in " + path("other.sqlite"))) << o.err;
  EXPECT_FALSE(fs::exists(store_));
  o = run(with(kRun, {"--verify"}));  // no figures: nothing kept
  EXPECT_FALSE(fs::exists(store_));
}

TEST_F(CommandLine, ARunsResultsFileImportedLaterIsTheSameRun) {
  auto o = run(with(kRun, {"--store", path("s.sqlite"), "--json", path("r.json")}));
  ASSERT_EQ(o.status, exit_status::ok) << o.err;
  o = run({"store", "import", path("r.json"), "--store", path("s.sqlite")});
  EXPECT_EQ(o.status, exit_status::ok) << o.err;
  EXPECT_TRUE(has(o.out, path("r.json") + ": run 1 (stored before)\n")) << o.out;
}

// Every file is read first: one that cannot be read stores nothing.
TEST_F(CommandLine, AnImportWithABadFileStoresNothing) {
  run(with(kRun, {"--no-store", "--json", path("r.json")}));
  std::ofstream(path("bad.json")) << "{\"schema\": \"benchbox-results\"";
  const auto o = run({"store", "import", path("r.json"), path("bad.json"), "--store", path("s.sqlite")});
  EXPECT_EQ(o.status, exit_status::usage);
  EXPECT_EQ(count_of(o.err, "\n"), 1u) << o.err;
  EXPECT_FALSE(fs::exists(path("s.sqlite")));
}

// A store that cannot be written: said before the run, the run goes on, its --json file is
// written, and the run ends with one line and exit status 2.
TEST_F(CommandLine, AStoreThatFailsCostsTheStoreNotTheResults) {
  fs::create_directory(path("folder"));
  const auto o = run(with(kRun, {"--store", path("folder"), "--json", path("r.json")}));
  EXPECT_EQ(o.status, exit_status::usage);
  EXPECT_TRUE(has(o.err, "warning: the store " + path("folder") + " is a directory, not a database file; the run goes on"))
      << o.err;
  EXPECT_TRUE(has(o.err, "benchbox: error: the store " + path("folder") + " is a directory, not a database file; the results are in " +
                             path("r.json") + "\n"))
      << o.err;
  EXPECT_EQ(nlohmann::json::parse(std::ifstream(path("r.json"))).at("results").size(), 1u);
  EXPECT_TRUE(has(o.out, "steady")) << o.out;  // the tables as always
}

// Without --json the results go to a file of their own in the current folder.
TEST_F(CommandLine, WithoutAJsonFileAFailedStoreWritesTheResultsBeside) {
  std::ofstream(path("corrupt.sqlite")) << std::string(4096, 'x');
  const fs::path before = fs::current_path();
  fs::current_path(dir_);
  const auto o = run(with(kRun, {"--store", path("corrupt.sqlite")}));
  fs::current_path(before);
  EXPECT_EQ(o.status, exit_status::usage);
  const auto at = o.err.find("; the results are in benchbox-fake-");
  ASSERT_NE(at, std::string::npos) << o.err;
  const std::string file = o.err.substr(at + 21, o.err.find('\n', at) - at - 21);
  EXPECT_EQ(nlohmann::json::parse(std::ifstream(dir_ / file)).at("results").size(), 1u) << file;
}

TEST_F(CommandLine, TwoRunsMakeATrendOfEveryRow) {
  store_ = path("s.sqlite");
  const std::vector<std::string> both = {"fake", "-n", "pass", "0", "--lib", "steady,faulty", "--ops", "1000", "--reps", "2", "--no-pin"};
  run(both);
  run(both);
  auto o = run({"trend", "fake", "-n", "pass", "0"});
  EXPECT_EQ(o.status, exit_status::ok) << o.err;
  EXPECT_TRUE(has(o.out, "#1 ") && has(o.out, "#2 ")) << o.out;
  EXPECT_TRUE(has(o.out, "steady") && has(o.out, "faulty")) << o.out;
  EXPECT_TRUE(has(o.out, "10.0  #1 10.0\n")) << o.out;  // faulty's rank in each run; steady, the reference, has none
  o = run({"trend", "fake", "-n", "pass", "--lib", "faulty", "-f", "html", "-o", path("trend.html")});
  EXPECT_EQ(o.status, exit_status::ok) << o.err;
  const std::string page = read("trend.html");
  EXPECT_TRUE(has(page, "<svg") && has(page, "faulty") && !has(page, "steady")) << page.substr(0, 400);
}

// A row that became 20% slower for its last 3 runs of 6: called at run 4; --fail-on-change 10 fails.
TEST_F(CommandLine, TrendFailsOnALatestStepWorseThanAsked) {
  store_ = path("s.sqlite");
  const std::vector<std::string> both = {"fake", "-n", "pass", "0", "--lib", "steady,faulty", "--ops", "1000", "--reps", "3", "--no-pin"};
  for (int i = 0; i < 6; ++i) {
    fake.per_op_ns_of["faulty"] = i < 3 ? 10 : 12;
    ASSERT_EQ(run(both).status, exit_status::ok);
  }
  auto o = run({"trend", "fake", "-n", "pass", "0", "--fail-on-change", "10"});
  EXPECT_EQ(o.status, exit_status::failed_rows) << o.out << o.err;
  EXPECT_TRUE(has(o.err, "benchbox: worse: faulty at buffer 0 (")) << o.err;
  EXPECT_TRUE(has(o.err, "): +20.0% from run 4\n")) << o.err;
  EXPECT_EQ(count_of(o.err, "benchbox: worse:"), 1u) << o.err;  // steady moved only by its share of faulty's step
  o = run({"trend", "fake", "-n", "pass", "0", "--fail-on-change", "25"});
  EXPECT_EQ(o.status, exit_status::ok) << o.err;
}

// Several machines post into one store; merge --latest sets each one's latest run side by side.
TEST_F(CommandLine, MergeLatestTakesEachMachinesLatestRun) {
  store_ = path("s.sqlite");
  fake.per_op_ns_of["steady"] = 10;
  ASSERT_EQ(run(with(kRun, {"--json", path("here.json")})).status, exit_status::ok);
  auto other = nlohmann::json::parse(std::ifstream(path("here.json")));
  other["context"]["machine"]["name"] = "elsewhere";
  other["results"][0]["reps"] = {20.0, 20.0};
  std::ofstream(path("elsewhere.json")) << other.dump();
  ASSERT_EQ(run({"store", "import", path("elsewhere.json")}).status, exit_status::ok);
  fake.per_op_ns_of["steady"] = 30;
  ASSERT_EQ(run(kRun).status, exit_status::ok);  // this machine's latest: run 3
  const auto o = run({"merge", "--latest", "fake", "-f", "csv"});
  EXPECT_EQ(o.status, exit_status::ok) << o.err;
  EXPECT_TRUE(has(o.out, ",elsewhere") || has(o.out, "elsewhere,")) << o.out;
  EXPECT_TRUE(has(o.out, "30")) << o.out;   // run 3, not run 1 (10)
  EXPECT_TRUE(has(o.out, "20")) << o.out;   // the other machine's run
  EXPECT_FALSE(has(o.out, ",10")) << o.out;
}

// A run's machine: --machine, else BENCHBOX_MACHINE (the host's), else the host name; two machines
// of one name (another CPU) are two lines of history, two trends, two columns of merge --latest,
// each with its fingerprint.
TEST_F(CommandLine, MachinesAreNamedAndToldApartByTheirFingerprint) {
  store_ = path("s.sqlite");
  ASSERT_EQ(run(with(kRun, {"--machine", "rack-1", "--json", path("rack-1.json")})).status, exit_status::ok);
  const auto first = nlohmann::json::parse(std::ifstream(path("rack-1.json")));
  EXPECT_EQ(first["context"]["machine"]["name"], "rack-1");
  const std::string fingerprint = first["context"]["machine"]["fingerprint"];
  machine_ = "rack-2";
  ASSERT_EQ(run(with(kRun, {"--json", path("rack-2.json")})).status, exit_status::ok);
  EXPECT_EQ(nlohmann::json::parse(std::ifstream(path("rack-2.json")))["context"]["machine"]["name"], "rack-2");
  auto o = run({"history"});
  EXPECT_TRUE(has(o.out, " rack-1 ") && has(o.out, " rack-2 ") && !has(o.out, "[" + fingerprint + "]")) << o.out;

  auto twin = first;  // another machine named rack-1: another CPU, another fingerprint
  twin["context"]["machine"]["cpu_model"] = "Another CPU";
  twin["context"]["machine"]["fingerprint"] = machine_fingerprint(twin["context"]["machine"]);
  twin["context"]["date"] = "2099-01-01T00:00:00Z";
  twin["results"][0]["reps"] = {20.0, 20.0};
  const std::string other = twin["context"]["machine"]["fingerprint"];
  ASSERT_NE(other, fingerprint);
  std::ofstream(path("twin.json")) << twin.dump();
  ASSERT_EQ(run({"store", "import", path("twin.json")}).status, exit_status::ok);
  o = run({"history"});
  EXPECT_TRUE(has(o.out, " rack-1 [" + fingerprint + "] ") && has(o.out, " rack-1 [" + other + "] ")) << o.out;
  EXPECT_TRUE(has(o.out, " rack-2 ")) << o.out;
  o = run({"trend", "fake", "-n", "pass"});
  EXPECT_TRUE(has(o.out, "machine: rack-1 [" + fingerprint + "]\n") && has(o.out, "machine: rack-1 [" + other + "]\n") &&
              has(o.out, "machine: rack-2\n"))
      << o.out;
  o = run({"merge", "--latest", "fake", "-f", "csv"});
  EXPECT_TRUE(has(o.out, "rack-1 [" + fingerprint + "]") && has(o.out, "rack-1 [" + other + "]") && has(o.out, "rack-2")) << o.out;
}

TEST_F(CommandLine, AMachinesNameIsOneLineOfText) {
  for (const auto& [name, message] : std::vector<std::pair<std::string, std::string>>{
           {"", "--machine is given empty: give the machine's name, or leave it out for the host name"},
           {"two\nlines", "--machine holds a control character: a machine's name is one line of text"},
           {std::string(65, 'm'), "--machine is 65 characters long: a machine's name has at most 64"}}) {
    const auto o = run(with(kRun, {"--no-store", "--machine", name}));
    EXPECT_EQ(o.status, exit_status::usage);
    EXPECT_EQ(o.err, "benchbox: error: " + message + "\n");
  }
  machine_ = "tab\there";
  const auto o = run(with(kRun, {"--no-store"}));
  EXPECT_EQ(o.err, "benchbox: error: BENCHBOX_MACHINE holds a control character: a machine's name is one line of text\n");
}

// A store's password on the command line (docs/store.md, "Secrets"): the server does not answer,
// so every message that names the store is said, and none of them, nor any file the run wrote,
// holds the password.
TEST_F(CommandLine, AStoresPasswordIsInNoFileAndNoMessage) {
  const std::string url = "postgresql://u:Pw-0f-the-store@127.0.0.1:1/db?sslpassword=Ss1-secret&connect_timeout=2";
  const auto o = run(with(kRun, {"--store", url, "--json", path("r.json")}));
  EXPECT_EQ(o.status, exit_status::usage) << o.err;
  EXPECT_TRUE(has(o.err, "postgresql://u:***@127.0.0.1:1/db?sslpassword=***&connect_timeout=2")) << o.err;
  const auto file = nlohmann::json::parse(std::ifstream(path("r.json")));
  EXPECT_TRUE(has(file["context"]["command_line"].dump(), "postgresql://u:***@")) << file["context"]["command_line"];
  std::vector<std::string> said = {o.out, o.err};
  for (const auto& entry : fs::recursive_directory_iterator(dir_))
    if (entry.is_regular_file()) said.push_back(read(fs::relative(entry.path(), dir_).string()));
  ASSERT_GE(said.size(), 3u);  // the results file at least
  for (const auto& text : said) EXPECT_FALSE(has(text, "Pw-0f") || has(text, "Ss1-secret")) << text.substr(0, 300);
}

TEST_F(CommandLine, StoreMistakesAreOneLine) {
  for (const auto& [args, message] : std::vector<std::pair<std::vector<std::string>, std::string>>{
           {with(kRun, {"--store", path("s.sqlite"), "--no-store"}), "benchbox: error: --store and --no-store: give one of them\n"},
           {with(kRun, {"--store", ""}), "benchbox: error: --store is given empty: give a file or a postgresql:// URL\n"},
           {{"fake", "--verify", "--store", path("s.sqlite")},
            "benchbox: error: --verify keeps no figures: --store does not apply to it\n"},
           {{"history"}, "benchbox: error: no store: give --store FILE or a postgresql:// URL\n"},
           {{"merge"}, "benchbox: error: merge: give results files, or --latest MODULE for the store's latest run of each machine\n"},
           {{"merge", "--latest", "fake", "--store", path("none.sqlite")},
            "benchbox: error: no store at " + path("none.sqlite") + ": a run creates it (or --store names another)\n"},
           {{"trend", "fake", "-n", "pass", "--store", path("none.sqlite")},
            "benchbox: error: no store at " + path("none.sqlite") + ": a run creates it (or --store names another)\n"},
           {{"trend", "fake", "-n", "pass", "--by", "moon", "--store", path("s.sqlite")},
            "benchbox: error: --by must be time, version or revision, got 'moon'\n"},
           {{"trend", "fake", "-n", "pass", "--format", "pdf", "--store", path("s.sqlite")},
            "benchbox: error: --format must be text, svg or html, got 'pdf'\n"},
           {{"trend", "fake", "-n", "pass", "1", "2", "--store", path("s.sqlite")},
            "benchbox: error: case pass has 1 axes, got 2 values after -n pass\n"},
       }) {
    const auto o = run(args);
    EXPECT_EQ(o.status, exit_status::usage) << args.back();
    EXPECT_EQ(o.err, message);
  }
}

}  // namespace
