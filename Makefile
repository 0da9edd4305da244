# Strom: two commands matter. `make run` starts a single-node broker on 127.0.0.1:9092 with data
# in ./data, from a venv of its own holding only what a broker needs (no Spark, no test tools);
# `make test` installs what the tests need ([test,spark]) and runs the whole suite.
VENV ?= .venv
PY := $(VENV)/bin/python
RUN_VENV ?= .venv-run
PYTEST_ARGS ?=

.PHONY: run test lint unit sysdeps venv generate bench bench-spark pipeline clean

$(VENV)/.installed: pyproject.toml
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test,spark]'
	touch $@

venv: $(VENV)/.installed

# The broker alone: `pip install -e .` with no extras.
$(RUN_VENV)/.installed: pyproject.toml
	test -x $(RUN_VENV)/bin/python || python3 -m venv $(RUN_VENV)
	$(RUN_VENV)/bin/python -m pip install -q --upgrade pip
	$(RUN_VENV)/bin/python -m pip install -q -e .
	touch $@

# System packages the tests use: kcat (a real librdkafka CLI client) and ZooKeeper (cluster tests).
sysdeps:
	@bash scripts/install-sysdeps.sh

run: $(RUN_VENV)/.installed
	$(RUN_VENV)/bin/strom broker

lint: $(VENV)/.installed
	$(VENV)/bin/ruff check src tests codegen bench
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports

test: $(VENV)/.installed sysdeps lint
	$(VENV)/bin/pytest $(PYTEST_ARGS)

unit: $(VENV)/.installed
	$(VENV)/bin/pytest -m unit $(PYTEST_ARGS)

generate: $(VENV)/.installed
	$(PY) codegen/generate.py
	$(PY) codegen/protocol_doc.py > docs/protocol.md

bench: $(VENV)/.installed
	$(PY) bench/codec.py

# Rows/s through the strom Spark data source next to a parquet file source (needs java).
bench-spark: $(VENV)/.installed sysdeps
	$(PY) bench/spark.py

# The examples/ pipeline end to end on a single-node broker it starts on a free port.
pipeline: $(VENV)/.installed sysdeps
	$(PY) examples/run_pipeline.py

clean:
	rm -rf $(VENV) $(RUN_VENV) .pytest_cache .mypy_cache .ruff_cache
