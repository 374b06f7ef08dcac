"""numba-cuda's ``numba.cuda.typing`` package, for the names its programs import from it:
:mod:`oxcuda.cuda.typing.typeof` (``typeof``, ``Purpose``, ``typeof_impl``)."""
