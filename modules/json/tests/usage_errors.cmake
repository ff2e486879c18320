# The user's own file as a json data set, refused before anything runs, in one line naming the
# file and exit status 2, whatever is wrong with it (moved from the driver's tests/cli_errors.cmake:
# the driver's own test runs without any real module).
#   cmake -DBENCHBOX=... -DWORK=DIR -P usage_errors.cmake
include(${CMAKE_CURRENT_LIST_DIR}/../../../tests/expect_usage_error.cmake)
set(dir ${WORK})
file(REMOVE_RECURSE ${dir})
file(MAKE_DIRECTORY ${dir})
file(WRITE ${dir}/empty.json "")
file(MAKE_DIRECTORY ${dir}/a_folder)
file(WRITE ${dir}/broken.json "{\"a\": [1, 2")
file(WRITE ${dir}/duplicate_keys.json "{\"a\": 1, \"a\": 2}")
file(WRITE ${dir}/trailing.json "[1] [2]")
expect_usage_error_matching("data set for parse: '${dir}/nosuch.json': no such file, and not one of canada, citm"
                            json -n parse ${dir}/nosuch.json)
expect_usage_error_matching("'${dir}/empty.json': empty" json -n parse ${dir}/empty.json)
expect_usage_error_matching("'${dir}/a_folder': a directory, not a file" json -n parse ${dir}/a_folder)
expect_usage_error_matching("'${dir}/broken.json': not valid JSON: expected ',' or ']' at byte 11" json -n parse ${dir}/broken.json)
expect_usage_error_matching("not valid JSON: text after the document" json -n stringify ${dir}/trailing.json)
expect_usage_error_matching("the key \"a\" a second time in one object" json -n parse ${dir}/duplicate_keys.json)
expect_usage_error_matching("not a regular file" json -n parse /dev/null)
# One bad file in a sweep stops the sweep before anything runs.
expect_usage_error_matching("broken.json': not valid JSON" json -n parse mixed,${dir}/broken.json)
