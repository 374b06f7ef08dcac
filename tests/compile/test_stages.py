"""The compile stages as the native core lists them: OXCUDA_DUMP of any stage, inspect_* from
the artifacts a compile stored, the source captured once per compile, and feeding a stage from
a file (``python -m oxcuda.compile_stage``). No GPU needed."""

import re

import numpy as np
import oxcuda
import pytest
from oxcuda import _capture, _native, cuda
from oxcuda.compile_stage import compile_stage, main
from oxcuda.cuda import compiler
from oxcuda.errors import CompileError

SIG = "void(float32[::1], float32, float32[::1])"


def scale(out, a, x):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a * x[i] + math_free(x[i])


@cuda.jit(device=True)
def math_free(v):
    return v * 0.5


def artifacts(output="ptx", **options):
    return compiler.compile_pyfunc(scale, SIG, device=False, output=output, cc=(9, 0), **options)


def test_the_stage_list_is_the_native_one_in_pipeline_order():
    names = [s.name for s in compiler.stages()]
    assert names == [row[0] for row in _native.compile_stages()]
    assert names[:4] == ["source", "lowered", "typed", "nvvm"]
    assert names[-1] == "cubin"
    assert compiler.stage_info("ir").name == "typed"  # the old output name is an alias
    assert compiler.stage_info("llvm").name == "nvvm"
    assert compiler.stage_info("nonsense") is None


def test_each_stage_is_retrievable_and_each_step_timed():
    assert artifacts("cubin", keep=["source"]).stored() == [
        "source",
        "typed",
        "nvvm",
        "ptx",
        "cubin",
    ]
    a = artifacts("cubin")
    assert a["source"] is None  # consumed by typing unless kept (it holds the globals' values)
    assert a["typed"] == a["ir"] and "kernel @f0" in a["typed"]
    assert "define" in a["nvvm"] and ".entry" in a["ptx"]
    assert a["cubin"][:4] == b"\x7fELF"
    assert a["ltoir"] is None  # not an LTO compile
    assert a["lowered"] is None  # consumed by the optimiser unless kept
    assert a.stored() == ["typed", "nvvm", "ptx", "cubin"]
    timers = [t for t, _ in a["times"]]
    assert timers == ["source", "typing", "optimize", "nvvm-ir", "libnvvm", "nvjitlink"]
    assert all(seconds >= 0 for _, seconds in a["times"])
    with pytest.raises(KeyError):
        a["no such key"]
    assert a.get("no such key", 7) == 7


def test_output_names_every_stage():
    for name in ("typed", "lowered", "nvvm", "ptx", "ltoir"):
        assert artifacts(name)[name], name
    with pytest.raises(ValueError, match=r"not a compile stage \(known: source, lowered, typed"):
        artifacts("assembly")


def test_dump_prints_any_stage_including_the_ir_before_the_optimiser(capfd):
    with oxcuda.config.override(DUMP="lowered,typed,source,cubin,bogus"):
        a = artifacts("cubin")
    err = capfd.readouterr().err
    # "==== stage: scale(types) ====\n" then the stage's text
    header = r"==== (\w+): scale\(.*?\) ====\n"
    sections = dict(re.findall(header + r"(.*?)(?=\n====|\Z)", err, re.S))
    assert list(sections) == ["lowered", "typed", "source", "cubin"]
    lowered, typed = sections["lowered"], sections["typed"]
    # The `if` has an empty else block before the optimiser removes it.
    assert "bb3:" in lowered and "bb3:" not in typed
    assert a["lowered"] is not None  # kept because the dump asked for it
    assert "def scale(" in sections["source"] and "def math_free(" in sections["source"]
    assert f"({len(a['cubin'])} bytes: " in err
    assert "OXCUDA_DUMP: unknown stage 'bogus' (known: source, lowered, typed" in err


@pytest.fixture
def counted(monkeypatch):
    """Counts the calls of _native.compile and _capture.capture."""
    calls = {"compile": 0, "capture": 0}
    real_compile, real_capture = _native.compile, _capture.capture

    def compile_(*args, **kwargs):
        calls["compile"] += 1
        return real_compile(*args, **kwargs)

    def capture(*args, **kwargs):
        calls["capture"] += 1
        return real_capture(*args, **kwargs)

    monkeypatch.setattr(_native, "compile", compile_)
    monkeypatch.setattr(_capture, "capture", capture)
    return calls


