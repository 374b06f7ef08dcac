"""Linking external code, compiled to sm_90 cubins without a GPU (docs/linking.md).

Link inputs are made at test time with the wheels' NVRTC (PTX, LTO-IR, relocatable cubins) and,
where installed, nvFatbin (fat binaries). The GPU runs of such kernels are in
``tests/gpu/test_linking_gpu.py``.
"""

from __future__ import annotations

import ctypes
import io
import os
import re

import numpy as np
import oxcuda
import pytest
from oxcuda import _native, _toolchain, cuda, float32, float64, int64, types, void
from oxcuda.cuda import _linker, _sim_native_code, compiler, linkable_code
from oxcuda.errors import ConfigurationError, LinkerError, NvrtcCompilationError, TypingError
from oxcuda.types import CPointer

pytestmark = pytest.mark.usefixtures("clean_settings")

CC = (9, 0)
# Read at import: the clean_settings fixture removes OXCUDA_* variables from each test's view.
NVFATBIN = os.environ.get("OXCUDA_TEST_NVFATBIN")

C_SOURCE = """
extern "C" __device__ float add_one(float x) { return x + 1.0f; }
extern "C" __device__ double total(const float *x, long long n) {
    double s = 0.0;
    for (long long i = 0; i < n; ++i) s += x[i];
    return s;
}
"""

NUMBA_SOURCE = """
extern "C" __device__ int mul_f32(float *out, float a, float b) {
    *out = a * b;
    return 0;
}
extern "C" __device__ int is_odd(bool *out, long long x) {
    *out = (x & 1) != 0;
    return 0;
}
"""


def nvrtc(source: str, name: str, output: str) -> bytes:
    """``source`` compiled by the wheels' NVRTC for sm_90 (PTX, LTO-IR or relocatable cubin)."""
    _toolchain.nvrtc_info()
    options = {
        "ptx": ["-arch=compute_90", "-rdc=true"],
        "ltoir": ["-arch=compute_90", "-rdc=true", "-dlto"],
        "cubin": ["-arch=sm_90", "-rdc=true"],
    }[output]
    return bytes(_native.nvrtc_compile(source, name, options, output)[0])


def fatbin(cubin: bytes) -> bytes | None:
    """A fat binary holding ``cubin`` (sm_90), made with nvFatbin (``OXCUDA_TEST_NVFATBIN``, else
    the ``nvidia-nvfatbin`` wheel); ``None`` when neither is there."""
    try:
        if NVFATBIN:
            lib = ctypes.CDLL(NVFATBIN)
        else:
            from cuda import pathfinder

            lib = ctypes.CDLL(pathfinder.load_nvidia_dynamic_lib("nvfatbin").abs_path)
    except Exception:  # noqa: BLE001 - not installed: the caller skips
        return None
    handle = ctypes.c_void_p()
    assert lib.nvFatbinCreate(ctypes.byref(handle), None, ctypes.c_size_t(0)) == 0
    assert lib.nvFatbinAddCubin(handle, cubin, ctypes.c_size_t(len(cubin)), b"90", b"ext") == 0
    size = ctypes.c_size_t()
    assert lib.nvFatbinSize(handle, ctypes.byref(size)) == 0
    buf = ctypes.create_string_buffer(size.value)
    assert lib.nvFatbinGet(handle, buf) == 0
    lib.nvFatbinDestroy(ctypes.byref(handle))
    return buf.raw


@pytest.fixture
def c_file(tmp_path):
    path = tmp_path / "c_functions.cu"
    path.write_text(C_SOURCE)
    return str(path)


@pytest.fixture
def numba_file(tmp_path):
    path = tmp_path / "numba_functions.cu"
    path.write_text(NUMBA_SOURCE)
    return str(path)


def link_cubin(kernel, sig, lto=None, link=()):
    """The artifacts of ``kernel`` compiled and linked for sm_90."""
    return compiler.compile_pyfunc(
        kernel, sig, device=False, output="cubin", cc=CC, lto=lto, link=link
    )


def assert_elf(cubin: bytes) -> None:
    assert cubin[:4] == b"\x7fELF"


# ---- declare_device with .cu files: both ABIs, LTO on and off ---------------------------------


