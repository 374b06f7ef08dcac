"""The disk cache of compiled kernels (``oxcuda.cuda._disk_cache``): keys, files, locations.
The GPU round trip (a second process loading the kernel) is in tests/gpu/test_disk_cache_gpu.py."""

import importlib.util
import os
import sys

import oxcuda
from oxcuda.cuda import _disk_cache

KERNEL_SOURCE = """
from oxcuda import cuda

SCALE = {scale}

def scaled(out, x):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = SCALE * x[i]
"""

TYPES = ("float32[::1]", "float32[::1]")


def load_module(tmp_path, name, scale):
    path = tmp_path / f"{name}.py"
    path.write_text(KERNEL_SOURCE.format(scale=scale))
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def key_of(func, types=TYPES, options=None, cc=(9, 0), link=(), driver=(13, 0)):
    return _disk_cache.key(func, types, options or {}, cc, link, driver)


def test_key_is_stable_and_sees_everything_the_image_depends_on(tmp_path):
    m = load_module(tmp_path, "cache_kernel_a", 2.0)
    first = key_of(m.scaled)
    assert first == key_of(m.scaled)
    assert len(first) == 64
    different = {
        key_of(m.scaled, types=("float64[::1]", "float64[::1]")),
        key_of(m.scaled, cc=(8, 0)),
        key_of(m.scaled, options={"fastmath": True}),
        key_of(m.scaled, driver=(12, 8)),
    }
    assert first not in different and len(different) == 4
    m.SCALE = 3.0  # a global the kernel reads: frozen into the image, so part of the key
    assert key_of(m.scaled) != first
    edited = load_module(tmp_path, "cache_kernel_b", 2.0)
    assert key_of(edited.scaled) != first  # another file: another source


def test_kernels_linking_external_code_are_not_cached(tmp_path):
    m = load_module(tmp_path, "cache_kernel_c", 1.5)
    assert key_of(m.scaled, link=["functions.cu"]) is None


def test_store_then_load_round_trips_and_rejects_damage(tmp_path):
    m = load_module(tmp_path, "cache_kernel_d", 4.0)
    key = key_of(m.scaled)
    image = os.urandom(4096)
    with oxcuda.config.override(CACHE_DIR=str(tmp_path / "cache")):
        path = _disk_cache.store(m.scaled, key, "_Z6scaledP", image)
        assert path is not None and path.startswith(str(tmp_path / "cache"))
        header, loaded = _disk_cache.load(m.scaled, key)
        assert loaded == image and header["kernel_name"] == "_Z6scaledP"
        assert _disk_cache.load(m.scaled, "0" * 64) is None  # absent
        with open(path, "r+b") as f:  # truncated: the size no longer matches
            f.truncate(len(_disk_cache.MAGIC) + 20)
        assert _disk_cache.load(m.scaled, key) is None
        with open(path, "wb") as f:  # not ours
            f.write(b"something else\n" + image)
        assert _disk_cache.load(m.scaled, key) is None


def test_the_table_of_asserts_is_kept_with_a_debug_image(tmp_path):
    """A debug kernel loaded from the cache reports a failed assert as a compiled one does."""
    m = load_module(tmp_path, "cache_kernel_g", 7.0)
    key = key_of(m.scaled)
    table = (
        "scaled",
        [("negative", "scaled", "/k.py", 5, 9), ("assertion failed", "f", "/k.py", 2, 5)],
    )
    with oxcuda.config.override(CACHE_DIR=str(tmp_path / "cache")):
        _disk_cache.store(m.scaled, key, "scaled_0", b"image", table)
        header, _ = _disk_cache.load(m.scaled, key)
        assert _disk_cache.asserts(header) == table
        _disk_cache.store(m.scaled, key, "scaled_0", b"image")
        header, _ = _disk_cache.load(m.scaled, key)
        assert _disk_cache.asserts(header) is None


def test_unwritable_location_is_skipped_not_an_error(tmp_path):
    m = load_module(tmp_path, "cache_kernel_e", 5.0)
    blocker = tmp_path / "not_a_dir"
    blocker.write_text("a file where the cache directory would go")
    with oxcuda.config.override(CACHE_DIR=str(blocker / "cache")):
        assert _disk_cache.store(m.scaled, key_of(m.scaled), "k", b"image") is None


def test_default_location_is_pycache_beside_the_source(tmp_path, clean_settings):
    m = load_module(tmp_path, "cache_kernel_f", 6.0)
    assert _disk_cache.directory(m.scaled) == str(tmp_path / "__pycache__")
    clean_settings.CACHE_DIR = str(tmp_path / "elsewhere")
    assert _disk_cache.directory(m.scaled) == str(tmp_path / "elsewhere")
