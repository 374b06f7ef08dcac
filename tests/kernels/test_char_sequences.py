"""NumPy's fixed-width strings in kernels: ``S<n>`` (numba's ``CharSeq``) and ``U<n>``
(``UnicodeCharSeq``) as array dtypes and record fields (docs/typing.md, "Strings: S<n> and
U<n> items"). NumPy is the reference: its assignment truncates and zero-fills, its items
compare and measure stripped of trailing NULs."""

from __future__ import annotations

import io
import math

import numpy as np
import oxcuda
import pytest
from oxcuda import cuda, types
from oxcuda.errors import TypingError

ASCII = np.array(list("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"))
UNICODE = np.array([*ASCII[:20], "é", "中", "😀", "ß", "Ω"])


def random_strings(rng, count: int, n: int, alphabet=ASCII, nul: bool = False) -> list[str]:
    """``count`` strings of random lengths 0..n+3 (so stores truncate) over ``alphabet``,
    with an embedded NUL now and then when ``nul``."""
    out = []
    for length in rng.integers(0, n + 4, size=count):
        chars = list(rng.choice(alphabet, size=length))
        if nul and length > 2 and rng.random() < 0.3:
            chars[rng.integers(0, length - 1)] = "\0"
        out.append("".join(chars))
    return out


def array_of(strings: list[str], dtype: str) -> np.ndarray:
    if dtype.startswith("S"):
        return np.array([s.encode() for s in strings], dtype=dtype)
    return np.array(strings, dtype=dtype)


# ----------------------------------------------------------------------------------------
# numba-cuda's TestConstString (cudapy/test_const_string.py)


@cuda.jit
def str_assign(arr):
    i = cuda.grid(1)
    if i < len(arr):
        arr[i] = "XYZ"


@cuda.jit
def bytes_assign(arr):
    i = cuda.grid(1)
    if i < len(arr):
        arr[i] = b"XYZ"


@cuda.jit
def str_in_record(a):
    a[0]["x"] = 1
    a[0]["y"] = "ABC"
    a[1]["x"] = 2
    a[1]["y"] = "XYZ"


@cuda.jit
def bytes_in_record(a):
    a[0]["x"] = 1
    a[0]["y"] = b"ABC"
    a[1]["x"] = 2
    a[1]["y"] = b"XYZ"


def test_assign_const_unicode_string(target):
    arr = np.zeros(9, dtype="<U12")
    str_assign[1, 8](arr)
    expected = np.zeros_like(arr)
    expected[:-1] = "XYZ"
    np.testing.assert_equal(arr, expected)


def test_assign_const_byte_string(target):
    arr = np.zeros(9, dtype="S12")
    bytes_assign[1, 8](arr)
    expected = np.zeros_like(arr)
    expected[:-1] = b"XYZ"
    np.testing.assert_equal(arr, expected)


def test_assign_const_string_in_record(target):
    dt = np.dtype([("x", np.int32), ("y", np.dtype("<U12"))])
    a = np.zeros(2, dt)
    str_in_record[1, 1](a)
    np.testing.assert_array_equal(np.asarray([(1, "ABC"), (2, "XYZ")], dtype=dt), a)


def test_assign_const_bytes_in_record(target):
    dt = np.dtype([("x", np.float32), ("y", np.dtype("S12"))])
    a = np.zeros(2, dt)
    bytes_in_record[1, 1](a)
    np.testing.assert_array_equal(np.asarray([(1, b"ABC"), (2, b"XYZ")], dtype=dt), a)


# ----------------------------------------------------------------------------------------
# Stores: constants truncated and zero-filled, copies between lengths


@cuda.jit
def store_constants_bytes(a):
    i = cuda.grid(1)
    if i < a.shape[0]:
        if i % 3 == 0:
            a[i] = b"HELLOWORLD"
        elif i % 3 == 1:
            a[i] = b""
        else:
            a[i] = b"A\x00B"


