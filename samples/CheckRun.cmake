# Runs PROGRAM and fails unless it exits with EXPECT_CODE and prints EXPECT_TEXT.
execute_process(COMMAND "${PROGRAM}" RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
message(STATUS "${out}${err}")
if(NOT code STREQUAL "${EXPECT_CODE}")
  message(FATAL_ERROR "${PROGRAM} exited with ${code}, expected ${EXPECT_CODE}")
endif()
if(NOT out MATCHES "${EXPECT_TEXT}")
  message(FATAL_ERROR "${PROGRAM} did not print '${EXPECT_TEXT}'")
endif()
