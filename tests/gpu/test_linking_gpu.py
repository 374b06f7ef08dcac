"""Kernels calling external device functions, launched on the GPU and compared with NumPy.

Link inputs are compiled at test time with NVRTC for the current device (docs/linking.md);
``tests/compile/test_linking.py`` covers the same kernels without a GPU (compile and link only).
"""

from __future__ import annotations

import numpy as np
import oxcuda
import pytest
from oxcuda import _native, _toolchain, cuda, float32, float64, int64, void
from oxcuda.errors import LinkerError
from oxcuda.types import CPointer

pytestmark = pytest.mark.gpu

SOURCE = """
extern "C" __device__ float add_one(float x) { return x + 1.0f; }

extern "C" __device__ double total(const float *x, long long n) {
    double s = 0.0;
    for (long long i = 0; i < n; ++i) s += x[i];
    return s;
}

extern "C" __device__ int mul_f32(float *out, float a, float b) {
    *out = a * b;
    return 0;
}

extern "C" __device__ int is_odd(bool *out, long long x) {
    *out = (x & 1) != 0;
    return 0;
}

extern "C" __device__ int scale_first(void **out, float *p, float f) {
    p[0] *= f;
    return 0;
}
"""


@pytest.fixture(autouse=True)
def on_gpu():
    with oxcuda.config.override(TARGET="gpu"):
        yield


@pytest.fixture
def cu_file(tmp_path):
    path = tmp_path / "functions.cu"
    path.write_text(SOURCE)
    return str(path)


def device_code(output: str) -> bytes:
    """SOURCE compiled by NVRTC for the current device: PTX, LTO-IR or a relocatable cubin."""
    major, minor = cuda.get_current_device().compute_capability
    _toolchain.nvrtc_info()
    options = {
        "ptx": [f"-arch=compute_{major}{minor}", "-rdc=true"],
        "ltoir": [f"-arch=compute_{major}{minor}", "-rdc=true", "-dlto"],
        "cubin": [f"-arch=sm_{major}{minor}", "-rdc=true"],
    }[output]
    return bytes(_native.nvrtc_compile(SOURCE, "functions.cu", options, output)[0])


def random_f32(n: int) -> np.ndarray:
    return np.random.default_rng().uniform(-100, 100, n).astype(np.float32)


