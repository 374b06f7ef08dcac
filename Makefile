# One task runner for the README, CI (.ci/run) and developers. `make help` lists the tasks.
# Every task that needs Python sets up .venv first: the package is built from source into it
# (pip install -e: maturin builds the Rust core), with the CUDA compiler wheels (extra cu13).

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
EXTRAS ?= cu13,test,docs

.PHONY: help setup quickstart test test-rust test-python test-gpu lint fmt detect wheel bench docs

help: ## list the tasks
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed 's/:.*## /\t/' | expand -t 14

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip

setup: $(VENV)/bin/python ## create .venv and build oxcuda into it (pip install -e '.[cu13,test,docs]')
	$(PY) -m pip install -q -e '.[$(EXTRAS)]'

quickstart: setup ## set up, then run examples/quickstart.py (GPU if present, else the simulator)
	$(PY) examples/quickstart.py

test: setup test-rust test-python ## set up, then run every test: cargo test and pytest

test-rust: ## cargo test for the compiler and runtime crates (the PyO3 crate is tested by pytest)
	cargo test --workspace --exclude oxcuda-python -q

test-python: ## pytest against the installed package (GPU tests skip without a GPU)
	$(PY) -m pytest -q

test-gpu: setup ## only the GPU tests (on a machine with a GPU)
	$(PY) -m pytest -q -m gpu

lint: setup ## rustfmt, clippy -D warnings, ruff check and ruff format --check
	cargo fmt --all --check
	cargo clippy --workspace --all-targets -q -- -D warnings
	$(VENV)/bin/ruff check python tests examples bench docs/conf.py docs/_ext
	$(VENV)/bin/ruff format --check python tests examples bench docs/conf.py docs/_ext

fmt: ## format Rust and Python
	cargo fmt --all
	$(VENV)/bin/ruff format python tests examples bench docs/conf.py docs/_ext
	$(VENV)/bin/ruff check --fix python tests examples bench docs/conf.py docs/_ext

# Warnings are errors (-W, all of them reported: --keep-going), and every cross-reference must
# resolve (-n): a broken internal link, a missing page or an unknown API name fails the build.
docs: setup ## build the documentation site into docs/_build/html (warnings are errors)
	$(VENV)/bin/sphinx-build -q -W --keep-going -n -b html docs docs/_build/html

detect: setup ## print the toolchain, GPUs and settings found (python -m oxcuda)
	$(PY) -m oxcuda

wheel: setup ## build an abi3 release wheel into .gpu/ (for the GPU machine)
	$(PY) -m pip install -q "maturin>=1.7,<2"
	$(VENV)/bin/maturin build --release -q -o .gpu

bench: setup ## run the benchmarks (on the GPU machine)
	$(PY) bench/run.py
