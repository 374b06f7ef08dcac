"""The settings registry (``oxcuda._knobs``): one test per precedence rule.

Precedence, highest first: argument > config attribute > environment > auto-detection > default.
"""

from __future__ import annotations

import dataclasses
import pathlib

import oxcuda
import pytest
from oxcuda import _knobs, _toolchain
from oxcuda._knobs import KNOBS, SOURCES, Setting
from oxcuda.errors import ConfigurationError, OxcudaError

pytestmark = pytest.mark.usefixtures("clean_settings")

config = oxcuda.config


def _expected_target() -> str:
    return "gpu" if _toolchain.gpu_present() else "sim"


def _replace_knob(monkeypatch: pytest.MonkeyPatch, name: str, **changes) -> None:
    monkeypatch.setitem(KNOBS, name, dataclasses.replace(KNOBS[name], **changes))


# ---- environment ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [("0", False), ("1", True), ("false", False), ("Yes", True), (" OFF ", False), ("on", True)],
)
def test_environment_value_is_read_and_typed(monkeypatch, text, value):
    monkeypatch.setenv("OXCUDA_USE_NVJITLINK", text)
    setting = config.resolve("USE_NVJITLINK")
    assert setting == Setting("USE_NVJITLINK", value, "environment")
    assert type(setting.value) is bool
    assert setting.explicit
    assert config.USE_NVJITLINK is value


def test_environment_path_is_read(monkeypatch):
    monkeypatch.setenv("OXCUDA_NVVM_PATH", " /opt/cuda/nvvm/lib64/libnvvm.so ")
    assert config.resolve("NVVM_PATH") == Setting(
        "NVVM_PATH", "/opt/cuda/nvvm/lib64/libnvvm.so", "environment"
    )


@pytest.mark.parametrize("text", ["", "   "])
def test_empty_environment_value_means_unset(monkeypatch, text):
    monkeypatch.setenv("OXCUDA_NVVM_PATH", text)
    assert config.resolve("NVVM_PATH") == Setting("NVVM_PATH", None, "default")


@pytest.mark.parametrize(
    ("name", "text"),
    [("USE_NVJITLINK", "maybe"), ("USE_NVJITLINK", "2"), ("TARGET", "tpu")],
)
def test_bad_environment_value_raises_naming_the_variable(monkeypatch, name, text):
    monkeypatch.setenv(f"OXCUDA_{name}", text)
    with pytest.raises(ConfigurationError) as info:
        config.resolve(name)
    message = str(info.value)
    assert f"OXCUDA_{name}" in message
    assert "environment" in message
    assert repr(text) in message
    # The attribute reads through the same path.
    with pytest.raises(ConfigurationError, match=f"OXCUDA_{name}"):
        getattr(config, name)


def test_configuration_error_is_a_value_error():
    assert issubclass(ConfigurationError, ValueError)
    assert issubclass(ConfigurationError, OxcudaError)


def test_environment_target_is_case_insensitive(monkeypatch):
    monkeypatch.setenv("OXCUDA_TARGET", "GPU")
    assert config.resolve("TARGET") == Setting("TARGET", "gpu", "environment")


# ---- config attribute ----------------------------------------------------------------------


def test_config_attribute_beats_environment(monkeypatch):
    monkeypatch.setenv("OXCUDA_USE_NVJITLINK", "0")
    config.USE_NVJITLINK = True
    assert config.resolve("USE_NVJITLINK") == Setting("USE_NVJITLINK", True, "config")
    del config.USE_NVJITLINK
    assert config.resolve("USE_NVJITLINK") == Setting("USE_NVJITLINK", False, "environment")


def test_config_attribute_string_is_parsed_like_the_environment():
    config.USE_NVJITLINK = "off"
    assert config.resolve("USE_NVJITLINK") == Setting("USE_NVJITLINK", False, "config")
    config.TARGET = "SIM"
    assert config.resolve("TARGET") == Setting("TARGET", "sim", "config")


