"""Kernels on CuPy arrays and PyTorch tensors, on their streams, without copies.

oxcuda kernels accept any object with the CUDA Array Interface (CuPy arrays, PyTorch CUDA
tensors, numba device arrays) or DLPack, and use its memory in place. To run in order with the
other library's work, launch on its stream: cuda.external_stream wraps a stream handle made
elsewhere. cuda.as_cuda_array and cuda.from_dlpack give an oxcuda device array view of the same
memory.

Needs a GPU and CuPy or PyTorch; each part is skipped (with a message) when its library or a GPU
is missing, so the program always exits cleanly.

    python examples/interop_cupy_torch.py
"""

import numpy as np
import oxcuda
from oxcuda import cuda


@cuda.jit
def axpy(r, a, x, y):
    i = cuda.grid(1)
    if i < r.size:
        r[i] = a * x[i] + y[i]


def with_cupy(n: int) -> str:
    try:
        import cupy as cp
    except ImportError:
        return "CuPy: not installed, skipped"
    rng = np.random.default_rng()
    x_host = rng.random(n, dtype=np.float32)
    y_host = rng.random(n, dtype=np.float32)
    with cp.cuda.Stream(non_blocking=True) as cp_stream:
        x, y = cp.asarray(x_host), cp.asarray(y_host)
        r = cp.empty_like(x)
        stream = cuda.external_stream(cp_stream.ptr)  # CuPy's stream, as an oxcuda Stream
        axpy[(n + 255) // 256, 256, stream](r, np.float32(2.0), x, y)
        view = cuda.as_cuda_array(r)  # an oxcuda device array on the same memory
        assert view.device_ctypes_pointer.value == r.data.ptr
    cp_stream.synchronize()
    np.testing.assert_allclose(cp.asnumpy(r), 2 * x_host + y_host, rtol=1e-6)
    return "CuPy: ok"


def with_torch(n: int) -> str:
    try:
        import torch
    except ImportError:
        return "PyTorch: not installed, skipped"
    if not torch.cuda.is_available():
        return "PyTorch: no CUDA device for torch, skipped"
    x = torch.rand(n, device="cuda")
    y = torch.rand(n, device="cuda")
    r = torch.empty_like(x)
    torch_stream = torch.cuda.Stream()
    torch_stream.wait_stream(torch.cuda.current_stream())  # x and y are written first
    with torch.cuda.stream(torch_stream):
        stream = cuda.external_stream(torch_stream.cuda_stream)
        axpy[(n + 255) // 256, 256, stream](r, np.float32(2.0), x, y)
        view = cuda.from_dlpack(r)  # DLPack works too
        assert view.shape == (n,)
    torch_stream.synchronize()
    np.testing.assert_allclose(r.cpu().numpy(), 2 * x.cpu().numpy() + y.cpu().numpy(), rtol=1e-6)
    return "PyTorch: ok"


def main() -> list[str]:
    if oxcuda.config.resolve("TARGET").value == "sim":
        results = ["no GPU (the simulator): CuPy and PyTorch interop skipped"]
    else:
        results = [with_cupy(1 << 20), with_torch(1 << 20)]
    for line in results:
        print(line)
    return results


if __name__ == "__main__":
    main()
