"""numba-cuda's ``cudadrv.nvvm`` (NVVM IR compiled by libNVVM) and ``cudadrv.nvrtc`` (CUDA C++
compiled by NVRTC), which need the toolkit's libraries but no GPU. References: the PTX the
tools emit (its ``.target`` and symbols), the LTO-IR magic number, NVRTC's own list of
architectures, numba-cuda's documented ``get_arch_option`` answers; marked ``gpu``, code
compiled here runs in a kernel and is compared with NumPy on random data."""

from __future__ import annotations

import warnings

import numpy as np
import oxcuda
import pytest
from oxcuda import cuda
from oxcuda.cuda.cudadrv import error, nvrtc, nvvm

LTOIR_MAGIC = b"\xed\x43\x4e\x7f"


def _have(component: str) -> bool:
    from oxcuda import _toolchain

    try:
        getattr(_toolchain, f"{component}_info")()
        if component == "nvvm":
            _toolchain.locate_libdevice()
    except oxcuda.errors.CudaSupportError:
        return False
    return True


needs_nvvm = pytest.mark.skipif(not _have("nvvm"), reason="libNVVM not found")
needs_nvrtc = pytest.mark.skipif(not _have("nvrtc"), reason="NVRTC not found")


def module(body: str, kernels: tuple[str, ...] = ()) -> str:
    """An NVVM IR module: the target lines, ``body``, the kernel annotations and the IR
    version libNVVM reports."""
    lines = [
        f'target datalayout = "{nvvm.NVVM().data_layout}"',
        'target triple = "nvptx64-nvidia-cuda"',
        body,
    ]
    n = 10
    if kernels:
        refs = ", ".join(f"!{n + i}" for i in range(len(kernels)))
        lines.append(f"!nvvm.annotations = !{{{refs}}}")
        for i, (k, ty) in enumerate(kernels):
            lines.append(f'!{n + i} = !{{{ty} @{k}, !"kernel", i32 1}}')
    lines.append(nvvm.ir_version_metadata(1))
    return "\n".join(lines) + "\n"


AVE = """
define i32 @ave(i32 %a, i32 %b) {
entry:
  %add = add nsw i32 %a, %b
  %div = sdiv i32 %add, 2
  ret i32 %div
}

define void @simple(i32* %ptr) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %call = call i32 @ave(i32 %tid, i32 %tid)
  %idx = sext i32 %tid to i64
  %slot = getelementptr inbounds i32, i32* %ptr, i64 %idx
  store i32 %call, i32* %slot, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() nounwind readnone
"""


def ave_module() -> str:
    return module(AVE, kernels=(("simple", "void (i32*)*"),))


# --- nvvm ---------------------------------------------------------------------------------


@needs_nvvm
def test_versions_are_libnvvms():
    from oxcuda import _toolchain

    info = _toolchain.nvvm_info()
    assert nvvm.is_available()
    assert nvvm.NVVM() is nvvm.NVVM()
    assert nvvm.NVVM().get_version() == tuple(info["api_version"])
    assert nvvm.NVVM().get_ir_version() == tuple(info["ir_version"])
    assert nvvm.NVVM().is_nvvm70
    assert nvvm.NVVM().data_layout.startswith("e-p:64:64:64")
    assert (nvvm.ADDRSPACE_GLOBAL, nvvm.ADDRSPACE_SHARED, nvvm.ADDRSPACE_LOCAL) == (1, 3, 5)


@needs_nvvm
def test_compile_ir_for_every_supported_arch():
    ptx = nvvm.compile_ir(ave_module()).decode()
    assert ".entry simple" in ptx and "ave" in ptx and ".address_size 64" in ptx
    for cc in nvrtc.get_supported_ccs():
        ptx = nvvm.compile_ir(
            ave_module(), arch=f"compute_{cc[0]}{cc[1]}", ftz=1, prec_sqrt=0, prec_div=0
        ).decode()
        assert f".target sm_{cc[0]}{cc[1]}" in ptx


@needs_nvvm
def test_llvm_to_ptx_is_compile_ir():
    for arch in ("compute_75", "compute_90"):
        assert nvvm.llvm_to_ptx(ave_module(), arch=arch) == nvvm.compile_ir(ave_module(), arch=arch)


@needs_nvvm
def test_gen_lto_gives_ltoir():
    arch = "compute_{}{}".format(*nvrtc.get_lowest_supported_cc())
    assert nvvm.compile_ir(ave_module(), opt=3, gen_lto=None, arch=arch)[:4] == LTOIR_MAGIC


@needs_nvvm
def test_options_are_spelt_as_numba_spells_them():
    cu = nvvm.CompilationUnit({"opt": 3, "gen_lto": None, "prec_div": False, "arch": "compute_80"})
    assert cu.options == ["-opt=3", "-gen-lto", "-prec-div=0", "-arch=compute_80"]