def test_config_attribute_beats_a_bad_environment_value(monkeypatch):
    # The environment is not consulted once a higher source gives a value.
    monkeypatch.setenv("OXCUDA_TARGET", "tpu")
    config.TARGET = "sim"
    assert config.resolve("TARGET") == Setting("TARGET", "sim", "config")


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("TARGET", "tpu"),
        ("TARGET", 3),
        ("USE_NVJITLINK", "maybe"),
        ("USE_NVJITLINK", 3),
        ("USE_NVJITLINK", 2.5),
        ("NVVM_PATH", 5),
    ],
)
def test_bad_config_value_raises_at_assignment(name, value):
    before = config.resolve(name)
    with pytest.raises(ConfigurationError) as info:
        setattr(config, name, value)
    assert f"OXCUDA_{name}" in str(info.value)
    assert "config" in str(info.value)
    assert config.resolve(name) == before  # nothing was stored


@pytest.mark.parametrize(
    ("name", "value", "expected"),
    [
        ("USE_NVJITLINK", True, True),
        ("USE_NVJITLINK", 0, False),
        ("USE_NVJITLINK", 1, True),
        ("NVVM_PATH", pathlib.Path("/opt/libnvvm.so"), "/opt/libnvvm.so"),
    ],
)
def test_config_value_of_the_knobs_type_is_converted(name, value, expected):
    setattr(config, name, value)
    setting = config.resolve(name)
    assert setting == Setting(name, expected, "config")
    assert type(setting.value) is type(expected)


def test_deleting_an_unset_attribute_is_harmless():
    del config.TARGET
    del config.TARGET
    assert config.resolve("TARGET").source == "auto"


def test_override_restores_previous_state(monkeypatch):
    monkeypatch.setenv("OXCUDA_TARGET", "gpu")
    with config.override(TARGET="sim"):
        assert config.resolve("TARGET") == Setting("TARGET", "sim", "config")
        with config.override(TARGET="gpu", USE_NVJITLINK=False):
            assert config.resolve("TARGET") == Setting("TARGET", "gpu", "config")
            assert config.resolve("USE_NVJITLINK") == Setting("USE_NVJITLINK", False, "config")
        assert config.resolve("TARGET") == Setting("TARGET", "sim", "config")
        assert config.resolve("USE_NVJITLINK").source != "config"
    assert config.resolve("TARGET") == Setting("TARGET", "gpu", "environment")


def test_override_restores_after_an_exception():
    with pytest.raises(RuntimeError, match="inside"), config.override(TARGET="gpu"):
        raise RuntimeError("inside")
    assert config.resolve("TARGET").source == "auto"


def test_override_with_a_bad_value_raises_and_restores():
    with pytest.raises(ConfigurationError), config.override(USE_NVJITLINK=True, TARGET="tpu"):
        pytest.fail("the body must not run")
    assert config.resolve("USE_NVJITLINK").source != "config"
    assert config.resolve("TARGET").source == "auto"


# ---- explicit argument ---------------------------------------------------------------------


def test_argument_beats_config(monkeypatch):
    monkeypatch.setenv("OXCUDA_TARGET", "gpu")
    config.TARGET = "gpu"
    assert config.resolve("TARGET", "sim") == Setting("TARGET", "sim", "argument")
    assert config.resolve("TARGET", "sim").explicit


def test_none_argument_means_not_given():
    config.TARGET = "gpu"
    assert config.resolve("TARGET", None) == Setting("TARGET", "gpu", "config")


def test_bad_argument_raises_naming_the_argument():
    with pytest.raises(ConfigurationError, match=r"OXCUDA_TARGET \(argument\)"):
        config.resolve("TARGET", "tpu")


# ---- auto-detection and default ------------------------------------------------------------


def test_unset_means_auto_detection():
    setting = config.resolve("TARGET")
    assert setting == Setting("TARGET", _expected_target(), "auto")
    assert not setting.explicit


def test_target_detects_the_simulator_without_a_driver(monkeypatch):
    monkeypatch.setenv("OXCUDA_DRIVER_PATH", "/nonexistent/libcuda.so.1")
    assert config.resolve("TARGET") == Setting("TARGET", "sim", "auto")