@pytest.mark.parametrize("lto", [False, True])
def test_c_abi_function_from_a_cu_file(c_file, lto):
    add_one = cuda.declare_device("add_one", "float32(float32)", link=c_file, abi="c")

    def k(a):
        i = cuda.grid(1)
        if i < a.size:
            a[i] = add_one(a[i])

    result = link_cubin(k, void(float32[::1]), lto=lto)
    assert result["lto"] is lto
    assert_elf(result["cubin"])
    # Without LTO the definition is linked as a function; with LTO it is inlined away.
    assert (b"add_one" in result["cubin"]) is not lto
    assert 'extern @f1 "add_one"(float32) -> float32 abi c' in result["ir"]


@pytest.mark.parametrize("lto", [False, True])
def test_numba_abi_functions_from_a_cu_file(numba_file, lto):
    mul = cuda.declare_device("mul_f32", "float32(float32, float32)", link=numba_file)
    odd = cuda.declare_device("is_odd", "bool(int64)", link=[numba_file], abi="numba")

    def k(a, flags):
        i = cuda.grid(1)
        if i < a.size:
            a[i] = mul(a[i], 3)
            flags[i] = odd(i)

    result = link_cubin(k, void(float32[::1], oxcuda.bool_[::1]), lto=lto)
    assert_elf(result["cubin"])
    assert (b"mul_f32" in result["cubin"]) is not lto
    assert "abi numba" in result["ir"]


def test_the_ptx_declares_and_calls_the_external_symbols(c_file, numba_file):
    add_one = cuda.declare_device("add_one", "float32(float32)", link=c_file, abi="c")
    mul = cuda.declare_device("mul_f32", "float32(float32, float32)", link=numba_file)

    def k(a):
        a[0] = mul(add_one(a[0]), a[1])

    ptx, _ = cuda.compile_ptx(k, void(float32[::1]), cc=CC)
    externs = [line for line in ptx.splitlines() if line.startswith(".extern .func")]
    assert len(externs) == 2, ptx
    assert externs[0].endswith("add_one") and externs[1].endswith("mul_f32")
    # The numba ABI passes the result slot first: a pointer parameter before the two floats.
    assert "mul_f32_param_0" in ptx or "call.uni" in ptx


def test_automatic_lto_is_on_for_linked_kernels_and_off_otherwise(c_file):
    add_one = cuda.declare_device("add_one", "float32(float32)", link=c_file, abi="c")

    def linked(a):
        a[0] = add_one(a[0])

    def plain(a):
        a[0] = a[0] + 1

    assert link_cubin(linked, void(float32[::1]))["lto"] is True
    assert link_cubin(plain, void(float32[::1]))["lto"] is False
    # debug=True turns automatic LTO off.
    debug = compiler.compile_pyfunc(
        linked, void(float32[::1]), device=False, output="cubin", cc=CC, debug=True, opt=False
    )
    assert debug["lto"] is False
    assert_elf(debug["cubin"])


def test_lto_rule():
    assert _linker.lto_enabled(None, False, has_inputs=True) is True
    assert _linker.lto_enabled(None, False, has_inputs=False) is False
    assert _linker.lto_enabled(None, True, has_inputs=True) is False
    assert _linker.lto_enabled(False, False, has_inputs=True) is False
    assert _linker.lto_enabled(True, True, has_inputs=False) is True


def test_nvrtc_options():
    options = _linker.nvrtc_options((8, 6), lto=True, debug=False, lineinfo=True, includes=["/x"])
    assert options == ["-arch=compute_86", "-rdc=true", "-dlto", "-lineinfo", "-I/x"]
    options = _linker.nvrtc_options((9, 0), lto=False, debug=True, lineinfo=True, includes=[])
    assert options == ["-arch=compute_90", "-rdc=true", "-G"]


# ---- CUDA C++ for the architecture-specific target (sm_90a) -----------------------------------

# numba-cuda's test_device_arch_specific: inline PTX that only sm_90a has.
ARCH_SPECIFIC_SOURCE = """
extern "C" __device__ int set_descriptor(int *out, int *smem) {
    unsigned usmem = __cvta_generic_to_shared(smem);
    asm volatile("tensormap.replace.tile.rank.shared::cta.b1024.b32 [%0], 2;" :: "r"(usmem));
    return 0;
}
"""


def _set_descriptor_kernel(link):
    set_descriptor = cuda.declare_device("set_descriptor", "int32(CPointer(int32))", link=link)

    def k(a):
        sm = cuda.shared.array(1, dtype=np.int32)
        set_descriptor(sm)
        sm[0] = 2
        cuda.syncthreads()
        a[0] = sm[0]

    return k