@needs_nvvm
def test_fastmath_changes_the_division():
    body = """
define float @quot(float %a, float %b) {
  %q = fdiv float %a, %b
  ret float %q
}
"""
    exact = nvvm.compile_ir(module(body)).decode()
    fast = nvvm.compile_ir(module(body), fastmath=True).decode()
    assert "div.rn.f32" in exact
    assert "div.rn.f32" not in fast and "div.approx" in fast.replace("div.full", "div.approx")


@needs_nvvm
def test_several_modules_and_the_step_by_step_form():
    caller = module(
        """
declare i32 @ave(i32, i32)
define void @k(i32* %p) {
  %v = call i32 @ave(i32 4, i32 8)
  store i32 %v, i32* %p
  ret void
}
""",
        kernels=(("k", "void (i32*)*"),),
    )
    callee = module(AVE.split("define void")[0])
    ptx = nvvm.compile_ir([caller, callee]).decode()
    assert ".entry k" in ptx
    cu = nvvm.CompilationUnit({"arch": "compute_90"})
    cu.add_module(ave_module().encode())
    cu.lazy_add_module(nvvm.LibDevice().get())
    cu.verify()
    assert ".target sm_90" in cu.compile().decode()
    assert cu.get_log() == ""


@needs_nvvm
def test_libdevice_is_the_bitcode_file():
    from oxcuda import _toolchain

    bc = nvvm.LibDevice().get()
    assert bc[:4] == b"BC\xc0\xde"
    with open(_toolchain.locate_libdevice().path, "rb") as f:
        assert f.read() == bc


@needs_nvvm
def test_libnvvm_warnings_are_nvvm_warnings():
    body = "define void @inlinekernel() noinline {\n  ret void\n}\n"
    with pytest.warns(error.NvvmWarning, match="overriding noinline attribute"):
        nvvm.compile_ir(module(body, kernels=(("inlinekernel", "void ()*"),)))


@needs_nvvm
def test_rejections_are_nvvm_errors():
    assert nvvm.nvvmError is error.NvvmError
    with pytest.raises(nvvm.nvvmError, match="made-up-option"):
        nvvm.compile_ir(ave_module(), made_up_option=2)
    with pytest.raises(nvvm.nvvmError, match="parse"):
        nvvm.compile_ir(module("define void @k() { ret i32 0 "))
    assert nvvm.NVVM().check_options(["-opt=3"])
    assert not nvvm.NVVM().check_options(["-made-up-option=1"])


@needs_nvvm
def test_a_module_without_a_datalayout_is_refused_before_libnvvm():
    # libNVVM would abort the whole process on this module for compute_100 (toolchain.md).
    text = ave_module().replace(f'target datalayout = "{nvvm.NVVM().data_layout}"\n', "")
    with pytest.raises(nvvm.nvvmError, match="no 'target datalayout' line"):
        nvvm.compile_ir(text, arch="compute_100")
    with pytest.raises(nvvm.nvvmError, match="no 'target datalayout' line"):
        nvvm.compile_ir("")


@needs_nvvm
def test_ir_version_metadata_completes_a_text_module():
    v = nvvm.NVVM().get_ir_version()
    assert nvvm.ir_version_metadata(3) == (
        f"!nvvmir.version = !{{!3}}\n!3 = !{{i32 {v[0]}, i32 {v[1]}, i32 {v[2]}, i32 {v[3]}}}\n"
    )


def test_llvmlite_helpers_say_what_they_need():
    try:
        import llvmlite  # noqa: F401
    except ImportError:
        with pytest.raises(ImportError, match="need llvmlite"):
            nvvm.add_ir_version(object())
        with pytest.raises(ImportError, match="need llvmlite"):
            nvvm.set_cuda_kernel(object())
    else:
        from llvmlite import ir

        m = ir.Module("m")
        m.triple = "nvptx64-nvidia-cuda"
        m.data_layout = nvvm.NVVM().data_layout
        nvvm.add_ir_version(m)
        k = ir.Function(m, ir.FunctionType(ir.VoidType(), [ir.IntType(32)]), name="mykernel")
        ir.IRBuilder(k.append_basic_block("entry")).ret_void()
        nvvm.set_cuda_kernel(k)
        used = [line for line in str(m).splitlines() if "llvm.used" in line]
        assert len(used) == 1 and "mykernel" in used[0] and "appending global" in used[0]
        assert ".entry mykernel" in nvvm.compile_ir(str(m)).decode()


# --- nvrtc --------------------------------------------------------------------------------


@needs_nvrtc
def test_supported_ccs_are_nvrtcs():
    ccs = nvrtc.get_supported_ccs()
    assert ccs == sorted(ccs) and len(ccs) >= 3
    assert all(isinstance(c, tuple) and len(c) == 2 and 0 <= c[1] < 10 for c in ccs)
    assert nvrtc.get_lowest_supported_cc() == ccs[0] >= (7, 5)
    assert nvrtc._get_nvrtc_version() == tuple(oxcuda._toolchain.nvrtc_info()["version"])