def test_target_detects_the_gpu_when_present(monkeypatch):
    monkeypatch.setattr(_toolchain, "gpu_present", lambda: True)
    assert config.resolve("TARGET") == Setting("TARGET", "gpu", "auto")


def test_failing_detector_yields_the_default_without_error(monkeypatch):
    calls = []

    def broken() -> str:
        calls.append(1)
        raise RuntimeError("the detector broke")

    _replace_knob(monkeypatch, "TARGET", detect=broken, default="sim")
    assert config.resolve("TARGET") == Setting("TARGET", "sim", "default")
    assert config.TARGET == "sim"
    assert calls == [1, 1]


def test_failing_detector_is_not_consulted_for_explicit_values(monkeypatch):
    def broken() -> str:
        raise AssertionError("must not be called")

    _replace_knob(monkeypatch, "TARGET", detect=broken)
    monkeypatch.setenv("OXCUDA_TARGET", "gpu")
    assert config.resolve("TARGET") == Setting("TARGET", "gpu", "environment")


def test_detector_returning_none_yields_the_default(monkeypatch):
    _replace_knob(monkeypatch, "USE_NVJITLINK", detect=lambda: None)
    assert config.resolve("USE_NVJITLINK") == Setting("USE_NVJITLINK", False, "default")


def test_knob_without_detector_yields_the_default():
    assert KNOBS["NVRTC_PATH"].detect is None
    assert config.resolve("NVRTC_PATH") == Setting("NVRTC_PATH", None, "default")


@pytest.mark.parametrize("word", ["auto", "AUTO", " Auto "])
def test_target_auto_in_environment_means_detect(monkeypatch, word):
    monkeypatch.setenv("OXCUDA_TARGET", word)
    assert config.resolve("TARGET") == Setting("TARGET", _expected_target(), "auto")


def test_target_auto_in_config_beats_environment(monkeypatch):
    monkeypatch.setenv("OXCUDA_TARGET", "gpu" if _expected_target() == "sim" else "sim")
    config.TARGET = "Auto"
    assert config.resolve("TARGET") == Setting("TARGET", _expected_target(), "auto")


def test_target_auto_argument_beats_config():
    config.TARGET = "gpu" if _expected_target() == "sim" else "sim"
    assert config.resolve("TARGET", "auto") == Setting("TARGET", _expected_target(), "auto")


def test_auto_is_not_a_value_for_other_settings(monkeypatch):
    monkeypatch.setenv("OXCUDA_USE_NVJITLINK", "auto")
    with pytest.raises(ConfigurationError, match="OXCUDA_USE_NVJITLINK"):
        config.resolve("USE_NVJITLINK")


# ---- names, listing, description -----------------------------------------------------------


@pytest.mark.parametrize(
    "access",
    [
        lambda: config.NO_SUCH_SETTING,
        lambda: config.resolve("NO_SUCH_SETTING"),
        lambda: setattr(config, "NO_SUCH_SETTING", 1),
        lambda: delattr(config, "NO_SUCH_SETTING"),
        lambda: config.doc("NO_SUCH_SETTING"),
    ],
    ids=["get", "resolve", "set", "del", "doc"],
)
def test_unknown_name_raises_attribute_error_listing_known_names(access):
    with pytest.raises(AttributeError) as info:
        access()
    message = str(info.value)
    assert "'NO_SUCH_SETTING'" in message
    for name in KNOBS:
        assert name in message


def test_unknown_name_is_not_stored():
    with pytest.raises(AttributeError):
        config.NO_SUCH_SETTING = 1
    assert not hasattr(config, "NO_SUCH_SETTING")


def test_settings_lists_every_knob_in_declaration_order():
    settings = config.settings()
    assert [s.name for s in settings] == list(KNOBS)
    assert len(settings) >= 7
    for s in settings:
        assert isinstance(s, Setting)
        assert s.source in SOURCES
        assert s == config.resolve(s.name)
    assert set(KNOBS) <= set(dir(config))  # with numba-cuda's names (oxcuda._numba_config)


