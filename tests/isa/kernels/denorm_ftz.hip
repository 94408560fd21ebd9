// denorm.hip's kernels compiled with -fgpu-flush-denormals-to-zero (tests/isa/CMakeLists.txt).
#include "denorm.hip"
