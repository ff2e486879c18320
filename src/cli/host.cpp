#include "cli/host.hpp"

#include "run/catalog.hpp"
#include "run/run_lock.hpp"
#include "store/store.hpp"

namespace benchbox {

CliHost program_host(Executor& executor) {
  return {executor, stdout, stderr, default_libexec_dir(), default_data_root(), default_lock_file(),
          store::default_store_location(), true};
}

}  // namespace benchbox
