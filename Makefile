# Every target bootstraps .venv on first use.
PY      ?= python3
VENV    := .venv
BIN     := $(VENV)/bin
STAMP   := $(VENV)/.installed
ORACLE  := $(VENV)/.oracle

.PHONY: demo test test-unit test-lit test-oracle bench lint catalog clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test,dev]'
	touch $(STAMP)

$(ORACLE): $(STAMP)
	$(BIN)/python -m pip install -q -e '.[test,dev,oracle]'
	touch $(ORACLE)

demo: $(STAMP)
	@bash examples/demo.sh $(BIN)

test: test-unit test-lit

test-unit: $(STAMP)
	$(BIN)/python -m pytest -q tests/unit

test-lit: $(STAMP)
	PATH="$(CURDIR)/$(BIN):$$PATH" $(BIN)/lit -sv tests/lit

test-oracle: $(ORACLE)
	$(BIN)/python -m pytest -q tests/oracle

bench: $(ORACLE)
	$(BIN)/python bench/run.py

# --help/--list-passes read hlopt/passes/_catalog.py; regenerate it after changing a pass
catalog: $(STAMP)
	$(BIN)/python -m hlopt.passes.catalog

lint: $(STAMP)
	$(BIN)/ruff check hlopt tests bench

clean:
	rm -rf $(VENV) build *.egg-info
