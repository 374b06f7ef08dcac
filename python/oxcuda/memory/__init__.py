"""Ready External Memory Management plugins: device arrays allocated by another library's pool.

- :mod:`oxcuda.memory.cupy`: CuPy's memory pool (``cupy.cuda.alloc``);
- :mod:`oxcuda.memory.rmm`: RMM's memory resource of each device (``rmm.DeviceBuffer``);
- :mod:`oxcuda.memory.torch`: PyTorch's caching allocator
  (``torch.cuda.caching_allocator_alloc``/``caching_allocator_delete``).

Select one with ``OXCUDA_MEMORY_MANAGER=oxcuda.memory.cupy`` (before the first context is
used) or ``cuda.set_memory_manager(CuPyMemoryManager)``. Importing a plugin module does not
import its library; the first allocation does. All need a GPU: on the host backend
(``oxcuda.config.TARGET == "sim"``) they refuse with a clear error.
"""