@pytest.mark.parametrize("lto", [False, True])
def test_cuda_sources_build_for_the_arch_specific_target(lto):
    # On a GPU with an architecture-specific target, a build that links CUDA C++ targets it
    # (sm_90a), as numba-cuda's does, so the source's inline PTX may use its instructions.
    k = _set_descriptor_kernel(cuda.CUSource(ARCH_SPECIFIC_SOURCE, name="desc.cu"))
    result = link_cubin(k, void(int64[::1]), lto=lto)
    assert_elf(result["cubin"])
    if not lto:  # (with LTO the kernel's own code is LTO-IR, no PTX)
        assert ".target sm_90a" in result["ptx"]
    # A build that links no CUDA C++ keeps the portable target.
    plain = link_cubin(_plain_kernel(), void(float32[::1]))["ptx"]
    assert re.search(r"\.target sm_90\s", plain)


def _plain_kernel():
    def plain(a):
        a[0] = 1.0

    return plain


def test_arch_specific_code_is_refused_where_the_gpu_has_no_such_target():
    k = _set_descriptor_kernel(cuda.CUSource(ARCH_SPECIFIC_SOURCE, name="desc.cu"))
    with pytest.raises((LinkerError, NvrtcCompilationError)):
        compiler.compile_pyfunc(k, void(int64[::1]), device=False, output="cubin", cc=(8, 6))


def test_an_arch_specific_build_links_portable_objects_too(tmp_path):
    # A .cu file (sm_90a build) beside a relocatable sm_90 cubin of other functions.
    path = tmp_path / "ext.cubin"
    path.write_bytes(nvrtc(C_SOURCE, "ext.cu", "cubin"))
    add_one = cuda.declare_device("add_one", "float32(float32)", link=str(path), abi="c")
    set_descriptor = cuda.declare_device(
        "set_descriptor", "int32(CPointer(int32))", link=cuda.CUSource(ARCH_SPECIFIC_SOURCE)
    )

    def k(a, b):
        sm = cuda.shared.array(1, dtype=np.int32)
        set_descriptor(sm)
        a[0] = add_one(b[0])

    result = link_cubin(k, void(float32[::1], float32[::1]), lto=False)
    assert_elf(result["cubin"])
    assert ".target sm_90a" in result["ptx"]


def test_the_arch_suffix_rule():
    cu, ptx = cuda.CUSource("", name="a.cu"), cuda.PTXSource(b"", name="a.ptx")
    assert _linker.cuda_source_suffix([ptx, cu], (9, 0)) == "a"
    assert _linker.cuda_source_suffix(["kernels.cu"], (10, 0)) == "a"
    assert _linker.cuda_source_suffix([ptx], (9, 0)) is None
    assert _linker.cuda_source_suffix([cu], (8, 9)) is None
    options = _linker.nvrtc_options(
        (9, 0), lto=True, debug=False, lineinfo=False, includes=[], suffix="a"
    )
    assert options[0] == "-arch=compute_90a"


# ---- every kind of input ----------------------------------------------------------------------


def _add_one_kernel():
    add_one = cuda.declare_device("add_one", "float32(float32)", abi="c")

    def k(a):
        a[0] = add_one(a[0])

    return k, add_one


@pytest.mark.parametrize("kind", ["ptx", "ltoir", "cubin"])
@pytest.mark.parametrize("lto", [False, True])
def test_every_file_kind_links(tmp_path, kind, lto):
    path = tmp_path / f"ext.{kind}"
    path.write_bytes(nvrtc(C_SOURCE, "ext.cu", kind))
    k, _ = _add_one_kernel()
    result = link_cubin(k, void(float32[::1]), lto=lto, link=[str(path)])
    assert_elf(result["cubin"])


@pytest.mark.parametrize(
    ("cls", "output"),
    [
        (cuda.PTXSource, "ptx"),
        (cuda.LTOIR, "ltoir"),
        (cuda.Cubin, "cubin"),
        (cuda.CUSource, None),
    ],
)
def test_every_in_memory_kind_links(cls, output):
    data = C_SOURCE if output is None else nvrtc(C_SOURCE, "ext.cu", output)
    if cls is cuda.PTXSource:
        data = data.decode()  # PTX as text works too
    item = cls(data, name=f"in-memory.{output or 'cu'}")
    add_one = cuda.declare_device("add_one", "float32(float32)", link=item, abi="c")

    def k(a):
        a[0] = add_one(a[0])

    assert_elf(link_cubin(k, void(float32[::1]))["cubin"])


