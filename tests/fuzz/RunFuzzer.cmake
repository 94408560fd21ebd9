# Runs one libFuzzer binary for a ctest (cmake -P): MODE=fuzz fuzzes for SECONDS starting from a
# scratch copy of the committed corpus INPUTS (the repository is never written); MODE=replay
# executes every file of INPUTS once. Any crash, sanitizer report, leak, timeout or OOM fails.
foreach(var FUZZER MODE INPUTS SCRATCH)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "RunFuzzer.cmake: ${var} not set")
  endif()
endforeach()
file(REMOVE_RECURSE "${SCRATCH}")
file(MAKE_DIRECTORY "${SCRATCH}/corpus" "${SCRATCH}/artifacts")
# A fixed seed makes a CI run replay the same mutations (only how far it gets depends on the
# machine's speed); FUZZ_SEED overrides it for exploratory runs.
if(NOT DEFINED FUZZ_SEED)
  set(FUZZ_SEED 1)
endif()
set(common -rss_limit_mb=2048 -timeout=10 -seed=${FUZZ_SEED} -artifact_prefix=${SCRATCH}/artifacts/)
if(MODE STREQUAL "fuzz")
  file(GLOB seeds "${INPUTS}/*")
  if(seeds)
    file(COPY ${seeds} DESTINATION "${SCRATCH}/corpus")
  endif()
  set(command "${FUZZER}" ${common} -max_total_time=${SECONDS} -print_final_stats=1
              "${SCRATCH}/corpus")
elseif(MODE STREQUAL "replay")
  file(GLOB inputs "${INPUTS}/*")
  set(command "${FUZZER}" ${common} ${inputs})
else()
  message(FATAL_ERROR "RunFuzzer.cmake: MODE must be fuzz or replay")
endif()
execute_process(COMMAND ${command} RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  file(GLOB artifacts "${SCRATCH}/artifacts/*")
  message(FATAL_ERROR "fuzz_${MODE}: ${FUZZER} exited with ${status}; inputs: ${artifacts}")
endif()
