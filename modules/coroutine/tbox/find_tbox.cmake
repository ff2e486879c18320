# Finds tbox built WITH its coroutine module: scripts/setup builds it from Debian's source
# package into build/third_party/tbox (a step modules/coroutine/module.json declares), because
# Debian's libtbox-dev lacks that module. TBOX_ROOT names another build; without it, the one
# set-up built is used when it is there, so that a plain `cmake -S . -B DIR` finds it too.
# Sets BENCHBOX_TBOX_FOUND, the imported target benchbox::tbox, and BENCHBOX_TBOX_WHY when not found.
set(TBOX_ROOT "" CACHE PATH "Prefix of a tbox build with the coroutine module (default: the one scripts/setup builds, build/third_party/tbox)")
set(BENCHBOX_TBOX_FOUND FALSE)
if(TARGET benchbox::tbox)
  set(BENCHBOX_TBOX_FOUND TRUE)
  return()
endif()
set(_tbox_root "${TBOX_ROOT}")
if(NOT _tbox_root AND EXISTS ${CMAKE_SOURCE_DIR}/build/third_party/tbox/lib/libtbox.a)
  set(_tbox_root ${CMAKE_SOURCE_DIR}/build/third_party/tbox)
endif()
if(_tbox_root AND EXISTS ${_tbox_root}/lib/libtbox.a AND EXISTS ${_tbox_root}/include/tbox/tbox.config.h)
  file(STRINGS ${_tbox_root}/include/tbox/tbox.config.h _coroutine REGEX "^#define TB_CONFIG_MODULE_HAVE_COROUTINE")
  if(_coroutine)
    add_library(benchbox::tbox STATIC IMPORTED GLOBAL)
    set_target_properties(benchbox::tbox PROPERTIES IMPORTED_LOCATION ${_tbox_root}/lib/libtbox.a)
    # -isystem: tbox's inline headers are not ours to warn about.
    target_include_directories(benchbox::tbox SYSTEM INTERFACE ${_tbox_root}/include)
    target_link_libraries(benchbox::tbox INTERFACE pthread dl m)
    set(BENCHBOX_TBOX_FOUND TRUE)
  else()
    set(BENCHBOX_TBOX_WHY "the tbox in ${_tbox_root} was built without its coroutine module")
  endif()
else()
  set(BENCHBOX_TBOX_WHY "tbox with its coroutine module not found (TBOX_ROOT='${TBOX_ROOT}', no ${CMAKE_SOURCE_DIR}/build/third_party/tbox/lib/libtbox.a)")
endif()
set(BENCHBOX_TBOX_ENABLE "run scripts/setup (it builds tbox 1.7.3 from Debian's source package into build/third_party/tbox), then configure again (cmake -S . -B DIR finds it there); or configure with -DTBOX_ROOT=<a prefix of scripts/build-tbox.sh>")