def test_a_fatbin_links(tmp_path):
    fat = fatbin(nvrtc(C_SOURCE, "ext.cu", "cubin"))
    if fat is None:
        pytest.skip("nvFatbin is not installed (pip install nvidia-nvfatbin)")
    path = tmp_path / "ext.fatbin"
    path.write_bytes(fat)
    k, _ = _add_one_kernel()
    assert_elf(link_cubin(k, void(float32[::1]), link=[str(path)])["cubin"])
    assert_elf(link_cubin(k, void(float32[::1]), link=[cuda.Fatbin(fat)])["cubin"])


@pytest.mark.parametrize("ext", ["o", "a", "fatbin", "cubin"])
def test_binary_inputs_reach_nvjitlink_with_their_kind(tmp_path, ext):
    # Junk of each binary kind: nvJitLink refuses it, naming the file.
    path = tmp_path / f"junk.{ext}"
    path.write_bytes(b"definitely not device code")
    k, _ = _add_one_kernel()
    with pytest.raises(LinkerError, match=f"junk.{ext}"):
        link_cubin(k, void(float32[::1]), link=[str(path)])


def test_jit_link_and_the_dispatcher_compile_path(c_file):
    add_one = cuda.declare_device("add_one", "float32(float32)", abi="c")

    @cuda.jit(link=[c_file])
    def k(a):
        a[0] = add_one(a[0])

    assert k.targetoptions["link"] == (c_file,)
    cubin, _ = cuda.compile(k, void(float32[::1]), device=False, abi="numba", output="cubin", cc=CC)
    assert_elf(cubin)
    artifacts = k._artifacts(("array(float32, 1d, C)",), "cubin", cc=CC)
    assert artifacts["lto"] is True
    assert_elf(artifacts["cubin"])


def test_pointer_parameters_take_arrays(c_file):
    total = cuda.declare_device("total", float64(CPointer(float32), int64), link=c_file, abi="c")

    def k(out, x):
        out[0] = total(x, x.size)

    result = link_cubin(k, void(float64[::1], float32[:]))
    assert_elf(result["cubin"])
    assert "CPointer(float32) = data" in result["ir"]


def test_device_functions_call_externals_and_link_them(numba_file):
    mul = cuda.declare_device("mul_f32", "float32(float32, float32)", link=numba_file)

    @cuda.jit(device=True)
    def square(x):
        return mul(x, x)

    def k(a):
        a[0] = square(a[0])

    assert_elf(link_cubin(k, void(float32[::1]))["cubin"])


def test_a_linked_file_is_compiled_once_per_options(c_file, monkeypatch):
    calls = []
    real = _native.nvrtc_compile

    def counting(*args, **kwargs):
        calls.append((args[1], kwargs["path"]))
        return real(*args, **kwargs)

    monkeypatch.setattr(_native, "nvrtc_compile", counting)
    add_one = cuda.declare_device("add_one", "float32(float32)", link=[c_file, c_file], abi="c")

    def k(a):
        a[0] = add_one(a[0])

    _linker._nvrtc_cache.clear()
    link_cubin(k, void(float32[::1]), lto=False)
    link_cubin(k, void(float32[::1]), lto=False)
    link_cubin(k, void(float32[::1]), lto=True)
    # once for PTX, once for LTO-IR; NVRTC compiles the file under its base name (numba's)
    assert calls == [(os.path.basename(c_file), c_file)] * 2


# ---- include paths ----------------------------------------------------------------------------


def test_nvrtc_include_path_setting(tmp_path):
    headers = tmp_path / "headers"
    headers.mkdir()
    (headers / "offset.h").write_text("#define OFFSET 2.0f\n")
    source = tmp_path / "with_header.cu"
    source.write_text(
        '#include "offset.h"\nextern "C" __device__ float add_one(float x) { return x + OFFSET; }\n'
    )
    add_one = cuda.declare_device("add_one", "float32(float32)", link=str(source), abi="c")

    def k(a):
        a[0] = add_one(a[0])

    _linker._nvrtc_cache.clear()
    with pytest.raises(LinkerError, match=r"offset\.h"):
        link_cubin(k, void(float32[::1]))
    with oxcuda.config.override(NVRTC_INCLUDE_PATH=f"/nonexistent-oxcuda{os.pathsep}{headers}"):
        with pytest.raises(ConfigurationError, match="OXCUDA_NVRTC_INCLUDE_PATH"):
            link_cubin(k, void(float32[::1]))
    with oxcuda.config.override(NVRTC_INCLUDE_PATH=str(headers)):
        assert_elf(link_cubin(k, void(float32[::1]))["cubin"])


