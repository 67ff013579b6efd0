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

# two shards of whole files side by side, one per core (tests/oracle/shards.py); shard 1's report follows shard 2's
test-oracle: $(ORACLE)
	@log=$$(mktemp); \
	$(BIN)/python -m pytest -q -p no:cacheprovider $$($(BIN)/python tests/oracle/shards.py 1 2) >$$log 2>&1 & pid=$$!; \
	$(BIN)/python -m pytest -q $$($(BIN)/python tests/oracle/shards.py 2 2); b=$$?; \
	wait $$pid; a=$$?; echo "--- oracle shard 1 of 2:"; cat $$log; rm -f $$log; \
	echo "oracle shards: exit $$a and $$b"; test $$a -eq 0 -a $$b -eq 0

bench: $(ORACLE)
	$(BIN)/python bench/run.py

# --help/--list-passes read hlopt/passes/_catalog.py; regenerate it after changing a pass
catalog: $(STAMP)
	$(BIN)/python -m hlopt.passes.catalog

lint: $(STAMP)
	$(BIN)/ruff check hlopt tests bench
	$(BIN)/mypy

clean:
	rm -rf $(VENV) build *.egg-info
