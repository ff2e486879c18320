#include "run/run_lock.hpp"

#include <fcntl.h>
#include <pwd.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <nlohmann/json.hpp>
#include <thread>

#include "run/executor.hpp"

namespace benchbox {
namespace {

using Clock = std::chrono::steady_clock;

std::string user_name() {
  const passwd* pw = getpwuid(getuid());
  return pw ? pw->pw_name : "uid " + std::to_string(getuid());
}

std::string duration_text(long long seconds) {
  if (seconds < 60) return fmt::format("{} s", seconds);
  if (seconds < 3600) return fmt::format("{} min {} s", seconds / 60, seconds % 60);
  return fmt::format("{} h {:02} min", seconds / 3600, seconds % 3600 / 60);
}

std::runtime_error lock_error(const std::string& what, const std::filesystem::path& file, int error) {
  return std::runtime_error(what + " the lock file " + file.string() + ": " + std::strerror(error) +
                            " (BENCHBOX_LOCK_FILE names another)");
}

// The holder writes its line just after it takes the lock: a run that finds the lock taken gives
// it a moment before saying it does not know who holds it.
std::string holder_text(const RunLock& lock) {
  for (int i = 0; i < 10; ++i) {
    if (auto who = lock.holder()) return *who;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return "a run that did not say who it is";
}

}  // namespace

std::filesystem::path default_lock_file() {
  if (const char* env = std::getenv("BENCHBOX_LOCK_FILE"); env && *env) return env;
  for (const char* dir : {"/run/lock", "/var/lock"})
    if (access(dir, W_OK | X_OK) == 0) return std::filesystem::path(dir) / "benchbox.lock";
  return "/tmp/benchbox.lock";
}

RunLock::RunLock(std::filesystem::path file) : file_(std::move(file)) {
  int error = 0;
  // Open first, create only when missing: in a sticky folder (/tmp, /run/lock) the kernel may
  // refuse O_CREAT on a file another user owns (fs.protected_regular), even one that exists.
  for (int attempt = 0; attempt < 3 && fd_ < 0; ++attempt) {
    fd_ = open(file_.c_str(), O_RDWR | O_CLOEXEC);  // never inherited: an adapter must not hold the lock
    if (fd_ >= 0) {
      writable_ = true;
      break;
    }
    error = errno;
    if (error == EACCES || error == EPERM || error == EROFS) {  // another user's file: lock it all the same
      fd_ = open(file_.c_str(), O_RDONLY | O_CLOEXEC);
      error = errno;
      break;
    }
    if (error != ENOENT) break;
    fd_ = open(file_.c_str(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    error = errno;
    if (fd_ >= 0) {
      fchmod(fd_, 0666);  // whatever the umask: the next run may be another user's
      writable_ = true;
    } else if (error != EEXIST) {  // EEXIST: another run created it meanwhile; open that one
      break;
    }
  }
  if (fd_ < 0) throw lock_error("cannot open", file_, error);
}

RunLock::~RunLock() {
  if (held_ && writable_) {
    [[maybe_unused]] const int emptied = ftruncate(fd_, 0);  // if not, readers find a finished run's pid
  }
  if (fd_ >= 0) close(fd_);  // releases the lock
}

bool RunLock::try_acquire(const std::string& command) {
  if (held_) return true;
  if (flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    if (errno == EWOULDBLOCK || errno == EINTR) return false;
    throw lock_error("cannot lock", file_, errno);
  }
  held_ = true;
  if (writable_) {
    const auto since = std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch());
    // The command cut to what a reader reads (holder(): 4 KiB); invalid UTF-8 replaced, not thrown on.
    const nlohmann::json holder{{"pid", getpid()}, {"user", user_name()}, {"since", since.count()}, {"command", command.substr(0, 2000)}};
    const std::string line = holder.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
    // Not fatal if it fails: the lock is held; a waiting run only cannot say who holds it.
    [[maybe_unused]] const bool said = ftruncate(fd_, 0) == 0 && pwrite(fd_, line.data(), line.size(), 0) > 0;
  }
  return true;
}

std::optional<std::string> RunLock::holder() const {
  char buf[4096];
  const ssize_t n = pread(fd_, buf, sizeof buf, 0);
  if (n <= 0) return std::nullopt;
  const auto j = nlohmann::json::parse(std::string(buf, static_cast<std::size_t>(n)), nullptr, false);
  if (!j.is_object() || !j.contains("pid") || !j["pid"].is_number_integer()) return std::nullopt;
  const auto pid = j["pid"].get<long long>();
  if (pid <= 0 || (kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH)) return std::nullopt;  // a finished run's line
  const long long now = std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
  const long long since = j.value("since", now);
  return fmt::format("pid {}, user {}, running for {}: {}", pid, j.value("user", "?"), duration_text(std::max(0LL, now - since)),
                     j.value("command", "?"));
}

bool acquire_for_run(RunLock& lock, const std::string& command, bool wait) {
  if (lock.try_acquire(command)) return true;
  std::string holder = holder_text(lock);
  if (!wait)
    throw MachineBusy(fmt::format("another benchbox run is measuring on this machine ({}); not started (--no-wait)", holder));
  fmt::print(stderr, "benchbox: waiting for another benchbox run to finish ({}); Ctrl-C gives up, --no-wait refuses instead\n", holder);
  const auto begin = Clock::now();
  while (!interrupted()) {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    if (lock.try_acquire(command)) {
      const auto waited = std::chrono::duration_cast<std::chrono::seconds>(Clock::now() - begin).count();
      fmt::print(stderr, "benchbox: the other run has finished (waited {}); starting\n", duration_text(waited));
      return true;
    }
    auto pid_of = [](const std::string& who) { return who.substr(0, who.find(',')); };
    if (auto now = lock.holder(); now && pid_of(*now) != pid_of(holder)) {
      holder = *now;  // a third run took the lock first, or the holder has now said who it is
      fmt::print(stderr, "benchbox: still waiting; the lock is now held by {}\n", holder);
    }
  }
  return false;
}

}  // namespace benchbox
