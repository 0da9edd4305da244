# Strom: two commands matter. `make run` starts a single-node broker on 127.0.0.1:9092 with data
# in ./data (metrics on http://127.0.0.1:9404/metrics) and the web console on
# http://127.0.0.1:8080, from a venv of its own holding only what they need (no Spark, no test
# tools); `make test` installs what the tests need ([test,spark,console]) and runs the suite.
VENV ?= .venv
PY := $(VENV)/bin/python
RUN_VENV ?= .venv-run
PYTEST_ARGS ?=
CONSOLE_PORT ?= 8080
METRICS_PORT ?= 9404

.PHONY: run test lint unit sysdeps venv generate bench bench-spark pipeline clean

$(VENV)/.installed: pyproject.toml
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test,spark,console]'
	touch $@

venv: $(VENV)/.installed

# The broker and the console: `pip install -e '.[console]'` (no Spark, no test tools).
$(RUN_VENV)/.installed: pyproject.toml
	test -x $(RUN_VENV)/bin/python || python3 -m venv $(RUN_VENV)
	$(RUN_VENV)/bin/python -m pip install -q --upgrade pip
	$(RUN_VENV)/bin/python -m pip install -q -e '.[console]'
	touch $@

# System packages the tests use: kcat (a real librdkafka CLI client), ZooKeeper (cluster tests),
# chromium with chromium-driver (the console's browser tests) and Prometheus (alert-rule test).
sysdeps:
	@bash scripts/install-sysdeps.sh

# The broker in the foreground, its metrics endpoint on :9404, and the console beside it; Ctrl-C
# (or the broker exiting) stops both.
run: $(RUN_VENV)/.installed
	@$(RUN_VENV)/bin/strom console --bootstrap-server 127.0.0.1:9092 --port $(CONSOLE_PORT) \
	  --metrics-url http://127.0.0.1:$(METRICS_PORT)/metrics & \
	console=$$!; trap 'kill $$console 2>/dev/null' EXIT INT TERM; \
	$(RUN_VENV)/bin/strom broker --override metrics.listener=http://127.0.0.1:$(METRICS_PORT)

lint: $(VENV)/.installed
	$(VENV)/bin/ruff check src tests codegen bench
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports

# The suite in two parts: the multi-broker tests (ZooKeeper, elections, chaos: timing-sensitive)
# one at a time, then everything else on two pytest-xdist workers, a test file per worker. The
# sources are byte-compiled first: every broker and tool a test starts is a new Python process
# (0.6 s of CPU to start without .pyc files, 0.3 s with them).
SERIAL_TESTS ?= tests/cluster tests/chaos tests/faults/test_corruption_cluster.py \
	tests/faults/test_cluster_log_dir_failure.py
TEST_WORKERS ?= 2
test: $(VENV)/.installed sysdeps lint
	$(PY) -m compileall -q src tests > /dev/null
	$(VENV)/bin/pytest $(SERIAL_TESTS) $(PYTEST_ARGS); serial=$$?; \
	$(VENV)/bin/pytest -n $(TEST_WORKERS) --dist loadfile \
	  $(foreach t,$(SERIAL_TESTS),--ignore=$(t)) $(PYTEST_ARGS); rest=$$?; \
	test $$serial -eq 0 -a $$rest -eq 0

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

# Every fault scenario of the reliability plan (F1-F21, N1, N2, N2b) at its scale: 100,000 records per
# scenario, results under chaos-runs/ (docs/reliability.md, "Chaos harness"). Hours, not minutes.
CHAOS_SEED ?= 1
CHAOS_RECORDS ?= 100000
.PHONY: chaos
chaos: $(VENV)/.installed sysdeps
	STROM_LEADER_KILLS=20 $(VENV)/bin/pytest -m 'not chaos' tests/cluster/test_leader_failover.py
	$(VENV)/bin/pytest -m soak tests
	$(PY) -m tests.chaos.run all --seed $(CHAOS_SEED) --records $(CHAOS_RECORDS) --workdir chaos-runs
