# tbox built WITH its coroutine module, shared by three modules (coroutine's tbox and
# tbox.stackless, allocator's tbox, hashmap's tbox.hash_map): scripts/setup.sh builds it from Debian's
# source package into build/third_party/tbox (scripts/build-tbox.sh, the step each of those
# modules' module.json declares), because Debian's libtbox-dev lacks that module. TBOX_ROOT names
# another build; without it, the one set-up built is used when it is there, so that a plain
# `cmake -S . -B DIR` finds it too.
#
#   benchbox_tbox_library()
#
# in a library folder: benchbox_library with adapter.cpp linked with tbox (the imported target
# benchbox::tbox, found once), or the library unavailable with what configure found instead.

# _benchbox_find_tbox(<found> <detail>): sets <found> TRUE and defines benchbox::tbox, or sets
# <found> FALSE and <detail> to what was found instead (benchbox_library's DETAIL: the folder's
# library.json says the reason, "tbox with its coroutine module not found", and how to enable it).
function(_benchbox_find_tbox found detail)
  set(TBOX_ROOT "" CACHE PATH "Prefix of a tbox build with the coroutine module (default: the one scripts/setup.sh builds, build/third_party/tbox)")
  set(${found} FALSE PARENT_SCOPE)
  if(TARGET benchbox::tbox)
    set(${found} TRUE PARENT_SCOPE)
    return()
  endif()
  set(root "${TBOX_ROOT}")
  if(NOT root AND EXISTS ${CMAKE_SOURCE_DIR}/build/third_party/tbox/lib/libtbox.a)
    set(root ${CMAKE_SOURCE_DIR}/build/third_party/tbox)
  endif()
  if(root AND EXISTS ${root}/lib/libtbox.a AND EXISTS ${root}/include/tbox/tbox.config.h)
    file(STRINGS ${root}/include/tbox/tbox.config.h coroutine REGEX "^#define TB_CONFIG_MODULE_HAVE_COROUTINE")
    if(coroutine)
      add_library(benchbox::tbox STATIC IMPORTED GLOBAL)
      set_target_properties(benchbox::tbox PROPERTIES IMPORTED_LOCATION ${root}/lib/libtbox.a)
      # -isystem: tbox's inline headers are not ours to warn about.
      target_include_directories(benchbox::tbox SYSTEM INTERFACE ${root}/include)
      target_link_libraries(benchbox::tbox INTERFACE pthread dl m)
      set(${found} TRUE PARENT_SCOPE)
      return()
    endif()
    set(${detail} "the tbox in ${root} was built without its coroutine module" PARENT_SCOPE)
  else()
    set(${detail} "TBOX_ROOT='${TBOX_ROOT}', no ${CMAKE_SOURCE_DIR}/build/third_party/tbox/lib/libtbox.a" PARENT_SCOPE)
  endif()
endfunction()

function(benchbox_tbox_library)
  _benchbox_find_tbox(tbox_found tbox_detail)
  benchbox_library(${ARGN} FOUND tbox_found DETAIL "${tbox_detail}" SOURCES adapter.cpp LIBRARIES benchbox::tbox)
  set(BENCHBOX_LAST_TARGET "${BENCHBOX_LAST_TARGET}" PARENT_SCOPE)
endfunction()