def test_include_dirs_end_with_the_setting(tmp_path, monkeypatch):
    monkeypatch.setenv("OXCUDA_NVRTC_INCLUDE_PATH", f"{tmp_path}{os.pathsep}")
    dirs = _linker.include_dirs()
    assert dirs[-1] == str(tmp_path)


# ---- errors -----------------------------------------------------------------------------------


def test_missing_files_are_refused_when_given(tmp_path):
    missing = str(tmp_path / "nope.cu")
    with pytest.raises(LinkerError, match=r"nope\.cu"):
        cuda.declare_device("f", "float32(float32)", link=missing)
    with pytest.raises(LinkerError, match=r"nope\.cu"):

        @cuda.jit(link=[missing])
        def k(a):
            a[0] = 1

    # numba's message is the error's argument; where oxcuda looked is a note (3.11+).
    with pytest.raises(LinkerError) as info:
        cuda.jit("void(int32[::1])", link=[missing])
    assert info.value.args[0].startswith(f"{missing} not found")
    if hasattr(info.value, "__notes__"):
        assert info.value.args == (f"{missing} not found",)
        assert "does not exist" in info.value.__notes__[0]
    with pytest.raises(LinkerError, match="not found") as info:
        directory = tmp_path / "dir.ptx"
        directory.mkdir()
        cuda.declare_device("f", "float32(float32)", link=str(directory))
    assert "is not a file" in str(info.value) + "".join(getattr(info.value, "__notes__", []))


@pytest.mark.parametrize("name", ["code.cpp", "code", "archive.tar.gz"])
def test_unknown_extensions_are_refused(tmp_path, name):
    path = tmp_path / name
    path.write_text("")
    with pytest.raises(ValueError, match=name.split("/")[-1]):
        cuda.declare_device("f", "float32(float32)", link=str(path))
    with pytest.raises(ValueError, match="extension"):
        cuda.jit(link=[str(path)])(lambda a: None)


def test_a_cu_syntax_error_carries_nvrtc_log_and_the_file_name(tmp_path):
    path = tmp_path / "broken.cu"
    path.write_text('extern "C" __device__ float add_one(float x) { return x +; }\n')
    add_one = cuda.declare_device("add_one", "float32(float32)", link=str(path), abi="c")

    def k(a):
        a[0] = add_one(a[0])

    with pytest.raises(NvrtcCompilationError) as info:
        link_cubin(k, void(float32[::1]))
    assert isinstance(info.value, LinkerError)
    message = str(info.value)
    assert f"NVRTC could not compile {path} (NVRTC_ERROR_COMPILATION)" in message
    assert "expected an expression" in message  # NVRTC's own log
    # NVRTC's log names the file by its base name, as in numba-cuda
    assert 'in the compilation of "broken.cu"' in message
    assert "broken.cu(1): error" in message


def test_an_undefined_symbol_carries_nvjitlink_log(c_file):
    nope = cuda.declare_device("nope", "float32(float32)", link=c_file, abi="c")

    def k(a):
        a[0] = nope(a[0])

    for lto in (False, True):
        with pytest.raises(LinkerError) as info:
            link_cubin(k, void(float32[::1]), lto=lto)
        message = str(info.value)
        assert "nvJitLink" in message
        assert "nope" in message  # "Undefined reference to 'nope'"
        assert c_file in message  # what was linked


