"""The disk cache of compiled kernels (``oxcuda.cuda._disk_cache``): keys, files, locations.
The GPU round trip (a second process loading the kernel) is in tests/gpu/test_disk_cache_gpu.py."""

import importlib.util
import os
import sys
from pathlib import Path

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
    return import_file(path, name)


def import_file(path, name):
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
        [
            ("negative", "scaled", "/k.py", 5, 9, "AssertionError"),
            ("division by zero", "f", "/k.py", 2, 5, "ZeroDivisionError"),
        ],
    )
    with oxcuda.config.override(CACHE_DIR=str(tmp_path / "cache")):
        _disk_cache.store(m.scaled, key, "scaled_0", b"image", table)
        header, _ = _disk_cache.load(m.scaled, key)
        assert _disk_cache.asserts(header) == table
        # An entry written before sites named their exception class reads as AssertionError.
        old = (table[0], [list(site[:5]) for site in table[1]])
        _disk_cache.store(m.scaled, key, "scaled_0", b"image", old)
        header, _ = _disk_cache.load(m.scaled, key)
        assert _disk_cache.asserts(header)[1][1][5] == "AssertionError"
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


def _stored_entry(tmp_path, name, image):
    m = load_module(tmp_path, name, 3.0)
    key = key_of(m.scaled)
    path = _disk_cache.store(m.scaled, key, "_Z6scaledP", image)
    assert path is not None
    return m, key, path


def _rewrite(path, data):
    with open(path, "wb") as f:
        f.write(data)


def test_flipped_bytes_anywhere_in_header_or_image_are_a_miss(tmp_path):
    """Issue 17: a cubin damaged on disk used to be handed to the driver (SIGSEGV, or the
    corrupt code ran). Every byte is covered by the checksum."""
    image = os.urandom(8192)
    with oxcuda.config.override(CACHE_DIR=str(tmp_path / "cache")):
        m, key, path = _stored_entry(tmp_path, "cache_kernel_flip", image)
        good = Path(path).read_bytes()
        image_start = len(good) - len(image)
        offsets = [len(_disk_cache.MAGIC) + 3, image_start - 5]  # checksum line, header
        offsets += [image_start + int(f * len(image)) for f in (0.0, 0.3, 0.6, 0.999)]
        for offset in offsets:
            for flip in (0x01, 0xFF):
                bad = bytearray(good)
                bad[offset] ^= flip
                _rewrite(path, bytes(bad))
                assert _disk_cache.load(m.scaled, key) is None, (offset, flip)
        bad = bytearray(good)  # a 4 KiB run of garbage at 30% of the image
        at = image_start + int(0.3 * len(image))
        bad[at : at + 4096] = os.urandom(4096)
        _rewrite(path, bytes(bad))
        assert _disk_cache.load(m.scaled, key) is None
        _rewrite(path, good)
        assert _disk_cache.load(m.scaled, key)[1] == image


def test_truncated_files_are_a_miss(tmp_path):
    image = os.urandom(4096)
    with oxcuda.config.override(CACHE_DIR=str(tmp_path / "cache")):
        m, key, path = _stored_entry(tmp_path, "cache_kernel_trunc", image)
        good = Path(path).read_bytes()
        for n in (0, 5, len(_disk_cache.MAGIC), len(_disk_cache.MAGIC) + 64, len(good) - 1):
            _rewrite(path, good[:n])
            assert _disk_cache.load(m.scaled, key) is None, n


def _with_header(header_bytes, image):
    """A file with a valid checksum around an arbitrary header line."""
    import hashlib

    body = header_bytes + b"\n" + image
    return _disk_cache.MAGIC + hashlib.sha256(body).hexdigest().encode() + b"\n" + body


def test_headers_of_the_wrong_shape_are_a_miss(tmp_path):
    """A header that is valid JSON but not the expected object (issue 17: ``[1, 2, 3]`` broke
    the kernel permanently with AttributeError), or has keys of the wrong types."""
    import json

    image = os.urandom(256)
    with oxcuda.config.override(CACHE_DIR=str(tmp_path / "cache")):
        m, key, path = _stored_entry(tmp_path, "cache_kernel_schema", image)
        good = {"key": key, "kernel_name": "k", "size": len(image)}
        headers = [
            [1, 2, 3],
            "a string",
            None,
            {},
            {**good, "key": 5},
            {**good, "kernel_name": ["k"]},
            {**good, "size": "256"},
            {**good, "size": True},
            {**good, "size": 255},
            {**good, "key": "0" * 64},
            {**good, "asserts": "yes"},
            {**good, "asserts": ["k", [["m", "f", "/k.py", -1, 2]]]},
            {**good, "asserts": ["k", [["m", "f", "/k.py", 1]]]},
        ]
        for header in headers:
            _rewrite(path, _with_header(json.dumps(header).encode(), image))
            assert _disk_cache.load(m.scaled, key) is None, header
        _rewrite(path, _with_header(b"{not json", image))
        assert _disk_cache.load(m.scaled, key) is None
        _rewrite(path, _with_header(json.dumps(good).encode(), image))
        assert _disk_cache.load(m.scaled, key) == (good, image)


