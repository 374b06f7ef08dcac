"""Kernels calling CUDA C++ through ``cuda.declare_device``, on both targets: on the GPU the
source goes through NVRTC and nvJitLink, on the simulator it is compiled for the host and
called natively (``oxcuda.cuda._sim_native_code``, ``crates/sim/src/host_call.rs``). Each
kernel's result is compared with NumPy on fresh random data, so the two targets are held to
the same answers. The simulator's refusals and its build cache are tested at the end.
"""

from __future__ import annotations

import numpy as np
import oxcuda
import pytest
from oxcuda import cuda, types
from oxcuda.cuda import _sim_native_code
from oxcuda.errors import LinkerError

# The simulator's half needs a host C++ compiler (CI and the development machines have g++); the
# refusal without one is tested below either way.
HAS_CXX = _sim_native_code.host_compiler_available()
needs_cxx = pytest.mark.skipif(not HAS_CXX, reason="no host C++ compiler (g++)")


@pytest.fixture
def either(target):
    """``target``, skipping the simulator's half where no host C++ compiler exists."""
    if target == "sim" and not HAS_CXX:
        pytest.skip("no host C++ compiler (g++) for the simulator's build")
    return target


GEOMETRY_CU = cuda.CUSource(
    """
extern "C" __device__ int place(long long *out, int a) {
    // Every geometry value the header provides, folded into one number per thread.
    *out = (long long)a * 1000000 + threadIdx.x + 100 * threadIdx.y + 1000 * blockIdx.x
         + 10000 * blockIdx.y + 100000 * (blockDim.x + blockDim.y + gridDim.x + gridDim.y)
         + warpSize * 0;
    return 0;
}
""",
    name="geometry.cu",
)


def test_the_calling_threads_geometry_reaches_the_cpp(either, rng):
    place = cuda.declare_device("place", types.int64(types.int32), link=GEOMETRY_CU)

    @cuda.jit
    def k(a, out):
        x, y = cuda.grid(2)
        if x < out.shape[0] and y < out.shape[1]:
            out[x, y] = place(a[x, y])

    grid, block = (3, 2), (4, 5)
    shape = (grid[0] * block[0], grid[1] * block[1])
    a = rng.integers(-1000, 1000, size=shape, dtype=np.int32)
    out = np.zeros(shape, np.int64)
    k[grid, block](a, out)
    x, y = np.indices(shape)
    tx, ty, bx, by = x % block[0], y % block[1], x // block[0], y // block[1]
    dims = block[0] + block[1] + grid[0] + grid[1]
    want = a.astype(np.int64) * 1000000 + tx + 100 * ty + 1000 * bx + 10000 * by + 100000 * dims
    np.testing.assert_array_equal(out, want)


MATH_CU = cuda.CUSource(
    """
// sin, exp and fabs: CUDA's device math on the GPU, <cmath> (the simulator's header) on the host.
extern "C" __device__ double damped(double x, float k, long long n, bool flip) {
    double v = sin(x) * exp(-k * fabs(x)) + (double)n;
    return flip ? -v : v;
}
extern "C" __device__ signed char wrap8(int x) { return (signed char)(x * 3); }
extern "C" __device__ unsigned short mix16(unsigned short a, unsigned char b) {
    return (unsigned short)(a ^ (b << 4));
}
""",
    name="math.cu",
)