@cuda.jit
def store_constants_unicode(a):
    i = cuda.grid(1)
    if i < a.shape[0]:
        if i % 3 == 0:
            a[i] = "héllo中😀wörld"
        elif i % 3 == 1:
            a[i] = ""
        else:
            a[i] = "😀"


@pytest.mark.parametrize("n", [1, 4, 12])
def test_constants_are_truncated_and_zero_filled(target, rng, n):
    for kernel, dtype, values in (
        (store_constants_bytes, f"S{n}", [b"HELLOWORLD", b"", b"A\x00B"]),
        (store_constants_unicode, f"U{n}", ["héllo中😀wörld", "", "😀"]),
    ):
        # Poisoned with random text: every character must be overwritten.
        a = array_of(random_strings(rng, 40, n), dtype)
        kernel[1, 64](a)
        expected = np.empty_like(a)
        for i in range(a.size):
            expected[i] = values[i % 3]
        assert a.tobytes() == expected.tobytes()


@cuda.jit
def copy_items(dst, src):
    i = cuda.grid(1)
    if i < dst.shape[0]:
        dst[i] = src[i]


@pytest.mark.parametrize("kind", ["S", "U"])
@pytest.mark.parametrize("dst_n", [3, 7, 11])
def test_copies_between_lengths_follow_numpy(target, rng, kind, dst_n):
    alphabet = ASCII if kind == "S" else UNICODE
    src = array_of(random_strings(rng, 150, 7, alphabet, nul=True), f"{kind}7")
    dst = array_of(random_strings(rng, 150, dst_n, alphabet), f"{kind}{dst_n}")
    copy_items[2, 128](dst, src)
    assert dst.tobytes() == src.astype(dst.dtype).tobytes()


@cuda.jit
def fill_slices(a, b):
    a[:4] = b"XY"
    a[4:8] = b[0:4]


def test_slice_assignment_broadcasts_and_copies(target, rng):
    a = array_of(random_strings(rng, 10, 5), "S5")
    b = array_of(random_strings(rng, 6, 9), "S9")
    expected = a.copy()
    expected[:4] = b"XY"
    expected[4:8] = b[0:4]
    fill_slices[1, 1](a, b)
    assert a.tobytes() == expected.tobytes()


# ----------------------------------------------------------------------------------------
# len, == and !=


@cuda.jit
def lengths(out, a):
    i = cuda.grid(1)
    if i < a.shape[0]:
        out[i] = len(a[i])


@pytest.mark.parametrize("dtype", ["S1", "S6", "U1", "U6"])
def test_len_ignores_trailing_nuls(target, rng, dtype):
    n = int(dtype[1:])
    alphabet = ASCII if dtype[0] == "S" else UNICODE
    a = array_of(random_strings(rng, 200, n, alphabet, nul=True), dtype)
    out = np.full(a.size, -7, np.int64)
    lengths[2, 128](out, a)
    np.testing.assert_array_equal(out, [len(x) for x in a])


@cuda.jit
def compare_items(eq, ne, a, b):
    i = cuda.grid(1)
    if i < a.shape[0]:
        eq[i] = a[i] == b[i]
        ne[i] = a[i] != b[i]


@pytest.mark.parametrize("kind", ["S", "U"])
@pytest.mark.parametrize(("na", "nb"), [(5, 5), (4, 9), (9, 4)])
def test_item_equality_follows_numpy(target, rng, kind, na, nb):
    alphabet = (ASCII if kind == "S" else UNICODE)[:3]  # a small alphabet: many equal pairs
    a = array_of(random_strings(rng, 300, min(na, nb), alphabet, nul=True), f"{kind}{na}")
    b = a.astype(f"{kind}{nb}")
    changed = rng.random(a.size) < 0.5
    b[changed] = array_of(random_strings(rng, int(changed.sum()), nb, alphabet), f"{kind}{nb}")
    eq = np.zeros(a.size, np.bool_)
    ne = np.zeros(a.size, np.bool_)
    compare_items[3, 128](eq, ne, a, b)
    expected = np.array([x == y for x, y in zip(a, b, strict=True)])
    assert expected.any() and not expected.all()
    np.testing.assert_array_equal(eq, expected)
    np.testing.assert_array_equal(ne, ~expected)


