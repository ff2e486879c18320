// A store's secrets never leave benchbox (results/secrets.hpp): every form libpq takes a password in
// is hidden, and nothing else of the text changes.
#include <gtest/gtest.h>

#include "results/results_file.hpp"
#include "results/secrets.hpp"

namespace benchbox {
namespace {

TEST(Secrets, EveryFormOfAPostgresqlPasswordIsHidden) {
  const std::pair<const char*, const char*> cases[] = {
      {"postgresql://u:PASSWORD@host/db", "postgresql://u:***@host/db"},
      {"--store=postgres://u:PASSWORD@host:5432/db", "--store=postgres://u:***@host:5432/db"},
      {"postgresql://u:PA@SS/WORD@host/db", "postgresql://u:***@host/db"},  // raw '@' and '/' in it: all of it
      {"postgresql://u@host/db?password=PASSWORD", "postgresql://u@host/db?password=***"},
      {"postgresql://host/db?sslmode=require&sslpassword=PASSWORD&application_name=x",
       "postgresql://host/db?sslmode=require&sslpassword=***&application_name=x"},
      {"postgresql://host/db?pass%77ord=PASSWORD", "postgresql://host/db?pass%77ord=***"},  // libpq decodes the name
      {"host=h password=PASSWORD dbname=d", "host=h password=*** dbname=d"},
      {"password = 'PASS WORD' dbname=d", "password = *** dbname=d"},
      {"sslpassword='PASS\\'WORD'", "sslpassword=***"},
  };
  for (const auto& [given, shown] : cases) {
    EXPECT_EQ(without_secrets(given), shown) << given;
    EXPECT_EQ(without_secrets(given).find("PASS"), std::string::npos) << given;
  }
}

TEST(Secrets, TextWithoutSecretsIsLeftAsItIs) {
  for (const char* text : {"postgresql://u@host:5432/db", "postgresql://host/db?sslmode=require", "/home/u/results.sqlite",
                           "benchbox json -n parse --lib rapidjson", "--param passwords=3", "host=h dbname=d"})
    EXPECT_EQ(without_secrets(text), text);
}

// A file of an older benchbox, which kept the password: a results file written from it (`report -f
// json`) does not, and the context read stays as it was (the run's key is of the file as written).
TEST(Secrets, AResultsFileWrittenFromAnOlderOneHoldsNone) {
  Results r;
  r.context = {{"command_line", {"benchbox", "json", "--store", "postgresql://u:PASSWORD@h/d"}}};
  const auto written = to_json(r);
  EXPECT_EQ(written["context"]["command_line"][3], "postgresql://u:***@h/d");
  EXPECT_EQ(written.dump().find("PASSWORD"), std::string::npos);
  EXPECT_EQ(r.context["command_line"][3], "postgresql://u:PASSWORD@h/d");
  EXPECT_EQ(context_without_secrets({{"command_line", "benchbox --store password=PASSWORD"}})["command_line"],
            "benchbox --store password=***");
}

}  // namespace
}  // namespace benchbox
