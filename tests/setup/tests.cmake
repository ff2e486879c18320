# The set-up scripts (docs/reliability.md, "Set-up"), label "setup". RUN_SERIAL: the deb-src tests
# download apt indexes, and the /tmp test must see no other test's temporary files. Skipped (77,
# with the reason) where the Debian archive cannot be reached or no unpacked tbox source exists.
set(_setup_work ${CMAKE_CURRENT_BINARY_DIR}/setup)
foreach(_format deb822 one-line)
  add_test(NAME setup.deb_src.${_format}
           COMMAND ${CMAKE_CURRENT_LIST_DIR}/deb_src.sh ${CMAKE_SOURCE_DIR} ${_setup_work}/deb_src-${_format} ${_format})
  set_tests_properties(setup.deb_src.${_format} PROPERTIES LABELS setup SKIP_RETURN_CODE 77 RUN_SERIAL TRUE
                       TIMEOUT 900)
endforeach()
add_test(NAME setup.tmp_untouched
         COMMAND ${CMAKE_CURRENT_LIST_DIR}/tmp_untouched.sh ${CMAKE_SOURCE_DIR} ${_setup_work}/tmp_untouched "${TBOX_ROOT}")
set_tests_properties(setup.tmp_untouched PROPERTIES LABELS setup SKIP_RETURN_CODE 77 RUN_SERIAL TRUE TIMEOUT 1800)

# The modules' declarations (modules/<module>/module.json, docs/declarations.md): well-formed and
# true of the tree; the README's generated parts current; set-up's package resolution and its data
# step on throw-away declarations (data_npm: this tree's data sets from the npm registry, skipped
# when it cannot be reached); scripts/stability.py's figures on made-up runs, read by this build's benchbox.
add_test(NAME setup.declarations COMMAND ${CMAKE_SOURCE_DIR}/scripts/modules.py check)
add_test(NAME setup.readme_generated COMMAND ${CMAKE_SOURCE_DIR}/scripts/modules.py readme --check)
add_test(NAME setup.packages
         COMMAND ${CMAKE_CURRENT_LIST_DIR}/packages.sh ${CMAKE_SOURCE_DIR} ${_setup_work}/packages)
add_test(NAME setup.script_usage COMMAND ${CMAKE_CURRENT_LIST_DIR}/script_usage.sh ${CMAKE_SOURCE_DIR})
add_test(NAME setup.script_references COMMAND ${CMAKE_CURRENT_LIST_DIR}/script_references.py ${CMAKE_SOURCE_DIR})
add_test(NAME setup.stability_figures
         COMMAND ${CMAKE_CURRENT_LIST_DIR}/stability_figures.sh ${CMAKE_SOURCE_DIR} ${_setup_work}/stability_figures
                 $<TARGET_FILE:benchbox>)
add_test(NAME setup.data COMMAND ${CMAKE_CURRENT_LIST_DIR}/data.sh ${CMAKE_SOURCE_DIR} ${_setup_work}/data)
add_test(NAME setup.data_npm COMMAND ${CMAKE_CURRENT_LIST_DIR}/data_npm.sh ${CMAKE_SOURCE_DIR} ${_setup_work}/data_npm)
add_test(NAME setup.debian_extract
         COMMAND ${CMAKE_CURRENT_LIST_DIR}/debian_extract.sh ${CMAKE_SOURCE_DIR} ${_setup_work}/debian_extract)
set_tests_properties(setup.declarations setup.readme_generated setup.packages setup.script_usage
                     setup.script_references setup.stability_figures
                     setup.data setup.data_npm setup.debian_extract
                     PROPERTIES LABELS setup SKIP_RETURN_CODE 77 TIMEOUT 300)

# Every outside library a module declares: scripts/build-library into an empty prefix, then found by
# a plain configure and its adapter built. benchbox never fetches one: each test is skipped unless
# BENCHBOX_LIBRARY_CHECKOUTS (here or in the environment) names a folder holding <id>/, a checkout.
set(BENCHBOX_LIBRARY_CHECKOUTS "" CACHE PATH
    "Folder of checkouts of the outside libraries (<dir>/<build-library id>), for the setup.build_library.* tests")
foreach(_declaration IN LISTS BENCHBOX_DECLARATIONS)
  file(READ ${_declaration} _text)
  string(JSON _count ERROR_VARIABLE _none LENGTH "${_text}" outside)
  if(_none OR _count EQUAL 0)
    continue()
  endif()
  math(EXPR _last "${_count} - 1")
  foreach(_i RANGE ${_last})
    string(JSON _id MEMBER "${_text}" outside ${_i})
    add_test(NAME setup.build_library.${_id}
             COMMAND ${CMAKE_CURRENT_LIST_DIR}/build_library.sh ${CMAKE_SOURCE_DIR} ${_setup_work}/build_library-${_id}
                     ${_id} "${BENCHBOX_LIBRARY_CHECKOUTS}")
    set_tests_properties(setup.build_library.${_id} PROPERTIES LABELS setup SKIP_RETURN_CODE 77 TIMEOUT 1200
                         PROCESSORS 2)
  endforeach()
endforeach()