@cuda.jit
def compare_bytes_constants(out, a):
    i = cuda.grid(1)
    if i < a.shape[0]:
        out[i, 0] = a[i] == b"AB"
        out[i, 1] = b"" == a[i]
        out[i, 2] = a[i] != b"A\x00B"
        out[i, 3] = a[i] == b"AB\x00"
        out[i, 4] = a[i] == b"ABCDEFGHIJ"


@cuda.jit
def compare_str_constants(out, a):
    i = cuda.grid(1)
    if i < a.shape[0]:
        out[i, 0] = a[i] == "中é"
        out[i, 1] = "" == a[i]
        out[i, 2] = a[i] != "A\x00B"
        out[i, 3] = a[i] == "中é\x00"
        out[i, 4] = a[i] == "ABCDEFGHIJ"


@pytest.mark.parametrize("kind", ["S", "U"])
def test_comparisons_with_constants_follow_numpy(target, rng, kind):
    if kind == "S":
        kernel, consts = compare_bytes_constants, [b"AB", b"", b"A\x00B", b"AB\x00", b"ABCDEFGHIJ"]
        pool = [b"AB", b"", b"A\x00B", b"A", b"ABC", b"B"]
    else:
        kernel, consts = compare_str_constants, ["中é", "", "A\x00B", "中é\x00", "ABCDEFGHIJ"]
        pool = ["中é", "", "A\x00B", "中", "中éé", "é"]
    a = np.array([pool[k] for k in rng.integers(0, len(pool), size=200)], dtype=f"{kind}5")
    out = np.zeros((a.size, 5), np.bool_)
    kernel[2, 128](out, a)
    ops = [
        lambda x, c: x == c,
        lambda x, c: c == x,
        lambda x, c: x != c,
        lambda x, c: x == c,
        lambda x, c: x == c,
    ]
    expected = np.array([[op(x, c) for op, c in zip(ops, consts, strict=True)] for x in a])
    assert expected[:, 0].any() and expected[:, 1].any()
    np.testing.assert_array_equal(out, expected)


# ----------------------------------------------------------------------------------------
# Records: fields at odd offsets, aligned records, nested records, whole-record copies

PACKED = np.dtype([("a", "i1"), ("u", "U3"), ("s", "S3"), ("f", "f4")])
ALIGNED = np.dtype([("a", "i1"), ("u", "U3"), ("s", "S3"), ("f", "f4")], align=True)
assert PACKED.fields["u"][1] == 1 and PACKED.fields["s"][1] == 13
assert ALIGNED.fields["u"][1] == 4 and ALIGNED.alignment == 4


def random_records(rng, dtype, count: int) -> np.ndarray:
    r = np.zeros(count, dtype)
    r["a"] = rng.integers(-100, 100, size=count)
    r["u"] = random_strings(rng, count, 3, UNICODE)
    r["s"] = [s.encode() for s in random_strings(rng, count, 3)]
    r["f"] = rng.standard_normal(count)
    return r


@cuda.jit
def record_fields(out, copies, lens, eqs, src):
    i = cuda.grid(1)
    if i < src.shape[0]:
        out[i].u = src[i].u
        out[i]["s"] = src[i].s
        out[i].f = src[i].f
        copies[i] = src[i]
        lens[i, 0] = len(src[i].u)
        lens[i, 1] = len(src[i]["s"])
        eqs[i, 0] = src[i].u == out[i].u
        eqs[i, 1] = src[i].s == b"AB"