@pytest.mark.skipif(
    not _sim_native_code.host_compiler_available(), reason="no host C++ compiler (g++)"
)
def test_linked_cuda_cpp_runs_on_the_simulator_and_ptx_is_refused(c_file):
    add_one = cuda.declare_device("add_one", "float32(float32)", link=c_file, abi="c")
    total = cuda.declare_device("total", float64(CPointer(float32), int64), link=c_file, abi="c")

    @cuda.jit
    def k(a, sums):
        a[0] = add_one(a[0])
        sums[0] = total(a, a.size)

    ptx = nvrtc(C_SOURCE, "c_functions.cu", "ptx")

    @cuda.jit(link=[cuda.PTXSource(ptx, name="c_functions.ptx")])
    def legacy(a):
        a[0] = 1

    a = np.random.default_rng().standard_normal(50).astype(np.float32)
    want = a.copy()
    want[0] += np.float32(1)
    sums = np.zeros(1)
    with oxcuda.config.override(TARGET="sim"):
        k[1, 1](a, sums)
        np.testing.assert_array_equal(a, want)
        assert sums[0] == pytest.approx(want.astype(np.float64).sum(), rel=1e-12)
        with pytest.raises(RuntimeError, match=r"\(PTX\), which cannot run on the simulator"):
            legacy[1, 1](np.ones(2, np.float32))


def test_a_cu_files_quoted_includes_resolve_from_its_own_directory(tmp_path, monkeypatch):
    # NVRTC compiles the file's text: oxcuda passes the file's directory first (-I), so a
    # sibling header is found from any working directory, as the simulator's build finds it.
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "helper.cuh").write_text(
        "__device__ inline int triple(int a) { return 3 * a; }\n"
    )
    source = tmp_path / "uses_helper.cu"
    source.write_text(
        '#include "sub/helper.cuh"\n'
        'extern "C" __device__ int tri(int *out, int a) { *out = triple(a); return 0; }\n'
    )
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    tri = cuda.declare_device("tri", "int32(int32)", link=str(source))

    def k(a):
        a[0] = tri(a[0])

    artifacts = link_cubin(k, void(int64[::1]))
    assert artifacts["cubin"][:4] == b"\x7fELF"


def test_declare_device_refusals(c_file):
    with pytest.raises(TypeError, match="Return type must be provided"):
        cuda.declare_device("f", (float32,))
    with pytest.raises(NotImplementedError, match="Unsupported ABI"):
        cuda.declare_device("f", "float32(float32)", abi="cpp")
    with pytest.raises(ValueError, match="identifier"):
        cuda.declare_device("not a symbol", "float32(float32)")
    with pytest.raises(TypeError, match="float16"):
        cuda.declare_device("f", "float16(float32)", abi="c")  # returned by value: no C form
    with pytest.raises(TypeError, match="complex64"):
        cuda.declare_device("f", "complex64(float32)", abi="c")
    assert cuda.declare_device("f", "float32(float32)", use_cooperative=True).use_cooperative
    with pytest.raises(TypeError, match="link="):
        cuda.declare_device("f", "float32(float32)", link=42)
    with pytest.raises(ValueError, match="device function"):
        cuda.jit(device=True, link=[c_file])(lambda x: x)
    f = cuda.declare_device("f", "void(CPointer(int32))", abi="c")
    assert f.sig.args == (CPointer(types.int32),) and f.sig.return_type == types.void
    with pytest.raises(TypeError, match="from a kernel"):
        f(1)


def test_parameters_without_a_c_form_are_refused_where_a_kernel_calls_them():
    # numba-cuda accepts these declarations (it passes its own data model); oxcuda accepts them
    # too, and refuses a kernel that names the function, saying what to declare instead.
    by_value = cuda.declare_device("by_value", "float32(float32[::1])")
    half = cuda.declare_device("half", "float32(float16)")
    assert by_value.sig.args == (float32[::1],)
    assert half.sig.return_type == float32

    def k(a):
        a[0] = by_value(a)

    def h(a):
        a[0] = half(a[0])

    with pytest.raises(TypingError, match=r"by_value.*parameter 0.*CPointer\(float32\)"):
        cuda.compile_ptx(k, void(float32[::1]))
    with pytest.raises(TypingError, match=r"half.*parameter 0: float16"):
        cuda.compile_ptx(h, void(float32[::1]))


def test_bad_calls_are_typing_errors(c_file):
    add_one = cuda.declare_device("add_one", "float32(float32)", link=c_file, abi="c")

    def k(a):
        a[0] = add_one(a[0], a[1])

    with pytest.raises(TypingError, match="takes 1 argument, got 2"):
        cuda.compile_ptx(k, void(float32[::1]), cc=CC)


# ---- the in-memory objects ----------------------------------------------------------------------


