# hipcore_discovered_tests_environment(<list> VAR=value...): sets the environment of the tests
# gtest_discover_tests(... TEST_LIST <list>) discovered.
#
# gtest_discover_tests passes its PROPERTIES on as one flat list, so ENVIRONMENT "A=1;B=2" reaches
# set_tests_properties as ENVIRONMENT A=1 followed by a property named "B=2": only the first
# variable is set, silently (CMake 3.25). This sets the whole list once the discovered tests
# exist, from an include file ctest reads after gtest's own.
function(hipcore_discovered_tests_environment list)
  set(file "${CMAKE_CURRENT_BINARY_DIR}/${list}_environment.cmake")
  file(WRITE "${file}"
    "if(${list})\n  set_tests_properties(\${${list}} PROPERTIES ENVIRONMENT \"${ARGN}\")\nendif()\n")
  set_property(DIRECTORY APPEND PROPERTY TEST_INCLUDE_FILES "${file}")
endfunction()