@pytest.mark.parametrize("dtype", [PACKED, ALIGNED], ids=["packed", "aligned"])
def test_record_fields_at_any_offset(target, rng, dtype):
    src = random_records(rng, dtype, 100)
    src["s"][:10] = b"AB"
    out = random_records(rng, dtype, 100)
    expected = out.copy()
    expected["u"], expected["s"], expected["f"] = src["u"], src["s"], src["f"]
    copies = random_records(rng, dtype, 100)
    lens = np.full((100, 2), -1, np.int64)
    eqs = np.zeros((100, 2), np.bool_)
    record_fields[1, 128](out, copies, lens, eqs, src)
    assert out.tobytes() == expected.tobytes()
    assert copies.tobytes() == src.tobytes()
    np.testing.assert_array_equal(lens[:, 0], [len(x) for x in src["u"]])
    np.testing.assert_array_equal(lens[:, 1], [len(x) for x in src["s"]])
    assert eqs[:, 0].all()
    np.testing.assert_array_equal(eqs[:, 1], src["s"] == b"AB")


INNER = np.dtype([("t", "U2"), ("k", "i2")])
OUTER = np.dtype([("x", "i1"), ("inner", INNER), ("tag", "S2", (2,))])


@cuda.jit
def nested_fields(a, b):
    i = cuda.grid(1)
    if i < a.shape[0]:
        a[i].inner.t = "Ω中😀"
        a[i].tag[0] = b[i].tag[1]
        a[i].tag[1] = b"Z"
        b[i].inner = a[i].inner


def test_nested_records_and_subarrays_of_strings(target, rng):
    a = np.zeros(50, OUTER)
    a["x"] = rng.integers(-100, 100, size=50)
    a["inner"]["k"] = rng.integers(-1000, 1000, size=50)
    b = np.zeros(50, OUTER)
    b["tag"] = np.array([s.encode() for s in random_strings(rng, 100, 2)]).reshape(50, 2)
    b["inner"]["t"] = random_strings(rng, 50, 2, UNICODE)
    ea, eb = a.copy(), b.copy()
    ea["inner"]["t"] = "Ω中😀"
    ea["tag"][:, 0] = b["tag"][:, 1]
    ea["tag"][:, 1] = b"Z"
    eb["inner"] = ea["inner"]
    nested_fields[1, 64](a, b)
    assert a.tobytes() == ea.tobytes()
    assert b.tobytes() == eb.tobytes()


@cuda.jit
def read_record_argument(out, r):
    out[0] = len(r.y)
    out[1] = r.y == b"hey"
    out[2] = r.x


def test_a_record_argument_with_a_string_field(target, rng):
    dt = np.dtype([("x", np.int32), ("y", "S5")])
    arr = np.zeros(2, dt)
    x = int(rng.integers(1, 1000))
    arr[0] = (x, b"hey")
    out = np.zeros(3, np.int64)
    read_record_argument[1, 1](out, arr[0])
    np.testing.assert_array_equal(out, [3, 1, x])


@cuda.jit
def device_array_store(a):
    i = cuda.grid(1)
    if i < a.shape[0]:
        a[i] = "ok"


def test_device_arrays_of_strings(target, rng):
    host = array_of(random_strings(rng, 20, 4, UNICODE), "U4")
    d = cuda.to_device(host)
    device_array_store[1, 32](d)
    np.testing.assert_array_equal(d.copy_to_host(), np.full(20, "ok", "U4"))


# ----------------------------------------------------------------------------------------
# Device functions, locals, global constants

GREETING = b"hello, world"
GREETING_U = "héllo, 中😀"


@cuda.jit(device=True)
def same_text(x, y):
    return x == y


@cuda.jit(device=True)
def put(x, value):
    x[0] = value


@cuda.jit
def through_device_functions(out, a, b, s, u):
    i = cuda.grid(1)
    if i < a.shape[0]:
        item = a[i]  # a reference to the item, as numba-cuda's records are
        out[i] = same_text(item, b[i])
        b[i] = item
        s[i] = GREETING
        u[i] = GREETING_U
        if i == 0:
            put(s[i:], b"put")