def test_linkable_code_objects(tmp_path):
    assert cuda.PTXSource("x").name == "<unnamed-ptx>"
    assert cuda.CUSource("x", name="a.cu").name == "a.cu"
    assert cuda.LTOIR(io.BytesIO(b"ab")).as_bytes() == b"ab"
    assert cuda.CUSource(io.StringIO("src")).data == "src"
    for cls, kind in [
        (cuda.PTXSource, "ptx"),
        (cuda.CUSource, "cu"),
        (cuda.LTOIR, "ltoir"),
        (cuda.Cubin, "cubin"),
        (cuda.Fatbin, "fatbin"),
        (cuda.Object, "o"),
        (cuda.Archive, "a"),
    ]:
        assert cls(b"").kind == kind
        assert isinstance(cls(b""), cuda.LinkableCode)
    with pytest.raises(TypeError, match="abstract"):
        cuda.LinkableCode(b"")
    with pytest.raises(TypeError, match="callable"):
        cuda.PTXSource("x", setup_callback=3)
    with pytest.raises(TypeError, match="teardown_callback must be callable"):
        cuda.PTXSource("x", teardown_callback="f")
    hooked = cuda.PTXSource("x", setup_callback=print, teardown_callback=repr)
    assert (hooked.setup_callback, hooked.teardown_callback) == (print, repr)
    with pytest.raises(NotImplementedError):
        cuda.PTXSource("x", nrt=True)
    with pytest.raises(TypeError, match="bytes, str"):
        cuda.PTXSource(42)
    path = tmp_path / "k.ptx"
    path.write_text("// ptx")
    loaded = cuda.LinkableCode.from_path(str(path))
    assert isinstance(loaded, cuda.PTXSource)
    assert loaded.as_bytes() == b"// ptx"
    assert loaded.name == str(path)
    assert cuda.LinkableCode.from_path_or_obj(loaded) is loaded
    assert linkable_code.classify_path("x.LIB") == "a"


@pytest.mark.parametrize(
    ("name", "numba_text"),
    [("header.cuh", "with extension .cuh"), ("data", "with no extension")],
)
def test_unknown_link_file_kinds_raise_numbas_error_with_the_fix(name, numba_text):
    with pytest.raises(RuntimeError, match=f"Don't know how to link file {numba_text}") as info:
        linkable_code.classify_path(name)
    assert isinstance(info.value, ValueError)  # a bad argument, as before
    assert "classified by extension" in str(info.value) and "PTXSource" in str(info.value)


RETURNED_THROUGH_THE_SLOT = """
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


@pytest.mark.parametrize("cc", [(7, 5), (9, 0), (10, 0)])
def test_numba_abi_float16_and_complex_results_are_stored_through_the_slot(cc):
    # numba-ABI functions return through `ret *out`, so float16 and complex results have a C
    # form there (their bytes), though not as by-value C returns.
    code = cuda.CUSource(RETURNED_THROUGH_THE_SLOT)
    copy_half = cuda.declare_device(
        "copy_half", oxcuda.float16(CPointer(oxcuda.float16)), link=code
    )
    pair = cuda.declare_device("product_and_sum", "complex64(float32, float32)", link=code)

    def k(h, z, x, a, b):
        i = cuda.grid(1)
        if i < h.size:
            h[i] = copy_half(x[i:])  # a CPointer parameter takes the view's data pointer
            z[i] = pair(a[i], b[i])

    sig = void(
        oxcuda.float16[::1],
        oxcuda.complex64[::1],
        oxcuda.float16[::1],
        float32[::1],
        float32[::1],
    )
    result = compiler.compile_pyfunc(k, sig, device=False, output="cubin", cc=cc, link=())
    assert_elf(result["cubin"])
    ptx = cuda.compile_ptx(k, sig, cc=cc)[0]
    # Each external takes the slot's address first, then its arguments.
    assert re.search(
        r"\.extern\s+\.func\s+\(\.param\s+\.b32\s+func_retval0\)\s+copy_half\s*\(\s*"
        r"\.param\s+\.b64\s+\w+,\s*\.param\s+\.b64\s+\w+\s*\)",
        ptx,
    )
    assert re.search(
        r"product_and_sum\s*\(\s*\.param\s+\.b64\s+\w+,\s*\.param\s+\.b32\s+\w+,"
        r"\s*\.param\s+\.b32\s+\w+\s*\)",
        ptx,
    )
