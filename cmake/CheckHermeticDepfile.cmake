# cmake -DDEPFILE=file.d -DSOURCE=file.hip -P CheckHermeticDepfile.cmake
# Fails a HIP compile that read any of AMD's headers (/usr/include/hip): hipcore's headers stand
# alone, and clang would otherwise fall back to AMD's for any name hipcore lacks.
file(READ "${DEPFILE}" _deps)
string(REGEX MATCHALL "(/usr/include/hip/|/opt/rocm[^ ]*/include/hip/)[^ \\\\\n]+" _amd "${_deps}")
if(_amd)
  list(REMOVE_DUPLICATES _amd)
  string(REPLACE ";" "\n  " _amd "${_amd}")
  message(FATAL_ERROR "${SOURCE} read AMD's HIP headers instead of hipcore's:\n  ${_amd}\n"
    "(a header or name is missing from hipcore's include/hip)")
endif()
