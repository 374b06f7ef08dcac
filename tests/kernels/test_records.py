"""Records: NumPy structured dtypes in kernels, with numba-cuda's semantics.

Arrays of records (1-d and 2-d; C, F and strided layouts), field reads and writes by attribute,
by ``['name']`` and by position, nested records, subarray fields, aligned and packed dtypes,
records passed to and returned from device functions, record assignment, ``DeviceRecord`` and
NumPy record arguments (written back), tuples holding records; typing errors with their caret;
the kernel ABI of a record argument in the PTX.
"""

from __future__ import annotations

import inspect

import numpy as np
import pytest
from oxcuda import _native, cuda, from_dtype
from oxcuda.cuda import compiler
from oxcuda.errors import TypingError

from ._util import rand

# ---- dtypes and data ---------------------------------------------------------------------

FIELDS = [
    ("a", np.float64),
    ("b", np.int32),
    ("c", np.complex64),
    ("v", np.float32, (3,)),
    ("f", np.bool_),
    ("h", np.float16),
    ("u", np.uint8),
]
ALIGNED = np.dtype(FIELDS, align=True)
PACKED = np.dtype(FIELDS)

INNER = np.dtype([("x", np.int16), ("y", np.float64)], align=True)
NESTED_FIELDS = [
    ("id", np.int8),
    ("p", INNER),
    ("q", INNER, (2,)),
    ("m", np.float32, (2, 3)),
]
NESTED = np.dtype(NESTED_FIELDS, align=True)
# Packed: the aligned inner record sits at offset 1, so its accesses must not assume alignment.
NESTED_PACKED = np.dtype(NESTED_FIELDS)

FLAT_DTYPES = pytest.mark.parametrize("dtype", [ALIGNED, PACKED], ids=["aligned", "packed"])
NESTED_DTYPES = pytest.mark.parametrize("dtype", [NESTED, NESTED_PACKED], ids=["aligned", "packed"])


def random_records(rng: np.random.Generator, shape, dtype: np.dtype) -> np.ndarray:
    """Records with every scalar field (nested ones too) random."""
    out = np.zeros(shape, dtype)

    def fill(view: np.ndarray, dt: np.dtype) -> None:
        for name in dt.names:
            base = dt.fields[name][0].base
            sub = view[name]
            if base.names is not None:
                fill(sub, base)
            else:
                sub[...] = rand(rng, sub.shape, base, -50, 50)

    fill(out, dtype)
    return out


