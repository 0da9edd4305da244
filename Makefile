# Strom: two commands matter. `make run` starts a single-node broker on 127.0.0.1:9092 with data
# in ./data and the web console on http://127.0.0.1:8080; `make test` installs what the tests
# need and runs the whole suite.
VENV ?= .venv
PY := $(VENV)/bin/python
PYTEST_ARGS ?=
CONSOLE_PORT ?= 8080

.PHONY: run test lint unit sysdeps venv generate bench bench-spark pipeline clean

$(VENV)/.installed: pyproject.toml
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test,spark,console]'
	touch $@

venv: $(VENV)/.installed

# System packages the tests use: kcat (a real librdkafka CLI client), ZooKeeper (cluster tests) and
# chromium with chromium-driver (the console's browser tests).
sysdeps:
	@bash scripts/install-sysdeps.sh

# The broker in the foreground and the console beside it; Ctrl-C (or the broker exiting) stops both.
run: $(VENV)/.installed
	@$(VENV)/bin/strom console --bootstrap-server 127.0.0.1:9092 --port $(CONSOLE_PORT) & \
	console=$$!; trap 'kill $$console 2>/dev/null' EXIT INT TERM; \
	$(VENV)/bin/strom broker

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
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