def test_device_functions_locals_and_global_constants(target, rng):
    alphabet = ASCII[:2]
    a = array_of(random_strings(rng, 64, 3, alphabet), "S3")
    b = array_of(random_strings(rng, 64, 5, alphabet), "S5")
    s = array_of(random_strings(rng, 64, 6), "S6")
    u = array_of(random_strings(rng, 64, 8, UNICODE), "U8")
    out = np.zeros(64, np.bool_)
    expected_eq = np.array([x == y for x, y in zip(a, b, strict=True)])
    through_device_functions[1, 64](out, a, b, s, u)
    np.testing.assert_array_equal(out, expected_eq)
    assert b.tobytes() == a.astype("S5").tobytes()
    expected_s = np.full(64, GREETING, "S6")
    expected_s[0] = b"put"
    assert s.tobytes() == expected_s.tobytes()
    assert u.tobytes() == np.full(64, GREETING_U, "U8").tobytes()


# ----------------------------------------------------------------------------------------
# Types: typeof, from_dtype, signatures, inspect_types


def test_types_have_numbas_names():
    assert str(types.CharSeq(12)) == "[char x 12]"
    assert repr(types.UnicodeCharSeq(12)) == "UnicodeCharSeq(12)"
    assert str(types.UnicodeCharSeq(3)) == "[unichr x 3]"
    assert types.from_dtype("S12") == types.CharSeq(12)
    assert types.from_dtype("<U5") == types.UnicodeCharSeq(5)
    assert types.CharSeq(4).dtype == np.dtype("S4")
    assert oxcuda.typeof(np.zeros(3, "S12")) == types.CharSeq(12)[::1]
    assert oxcuda.typeof(np.zeros((2, 3), "U2")[:, ::2]) == types.UnicodeCharSeq(2)[:, :]
    assert oxcuda.typeof(np.zeros(3, "U2")).dtype == types.UnicodeCharSeq(2)
    rec = types.from_dtype(np.dtype([("x", "i4"), ("y", "U3")]))
    assert "y: [unichr x 3] @4" in str(rec)
    from oxcuda.np.numpy_support import as_dtype

    assert as_dtype(types.UnicodeCharSeq(7)) == np.dtype("U7")


@cuda.jit("void(UnicodeCharSeq(4)[::1], [char x 6][::1])")
def eager_strings(u, s):
    u[0] = "abc"
    s[0] = b"abc"


def test_signatures_name_char_sequences(target):
    u = np.full(2, "zzzz", "U4")
    s = np.full(2, b"zzzzzz", "S6")
    eager_strings[1, 1](u, s)
    assert list(u) == ["abc", "zzzz"] and list(s) == [b"abc", b"zzzzzz"]
    buf = io.StringIO()
    eager_strings.inspect_types(file=buf)
    assert "[unichr x 4]" in buf.getvalue()
    assert "[char x 6]" in buf.getvalue()


def store_and_measure(a, n):
    a[0] = b"hi"
    n[0] = len(a[1])


@pytest.mark.parametrize(
    "signature", [(types.CharSeq(4)[::1], types.int64[::1]), "void(CharSeq(4)[:], int64[:])"]
)
def test_compile_ptx_takes_char_sequence_types(signature):
    ptx, ret = cuda.compile_ptx(store_and_measure, signature)
    assert ".entry" in ptx and ret == types.void


WITH_NAME = np.dtype([("x", "i4"), ("y", "U3")])


@cuda.jit(device=True)
def pick_record(recs, i):
    return recs[i]


@cuda.jit
def records_returned_and_local(recs, out):
    i = cuda.grid(1)
    if i < recs.shape[0]:
        out[i, 0] = pick_record(recs, recs.shape[0] - 1 - i)
        loc = cuda.local.array(2, WITH_NAME)
        loc[1].x = i
        loc[1].y = "loc"
        out[i, 1] = loc[1]