@needs_nvrtc
def test_arch_options_as_numba_documents_them():
    assert nvrtc.get_arch_option(7, 5) == "compute_75"
    assert nvrtc.get_arch_option(7, 7) == "compute_75"
    assert nvrtc.get_arch_option(8, 5) == "compute_80"
    assert nvrtc.get_arch_option(9, 1) == "compute_90"
    assert nvrtc.get_arch_option(9, 0, "a") == "compute_90a"
    ccs = nvrtc.get_supported_ccs()
    for cc in ccs:
        assert nvrtc.get_arch_option(*cc) == "compute_{}{}".format(*cc)
        assert nvrtc.find_closest_arch(cc) == cc
    assert nvrtc.get_arch_option(1000, 0) == "compute_{}{}".format(*ccs[-1])
    with pytest.raises(ValueError, match="Can't use arch-specific compute_990a"):
        nvrtc.get_arch_option(99, 0, "a")
    with pytest.raises(error.CCSupportError, match="not supported"):
        nvrtc.find_closest_arch((3, 0))
    with pytest.raises(TypeError, match="compute capability"):
        nvrtc.find_closest_arch("9.0")


ADD = 'extern "C" __device__ int add_one(int x) { return x + 1; }\n'


@needs_nvrtc
def test_compile_to_ptx_and_ltoir():
    obj, log = nvrtc.compile(ADD, "add.cu", (9, 0))
    assert isinstance(obj, nvrtc.ObjectCode) and obj.code_type == "ptx" and obj.name == "add.cu"
    ptx = obj.code.decode()
    assert ".target sm_90" in ptx and "add_one" in ptx and bytes(obj) == obj.code
    assert log == ""
    obj, _ = nvrtc.compile(ADD.encode(), "add.cu", (9, 0, "a"))
    assert b".target sm_90a" in obj.code
    ltoir, _ = nvrtc.compile(ADD, "add.cu", (8, 0), ltoir=True)
    assert ltoir.code_type == "ltoir" and ltoir.code[:4] == LTOIR_MAGIC
    assert "ltoir" in repr(ltoir) and "add.cu" in repr(ltoir)


@needs_nvrtc
def test_compile_logs_and_fallbacks():
    source = 'extern "C" __device__ int f(int x) { int unused; return x; }\n'
    with pytest.warns(UserWarning, match="NVRTC log messages"):
        _, log = nvrtc.compile(source, "warn.cu", (8, 0))
    assert "unused" in log
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        obj, _ = nvrtc.compile(ADD, "add.cu", (8, 2))
    assert b".target sm_80" in obj.code
    assert any("Using 8.0 instead" in str(w.message) for w in caught)
    with pytest.raises(RuntimeError, match="less than the minimum"):
        nvrtc.compile(ADD, "add.cu", (3, 0))
    with pytest.raises(ValueError, match="Invalid architecture suffix"):
        nvrtc.compile(ADD, "add.cu", (9, 0, "z"))


@needs_nvrtc
def test_compile_errors_name_the_source():
    with pytest.raises(error.NvrtcError, match=r"broken\.cu"):
        nvrtc.compile("this is not C++", "broken.cu", (8, 0))


# --- on a GPU: the code compiled here runs ------------------------------------------------


@pytest.fixture
def gpu():
    with oxcuda.config.override(TARGET="gpu"):
        yield


@pytest.mark.gpu
def test_nvrtc_ptx_runs_in_a_kernel(gpu):
    rng = np.random.default_rng()
    cc = cuda.get_current_device().compute_capability
    obj, _ = nvrtc.compile(ADD, "add.cu", nvrtc.find_closest_arch(cc))
    link = [cuda.PTXSource(obj.code)]
    add_one = cuda.declare_device("add_one", "int32(int32)", link=link, abi="c")

    @cuda.jit
    def k(out, x):
        i = cuda.grid(1)
        if i < x.size:
            out[i] = add_one(x[i])

    x = rng.integers(-(2**30), 2**30, 1000, dtype=np.int32)
    out = np.zeros_like(x)
    k[8, 128](out, x)
    np.testing.assert_array_equal(out, x + 1)


@pytest.mark.gpu
def test_nvvm_ptx_runs_in_a_kernel(gpu):
    rng = np.random.default_rng()
    cc = nvrtc.find_closest_arch(cuda.get_current_device().compute_capability)
    ptx = nvvm.compile_ir(module(AVE.split("define void")[0]), arch="compute_{}{}".format(*cc))
    ave = cuda.declare_device("ave", "int32(int32, int32)", link=[cuda.PTXSource(ptx)], abi="c")

    @cuda.jit
    def k(out, a, b):
        i = cuda.grid(1)
        if i < a.size:
            out[i] = ave(a[i], b[i])

    a = rng.integers(-(2**20), 2**20, 1000, dtype=np.int32)
    b = rng.integers(-(2**20), 2**20, 1000, dtype=np.int32)
    out = np.zeros_like(a)
    k[8, 128](out, a, b)
    # LLVM's sdiv truncates toward zero, as C does (NumPy's // floors).
    np.testing.assert_array_equal(out, np.trunc((a + b) / 2).astype(np.int32))
