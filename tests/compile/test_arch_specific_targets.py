"""numba's three-item `cc`: `(9, 0, "a")` compiles for the architecture-specific target
(`sm_90a`) and `(10, 0, "f")` for the family target (`sm_100f`), through libNVVM
(`-arch=compute_90a`) and nvJitLink (`-arch=sm_90a`)."""

from __future__ import annotations

import pytest
from oxcuda import cuda, float32


def _axpy(out, a, x, y):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a * x[i] + y[i]


SIG = (float32[::1], float32, float32[::1], float32[::1])


def _target(ptx: str) -> str:
    return next(line.split()[1] for line in ptx.splitlines() if line.startswith(".target"))


@pytest.mark.parametrize(
    ("cc", "target"),
    [
        ((9, 0, "a"), "sm_90a"),
        ((10, 0, "a"), "sm_100a"),
        ((10, 0, "f"), "sm_100f"),
        ((9, 0), "sm_90"),
    ],
)
def test_ptx_targets_the_suffixed_architecture(cc, target):
    ptx, _ = cuda.compile_ptx(_axpy, SIG, cc=cc)
    assert _target(ptx) == target
    assert "fma.rn.f32" in ptx


def test_cubin_links_for_the_suffixed_architecture():
    from oxcuda import _toolchain

    try:
        _toolchain.nvjitlink_info()
    except Exception:  # noqa: BLE001
        pytest.skip("nvJitLink not installed")
    cubin, _ = cuda.compile(_axpy, SIG, device=False, abi="numba", cc=(9, 0, "a"), output="cubin")
    assert cubin[:4] == b"\x7fELF"


@pytest.mark.parametrize("cc", [(9, 0, "x"), (9,), (9, 0, "a", 1)])
def test_other_cc_forms_are_refused(cc):
    with pytest.raises(ValueError, match="cc"):
        cuda.compile_ptx(_axpy, SIG, cc=cc)