def launch_add_one(add_one, lto=None) -> None:
    """Runs ``a[i] = add_one(x[i])`` on fresh random data and checks it."""
    options = {} if lto is None else {"lto": lto}

    @cuda.jit(**options)
    def k(out, x):
        i = cuda.grid(1)
        if i < x.size:
            out[i] = add_one(x[i])

    n = int(np.random.default_rng().integers(500, 5000))
    x = random_f32(n)
    out = cuda.to_device(np.full(n, np.nan, np.float32))
    k[(n + 127) // 128, 128](out, cuda.to_device(x))
    np.testing.assert_array_equal(out.copy_to_host(), x + np.float32(1))


@pytest.mark.parametrize("lto", [None, False, True])
def test_c_abi_function_from_a_cu_file(cu_file, lto):
    add_one = cuda.declare_device("add_one", "float32(float32)", link=cu_file, abi="c")
    launch_add_one(add_one, lto)


@pytest.mark.parametrize("lto", [False, True])
def test_numba_abi_functions(cu_file, lto):
    mul = cuda.declare_device("mul_f32", "float32(float32, float32)", link=cu_file)
    odd = cuda.declare_device("is_odd", "bool(int64)", link=cu_file)

    @cuda.jit(lto=lto)
    def k(out, flags, x, y):
        i = cuda.grid(1)
        if i < x.size:
            out[i] = mul(x[i], y[i])
            flags[i] = odd(i)

    n = 3000
    x, y = random_f32(n), random_f32(n)
    out = cuda.to_device(np.full(n, np.nan, np.float32))
    flags = cuda.to_device(np.zeros(n, np.bool_))
    k[(n + 255) // 256, 256](out, flags, cuda.to_device(x), cuda.to_device(y))
    np.testing.assert_array_equal(out.copy_to_host(), x * y)
    np.testing.assert_array_equal(flags.copy_to_host(), np.arange(n) % 2 == 1)


def test_pointer_parameters(cu_file):
    total = cuda.declare_device("total", float64(CPointer(float32), int64), link=cu_file, abi="c")
    scale = cuda.declare_device(
        "scale_first", void(CPointer(float32), float32), link=cu_file, abi="numba"
    )

    @cuda.jit
    def k(out, x, y, f):
        if cuda.grid(1) == 0:
            out[0] = total(x, x.size)
            scale(y, f)

    x = random_f32(777)
    y = random_f32(5)
    f = np.float32(np.random.default_rng().uniform(2, 3))
    out = cuda.to_device(np.full(1, np.nan))
    dy = cuda.to_device(y)
    k[1, 32](out, cuda.to_device(x), dy, f)
    np.testing.assert_allclose(out.copy_to_host()[0], x.astype(np.float64).sum(), rtol=1e-12)
    expected = y.copy()
    expected[0] *= f
    np.testing.assert_array_equal(dy.copy_to_host(), expected)


@pytest.mark.parametrize("kind", ["ptx", "ltoir", "cubin"])
def test_every_file_kind(tmp_path, kind):
    path = tmp_path / f"functions.{kind}"
    path.write_bytes(device_code(kind))
    add_one = cuda.declare_device("add_one", "float32(float32)", link=str(path), abi="c")
    launch_add_one(add_one)


@pytest.mark.parametrize(
    ("cls", "kind"),
    [(cuda.PTXSource, "ptx"), (cuda.LTOIR, "ltoir"), (cuda.Cubin, "cubin"), (cuda.CUSource, None)],
)
def test_every_in_memory_kind(cls, kind):
    data = SOURCE if kind is None else device_code(kind)
    add_one = cuda.declare_device("add_one", "float32(float32)", link=cls(data), abi="c")
    launch_add_one(add_one)


def test_legacy_jit_link_and_device_function_callers(tmp_path):
    path = tmp_path / "functions.ptx"
    path.write_bytes(device_code("ptx"))
    mul = cuda.declare_device("mul_f32", "float32(float32, float32)")

    @cuda.jit(device=True)
    def square(v):
        return mul(v, v)

    @cuda.jit(link=[str(path)])
    def k(out, x):
        i = cuda.grid(1)
        if i < x.size:
            out[i] = square(x[i])

    x = random_f32(1000)
    out = cuda.to_device(np.full(x.size, np.nan, np.float32))
    k[8, 128](out, cuda.to_device(x))
    np.testing.assert_array_equal(out.copy_to_host(), x * x)


def test_debug_kernels_link_without_lto(cu_file):
    add_one = cuda.declare_device("add_one", "float32(float32)", link=cu_file, abi="c")

    @cuda.jit(debug=True, opt=False)
    def k(out, x):
        i = cuda.grid(1)
        if i < x.size:
            out[i] = add_one(x[i])

    x = random_f32(300)
    out = cuda.to_device(np.full(x.size, np.nan, np.float32))
    k[3, 128](out, cuda.to_device(x))
    np.testing.assert_array_equal(out.copy_to_host(), x + np.float32(1))


# ---- without nvJitLink: the driver's linker -------------------------------------------------


@pytest.mark.parametrize("kind", ["cu", "ptx", "cubin"])
def test_driver_linker_links_what_it_can_read(tmp_path, cu_file, kind):
    path = cu_file if kind == "cu" else str(tmp_path / f"functions.{kind}")
    if kind != "cu":
        with open(path, "wb") as f:
            f.write(device_code(kind))
    add_one = cuda.declare_device("add_one", "float32(float32)", link=path, abi="c")
    mul = cuda.declare_device("mul_f32", "float32(float32, float32)", link=path)
    with oxcuda.config.override(USE_NVJITLINK=False):

        @cuda.jit
        def k(out, x):
            i = cuda.grid(1)
            if i < x.size:
                out[i] = mul(add_one(x[i]), x[i])

        x = random_f32(int(np.random.default_rng().integers(500, 3000)))
        out = cuda.to_device(np.full(x.size, np.nan, np.float32))
        k[(x.size + 127) // 128, 128](out, cuda.to_device(x))
    np.testing.assert_array_equal(out.copy_to_host(), (x + np.float32(1)) * x)


def test_driver_linker_with_legacy_link_option(cu_file):
    with oxcuda.config.override(USE_NVJITLINK=False):
        add_one = cuda.declare_device("add_one", "float32(float32)", abi="c")

        @cuda.jit(link=[cu_file])
        def k(out, x):
            i = cuda.grid(1)
            if i < x.size:
                out[i] = add_one(x[i])

        x = random_f32(1000)
        out = cuda.to_device(np.full(x.size, np.nan, np.float32))
        k[8, 128](out, cuda.to_device(x))
    np.testing.assert_array_equal(out.copy_to_host(), x + np.float32(1))


def test_driver_linker_refuses_ltoir_and_reports_its_log(tmp_path):
    path = tmp_path / "functions.ltoir"
    path.write_bytes(device_code("ltoir"))
    add_one = cuda.declare_device("add_one", "float32(float32)", link=str(path), abi="c")
    missing = cuda.declare_device(
        "no_such_function",
        "float32(float32)",
        link=cuda.PTXSource(b".version 7.0\n.target sm_75\n.address_size 64\n"),
        abi="c",
    )

    @cuda.jit
    def k(a):
        a[0] = add_one(a[0])

    @cuda.jit
    def unresolved(a):
        a[0] = missing(a[0])

    a = cuda.to_device(np.zeros(2, np.float32))
    with oxcuda.config.override(USE_NVJITLINK=False):
        with pytest.raises(LinkerError, match=r"functions\.ltoir: LTO-IR can only be linked by"):
            k[1, 1](a)
        with pytest.raises(LinkerError, match="driver's linker failed") as info:
            unresolved[1, 1](a)
    assert "no_such_function" in str(info.value)


def _scaled_product(a, b):
    return a * b * np.float32(0.5)


def _odd(x):
    return x % 2 == 1


@pytest.mark.parametrize("lto", [False, True])
def test_compile_ptx_output_links_back(tmp_path, lto):
    # compile_ptx(..., device=True) gives numba's ABI (int sym(RET *out, ARGS...)), which
    # declare_device calls: oxcuda's PTX links into an oxcuda kernel as numba-cuda's does.
    import re

    cc = cuda.get_current_device().compute_capability
    links = []
    symbols = []
    for fn, sig in ((_scaled_product, float32(float32, float32)), (_odd, "bool(int64)")):
        ptx, _ = cuda.compile_ptx(fn, sig, device=True, cc=cc)
        symbols.append(re.search(r"\.visible \.func\s*\([^)]*\)\s*(\w+)\(", ptx).group(1))
        path = tmp_path / f"{fn.__name__}.ptx"
        path.write_text(ptx)
        links.append(str(path))
    mul = cuda.declare_device(symbols[0], "float32(float32, float32)", link=links[0])
    odd = cuda.declare_device(symbols[1], "bool(int64)", link=links[1])

    @cuda.jit(lto=lto)
    def k(out, flags, x, y):
        i = cuda.grid(1)
        if i < x.size:
            out[i] = mul(x[i], y[i])
            flags[i] = odd(i)

    n = 3000
    x, y = random_f32(n), random_f32(n)
    out = cuda.to_device(np.full(n, np.nan, np.float32))
    flags = cuda.to_device(np.zeros(n, np.bool_))
    k[(n + 255) // 256, 256](out, flags, cuda.to_device(x), cuda.to_device(y))
    np.testing.assert_array_equal(out.copy_to_host(), x * y * np.float32(0.5))
    np.testing.assert_array_equal(flags.copy_to_host(), np.arange(n) % 2 == 1)


SLOT_RESULTS = """
extern "C" __device__ int copy_half(unsigned short *out, const unsigned short *x) {
    *out = *x;
    return 0;
}
struct c64 { float re, im; };
extern "C" __device__ int product_and_sum(c64 *out, float a, float b) {
    out->re = a * b;
    out->im = a + b;
    return 0;
}
"""


def test_numba_abi_float16_and_complex_results():
    # numba's ABI returns through `ret *out`: float16 and complex64 results are the slot's
    # bytes (docs/linking.md), here a half copied bit for bit and a complex built from parts.
    from oxcuda import complex64, float16

    code = cuda.CUSource(SLOT_RESULTS)
    copy_half = cuda.declare_device("copy_half", float16(CPointer(float16)), link=code)
    pair = cuda.declare_device("product_and_sum", "complex64(float32, float32)", link=code)

    @cuda.jit(void(float16[::1], complex64[::1], float16[::1], float32[::1], float32[::1]))
    def k(h, z, x, a, b):
        i = cuda.grid(1)
        if i < h.size:
            h[i] = copy_half(x[i:])
            z[i] = pair(a[i], b[i])

    n = 1000
    x = random_f32(n).astype(np.float16)
    a, b = random_f32(n), random_f32(n)
    h = cuda.device_array(n, np.float16)
    z = cuda.device_array(n, np.complex64)
    k[(n + 127) // 128, 128](h, z, cuda.to_device(x), cuda.to_device(a), cuda.to_device(b))
    np.testing.assert_array_equal(h.copy_to_host().view(np.uint16), x.view(np.uint16))
    want = np.empty(n, np.complex64)
    want.real, want.imag = a * b, a + b
    np.testing.assert_array_equal(z.copy_to_host(), want)


ARCH_SPECIFIC_SOURCE = """
extern "C" __device__ int set_descriptor(int *out, int *smem) {
    unsigned usmem = __cvta_generic_to_shared(smem);
    asm volatile("tensormap.replace.tile.rank.shared::cta.b1024.b32 [%0], 2;" :: "r"(usmem));
    return 0;
}
"""


@pytest.mark.parametrize("lto", [False, True])
def test_cuda_sources_use_the_gpus_arch_specific_instructions(lto):
    # numba-cuda's test_device_arch_specific: inline PTX only sm_90a has, in a linked CUDA C++
    # function; the build targets the GPU's architecture-specific target (_linker).
    cc = tuple(cuda.get_current_device().compute_capability)
    if cc != (9, 0):
        pytest.skip(f"tensormap.replace is an sm_90a instruction; this GPU is compute {cc}")
    set_descriptor = cuda.declare_device(
        "set_descriptor",
        "int32(CPointer(int32))",
        link=cuda.CUSource(ARCH_SPECIFIC_SOURCE, name="desc.cu"),
    )

    @cuda.jit(lto=lto)
    def kernel(a, v):
        sm = cuda.shared.array(1, dtype=np.int32)
        set_descriptor(sm)
        sm[0] = v
        cuda.syncthreads()
        a[0] = sm[0]

    a = np.zeros(1, dtype=np.int32)
    v = int(np.random.default_rng().integers(1, 1000))
    kernel[1, 1](a, v)
    assert a[0] == v