def test_inspect_reads_the_stored_artifacts_and_continues_from_them(counted):
    kernel = cuda.jit(scale)
    rng = np.random.default_rng()
    x = rng.random(50).astype(np.float32)
    out = np.zeros_like(x)
    with oxcuda.config.override(TARGET="sim"):
        kernel[1, 64](out, np.float32(3.0), x)
        np.testing.assert_allclose(out, 3.0 * x + 0.5 * x, rtol=1e-6)
        assert counted == {"compile": 1, "capture": 1}  # the source is captured once
        (sig,) = kernel.signatures
        typed = kernel.inspect_types(signature=sig)
        (nvvm,) = kernel.inspect_llvm().values()
        (ptx,) = kernel.inspect_asm().values()
        assert kernel.inspect_asm(sig) == ptx
    # None of these compiled from the source again: NVVM IR and PTX came from the stored
    # typed IR, and are now stored too.
    assert counted == {"compile": 1, "capture": 1}
    reference = compiler.compile_pyfunc(
        scale,
        "void(array(float32, 1d, C), float32, array(float32, 1d, C))",
        device=False,
        output="ptx",
        cc=(7, 5),
    )
    assert typed == reference["typed"]
    assert nvvm == reference["nvvm"]
    assert ptx == reference["ptx"]


def test_a_compile_given_the_captured_source_captures_nothing(counted):
    captured = _capture.capture(scale)
    assert counted["capture"] == 1
    compiler.compile_pyfunc(scale, SIG, device=False, output="ptx", cc=(9, 0), captured=captured)
    assert counted["capture"] == 1


def test_ptx_of_an_lto_compile_comes_from_its_stored_nvvm_ir():
    a = artifacts("cubin", lto=True)
    assert a["lto"] and a["ltoir"] and a["ptx"] is None
    compiler.open_tools("ptx")
    a.advance("ptx")
    assert a["ptx"] == artifacts("ptx")["ptx"]


# ---- feeding a stage from a file ---------------------------------------------------------


def test_typed_ir_fed_into_the_optimiser_gives_the_source_compile(tmp_path, capsys):
    with oxcuda.config.override(DUMP="lowered"):
        source = artifacts("cubin")
    lowered = source["lowered"]
    fed = compile_stage(lowered.encode(), "lowered", "cubin", cc=(9, 0))
    assert fed["typed"] == source["typed"]
    assert fed["ptx"] == source["ptx"]
    assert fed["cubin"][:4] == b"\x7fELF"
    # The same through the command line, the stage known from the extension.
    path = tmp_path / "scale.oxir"
    path.write_text(lowered)
    assert main([str(path), "--cc", "9.0"]) == 0
    assert capsys.readouterr().out.strip() == source["ptx"].strip()


def test_nvvm_ir_fed_into_libnvvm(tmp_path, capsys):
    source = artifacts("ptx")
    path = tmp_path / "scale.ll"
    path.write_text(source["nvvm"])
    out = tmp_path / "scale.cubin"
    assert main([str(path), "--to", "cubin", "--cc", "9.0", "-o", str(out), "--dump"]) == 0
    assert out.read_bytes()[:4] == b"\x7fELF"
    err = capsys.readouterr().err
    assert "==== ptx ====" in err and source["ptx"].strip() in err


def test_bad_stage_inputs_are_clear_errors(tmp_path, capsys):
    with pytest.raises(ValueError, match="lowered input: "):
        compile_stage(b"kernel @f0 nonsense", "lowered", "typed")
    with pytest.raises(ValueError, match="cannot be fed from a file; these can: lowered, typed"):
        compile_stage(b"def k(): pass", "source", "typed")
    with pytest.raises(ValueError, match="comes before the stage fed in"):
        compile_stage(b"x", "nvvm", "typed")
    with pytest.raises(ValueError, match="must be a compile stage"):
        compile_stage(b"x", "assembly", "ptx")
    path = tmp_path / "broken.oxir"
    path.write_text("kernel nonsense\n")
    assert main([str(path)]) == 1
    assert "error: lowered input: " in capsys.readouterr().err
    path = tmp_path / "scale.oxir"
    path.write_text(artifacts("typed")["typed"])
    assert main([str(path), "--from", "typed", "--to", "cubin"]) == 1
    assert "binary: write it with -o FILE" in capsys.readouterr().err


def test_libnvvm_rejecting_fed_ir_names_libnvvm(tmp_path):
    from oxcuda.errors import InternalCompilerError

    with pytest.raises(InternalCompilerError, match="libNVVM rejected"):
        compile_stage(b"this is not LLVM IR\n", "nvvm", "ptx")


def test_stage_list_on_the_command_line(capsys):
    assert main(["--list"]) == 0
    out = capsys.readouterr().out
    for info in compiler.stages():
        assert info.name in out and info.what in out


def test_unknown_extension_asks_for_from(tmp_path):
    path = tmp_path / "kernel.txt"
    path.write_text("x")
    with pytest.raises(SystemExit):
        main([str(path)])


def test_a_typing_error_is_still_a_compile_error():
    def bad(a):
        a[0] = undefined_name  # noqa: F821

    with pytest.raises(CompileError, match="undefined_name"):
        compiler.compile_pyfunc(bad, "void(float32[::1])", device=False, output="typed", cc=None)
