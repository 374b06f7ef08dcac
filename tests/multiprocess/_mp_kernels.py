"""Kernels and worker functions for the pickling tests: a module the worker processes import
(by-reference pickling needs an importable module; closures made here pickle by value)."""

from __future__ import annotations

import os

import numpy as np
from oxcuda import cuda


@cuda.jit
def scale(out, x, factor):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = x[i] * factor


@cuda.jit(device=True)
def square(v):
    return v * v


@cuda.jit
def squares(out, x):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = square(x[i]) + 1.0


@cuda.vectorize(["float64(float64, float64)"])
def sum_of_squares(a, b):
    return a * a + b * b


def make_offset_kernel(offset):
    """A closure kernel: pickled by value, ``offset`` frozen in it."""

    @cuda.jit
    def add_offset(out, x):
        i = cuda.grid(1)
        if i < x.size:
            out[i] = x[i] + offset

    return add_offset


def make_cube_device_function(bias):
    """A closure device function and a closure kernel calling it (both by value)."""

    @cuda.jit(device=True)
    def cube(v):
        return v * v * v + bias

    @cuda.jit
    def cubes(out, x):
        i = cuda.grid(1)
        if i < x.size:
            out[i] = cube(x[i])

    return cubes


def launch(kernel, x, *scalars):
    """Runs ``kernel[grid, 64](out, x, *scalars)`` on a device copy of ``x`` and returns the
    output (poisoned with NaN before the launch) and this process's id."""
    out = cuda.to_device(np.full_like(x, np.nan))
    kernel[(x.size + 63) // 64, 64](out, cuda.to_device(x), *scalars)
    return out.copy_to_host(), os.getpid()


def call_ufunc(ufunc, a, b):
    """Calls a ufunc in a worker: its result and this process's id."""
    return np.asarray(ufunc(a, b)), os.getpid()


def double_device_array(array):
    """Receives a device array (pickled through the host), doubles it with a kernel, and
    returns a device array (pickled back)."""
    out = cuda.device_array_like(array)
    scale[(array.size + 63) // 64, 64](out, array, 2.0)
    return out, os.getpid()