def launch(kernel, n: int, *args) -> list:
    """Launches over ``n`` threads with NumPy arrays as device arrays; returns the arrays
    copied back."""
    return launch_blocks(kernel, (n + 31) // 32, 32, *args)


def launch_blocks(kernel, grid: int, block: int, *args) -> list:
    """As :func:`launch` with an explicit grid and block."""
    dev = [cuda.to_device(a) if isinstance(a, np.ndarray) else a for a in args]
    kernel[grid, block](*dev)
    return [d.copy_to_host() for d, a in zip(dev, args, strict=True) if isinstance(a, np.ndarray)]


# ---- reading and writing fields ----------------------------------------------------------


@cuda.jit
def read_fields_k(recs, out):
    i = cuda.grid(1)
    if i < recs.size:
        r = recs[i]
        out[i] = r.a + r["b"] + recs[i].c.real + r.v[1]


@FLAT_DTYPES
def test_read_fields(target, rng, dtype):
    recs = random_records(rng, 70, dtype)
    (got_recs, got) = launch(read_fields_k, 70, recs, np.full(70, np.nan))
    expect = recs["a"] + recs["b"] + recs["c"].real + recs["v"][:, 1]
    np.testing.assert_allclose(got, expect, rtol=1e-15)
    np.testing.assert_array_equal(got_recs, recs)


@cuda.jit
def read_every_field_k(recs, out_f, out_c, out_b):
    i = cuda.grid(1)
    if i < recs.size:
        r = recs[i]
        out_f[i, 0] = r.a
        out_f[i, 1] = r.b
        out_f[i, 2] = r.v[0] + r.v[2]
        out_f[i, 3] = r.h
        out_f[i, 4] = r.u
        out_c[i] = r.c
        out_b[i] = r.f


@FLAT_DTYPES
def test_read_every_field(target, rng, dtype):
    n = 45
    recs = random_records(rng, n, dtype)
    got_f, got_c, got_b = launch(
        read_every_field_k,
        n,
        recs,
        np.full((n, 5), np.nan),
        np.zeros(n, np.complex64),
        np.zeros(n, np.bool_),
    )[1:]
    np.testing.assert_array_equal(got_f[:, 0], recs["a"])
    np.testing.assert_array_equal(got_f[:, 1], recs["b"])
    np.testing.assert_array_equal(got_f[:, 2], recs["v"][:, 0] + recs["v"][:, 2])
    np.testing.assert_array_equal(got_f[:, 3], recs["h"])
    np.testing.assert_array_equal(got_f[:, 4], recs["u"])
    np.testing.assert_array_equal(got_c, recs["c"])
    np.testing.assert_array_equal(got_b, recs["f"])


@cuda.jit
def write_fields_k(recs, x):
    i = cuda.grid(1)
    if i < recs.size:
        r = recs[i]
        recs[i].a = 2.0 * r.a
        recs[i]["b"] = 7
        r.c = complex(x[i], -x[i])
        r.v[2] = r.v[0] - x[i]
        r["f"] = not r.f
        r.h = r.h * 2
        r.u += 3


@FLAT_DTYPES
def test_write_fields(target, rng, dtype):
    n = 70
    recs = random_records(rng, n, dtype)
    x = rand(rng, n, np.float32)
    (got, _) = launch(write_fields_k, n, recs, x)
    expect = recs.copy()
    expect["a"] = 2.0 * recs["a"]
    expect["b"] = 7
    expect["c"] = x + -x * 1j
    expect["v"][:, 2] = recs["v"][:, 0] - x
    expect["f"] = ~recs["f"]
    expect["h"] = recs["h"] * np.float16(2)
    expect["u"] = recs["u"] + np.uint8(3)
    np.testing.assert_array_equal(got, expect)


@cuda.jit
def coerce_k(recs, x):
    i = cuda.grid(1)
    if i < recs.size:
        recs[i].a = x[i]  # float32 into float64
        recs[i].b = x[i] * 10  # float64 truncated into int32
        recs[i].c = 1.5  # float into complex64


def test_stores_convert_to_the_field_type(target, rng):
    n = 33
    recs = random_records(rng, n, ALIGNED)
    x = rand(rng, n, np.float32)
    (got, _) = launch(coerce_k, n, recs, x)
    np.testing.assert_array_equal(got["a"], x.astype(np.float64))
    np.testing.assert_array_equal(got["b"], (x.astype(np.float64) * 10).astype(np.int32))
    np.testing.assert_array_equal(got["c"], np.complex64(1.5))


@cuda.jit
def by_position_k(recs, out):
    i = cuda.grid(1)
    if i < recs.size:
        r = recs[i]
        out[i] = r[0] + r[-1]
        r[1] = i


def test_fields_by_position(target, rng):
    n = 40
    recs = random_records(rng, n, ALIGNED)
    got_recs, got = launch(by_position_k, n, recs, np.zeros(n))
    np.testing.assert_array_equal(got, recs["a"] + recs["u"])
    np.testing.assert_array_equal(got_recs["b"], np.arange(n))


# ---- nested records and subarrays ---------------------------------------------------------


@cuda.jit
def nested_k(recs, out):
    i = cuda.grid(1)
    if i < recs.size:
        r = recs[i]
        out[i] = r.p.y + r.q[1].x + r["m"][1, 2] + r.q[0]["y"]
        recs[i].p.x = i
        r.q[0].y = r.m[0, 0]
        r.m[1, 0] = r.p.y
        r["q"][1]["x"] = r.id


@NESTED_DTYPES
def test_nested_records_and_subarrays(target, rng, dtype):
    n = 50
    recs = random_records(rng, n, dtype)
    got_recs, got = launch(nested_k, n, recs, np.zeros(n))
    expect_out = recs["p"]["y"] + recs["q"][:, 1]["x"] + recs["m"][:, 1, 2] + recs["q"][:, 0]["y"]
    np.testing.assert_allclose(got, expect_out, rtol=1e-15)
    expect = recs.copy()
    expect["p"]["x"] = np.arange(n)
    expect["q"][:, 0]["y"] = recs["m"][:, 0, 0]
    expect["m"][:, 1, 0] = recs["p"]["y"]
    expect["q"][:, 1]["x"] = recs["id"]
    np.testing.assert_array_equal(got_recs, expect)


@cuda.jit
def subarray_assign_k(recs, src):
    i = cuda.grid(1)
    if i < recs.size:
        recs[i]["m"] = src[i]  # an array into a subarray field
        recs[i].m[0, :] = 0.5  # a row of it, broadcast
        r = recs[i]
        r.q[1:] = r.q[0]  # records broadcast into a slice of a record subarray


@NESTED_DTYPES
def test_assign_to_subarray_fields(target, rng, dtype):
    n = 20
    recs = random_records(rng, n, dtype)
    src = rand(rng, (n, 2, 3), np.float32)
    (got, _) = launch(subarray_assign_k, n, recs, src)
    expect = recs.copy()
    expect["m"] = src
    expect["m"][:, 0, :] = 0.5
    expect["q"][:, 1] = recs["q"][:, 0]
    np.testing.assert_array_equal(got, expect)


@cuda.jit
def copy_records_k(dst, src, perm):
    i = cuda.grid(1)
    if i < dst.size:
        dst[i] = src[perm[i]]
        dst[i].p = src[i].q[1]


def test_record_assignment_copies(target, rng):
    n = 30
    src = random_records(rng, n, NESTED)
    dst = random_records(rng, n, NESTED)
    perm = rng.permutation(n)
    (got, _, _) = launch(copy_records_k, n, dst, src, perm)
    expect = src[perm].copy()
    expect["p"] = src["q"][:, 1]
    np.testing.assert_array_equal(got, expect)


# A packed record whose subarray fields sit below their items' alignment (v at 1, w at 13).
ODD = np.dtype([("x", np.int8), ("v", np.float32, (3,)), ("w", np.float64, (2,))])


@cuda.jit
def odd_subarray_k(recs, out):
    i = cuda.grid(1)
    if i < recs.size:
        r = recs[i]
        out[i] = r.v[0] + r.v[2] + r.w[1]
        r.w[0] = r.v[1] * 2
        r.v[1] = r.x


def test_misaligned_subarray_fields(target, rng):
    n = 37
    recs = random_records(rng, n, ODD)
    got_recs, got = launch(odd_subarray_k, n, recs, np.zeros(n))
    np.testing.assert_allclose(got, recs["v"][:, 0] + recs["v"][:, 2] + recs["w"][:, 1], rtol=1e-15)
    expect = recs.copy()
    expect["w"][:, 0] = recs["v"][:, 1] * 2
    expect["v"][:, 1] = recs["x"]
    np.testing.assert_array_equal(got_recs, expect)


def test_misaligned_subarrays_are_typed_unaligned_and_accessed_bytewise():
    recs = cuda.to_device(np.zeros(3, ODD))
    args = (recs, cuda.to_device(np.zeros(3)))
    types = tuple(_native.typeof_args(args))
    ir = compiler.compile_pyfunc(odd_subarray_k.py_func, types, device=False, output="ir", cc=None)
    assert "unaligned array(float32, 1d, C) = getfield" in str(ir["module"])
    assert "unaligned array(float64, 1d, C) = getfield" in str(ir["module"])
    ptx = ptx_of(odd_subarray_k, *args)
    for wide in ("ld.global.f32", "ld.global.f64", "st.global.f32"):
        assert wide not in ptx, wide
    assert ptx.count("st.global.f64") == 1  # out[i], an aligned array


@cuda.jit
def odd_atomic_k(recs):
    cuda.atomic.add(recs[0].v, 0, 1.0)  # <-- here


def test_atomics_on_misaligned_subarrays_are_refused(target):
    exc = typing_error(odd_atomic_k, cuda.to_device(np.zeros(2, ODD)))
    check_caret(exc, "type-mismatch", line_of(odd_atomic_k, "<-- here"), "recs[0].v")
    assert "aligned" in exc.diagnostics[0].message


@cuda.jit
def shfl_record_k(recs):
    cuda.shfl_sync(-1, recs[0], 0)  # <-- here


@cuda.jit
def match_record_k(recs):
    cuda.match_any_sync(-1, recs[0])  # <-- here


@pytest.mark.parametrize("kernel", [shfl_record_k, match_record_k], ids=["shfl", "match"])
def test_warp_functions_refuse_records(target, kernel):
    exc = typing_error(kernel, cuda.to_device(np.zeros(2, ALIGNED)))
    check_caret(exc, "type-mismatch", line_of(kernel, "<-- here"), "recs[0]")


@cuda.jit
def odd_shfl_k(recs, out):
    i = cuda.grid(1)
    out[i] = cuda.shfl_down_sync(-1, recs[i].v[1], 1)


def test_shuffles_of_misaligned_subarray_items(target, rng):
    recs = random_records(rng, 32, ODD)
    (got,) = launch(odd_shfl_k, 32, recs, np.zeros(32))[1:]
    v = recs["v"][:, 1].astype(np.float64)
    np.testing.assert_array_equal(got, np.concatenate([v[1:], v[31:]]))


# ---- shared and local arrays of records -----------------------------------------------------

NTHREADS = 16
SHARED_REC = from_dtype(NESTED)


@cuda.jit
def shared_chunk_copy_k(x, y):
    # numba-cuda's test_shared_recarray: records through shared memory.
    sm = cuda.shared.array(NTHREADS, dtype=SHARED_REC)
    tx = cuda.threadIdx.x
    i = cuda.blockIdx.x * cuda.blockDim.x + tx
    if i < len(x):
        sm[tx] = x[i]
    cuda.syncthreads()
    if tx == 0:
        for j in range(NTHREADS):
            y[cuda.blockIdx.x * cuda.blockDim.x + j] = sm[NTHREADS - 1 - j]


def test_shared_array_of_records(target, rng):
    n = 4 * NTHREADS
    x = random_records(rng, n, NESTED)
    (_, got) = launch_blocks(shared_chunk_copy_k, n // NTHREADS, NTHREADS, x, np.zeros_like(x))
    expect = x.reshape(-1, NTHREADS)[:, ::-1].reshape(-1)
    np.testing.assert_array_equal(got, expect)


@cuda.jit
def local_records_k(recs):
    i = cuda.grid(1)
    if i < recs.size:
        tmp = cuda.local.array(2, ALIGNED)  # a structured dtype global: its record type
        tmp[0] = recs[i]
        tmp[1] = tmp[0]
        tmp[1].a = tmp[0].a + 1
        tmp[1].v[2] = tmp[0].b
        recs[i] = tmp[1]


def test_local_array_of_records(target, rng):
    n = 40
    recs = random_records(rng, n, ALIGNED)
    (got,) = launch(local_records_k, n, recs)
    expect = recs.copy()
    expect["a"] += 1
    expect["v"][:, 2] = recs["b"]
    np.testing.assert_array_equal(got, expect)


@cuda.jit
def dynamic_shared_records_k(x, y):
    sm = cuda.shared.array(0, dtype=SHARED_REC)
    tx = cuda.threadIdx.x
    sm[tx] = x[tx]
    cuda.syncthreads()
    y[tx] = sm[sm.size - 1 - tx]


def test_dynamic_shared_array_of_records(target, rng):
    n = 24
    x = random_records(rng, n, NESTED)
    dx, dy = cuda.to_device(x), cuda.to_device(np.zeros_like(x))
    dynamic_shared_records_k[1, n, 0, n * NESTED.itemsize](dx, dy)
    np.testing.assert_array_equal(dy.copy_to_host(), x[::-1])


# ---- device functions ----------------------------------------------------------------------


@cuda.jit(device=True)
def norm_dev(r):
    return r.a * r.a + r.v[0]


@cuda.jit(device=True)
def bump_dev(r, k):
    r.b += k
    r.v[1] = k


@cuda.jit(device=True)
def pick_dev(recs, i):
    return recs[recs.size - 1 - i]


@cuda.jit
def device_functions_k(recs, src, out):
    i = cuda.grid(1)
    if i < recs.size:
        out[i] = norm_dev(recs[i]) + pick_dev(src, i).b
        bump_dev(recs[i], 3)


@FLAT_DTYPES
def test_records_through_device_functions(target, rng, dtype):
    n = 64
    recs = random_records(rng, n, dtype)
    got_recs, _, got = launch(device_functions_k, n, recs, recs.copy(), np.zeros(n))
    expect_out = recs["a"] * recs["a"] + recs["v"][:, 0] + recs["b"][::-1]
    # The GPU may contract a*a + v into one FMA (rounded once, as numba-cuda's code is): allow
    # an ulp or two of the terms' magnitude, not of a possibly cancelled result.
    scale = recs["a"] * recs["a"] + np.abs(recs["v"][:, 0]) + np.abs(recs["b"][::-1])
    np.testing.assert_array_less(np.abs(got - expect_out), 1e-15 * scale + 1e-300)
    expect = recs.copy()
    expect["b"] += 3
    expect["v"][:, 1] = 3
    np.testing.assert_array_equal(got_recs, expect)


# ---- record arguments ---------------------------------------------------------------------


@cuda.jit
def record_arg_k(rec, out):
    out[0] = rec.a
    out[1] = rec.v[2]
    out[2] = rec["c"].imag
    rec.b = 42
    rec["a"] = 0.5 * rec.a


def test_device_record_argument(target, rng):
    recs = random_records(rng, 4, ALIGNED)
    d = cuda.to_device(recs[2])
    assert type(d).__name__ == "DeviceRecord"
    out = cuda.to_device(np.zeros(3))
    record_arg_k[1, 1](d, out)
    np.testing.assert_array_equal(
        out.copy_to_host(), [recs[2]["a"], recs[2]["v"][2], recs[2]["c"].imag]
    )
    got = d.copy_to_host()
    assert got["b"] == 42
    assert got["a"] == 0.5 * recs[2]["a"]
    assert got["v"].tolist() == recs[2]["v"].tolist()


@pytest.mark.filterwarnings("ignore::oxcuda.cuda.NumbaPerformanceWarning")
@FLAT_DTYPES
def test_numpy_record_argument_is_written_back(target, rng, dtype):
    recs = random_records(rng, 5, dtype)
    before = recs.copy()
    out = np.zeros(3)
    record_arg_k[1, 1](recs[3], out)  # a view into `recs`: written back into it
    np.testing.assert_array_equal(out, [before[3]["a"], before[3]["v"][2], before[3]["c"].imag])
    expect = before.copy()
    expect[3]["b"] = 42
    expect[3]["a"] = 0.5 * before[3]["a"]
    np.testing.assert_array_equal(recs, expect)


@pytest.mark.filterwarnings("ignore::oxcuda.cuda.NumbaPerformanceWarning")
def test_numpy_structured_array_argument_is_copied_both_ways(target, rng):
    recs = random_records(rng, 40, ALIGNED)
    expect_out = recs["a"] + recs["b"] + recs["c"].real + recs["v"][:, 1]
    out = np.zeros(40)
    read_fields_k[2, 32](recs, out)  # NumPy arrays: copied in and out by the dispatcher
    np.testing.assert_allclose(out, expect_out, rtol=1e-15)
    rec_array = recs.view(np.recarray)
    out[:] = 0
    read_fields_k[2, 32](rec_array, out)
    np.testing.assert_allclose(out, expect_out, rtol=1e-15)


@cuda.jit
def tuple_arg_k(t, out):
    i = cuda.grid(1)
    recs, rec = t
    if i < recs.size:
        out[i] = recs[i].a * rec.b + t[1].v[0]


def test_tuple_of_record_array_and_record(target, rng):
    n = 30
    recs = random_records(rng, n, ALIGNED)
    one = random_records(rng, 1, ALIGNED)
    out = cuda.to_device(np.zeros(n))
    tuple_arg_k[1, 32]((cuda.to_device(recs), cuda.to_device(one[0])), out)
    expect = recs["a"] * one[0]["b"] + one[0]["v"][0]
    np.testing.assert_allclose(out.copy_to_host(), expect, rtol=1e-15)


# ---- multi-dimensional arrays and layouts --------------------------------------------------


@cuda.jit
def grid2d_k(recs, out):
    i, j = cuda.grid(2)
    if i < recs.shape[0] and j < recs.shape[1]:
        r = recs[i, j]
        out[i, j] = r.a * j + r.b
        recs[i, j].a = i * 100 + j


@pytest.mark.parametrize("layout", ["C", "F", "A"])
def test_2d_arrays_of_records(target, rng, layout):
    host = random_records(rng, (9, 14), ALIGNED)
    if layout == "F":
        host = np.asfortranarray(host)
    dev = cuda.to_device(host)
    if layout == "A":
        dev, host = dev[1:, ::2], host[1:, ::2].copy()
    shape = host.shape
    out = cuda.to_device(np.zeros(shape))
    grid2d_k[(2, 2), (8, 8)](dev, out)
    jj = np.arange(shape[1])[None, :]
    ii = np.arange(shape[0])[:, None]
    np.testing.assert_allclose(out.copy_to_host(), host["a"] * jj + host["b"], rtol=1e-15)
    got = dev.copy_to_host()
    np.testing.assert_array_equal(got["a"], ii * 100 + jj + 0 * host["a"])
    np.testing.assert_array_equal(got["b"], host["b"])


@cuda.jit
def iterate_k(recs, out):
    total = 0
    for r in recs:
        total += r.b
    for row in recs[1:]:
        total += row.u
    out[0] = total


def test_iterating_over_records(target, rng):
    recs = random_records(rng, 25, ALIGNED)
    (_, got) = launch(iterate_k, 1, recs, np.zeros(1, np.int64))
    assert got[0] == recs["b"].sum() + recs["u"][1:].astype(np.int64).sum()


@cuda.jit
def out_of_bounds_k(recs, out):
    out[0] = recs[recs.size].a


def test_out_of_range_record_access_is_an_index_error_on_the_simulator(rng):
    from oxcuda import config

    recs = random_records(rng, 5, ALIGNED)
    with config.override(TARGET="sim"):
        with pytest.raises(IndexError, match="record access out of bounds"):
            launch(out_of_bounds_k, 1, recs, np.zeros(1))


# ---- typing errors --------------------------------------------------------------------------


def line_of(func, marker: str) -> int:
    lines, first = inspect.getsourcelines(func.py_func)
    return first + next(k for k, text in enumerate(lines) if marker in text)


def typing_error(kernel, *args) -> TypingError:
    with pytest.raises(TypingError) as info:
        kernel[1, 1](*args)
    return info.value


def check_caret(exc: TypingError, code: str, line: int, under: str) -> None:
    """The first diagnostic has ``code``, points at ``line`` and puts its caret under the first
    occurrence of ``under`` on that line."""
    d = exc.diagnostics[0]
    assert d.code == code, exc
    assert d.line == line, exc
    assert d.file == __file__
    assert d.column - 1 == d.source_line.index(under), (d.column, d.source_line)
    rendered = d.rendered.splitlines()
    src = next(k for k, t in enumerate(rendered) if t.rstrip().endswith(d.source_line.strip()))
    caret = rendered[src + 1]
    offset = (
        rendered[src].index(d.source_line.strip())
        - len(d.source_line)
        + len(d.source_line.lstrip())
    )
    assert caret.index("^") == offset + d.column - 1, d.rendered


@cuda.jit
def unknown_attribute_k(recs, out):
    out[0] = recs[0].zz  # <-- here


@cuda.jit
def unknown_key_k(recs, out):
    out[0] = recs[0]["zz"]  # <-- here


@cuda.jit
def bad_position_k(recs, out):
    out[0] = recs[0][7]  # <-- here


@cuda.jit
def unknown_store_k(recs, out):
    recs[0].zz = 1.0  # <-- here


@pytest.mark.parametrize(
    ("kernel", "under", "what"),
    [
        (unknown_attribute_k, "zz", "no field 'zz'"),
        (unknown_key_k, '"zz"', "no field 'zz'"),
        (bad_position_k, "7", "field position 7 is out of range for a record of 7 fields"),
        (unknown_store_k, "zz", "no field 'zz'"),
    ],
    ids=["attribute", "key", "position", "store"],
)
def test_unknown_field_lists_the_fields(target, kernel, under, what):
    recs = cuda.to_device(np.zeros(2, ALIGNED))
    exc = typing_error(kernel, recs, cuda.to_device(np.zeros(1)))
    check_caret(exc, "unknown-field", line_of(kernel, "<-- here"), under)
    message = exc.diagnostics[0].message
    assert what in message, message
    assert "its fields are 'a', 'b', 'c', 'v', 'f', 'h', 'u'" in message, message


@cuda.jit
def runtime_key_k(recs, out, k):
    out[0] = recs[0][k]  # <-- here


def test_runtime_key_is_refused(target):
    exc = typing_error(
        runtime_key_k, cuda.to_device(np.zeros(2, ALIGNED)), cuda.to_device(np.zeros(1)), 1
    )
    check_caret(exc, "not-constant", line_of(runtime_key_k, "<-- here"), "k]")


@cuda.jit
def wrong_type_store_k(recs, out):
    recs[0].a = out  # <-- here


@cuda.jit
def wrong_record_store_k(recs, other):
    recs[0] = other[0]  # <-- here


@cuda.jit
def record_arithmetic_k(recs, out):
    out[0] = recs[0] + 1  # <-- here


@pytest.mark.parametrize(
    ("kernel", "second", "under", "what"),
    [
        (wrong_type_store_k, np.zeros(1), "out", "cannot convert array(float64, 1d, C) to float64"),
        (wrong_record_store_k, np.zeros(2, NESTED), "other[0]", "cannot convert Record("),
        (record_arithmetic_k, np.zeros(1), "recs[0] + 1", "unsupported operand types for +"),
    ],
    ids=["array-into-field", "other-record", "arithmetic"],
)
def test_wrong_types_are_typing_errors(target, kernel, second, under, what):
    exc = typing_error(kernel, cuda.to_device(np.zeros(2, ALIGNED)), cuda.to_device(second))
    check_caret(exc, "type-mismatch", line_of(kernel, "<-- here"), under)
    assert what in exc.diagnostics[0].message, exc


# ---- types and the compiled code ------------------------------------------------------------


def test_typeof_and_from_dtype():
    d = cuda.to_device(np.zeros(3, ALIGNED))
    (text,) = _native.typeof_args((d,))
    rec = from_dtype(ALIGNED)
    assert text == f"array({rec}, 1d, C)"
    assert str(rec).startswith("Record(a: float64 @0, b: int32 @8, c: complex64 @12, v: float32[3]")
    assert str(rec).endswith("; size 40, align 8)")
    assert str(from_dtype(PACKED)).endswith("h: float16 @33, u: uint8 @35; size 36, align 1)")
    (text,) = _native.typeof_args((cuda.to_device(np.zeros(1, NESTED_PACKED))[0],))
    # The aligned inner record sits at offset 1 of the packed one: its alignment drops to 1.
    assert "p: Record(x: int16 @0, y: float64 @8; size 16, align 1) @1" in text
    assert text == str(from_dtype(NESTED_PACKED))


def ptx_of(kernel, *args, cc=(7, 5)) -> str:
    types = tuple(_native.typeof_args(args))
    return compiler.compile_pyfunc(kernel.py_func, types, device=False, output="ptx", cc=cc)["ptx"]


def test_a_record_argument_is_one_pointer_parameter():
    d = cuda.to_device(np.zeros(1, ALIGNED))[0]
    ptx = ptx_of(record_arg_k, d, cuda.to_device(np.zeros(3)))
    params = [line for line in ptx.splitlines() if line.strip().startswith(".param")]
    # The record, then the output array's data pointer, extent and stride.
    assert len(params) == 4, params
    assert all(".u64" in p for p in params), params


def test_eager_signature_with_records(target, rng):
    rec = from_dtype(ALIGNED)
    kernel = cuda.jit(f"void({rec[::1]}, float64[::1])")(read_fields_k.py_func)
    recs = random_records(rng, 10, ALIGNED)
    out = cuda.to_device(np.zeros(10))
    kernel[1, 32](cuda.to_device(recs), out)
    expect = recs["a"] + recs["b"] + recs["c"].real + recs["v"][:, 1]
    np.testing.assert_allclose(out.copy_to_host(), expect, rtol=1e-15)


@pytest.mark.parametrize("cc", [(7, 5), (9, 0), (10, 0)], ids=lambda c: f"sm_{c[0]}{c[1]}")
def test_record_kernels_compile_to_cubin(cc):
    recs = cuda.to_device(np.zeros(4, NESTED_PACKED))
    out = cuda.to_device(np.zeros(4))
    for kernel, args in [
        (nested_k, (recs, out)),
        (copy_records_k, (recs, recs, cuda.to_device(np.arange(4)))),
        (subarray_assign_k, (recs, cuda.to_device(np.zeros((4, 2, 3), np.float32)))),
    ]:
        types = tuple(_native.typeof_args(args))
        cubin = compiler.compile_pyfunc(kernel.py_func, types, device=False, output="cubin", cc=cc)[
            "cubin"
        ]
        assert len(cubin) > 0


def test_packed_fields_are_read_bytewise():
    """A packed record's float64 at offset 1 cannot be loaded as one 8-byte access."""
    recs = cuda.to_device(np.zeros(3, NESTED_PACKED))
    ptx = ptx_of(nested_k, recs, cuda.to_device(np.zeros(3)))
    assert "ld.global.u8" in ptx
    assert "ld.global.f64" not in ptx
    aligned = ptx_of(nested_k, cuda.to_device(np.zeros(3, NESTED)), cuda.to_device(np.zeros(3)))
    assert "ld.global.f64" in aligned
