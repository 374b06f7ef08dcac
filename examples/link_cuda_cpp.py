"""Calling a CUDA C++ device function from a Python kernel.

cuda.declare_device names an external device function and its signature; link= gives its code,
here CUDA C++ held in memory (cuda.CUSource; a path to a .cu file works the same). oxcuda compiles
the C++ with NVRTC and links it with the kernel through nvJitLink. abi="c" means the function
takes and returns values as C does (numba's default ABI passes the result through a pointer:
docs/linking.md).

Linked kernels run only on a GPU: without one this example compiles the kernel to PTX (showing
the external function's declaration) and stops there. On a GPU it runs the kernel and checks it
against NumPy.

    python examples/link_cuda_cpp.py
"""

import numpy as np
import oxcuda
from oxcuda import cuda, float32, void

SOURCE = cuda.CUSource(
    """
extern "C" __device__ float smoothstep(float edge0, float edge1, float x) {
    float t = fminf(fmaxf((x - edge0) / (edge1 - edge0), 0.0f), 1.0f);
    return t * t * (3.0f - 2.0f * t);
}
""",
    name="smoothstep.cu",
)

smoothstep = cuda.declare_device(
    "smoothstep", "float32(float32, float32, float32)", link=SOURCE, abi="c"
)


def apply(out, x):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = smoothstep(float32(0.25), float32(0.75), x[i])


def smoothstep_numpy(x: np.ndarray) -> np.ndarray:
    t = np.clip((x - 0.25) / 0.5, 0, 1)
    return t * t * (3 - 2 * t)


def main() -> None:
    if oxcuda.config.resolve("TARGET").value == "sim":
        ptx, _ = cuda.compile_ptx(apply, void(float32[::1], float32[::1]))
        assert "smoothstep" in ptx
        print("no GPU: compiled to PTX, which calls the external smoothstep; running needs a GPU")
        return
    kernel = cuda.jit(apply)
    x = np.random.default_rng().random(10_000, dtype=np.float32)
    out = cuda.device_array_like(x)
    kernel[(x.size + 255) // 256, 256](out, cuda.to_device(x))
    np.testing.assert_allclose(out.copy_to_host(), smoothstep_numpy(x), rtol=1e-5, atol=1e-6)
    print("CUDA C++ smoothstep called from a Python kernel: ok")


if __name__ == "__main__":
    main()
