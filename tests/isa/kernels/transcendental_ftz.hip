// The kernels of transcendental.hip with denormals flushed (-fgpu-flush-denormals-to-zero).
#include "transcendental.hip"