def test_returned_and_local_records_with_string_fields(target, rng):
    recs = np.zeros(40, WITH_NAME)
    recs["x"] = rng.integers(-1000, 1000, size=40)
    recs["y"] = random_strings(rng, 40, 3, UNICODE)
    out = np.zeros((40, 2), WITH_NAME)
    out["y"] = "zzz"
    records_returned_and_local[1, 64](recs, out)
    assert out[:, 0].tobytes() == recs[::-1].tobytes()
    np.testing.assert_array_equal(out[:, 1]["x"], np.arange(40))
    np.testing.assert_array_equal(out[:, 1]["y"], np.full(40, "loc"))


STAMP = b"v1"


def stamp(a):
    a[0] = STAMP


def test_disk_cache_key_sees_string_types_and_bytes_globals(monkeypatch):
    from oxcuda.cuda import _disk_cache

    def key(types):
        return _disk_cache.key(stamp, types, {}, (9, 0), (), (13, 0))

    first = key(("[char x 4][::1]",))
    assert first == key(("[char x 4][::1]",))
    assert first != key(("[char x 5][::1]",))
    assert first != key(("[unichr x 4][::1]",))
    monkeypatch.setitem(globals(), "STAMP", b"v2")
    assert key(("[char x 4][::1]",)) != first


# ----------------------------------------------------------------------------------------
# Refusals, each naming the dtype


def compile_error(kernel, *args) -> str:
    with pytest.raises(TypingError) as info:
        kernel[1, 1](*args)
    return str(info.value)


def test_bytes_into_a_unicode_item_is_refused(target):
    @cuda.jit
    def k(a):
        a[0] = b"XYZ"

    msg = compile_error(k, np.zeros(2, "U4"))
    assert "cannot store bytes literal b'XYZ' into a [unichr x 4] item (NumPy U4, str" in msg
    assert "write a str literal" in msg


def test_str_into_a_bytes_item_is_refused(target):
    @cuda.jit
    def k(a):
        a[0] = "XYZ"

    msg = compile_error(k, np.zeros(2, "S4"))
    assert 'cannot store string "XYZ" into a [char x 4] item (NumPy S4, bytes' in msg
    assert "write the bytes literal b'XYZ'" in msg

    @cuda.jit
    def k2(a):
        a[0] = "中"

    assert "this str is not ASCII" in compile_error(k2, np.zeros(2, "S4"))


def test_mixing_kinds_is_refused(target):
    @cuda.jit
    def k(s, u, out):
        out[0] = s[0] == u[0]

    msg = compile_error(k, np.zeros(2, "S4"), np.zeros(2, "U4"), np.zeros(1, np.bool_))
    assert "cannot compare a [char x 4] item (NumPy S4, bytes characters) with [unichr x 4]" in msg

    @cuda.jit
    def k2(s, u):
        s[:] = u

    msg = compile_error(k2, np.zeros(2, "S4"), np.zeros(2, "U4"))
    assert "cannot assign an array of [unichr x 4] to an array of [char x 4]" in msg


def test_arithmetic_ordering_and_math_are_refused(target):
    @cuda.jit
    def add(a, out):
        out[0] = a[0] + 1

    msg = compile_error(add, np.zeros(2, "S4"), np.zeros(1))
    assert "unsupported operand types for +: [char x 4]" in msg

    @cuda.jit
    def order(a, out):
        out[0] = a[0] < a[1]

    msg = compile_error(order, np.zeros(2, "U4"), np.zeros(1, np.bool_))
    assert "[unichr x 4] items (NumPy U4) have no ordering" in msg

    @cuda.jit
    def sine(a, out):
        out[0] = math.sin(a[0])

    assert "[char x 4]" in compile_error(sine, np.zeros(2, "S4"), np.zeros(1))


def test_non_native_unicode_arrays_are_refused(target):
    @cuda.jit
    def k(a):
        a[0] = "x"

    with pytest.raises(TypeError, match="byte order other than the machine's"):
        k[1, 1](np.zeros(2, ">U4"))
