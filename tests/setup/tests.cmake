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

# The libraries outside Debian (library.json "verified"; docs/building-libraries.md) without a
# usable prefix: configure says each is not found and how to enable it. Those found at a prefix are
# checked by their own integration tests (integration.<module>.<id>) in a build configured with it.
add_test(NAME setup.outside_not_found
         COMMAND ${CMAKE_CURRENT_LIST_DIR}/outside_not_found.py ${CMAKE_SOURCE_DIR} ${_setup_work}/outside_not_found)
set_tests_properties(setup.outside_not_found PROPERTIES LABELS setup TIMEOUT 600)
