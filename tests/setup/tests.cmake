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
