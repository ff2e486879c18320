// pcl: the Portable Coroutine Library (Davide Libenzi). co_call() resumes a coroutine, co_resume()
// in its body returns to whoever called it. Debian's build switches with glibc's swapcontext, so
// every switch also makes an rt_sigprocmask system call, and it looks up the thread's current
// coroutine with pthread_getspecific (multi-thread build). No channel in the API.
#include <pcl.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "../common/coroutine_adapter.hpp"

// The version banner libpcl exports ("Portable Coroutine Library (PCL) - Version 1.12 ...");
// pcl.h does not declare it.
extern "C" const char* pcl_version;

using namespace benchbox::coroutine;

namespace {

void body(void* arg) {
  const auto* self = static_cast<const SwitchArg*>(arg);
  self->tally->body(self->index, [] { co_resume(); });
}

void run_switch(Trial& trial) {
  const auto n = static_cast<std::size_t>(trial.axis_number());
  SwitchTally tally(trial, n);
  std::vector<SwitchArg> bodies(n);
  std::vector<coroutine_t> coroutines(n);
  for (std::size_t i = 0; i < n; ++i) {
    bodies[i] = SwitchArg{&tally, i};
    // A null stack: PCL allocates kStackBytes itself (together with its coroutine record).
    coroutines[i] = co_create(body, &bodies[i], nullptr, static_cast<int>(kStackBytes));
    if (!coroutines[i]) throw std::runtime_error("co_create failed");
  }
  tally.drive([&](std::size_t i) { co_call(coroutines[i]); });
  tally.finish();
  for (auto c : coroutines) co_delete(c);  // suspended in co_resume(): never resumed again
}

// Create: co_create (PCL allocates the record and the 64 KiB stack), co_call runs the body,
// which ends with co_exit(): PCL frees the coroutine and returns to the caller.
void create_body(void* arg) {
  static_cast<const CreateArg*>(arg)->run();
  co_exit();
}

void run_create(Trial& trial) {
  CreateTally tally(trial);
  const std::size_t k = tally.alive();
  std::vector<CreateArg> args(k);
  std::vector<coroutine_t> batch(k);
  std::uint64_t id = 0;
  tally.start();
  for (std::uint64_t b = 0; b < tally.batches(); ++b) {
    for (std::size_t j = 0; j < k; ++j) {
      args[j] = CreateArg{&tally, ++id};
      batch[j] = co_create(create_body, &args[j], nullptr, static_cast<int>(kStackBytes));
      if (!batch[j]) throw std::runtime_error("co_create failed");
    }
    for (auto c : batch) co_call(c);
  }
  tally.stop();
  tally.finish();
}

// Memory: N coroutines, each co_call'ed once and suspended in co_resume().
void memory_body(void* arg) {
  const auto* self = static_cast<const MemoryArg*>(arg);
  self->tally->entered(self->index);
  co_resume();
  self->tally->completed();
  co_exit();
}

void run_memory(Trial& trial) {
  MemoryTally tally(trial);
  const std::size_t n = tally.coroutines();
  std::vector<MemoryArg> args(n);
  std::vector<coroutine_t> coroutines(n);
  tally.begin();
  for (std::size_t i = 0; i < n; ++i) {
    args[i] = MemoryArg{&tally, i};
    coroutines[i] = co_create(memory_body, &args[i], nullptr, static_cast<int>(kStackBytes));
    if (!coroutines[i]) throw std::runtime_error("co_create failed");
    co_call(coroutines[i]);
  }
  tally.all_suspended();
  for (auto c : coroutines) co_call(c);  // each completes and co_exit() frees it
  tally.finish();
}

std::string version() {
  const std::string banner = pcl_version ? pcl_version : "";
  const auto at = banner.find("Version ");
  if (at == std::string::npos) return "unknown";
  const auto begin = at + 8, end = banner.find_first_of(" \n", begin);
  return banner.substr(begin, end - begin);
}

}  // namespace

int main(int argc, char** argv) {
  Library adapter("pcl", version());
  adapter.add(Case::switch_, run_switch).add(Case::create, run_create).add(Case::memory, run_memory);
  return adapter.main(argc, argv);
}
