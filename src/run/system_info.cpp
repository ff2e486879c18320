#include "run/system_info.hpp"

#include <sys/utsname.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include <benchbox/adapter/hardware_counters.hpp>

#include "build_info.hpp"

namespace benchbox {
namespace {

std::string read_first_line(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);
  return line;
}

std::string cpuinfo_field(const std::string& key) {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind(key, 0) == 0)
      if (auto colon = line.find(':'); colon != std::string::npos) return line.substr(colon + 2);
  return "";
}

bool cpu_flag(const std::string& flag) {
  std::istringstream flags(" " + cpuinfo_field("flags") + " ");
  std::string f;
  while (flags >> f)
    if (f == flag) return true;
  return false;
}

std::string os_name() {
  std::ifstream in("/etc/os-release");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("PRETTY_NAME=", 0) == 0) {
      auto v = line.substr(12);
      if (v.size() >= 2 && v.front() == '"') v = v.substr(1, v.size() - 2);
      return v;
    }
  return "";
}

nlohmann::json caches() {
  nlohmann::json out = nlohmann::json::array();
  for (int i = 0; i < 8; ++i) {
    const std::string base = "/sys/devices/system/cpu/cpu0/cache/index" + std::to_string(i) + "/";
    if (!std::filesystem::exists(base)) break;
    out.push_back({{"level", read_first_line(base + "level")},
                   {"type", read_first_line(base + "type")},
                   {"size", read_first_line(base + "size")}});
  }
  return out;
}

std::string iso_date() {
  std::time_t t = std::time(nullptr);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
  return buf;
}

}  // namespace

nlohmann::json collect_context(const std::vector<std::string>& command_line, std::optional<int> pinned_cpu) {
  utsname u{};
  uname(&u);
  double load[3] = {0, 0, 0};
  getloadavg(load, 3);
  const std::string governor = read_first_line("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor");
  std::string turbo = read_first_line("/sys/devices/system/cpu/intel_pstate/no_turbo");
  if (!turbo.empty()) turbo = turbo == "1" ? "off" : "on";
  else if (auto boost = read_first_line("/sys/devices/system/cpu/cpufreq/boost"); !boost.empty())
    turbo = boost == "1" ? "on" : "off";
  char host[256] = {};
  gethostname(host, sizeof host - 1);
  return {
      {"date", iso_date()},
      {"host", host},
      {"os", os_name()},
      {"kernel", std::string(u.sysname) + " " + u.release},
      {"arch", u.machine},
      {"cpu_model", cpuinfo_field("model name")},
      {"cpu_count", std::thread::hardware_concurrency()},
      {"caches", caches()},
      {"virtualized", cpu_flag("hypervisor")},
      {"governor", governor.empty() ? nlohmann::json(nullptr) : nlohmann::json(governor)},
      {"turbo", turbo.empty() ? nlohmann::json(nullptr) : nlohmann::json(turbo)},
      {"load_average", {load[0], load[1], load[2]}},
      {"pinned_cpu", pinned_cpu ? nlohmann::json(*pinned_cpu) : nlohmann::json(nullptr)},
      {"benchbox_version", build_info::version},
      {"benchbox_revision", build_info::revision},
      {"build_type", build_info::build_type},
      {"compiler", build_info::compiler},
      {"cxx_flags", build_info::cxx_flags},
      {"library_flags", build_info::library_flags},
      {"adapter_flags", build_info::adapter_flags},
      {"command_line", command_line},
  };
}

bool hardware_counters_available() { return HardwareCounters::available(); }

std::vector<std::string> environment_warnings(const nlohmann::json& c, bool unpinned_rows) {
  std::vector<std::string> w;
  if (c.value("build_type", "") != "Release")
    w.push_back("benchbox was built as '" + c.value("build_type", "") +
                "', not Release: rebuild with `cmake --preset release` before trusting the numbers");
  if (c["governor"].is_string() && c["governor"] != "performance")
    w.push_back("CPU frequency governor is '" + c["governor"].get<std::string>() +
                "': set it to 'performance' (cpupower frequency-set -g performance) for stable numbers");
  if (c["turbo"].is_string() && c["turbo"] == "on")
    w.push_back("turbo boost is on: clock speed varies with temperature and load; disable it for stable numbers");
  if (c.value("virtualized", false))
    w.push_back("running in a virtual machine: other guests share the CPU; compare ratios within one run, not absolute times across runs");
  // Pinned rows measure what other programs took of the measured CPU while they ran (the findings
  // say it when it matters); the load average at the start also counts the last minute of a
  // previous run (its `thread` rows alone raise it to 35), so it is said only for unpinned rows.
  if ((c["pinned_cpu"].is_null() || unpinned_rows) && c["load_average"].is_array() &&
      c["load_average"][0].get<double>() > 0.75 * c.value("cpu_count", 1))
    w.push_back("load average " + std::to_string(c["load_average"][0].get<double>()).substr(0, 4) +
                " on " + std::to_string(c.value("cpu_count", 1)) + " CPUs: other work is running; results will be noisier");
  if (c["pinned_cpu"].is_null())
    w.push_back("not pinned to a CPU (--no-pin): the scheduler may migrate the benchmark between CPUs");
  return w;
}

}  // namespace benchbox