def test_c_abi_scalars_of_every_width_cross_both_ways(either, rng):
    sig = types.float64(types.float64, types.float32, types.int64, types.boolean)
    damped = cuda.declare_device("damped", sig, link=MATH_CU, abi="c")
    wrap8 = cuda.declare_device("wrap8", types.int8(types.int32), link=MATH_CU, abi="c")
    mix16 = cuda.declare_device(
        "mix16", types.uint16(types.uint16, types.uint8), link=MATH_CU, abi="c"
    )

    @cuda.jit
    def k(x, kk, n, flip, w, a, b, out, out8, out16):
        i = cuda.grid(1)
        if i < x.size:
            out[i] = damped(x[i], kk[i], n[i], flip[i])
            out8[i] = wrap8(w[i])
            out16[i] = mix16(a[i], b[i])

    m = 300
    x = rng.uniform(-4, 4, m)
    kk = rng.uniform(0, 2, m).astype(np.float32)
    n = rng.integers(-(2**40), 2**40, m)
    flip = rng.random(m) < 0.5
    w = rng.integers(-(2**20), 2**20, m, dtype=np.int32)
    a = rng.integers(0, 2**16, m, dtype=np.uint16)
    b = rng.integers(0, 256, m, dtype=np.uint8)
    out, out8, out16 = np.zeros(m), np.zeros(m, np.int8), np.zeros(m, np.uint16)
    k[(m + 127) // 128, 128](x, kk, n, flip, w, a, b, out, out8, out16)
    want = np.sin(x) * np.exp(-kk.astype(np.float64) * np.abs(x)) + n
    want = np.where(flip, -want, want)
    np.testing.assert_allclose(out, want, rtol=1e-12, atol=1e-9)
    np.testing.assert_array_equal(out8, (w * 3).astype(np.int8))  # wraps, negative included
    np.testing.assert_array_equal(out16, a ^ (b.astype(np.uint16) << 4))


POINTERS_CU = cuda.CUSource(
    """
extern "C" __device__ void accumulate(float *total, const float *xs, int n, unsigned int *count) {
    float s = 0.0f;
    for (int i = 0; i < n; ++i) s += xs[i];
    atomicAdd(total, s);
    atomicAdd(count, 1u);
}
extern "C" __device__ int minmax(int *out, int *lo, int *hi, int v) {
    atomicMin(lo, v);
    atomicMax(hi, v);
    *out = v;
    return 0;
}
""",
    name="pointers.cu",
)


def test_pointers_and_atomics_see_the_kernels_arrays(either, rng):
    accumulate = cuda.declare_device(
        "accumulate",
        types.void(
            types.CPointer(types.float32),
            types.CPointer(types.float32),
            types.int32,
            types.CPointer(types.uint32),
        ),
        link=POINTERS_CU,
        abi="c",
    )
    minmax = cuda.declare_device(
        "minmax",
        types.int32(types.CPointer(types.int32), types.CPointer(types.int32), types.int32),
        link=POINTERS_CU,
    )

    @cuda.jit
    def k(rows, total, count, values, lo, hi, echo):
        i = cuda.grid(1)
        if i < rows.shape[0]:
            accumulate(total, rows[i], rows.shape[1], count)
            echo[i] = minmax(lo, hi, values[i])

    m, width = 200, 17
    rows = rng.integers(-8, 8, size=(m, width)).astype(np.float32)  # exact sums in float32
    values = rng.integers(-(2**30), 2**30, m, dtype=np.int32)
    total, count = np.zeros(1, np.float32), np.zeros(1, np.uint32)
    lo = np.array([np.iinfo(np.int32).max], np.int32)
    hi = np.array([np.iinfo(np.int32).min], np.int32)
    echo = np.zeros(m, np.int32)
    k[4, 64](rows, total, count, values, lo, hi, echo)
    assert total[0] == rows.astype(np.float64).sum()
    assert count[0] == m
    assert (lo[0], hi[0]) == (values.min(), values.max())
    np.testing.assert_array_equal(echo, values)


COMPLEX_CU = cuda.CUSource(
    """
struct c128 { double re, im; };
extern "C" __device__ int polar(c128 *out, double r, double theta) {
    out->re = r * cos(theta);
    out->im = r * sin(theta);
    return 0;
}
""",
    name="complex.cu",
)


def test_a_numba_abi_complex_result_comes_back_through_out(either, rng):
    polar = cuda.declare_device(
        "polar", types.complex128(types.float64, types.float64), link=COMPLEX_CU
    )

    @cuda.jit
    def k(r, theta, out):
        i = cuda.grid(1)
        if i < r.size:
            out[i] = polar(r[i], theta[i])

    m = 100
    r, theta = rng.uniform(0, 5, m), rng.uniform(-np.pi, np.pi, m)
    out = np.zeros(m, np.complex128)
    k[1, 128](r, theta, out)
    np.testing.assert_allclose(out, r * np.exp(1j * theta), rtol=1e-13, atol=1e-13)


# ---- the simulator's refusals and its build cache --------------------------------------------


@pytest.fixture
def sim():
    with oxcuda.config.override(TARGET="sim"):
        yield


def _kernel_calling(fn):
    @cuda.jit
    def k(a):
        a[0] = fn(a[0])

    return k


@needs_cxx
def test_a_compile_error_names_the_source_and_what_the_simulator_offers(sim):
    bad = cuda.CUSource(
        'extern "C" __device__ int f(int *o, int a) { *o = a +; return 0; }', name="broken.cu"
    )
    k = _kernel_calling(cuda.declare_device("f", "int32(int32)", link=bad))
    with pytest.raises(LinkerError, match="for the simulator failed") as info:
        k[1, 1](np.ones(1, np.int32))
    message = str(info.value)
    assert "broken.cu:1" in message  # the source's own name, not a temporary file's
    assert "no barriers" in message


@needs_cxx
def test_a_barrier_in_linked_cpp_is_refused_not_run(sim):
    uses_barrier = cuda.CUSource(
        'extern "C" __device__ int f(int *o, int a) { __syncthreads(); *o = a; return 0; }',
        name="barrier.cu",
    )
    k = _kernel_calling(cuda.declare_device("f", "int32(int32)", link=uses_barrier))
    with pytest.raises(LinkerError, match="__syncthreads"):
        k[1, 1](np.ones(1, np.int32))


@needs_cxx
def test_a_declared_function_no_source_defines_is_a_link_error(sim):
    other = cuda.CUSource('extern "C" __device__ int g(int *o) { *o = 1; return 0; }')
    k = _kernel_calling(cuda.declare_device("missing_fn", "int32(int32)", link=other))
    with pytest.raises(LinkerError, match="missing_fn"):
        k[1, 1](np.ones(1, np.int32))


def test_a_declared_function_with_no_link_item_names_what_would_run(sim):
    k = _kernel_calling(cuda.declare_device("nowhere", "int32(int32)"))
    with pytest.raises(RuntimeError, match=r"nowhere cannot run on the simulator.*CUDA C\+\+"):
        k[1, 1](np.ones(1, np.int32))


def test_ptx_is_refused_on_the_simulator(sim):
    ptx = cuda.PTXSource(".version 8.0\n.target sm_90\n.address_size 64\n", name="code.ptx")
    k = _kernel_calling(cuda.declare_device("f", "int32(int32)", link=ptx))
    with pytest.raises(RuntimeError, match=r"'code.ptx' \(PTX\), which cannot run on the sim"):
        k[1, 1](np.ones(1, np.int32))


@needs_cxx
def test_compiler_messages_on_success_are_a_warning(sim):
    noisy = cuda.CUSource(
        '#warning "from the linked source"\n'
        'extern "C" __device__ int f(int *o, int a) { *o = a + 1; return 0; }',
        name="noisy.cu",
    )
    k = _kernel_calling(cuda.declare_device("f", "int32(int32)", link=noisy))
    a = np.array([41], np.int32)
    with pytest.warns(UserWarning, match="from the linked source"):
        k[1, 1](a)
    assert a[0] == 42


def test_no_host_compiler_is_a_clear_error(monkeypatch):
    monkeypatch.delenv("CXX", raising=False)
    monkeypatch.setenv("PATH", "/nonexistent")
    with pytest.raises(RuntimeError, match=r"no C\+\+ compiler was found.*set CXX"):
        _sim_native_code.compiler_command()
    monkeypatch.setenv("CXX", "/nonexistent/c++ -O0")
    assert _sim_native_code.compiler_command() == ["/nonexistent/c++", "-O0"]


def test_an_unrunnable_compiler_is_a_clear_error(sim, monkeypatch):
    monkeypatch.setenv("CXX", "/nonexistent/c++")
    source = cuda.CUSource('extern "C" __device__ int f(int *o, int a) { *o = a; return 0; }')
    k = _kernel_calling(cuda.declare_device("f", "int32(int32)", link=source))
    with pytest.raises(RuntimeError, match=r"cannot run the host C\+\+ compiler"):
        k[1, 1](np.ones(1, np.int32))


@needs_cxx
def test_builds_are_cached_by_content(sim):
    externs = [("f", "numba", ["int32"], "int32")]
    text = 'extern "C" __device__ int f(int *o, int a) { *o = a * %d; return 0; }'
    first = _sim_native_code.build("k", [cuda.CUSource(text % 2)], externs)
    again = _sim_native_code.build("k", [cuda.CUSource(text % 2)], externs)
    edited = _sim_native_code.build("k", [cuda.CUSource(text % 3)], externs)
    assert first is again
    assert edited is not first
    assert first.thunks["f"] != edited.thunks["f"]
    assert _sim_native_code.build("k", [], []) is None


@needs_cxx
def test_a_files_quoted_includes_resolve_from_its_own_directory(sim, tmp_path, monkeypatch, rng):
    # One header beside the file, one in a directory of OXCUDA_NVRTC_INCLUDE_PATH.
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "helper.cuh").write_text(
        "__device__ inline int triple(int a) { return 3 * a; }\n"
    )
    user = tmp_path / "user_headers"
    user.mkdir()
    (user / "offset.cuh").write_text("#define OFFSET 7\n")
    monkeypatch.setenv("OXCUDA_NVRTC_INCLUDE_PATH", str(user))
    source = tmp_path / "uses_helper.cu"
    source.write_text(
        '#include "sub/helper.cuh"\n#include "offset.cuh"\n'
        'extern "C" __device__ int tri(int *out, int a) { *out = triple(a) + OFFSET; return 0; }\n'
    )
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)  # not the file's directory
    k = _kernel_calling(cuda.declare_device("tri", "int32(int32)", link=str(source)))
    a = rng.integers(-1000, 1000, 1, dtype=np.int32)
    want = 3 * a + 7
    k[1, 1](a)
    np.testing.assert_array_equal(a, want)
