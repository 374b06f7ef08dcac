"""Feed a file into one stage of the compile pipeline and run the stages after it, for debugging.

    python -m oxcuda.compile_stage FILE --from lowered --to ptx --cc 9.0
    python -m oxcuda.compile_stage kernel.ll --to cubin -o kernel.cubin
    python -m oxcuda.compile_stage --list

``--from`` is the stage ``FILE`` holds (typed IR text as ``lowered`` goes through the optimiser, as
``typed`` straight to the NVVM IR writer; ``nvvm`` IR goes to libNVVM; ``ptx`` or ``ltoir`` to
nvJitLink); without it, the file's extension decides (``.oxir``/``.ir``: lowered, ``.ll``/``.nvvm``:
nvvm, ``.ptx``: ptx, ``.ltoir``: ltoir). ``--to`` (default ``ptx``) is the last stage; its output is
written to ``-o`` or printed (a binary stage needs ``-o``). ``--dump`` also prints the stages in
between. Get a stage's text from a kernel with ``OXCUDA_DUMP=lowered,nvvm`` (docs/debugging.md).
The stages and their names are the native core's (``oxcuda.cuda.compiler.stages()``).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

_BY_EXTENSION = {
    ".oxir": "lowered",
    ".ir": "lowered",
    ".ll": "nvvm",
    ".nvvm": "nvvm",
    ".ptx": "ptx",
    ".ltoir": "ltoir",
}


def compile_stage(
    data: bytes,
    stage: str,
    target: str,
    *,
    cc: tuple[int, int] = (7, 5),
    lto: bool = False,
    fastmath: bool = False,
    opt: bool = True,
    debug: bool = False,
    lineinfo: bool = False,
) -> Any:
    """Compiles ``data`` (the output of the stage ``stage``) up to ``target``; returns the
    artifacts (``_native.CompileArtifacts``: each stage's output by name). Raises ``ValueError``
    for a stage that cannot be fed or an input that does not parse."""
    from oxcuda import _native
    from oxcuda.cuda import compiler

    compiler.open_tools(target)
    options = {
        "cc": tuple(cc),
        "lto": lto,
        "fastmath": fastmath,
        "opt": opt,
        "debug": debug,
        "lineinfo": lineinfo,
    }
    return _native.compile_from(stage, data, target, options, compiler.libdevice_path())


def _stage_table() -> str:
    from oxcuda.cuda import compiler

    lines = []
    for s in compiler.stages():
        names = ", ".join((s.name, *s.aliases))
        fed = "can be fed" if s.feedable else "cannot be fed"
        lines.append(f"{names:<14} {s.what} ({s.form}; {fed})")
    return "\n".join(lines)


def _parse_cc(text: str) -> tuple[int, int]:
    try:
        major, minor = text.split(".")
        return int(major), int(minor)
    except ValueError:
        raise argparse.ArgumentTypeError(f"--cc is MAJOR.MINOR like 9.0, not {text!r}") from None


def main(argv: list[str] | None = None) -> int:
    """The command line (see the module documentation); returns the exit status."""
    import os

    parser = argparse.ArgumentParser(
        prog="python -m oxcuda.compile_stage", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("file", nargs="?", help="the stage's input")
    parser.add_argument("--from", dest="stage", help="the stage FILE holds")
    parser.add_argument("--to", dest="target", default="ptx", help="the last stage (ptx)")
    parser.add_argument("--cc", type=_parse_cc, default=(7, 5), help="MAJOR.MINOR (7.5)")
    parser.add_argument("--lto", action="store_true", help="compile for link-time optimisation")
    parser.add_argument("--fastmath", action="store_true")
    parser.add_argument("--no-opt", dest="opt", action="store_false", help="libNVVM -opt=0")
    parser.add_argument("--debug", action="store_true")
    parser.add_argument("--lineinfo", action="store_true")
    parser.add_argument("--dump", action="store_true", help="print every stage produced")
    parser.add_argument("-o", "--output", help="write the last stage here")
    parser.add_argument("--list", action="store_true", help="list the stages and exit")
    args = parser.parse_args(argv)
    if args.list:
        print(_stage_table())
        return 0
    if args.file is None:
        parser.error("FILE is required (or --list)")
    stage = args.stage or _BY_EXTENSION.get(os.path.splitext(args.file)[1])
    if stage is None:
        parser.error(f"cannot tell the stage of {args.file} from its extension: pass --from")
    with open(args.file, "rb") as f:
        data = f.read()
    from oxcuda.errors import OxcudaError

    try:
        result = compile_stage(
            data,
            stage,
            args.target,
            cc=args.cc,
            lto=args.lto,
            fastmath=args.fastmath,
            opt=args.opt,
            debug=args.debug,
            lineinfo=args.lineinfo,
        )
    except (ValueError, OxcudaError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    if args.dump:
        for name in result.stored():
            value = result[name]
            shown = f"({len(value)} bytes)" if isinstance(value, bytes) else value
            print(f"==== {name} ====\n{shown}", file=sys.stderr)
    out = result[args.target]
    if out is None:
        print(f"error: the compile produced no {args.target} stage", file=sys.stderr)
        return 1
    if args.output:
        with open(args.output, "wb") as f:
            f.write(out if isinstance(out, bytes) else out.encode())
    elif isinstance(out, bytes):
        print(f"error: {args.target} is binary: write it with -o FILE", file=sys.stderr)
        return 1
    else:
        sys.stdout.write(out if out.endswith("\n") else out + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
