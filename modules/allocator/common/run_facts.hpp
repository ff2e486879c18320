// The facts of an allocator's library.json that `run` needs: where malloc must resolve, the largest
// value per case, the cases that do not apply and what the program case preloads. allocator_run_facts
// (modules/allocator/CMakeLists.txt) writes them as constants from the file at configure time, so
// that a run parses no JSON and makes no string of them before its trials (what it allocates there
// would change the heap the measured allocator starts from). describe reads the whole file
// (allocator_info, allocator_adapter.hpp) and checks that these say the same.
// Cases are named by their ids (cases.hpp); each list ends with an entry whose case_id is null.
#pragma once

#include <cstdint>

namespace benchbox::allocator::run_facts {

struct Limit {
  const char* case_id;
  std::int64_t max_value;
};

struct NotApplicable {
  const char* case_id;
  const char* reason;
};

extern const char malloc_from[];     // "": the adapter calls the library's own API
extern const char malloc_archive[];  // the static archive of that library linked in ("": none, a shared library)
extern const char preload[];          // "preload": "none", "malloc", a library's name, or "" (not named)
// For a library's name: the file configure found; for "malloc" with malloc_archive: the shared
// library beside the archive ("": not found).
extern const char preload_file[];
extern const Limit limits[];
extern const NotApplicable not_applicable[];

}  // namespace benchbox::allocator::run_facts