def test_settings_reflect_sources(monkeypatch):
    monkeypatch.setenv("OXCUDA_NVRTC_PATH", "/x/libnvrtc.so.13")
    config.NVVM_PATH = "/y/libnvvm.so.4"
    by_name = {s.name: s for s in config.settings()}
    assert by_name["NVRTC_PATH"] == Setting("NVRTC_PATH", "/x/libnvrtc.so.13", "environment")
    assert by_name["NVVM_PATH"] == Setting("NVVM_PATH", "/y/libnvvm.so.4", "config")
    assert by_name["DRIVER_PATH"] == Setting("DRIVER_PATH", None, "default")


@pytest.mark.parametrize(
    ("source", "where"),
    [
        ("argument", "passed as an argument"),
        ("config", "set on oxcuda.config"),
        ("environment", "from the environment"),
        ("auto", "auto-detected"),
        ("default", "the default"),
    ],
)
def test_describe(source, where):
    setting = Setting("NVVM_PATH", "/opt/libnvvm.so", source)
    assert setting.describe() == f"OXCUDA_NVVM_PATH='/opt/libnvvm.so' ({where})"
    assert setting.explicit is (source in ("argument", "config", "environment"))


def test_describe_of_a_resolved_setting(monkeypatch):
    monkeypatch.setenv("OXCUDA_USE_NVJITLINK", "no")
    assert (
        config.resolve("USE_NVJITLINK").describe()
        == "OXCUDA_USE_NVJITLINK=False (from the environment)"
    )


def test_sources_are_in_precedence_order():
    assert SOURCES == ("argument", "config", "environment", "numba environment", "auto", "default")


@pytest.mark.parametrize("name", list(KNOBS))
def test_every_knob_is_declared_consistently(name):
    knob = KNOBS[name]
    assert knob.name == name
    assert knob.env_var == f"OXCUDA_{name}"
    assert len(knob.doc) > 20
    assert config.doc(name) == knob.doc
    # The default is a legal value: converting it changes nothing.
    if knob.default is not None:
        assert knob.convert(knob.default, "default") == knob.default
    if knob.choices is not None:
        assert knob.default in knob.choices


@pytest.mark.parametrize(
    ("parse", "text", "value"),
    [
        (_knobs.parse_stages, "typed, nvvm,,ptx ", ("typed", "nvvm", "ptx")),
        (_knobs.parse_stages, ["typed", " ptx"], ("typed", "ptx")),
        (_knobs.parse_stages, "", ()),
        (_knobs.parse_path, "  ", None),
        (_knobs.parse_word, " Sim", "sim"),
    ],
)
def test_parsers(parse, text, value):
    assert parse(text) == value


@pytest.mark.parametrize(
    ("parse", "value"),
    [(_knobs.parse_stages, 3), (_knobs.parse_stages, [1]), (_knobs.parse_bool, 2.0)],
)
def test_parsers_reject_wrong_types(parse, value):
    with pytest.raises(ValueError, match="expected"):
        parse(value)


# ---- docs/settings.md lists exactly these settings -----------------------------------------

SETTINGS_DOC = pathlib.Path(__file__).resolve().parents[2] / "docs" / "settings.md"
TYPE_WORDS = {
    _knobs.parse_bool: "bool",
    _knobs.parse_path: "path",
    _knobs.parse_word: "choice",
    _knobs.parse_stages: "comma-separated",
}


def _doc_table() -> dict[str, list[str]]:
    rows = {}
    for line in SETTINGS_DOC.read_text().splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("| `OXCUDA_") and len(cells) == 4:
            rows[cells[0].strip("`")] = cells[1:]
    return rows


@pytest.mark.skipif(not SETTINGS_DOC.exists(), reason="not run from a source checkout")
def test_settings_doc_matches_the_registry():
    rows = _doc_table()
    assert list(rows) == [knob.env_var for knob in KNOBS.values()]
    for knob in KNOBS.values():
        type_cell, default_cell, meaning = rows[knob.env_var]
        assert type_cell.startswith(TYPE_WORDS[knob.parse]), knob.name
        for choice in knob.choices or ():
            assert f"`{choice}`" in type_cell
        assert default_cell == f"`{knob.default!r}`", knob.name
        assert meaning == knob.doc, knob.name
