"""TEST DOUBLE of the ``rmm`` package (not RMM): just the names ``oxcuda.memory.rmm`` calls,
recording each call, so CI (which has no GPU, where real RMM cannot allocate) checks the
plugin's wiring. tests/gpu/test_rmm_gpu.py runs the plugin against real RMM."""

import itertools

from . import mr as mr  # rmm.mr, as the real package has it

IS_TEST_DOUBLE = True
calls: list[tuple] = []
_addresses = itertools.count(0x7F0000000000, 0x1000)


class DeviceBuffer:
    """Records its construction; ``ptr`` is a made-up address (never dereferenced)."""

    def __init__(self, *, ptr=0, size=0, stream=None, mr=None):
        self.ptr = next(_addresses)
        self.size = size
        calls.append(("DeviceBuffer", size, stream, mr))
