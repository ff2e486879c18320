// glibc's tunables as a process got them (include/benchbox/adapter/glibc_tunables.hpp): the value
// a row that sets GLIBC_TUNABLES reads back, since glibc ignores a misspelled name silently.
#include <gtest/gtest.h>

#include <cstdlib>
#include <optional>
#include <string>

#include <benchbox/adapter/glibc_tunables.hpp>

using benchbox::glibc_tunable;
using benchbox::glibc_tunable_in;

namespace {

constexpr const char* kListing =
    "glibc.malloc.trim_threshold: 0x40000000 (min: 0x0, max: 0xffffffffffffffff)\n"
    "glibc.malloc.perturb: 0 (min: 0, max: 255)\n"
    "glibc.malloc.trim: 7 (a made-up name that is a prefix of the one above)\n"
    "glibc.malloc.mmap_max: 65536 (min: 0, max: 2147483647)";  // the last line without its newline

// Sets GLIBC_TUNABLES for the test's scope, and restores what was there.
class Tunables {
 public:
  explicit Tunables(const char* value) {
    if (const char* was = std::getenv("GLIBC_TUNABLES")) before_ = was;
    if (value) setenv("GLIBC_TUNABLES", value, 1);
    else unsetenv("GLIBC_TUNABLES");
  }
  ~Tunables() {
    if (before_) setenv("GLIBC_TUNABLES", before_->c_str(), 1);
    else unsetenv("GLIBC_TUNABLES");
  }

 private:
  std::optional<std::string> before_;
};

}  // namespace

TEST(GlibcTunables, AListingGivesEachNamesValueInHexOrDecimal) {
  EXPECT_EQ(glibc_tunable_in(kListing, "glibc.malloc.trim_threshold"), 0x40000000u);
  EXPECT_EQ(glibc_tunable_in(kListing, "glibc.malloc.perturb"), 0u);
  EXPECT_EQ(glibc_tunable_in(kListing, "glibc.malloc.trim"), 7u);  // its own line, not the longer name's
  EXPECT_EQ(glibc_tunable_in(kListing, "glibc.malloc.mmap_max"), 65536u);
  EXPECT_EQ(glibc_tunable_in(kListing, "glibc.malloc.arena_max"), std::nullopt);
  EXPECT_EQ(glibc_tunable_in("glibc.malloc.check: none\n", "glibc.malloc.check"), std::nullopt);
  EXPECT_EQ(glibc_tunable_in("", "glibc.malloc.check"), std::nullopt);
}

TEST(GlibcTunables, TheLoaderReportsWhatTheEnvironmentSet) {
  ASSERT_NE(benchbox::program_interpreter(), nullptr);
  {
    Tunables set("glibc.malloc.trim_threshold=1073741824");
    EXPECT_EQ(glibc_tunable("glibc.malloc.trim_threshold"), 1073741824u);
    EXPECT_EQ(glibc_tunable("glibc.malloc.no_such_tunable"), std::nullopt);
  }
  {
    Tunables misspelled("glibc.malloc.trim_treshold=1073741824");  // glibc ignores it: not set
    EXPECT_EQ(glibc_tunable("glibc.malloc.trim_threshold"), 0u);
  }
  {
    Tunables none(nullptr);
    EXPECT_EQ(glibc_tunable("glibc.malloc.trim_threshold"), 0u);
  }
}
