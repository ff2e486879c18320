#include "cli/host.hpp"

#include <cstdlib>

#include "run/catalog.hpp"
#include "run/run_lock.hpp"
#include "store/store.hpp"

namespace benchbox {

CliHost program_host(Executor& executor) {
  const char* machine = std::getenv("BENCHBOX_MACHINE");
  return {executor, stdout, stderr, default_libexec_dir(), default_data_root(), default_lock_file(),
          store::default_store_location(), true, machine ? machine : ""};
}

}  // namespace benchbox
