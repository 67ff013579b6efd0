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

# unit (two interleaved halves, tests/conftest.py) and lit side by side, so both cores are busy from start to
# end; the unit shards' reports follow lit's
test: $(STAMP)
	@echo 'module {}' | $(BIN)/hlopt -o /dev/null  # a cold grammar cache is compiled once, not by every process
	@u1=$$(mktemp); u2=$$(mktemp); \
	HLOPT_TEST_SHARD=1/2 $(BIN)/python -m pytest -q -p no:cacheprovider tests/unit >$$u1 2>&1 & p1=$$!; \
	HLOPT_TEST_SHARD=2/2 $(BIN)/python -m pytest -q tests/unit >$$u2 2>&1 & p2=$$!; \
	PATH="$(CURDIR)/$(BIN):$$PATH" $(BIN)/lit -sv tests/lit; l=$$?; \
	wait $$p1; a=$$?; wait $$p2; b=$$?; \
	echo "--- unit shard 1 of 2:"; cat $$u1; echo "--- unit shard 2 of 2:"; cat $$u2; rm -f $$u1 $$u2; \
	echo "unit shards: exit $$a and $$b; lit: exit $$l"; test $$a -eq 0 -a $$b -eq 0 -a $$l -eq 0

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
