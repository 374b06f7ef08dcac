"""Every diagnostic code the compiler can emit has its documentation page."""

import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_every_code_has_a_page():
    codes_rs = (ROOT / "crates/syntax/src/codes.rs").read_text()
    codes = re.findall(r'= "([a-z-]+)", (?:true|false),', codes_rs)
    assert len(codes) >= 15
    for code in codes:
        page = ROOT / "docs/errors" / f"{code}.md"
        assert page.exists(), f"docs/errors/{code}.md is missing"
        assert f"`{code}`" in page.read_text()