def test_a_damaged_entry_is_rewritten_by_the_next_store(tmp_path):
    image = os.urandom(1024)
    with oxcuda.config.override(CACHE_DIR=str(tmp_path / "cache")):
        m, key, path = _stored_entry(tmp_path, "cache_kernel_rewrite", image)
        _rewrite(path, b"[1, 2, 3]")
        assert _disk_cache.load(m.scaled, key) is None
        assert _disk_cache.store(m.scaled, key, "_Z6scaledP", image) == path
        assert _disk_cache.load(m.scaled, key)[1] == image


# ---- numba's layout: an index per function, a data file per specialisation -----------------


def _files(folder):
    return sorted(p.name for p in Path(folder).iterdir() if not p.name.endswith(".pyc"))


def test_one_index_per_function_and_one_data_file_per_specialisation(tmp_path):
    m = load_module(tmp_path, "cache_layout_a", 2.0)
    cache = tmp_path / "cache"
    stem = f"cache_layout_a.scaled-6.py{sys.version_info[0]}{sys.version_info[1]}"
    assert _disk_cache.stem(m.scaled) == stem
    with oxcuda.config.override(CACHE_DIR=str(cache)):
        k32 = key_of(m.scaled)
        k64 = key_of(m.scaled, types=("float64[::1]", "float64[::1]"))
        images = {k32: os.urandom(100), k64: os.urandom(200)}
        for key, image in images.items():
            assert _disk_cache.store(m.scaled, key, "k", image) == _disk_cache.path(m.scaled, key)
        _disk_cache.store(m.scaled, k32, "k", images[k32])  # again: still one entry
        assert _files(cache) == sorted(
            [f"{stem}.nbi", f"{stem}.{k32[:40]}.nbc", f"{stem}.{k64[:40]}.nbc"]
        )
        for key, image in images.items():
            assert _disk_cache.load(m.scaled, key)[1] == image
        m.SCALE = 7.0  # another global value (a closure of another value): a third entry
        k_other = key_of(m.scaled)
        _disk_cache.store(m.scaled, k_other, "k", b"other")
        assert len(_files(cache)) == 4


def test_editing_the_source_deletes_the_stale_entries_when_the_next_is_stored(tmp_path):
    m = load_module(tmp_path, "cache_layout_b", 2.0)
    cache = tmp_path / "cache"
    with oxcuda.config.override(CACHE_DIR=str(cache)):
        old = [key_of(m.scaled), key_of(m.scaled, cc=(8, 0))]
        for key in old:
            _disk_cache.store(m.scaled, key, "k", b"old image")
        unrelated = cache / "someone_elses.file"
        unrelated.write_text("kept")
        source = Path(m.__file__)
        source.write_text(source.read_text().replace("SCALE * x[i]", "x[i] * SCALE"))
        os.utime(source, ns=(1, 1))  # a different stamp even on a coarse clock
        edited = import_file(source, "cache_layout_b")
        new = key_of(edited.scaled)
        assert new not in old
        _disk_cache.store(edited.scaled, new, "k", b"new image")
        stem = _disk_cache.stem(edited.scaled)
        assert _files(cache) == sorted(
            [f"{stem}.nbi", f"{stem}.{new[:40]}.nbc", "someone_elses.file"]
        )
        assert all(_disk_cache.load(edited.scaled, key) is None for key in old)
        assert _disk_cache.load(edited.scaled, new)[1] == b"new image"


def test_a_damaged_or_foreign_index_deletes_nothing_and_is_rewritten(tmp_path):
    m = load_module(tmp_path, "cache_layout_c", 2.0)
    cache = tmp_path / "cache"
    with oxcuda.config.override(CACHE_DIR=str(cache)):
        key = key_of(m.scaled)
        _disk_cache.store(m.scaled, key, "k", b"image")
        index = Path(_disk_cache.index_path(m.scaled))
        victim = cache / "victim.nbc"
        victim.write_text("must survive")
        bad_entries = ["../victim", "victim", "0" * 39, "g" * 40]
        for body in (
            b"not an index",
            _disk_cache.INDEX_MAGIC + b"{not json",
            _disk_cache.INDEX_MAGIC
            + b'{"stamp": [1, 2], "entries": %s}' % str(bad_entries).replace("'", '"').encode(),
            _disk_cache.INDEX_MAGIC + b'{"stamp": "x", "entries": []}',
        ):
            index.write_bytes(body)
            _disk_cache.store(m.scaled, key, "k", b"image")
            assert victim.read_text() == "must survive"
            assert _disk_cache._read_index(str(index))["entries"] == [key[:40]]
        assert _disk_cache.load(m.scaled, key)[1] == b"image"
