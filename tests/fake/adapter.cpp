// The fake module's adapter (tests/fake/module.cpp), for tests only: portable C++, no assembly.
// Without a fault it is a correct adapter: it does the module's arithmetic and reports the counts
// and checksums the module expects. BENCHBOX_FAKE_ID is the id it describes itself with (one
// program serves several manifests). BENCHBOX_FAULT picks one misbehaviour:
//
//   in `run`:      segfault abort exit3 hang close_hang orphan slow wrong_count wrong_checksum
//                  wrong_ops missing_trial zero_ns silent garbage truncated wrong_protocol
//                  adapter_error flood stderr_flood huge_line
//   in `describe`: describe_garbage describe_crash describe_hang huge_memory
//
// BENCHBOX_FAULT_PIDFILE, when set, receives one line per process the fault leaves running (the
// adapter itself and any child it forks), so that a test can check they were all stopped.
#include <benchbox/adapter.hpp>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "fake/checksums.hpp"

namespace {

std::string fault() {
  const char* f = std::getenv("BENCHBOX_FAULT");
  return f ? f : "";
}

void record_pid() {
  if (const char* file = std::getenv("BENCHBOX_FAULT_PIDFILE"); file && *file) {
    if (FILE* f = std::fopen(file, "a")) {
      std::fprintf(f, "%d\n", static_cast<int>(getpid()));
      std::fclose(f);
    }
  }
}

[[noreturn]] void sleep_forever() {
  record_pid();
  for (;;) pause();
}

// A child in the same process group that outlives its parent unless someone stops the group.
void fork_sleeper(bool close_output) {
  pid_t pid = fork();
  if (pid == 0) {
    if (close_output) {
      close(STDOUT_FILENO);
      close(STDERR_FILENO);
    }
    sleep_forever();
  }
  // Let the child record its pid before the parent goes on (a test reads the file afterwards).
  for (int i = 0; i < 200; ++i) {
    if (const char* file = std::getenv("BENCHBOX_FAULT_PIDFILE"); !file || !*file) break;
    FILE* f = std::fopen(std::getenv("BENCHBOX_FAULT_PIDFILE"), "r");
    int lines = 0;
    if (f) {
      for (int c; (c = std::fgetc(f)) != EOF;) lines += c == '\n';
      std::fclose(f);
    }
    if (lines > 0) break;
    usleep(10'000);
  }
}

void line(const std::string& text) {
  std::fputs(text.c_str(), stdout);
  std::fflush(stdout);
}

std::string trial_line(const std::string& label, std::uint64_t ops, std::uint64_t ns, std::uint64_t done,
                       std::uint64_t checksum, int protocol = benchbox::kProtocolVersion) {
  return "{\"protocol\":" + std::to_string(protocol) + ",\"trial\":" + label + ",\"ops\":" + std::to_string(ops) +
         ",\"ns\":" + std::to_string(ns) + ",\"done\":" + std::to_string(done) + ",\"checksum\":" +
         std::to_string(checksum) + "}\n";
}

std::string arg(int argc, char** argv, const std::string& key, const std::string& fallback) {
  for (int i = 1; i + 1 < argc; ++i)
    if (key == argv[i]) return argv[i + 1];
  return fallback;
}

std::uint64_t expected_checksum(const std::string& case_name, std::uint64_t value, std::uint64_t ops) {
  if (case_name == "step") return benchbox::fake::step_checksum(ops, value);
  return benchbox::fake::value_sum(case_name == "size" ? value : ops);
}

// Faults that are about the protocol itself: the adapter prints its own lines.
int protocol_fault(const std::string& f, int argc, char** argv) {
  const std::string case_name = arg(argc, argv, "--case", "step");
  const std::uint64_t value = std::strtoull(arg(argc, argv, "--axis", "2").c_str(), nullptr, 10);
  const std::uint64_t ops = std::strtoull(arg(argc, argv, "--ops", "1000").c_str(), nullptr, 10);
  const unsigned reps = static_cast<unsigned>(std::strtoul(arg(argc, argv, "--reps", "1").c_str(), nullptr, 10));
  const unsigned warmup = static_cast<unsigned>(std::strtoul(arg(argc, argv, "--warmup", "0").c_str(), nullptr, 10));
  const std::uint64_t warmup_ops = std::strtoull(arg(argc, argv, "--warmup-ops", std::to_string(ops)).c_str(), nullptr, 10);
  const std::uint64_t sum = expected_checksum(case_name, value, ops);
  // A well-formed trial line for trial t (warm-ups run their own operation count).
  auto proper = [&](unsigned t, std::uint64_t ns) {
    const std::uint64_t n = t < warmup ? warmup_ops : ops;
    return trial_line(t < warmup ? std::string("\"warmup\"") : std::to_string(t - warmup + 1), n, ns, n,
                      expected_checksum(case_name, value, n));
  };
  auto label = [&](unsigned t) { return t < warmup ? std::string("\"warmup\"") : std::to_string(t - warmup + 1); };
  if (f == "silent") return 0;
  if (f == "garbage") return line("this is not the benchbox protocol\n"), 0;
  if (f == "truncated") {
    std::string first = trial_line(label(0), ops, 1000, ops, sum);
    line(first.substr(0, first.size() / 2));
    return 0;
  }
  if (f == "wrong_protocol") return line(trial_line(label(0), ops, 1000, ops, sum, 99)), 0;
  if (f == "adapter_error") return line("{\"protocol\":3,\"error\":\"the library refused to start (test fault)\"}\n"), 2;
  if (f == "missing_trial" || f == "zero_ns" || f == "wrong_ops") {
    const unsigned total = warmup + reps - (f == "missing_trial" ? 1 : 0);
    for (unsigned t = 0; t < total; ++t)
      line(f == "wrong_ops" ? trial_line(label(t), ops + 1, 1000, ops, sum) : proper(t, f == "zero_ns" ? 0 : 1000));
    return 0;
  }
  if (f == "flood")
    for (unsigned t = 0;; ++t) line(proper(t, 1000));
  if (f == "stderr_flood") {
    std::string chunk(4096, 'e');
    for (;;) std::fputs(chunk.c_str(), stderr);
  }
  if (f == "huge_line") {
    std::string chunk(65536, 'x');
    line("{\"protocol\":3,\"trial\":1,\"note\":\"");
    for (;;) line(chunk);
  }
  return -1;  // not a protocol fault
}

}  // namespace

int main(int argc, char** argv) {
  const std::string f = fault();
  const bool describing = argc == 2 && std::string(argv[1]) == "describe";
  if (describing) {
    if (f == "describe_garbage") return line("{\"protocol\":3,\"id\":\n"), 0;
    if (f == "describe_crash") raise(SIGSEGV);
    if (f == "describe_hang") sleep_forever();
  } else if (argc > 1 && std::string(argv[1]) == "run") {
    if (int rc = protocol_fault(f, argc, argv); rc >= 0) return rc;
    if (f == "hang") {
      fork_sleeper(false);
      sleep_forever();
    }
    if (f == "close_hang") {
      close(STDOUT_FILENO);
      close(STDERR_FILENO);
      sleep_forever();
    }
  }

  // A huge memory per lane: lanes * lane_bytes overflows 64 bits for 4 lanes or more.
  const std::uint64_t lane_bytes = f == "huge_memory" ? (std::uint64_t{1} << 62) : 4096;
  int trials = 0;
  // The faults inside a trial, then the proof (spoilt where the fault says so).
  auto before_work = [&] {
    ++trials;
    if (trials == 2 && f == "segfault") {
      static volatile std::uintptr_t nowhere = 0;  // a real invalid write, not a raise()
      *reinterpret_cast<volatile int*>(nowhere) = 1;
    }
    if (f == "abort") std::abort();
    if (f == "slow") sleep(3600);
  };
  auto finish = [&](benchbox::Trial& t, std::uint64_t done, std::uint64_t sum) {
    if (f == "wrong_count") --done;
    if (f == "wrong_checksum") sum /= 2;  // outside any tolerance
    t.finish(done, sum);
  };
  const std::string id = std::getenv("BENCHBOX_FAKE_ID") ? std::getenv("BENCHBOX_FAKE_ID") : "fake";
  benchbox::Adapter adapter(id, "0.0-test");
  adapter.info("purpose", "tests only: the fake module's work, misbehaving on demand (BENCHBOX_FAULT)");
  const std::pair<std::string, std::string> style{"style", "plain loop"};
  adapter.add("step", {.notes = "a loop over the lanes", .min_value = 1, .bytes_per_unit = lane_bytes,
                       .traits = {style, {"lane_bytes", std::to_string(lane_bytes)}}},
              [&](benchbox::Trial& t) {
                before_work();
                const auto lanes = static_cast<std::uint64_t>(t.axis_number());
                volatile std::uint64_t sum = 0;  // volatile: the loop is really run
                t.start();
                for (std::uint64_t i = 0; i < t.ops(); ++i) sum = sum + i % lanes;
                t.stop();
                finish(t, t.ops(), sum);
              });
  adapter.add("pass", {.notes = "a ring of slots", .bytes_per_unit = sizeof(std::uint64_t), .traits = {style}},
              [&](benchbox::Trial& t) {
                before_work();
                std::vector<std::uint64_t> slots(std::max<std::uint64_t>(static_cast<std::uint64_t>(t.axis_number()), 1));
                volatile std::uint64_t sum = 0;
                t.start();
                for (std::uint64_t v = 1; v <= t.ops(); ++v) {
                  slots[v % slots.size()] = v;
                  sum = sum + slots[v % slots.size()];
                }
                t.stop();
                finish(t, t.ops(), sum);
              });
  struct Item {
    std::uint64_t value;
    char payload[56];
  };
  adapter.add("size", {.notes = "a vector of 64-byte items", .min_value = 1, .bytes_per_unit = sizeof(Item),
                       .traits = {style}},
              [&](benchbox::Trial& t) {
                before_work();
                const auto n = static_cast<std::uint64_t>(t.axis_number());
                t.start();
                std::vector<Item> items(n);
                t.stop();
                std::uint64_t sum = 0;
                for (std::uint64_t i = 0; i < n; ++i) sum += items[i].value = i + 1;
                t.figure("bytes_per_item", sizeof(Item));
                finish(t, n, sum);
              });
  const int rc = adapter.main(argc, argv);
  if (describing) return rc;
  if (f == "exit3") return 3;
  if (f == "orphan") fork_sleeper(false);  // the result is complete, but a process stays behind, pipes open
  return rc;
}
