"""What a CUDA Array Interface import checks (docs/runtime.md, "Foreign memory"), on the host
backend (the simulator's memory): a NULL pointer with a non-zero size, a pointer that is not
mapped host memory, and malformed keys are errors naming the key — never a segfault on the
first copy or launch (issue 17). The GPU half is tests/gpu/test_cai_checks_gpu.py."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import numpy as np
import pytest
from oxcuda import cuda


class Producer:
    def __init__(self, desc, base=None):
        self.base = base
        self.__cuda_array_interface__ = desc


def interface(shape=(4,), typestr="<f8", ptr=0, **extra):
    return {"shape": shape, "typestr": typestr, "data": (ptr, False), "version": 3, **extra}


def test_null_pointer_with_a_size_is_a_value_error():
    with pytest.raises(ValueError, match=r"NULL pointer for an array of 32 bytes"):
        cuda.from_cuda_array_interface(interface())
    with pytest.raises(ValueError, match=r"NULL pointer"):
        cuda.as_cuda_array(Producer(interface(shape=(2, 3))))
    empty = cuda.from_cuda_array_interface(interface(shape=(0,)))  # empty: NULL is fine
    assert empty.size == 0 and empty.copy_to_host().shape == (0,)


@cuda.jit
def add_one(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] += 1


def test_null_pointer_at_launch_is_a_value_error():
    with pytest.raises(ValueError, match=r"NULL pointer"):
        add_one[1, 32](Producer(interface()))


BAD_POINTER_SCRIPT = textwrap.dedent(
    """
    import sys
    from oxcuda import config, cuda

    config.TARGET = "sim"

    class Producer:
        def __init__(self, ptr):
            self.__cuda_array_interface__ = {
                "shape": (4,), "typestr": "<f8", "data": (ptr, False), "version": 3}

    @cuda.jit
    def add_one(a):
        i = cuda.grid(1)
        if i < a.size:
            a[i] += 1

    def imported(ptr):
        desc = Producer(ptr).__cuda_array_interface__
        return cuda.from_cuda_array_interface(desc).copy_to_host()

    for ptr in (0x10, 0x1000, 0xFFFF_F000):
        for what, attempt in (
            ("import", lambda: imported(ptr)),
            ("launch", lambda: add_one[1, 32](Producer(ptr))),
        ):
            try:
                attempt()
            except ValueError as e:
                assert "is not host memory of this process" in str(e), e
                print(what, hex(ptr), "ValueError")
            else:
                sys.exit(f"{what} of {ptr:#x} raised nothing")
    """
)


def test_unmapped_pointer_is_an_error_not_a_segfault(tmp_path):
    """Run in a child process: before the check, this crashed the interpreter."""
    script = tmp_path / "bad_pointer.py"
    script.write_text(BAD_POINTER_SCRIPT)
    proc = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, check=False, timeout=120
    )
    assert proc.returncode == 0, (proc.returncode, proc.stdout, proc.stderr)
    assert proc.stdout.count("ValueError") == 6


def test_mapped_host_memory_is_accepted(rng):
    """A producer over real host memory (here a NumPy array's buffer) imports and launches."""
    h = rng.standard_normal(100)
    ptr = h.__array_interface__["data"][0]
    p = Producer(interface(shape=(100,), ptr=ptr), base=h)
    d = cuda.as_cuda_array(p)
    np.testing.assert_array_equal(d.copy_to_host(), h)
    expected = h + 1
    add_one[4, 32](p)
    np.testing.assert_array_equal(h, expected)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"shape": "4"}, r"\['shape'\] must be a tuple of non-negative integers .*not str '4'"),
        ({"shape": (4, -1)}, r"\['shape'\] must be a tuple of non-negative integers"),
        ({"shape": None}, r"has no 'shape' \(it must be a tuple"),
        ({"typestr": 5}, r"\['typestr'\] must be a NumPy type string such as '<f4', not int 5"),
        ({"data": (1,)}, r"\['data'\] must be a tuple \(pointer: int, read_only: bool\)"),
        ({"data": "0x10"}, r"\['data'\] must be a tuple \(pointer: int, read_only: bool\)"),
        ({"strides": "8"}, r"\['strides'\] must be None or a tuple of integers"),
        ({"strides": (8, 8)}, r"\['strides'\] has 2 entries for a shape of 1 dimensions"),
        ({"stream": "s"}, r"\['stream'\] must be None or an integer stream handle"),
    ],
)
def test_malformed_interface_names_the_key(change, message):
    base = cuda.to_device(np.arange(4.0))
    good = dict(base.__cuda_array_interface__)
    with pytest.raises(ValueError, match=message):
        cuda.from_cuda_array_interface({**good, **change}, owner=base)
    with pytest.raises(ValueError, match=message):
        add_one[1, 32](Producer({**good, **change}, base))


def test_interface_that_is_not_a_dict():
    with pytest.raises(TypeError, match="__cuda_array_interface__ must be a dict, not list"):
        cuda.as_cuda_array(Producer([1, 2, 3]))


def test_a_masked_interface_is_not_implemented():
    """numba-cuda's words: ``NotImplementedError: Masked arrays are not supported``."""
    base = cuda.to_device(np.arange(4.0))
    mask = cuda.to_device(np.array([True, False, True, True]))
    desc = {**base.__cuda_array_interface__, "mask": mask}
    with pytest.raises(NotImplementedError, match=r"^Masked arrays are not supported \(this"):
        cuda.from_cuda_array_interface(desc, owner=base)
    with pytest.raises(NotImplementedError, match=r"^Masked arrays are not supported"):
        cuda.as_cuda_array(Producer(desc, base))
