"""Start-up imports (ADR 0039, session 13): a broker started to "ready" and a tool command do not
load the libraries only some features use. Each module listed here is imported lazily, by the
code path of its feature; the test fails when one of those imports moves back to module level.

The broker runs for real, in a subprocess (single node, 127.0.0.1, ephemeral port, a temporary
log directory): its stdout is wrapped so the "ready on" line records ``sys.modules`` and sends
the process SIGTERM, a clean shutdown."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import strom

SRC = str(Path(strom.__file__).resolve().parents[1])

# module -> the feature that loads it
LAZY_IN_BROKER = {
    "jwt": "an OAUTHBEARER listener with a JWKS (broker.security.oauthbearer)",
    "cryptography.x509": "PyJWT's key types, with the JWKS",
    "javaproperties": "a server.properties file (strom.properties)",
    "xml.sax.saxutils": "javaproperties' XML support",
    "kazoo.client": "ZooKeeper mode (cluster.zk_store)",
    "google.protobuf.message": "pushed client telemetry (client_metrics.otlp)",
    "strom.broker.client_metrics.otlp": "pushed client telemetry",
    "prometheus_client": "metrics.listener (broker.metrics), scraped client telemetry and quotas",
    "http.client": "prometheus_client's exposition, a JWKS fetched over http(s)",
    "strom.client.admin": "nothing in the broker: the client package's names load on use",
    "strom.client.consumer": "nothing in the broker",
    "strom.client.producer": "nothing in the broker",
    "strom.client.sync": "nothing in the broker",
}

# What an admin-only tool run does not need.
LAZY_IN_TOOL = {
    "javaproperties": "--command-config",
    "strom.client.consumer": "a consumer (console-consumer, consumer-groups)",
    "strom.client.producer": "a producer",
    "jwt": "never in a tool",
}

BROKER_CHILD = """
import json, os, signal, sys
out_path = sys.argv[1]
real = sys.stdout

class Ready:
    def write(self, s):
        if "ready on" in s:
            with open(out_path, "w") as f:
                json.dump(sorted(sys.modules), f)
            os.kill(os.getpid(), signal.SIGTERM)
        return real.write(s)
    def flush(self):
        real.flush()

sys.stdout = Ready()
from strom.tools.cli import main
raise SystemExit(main(sys.argv[2:]))
"""


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = SRC + os.pathsep + env.get("PYTHONPATH", "")
    return env


def broker_modules(tmp_path: Path) -> set[str]:
    out = tmp_path / "modules.json"
    args = ["broker", "--override", "listeners=PLAINTEXT://127.0.0.1:0"]
    args += ["--override", f"log.dirs={tmp_path / 'data'}"]
    proc = subprocess.run(
        [sys.executable, "-c", BROKER_CHILD, str(out), *args],
        env=_env(),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "ready on" in proc.stdout
    return set(json.loads(out.read_text()))


@pytest.mark.integration
def test_broker_ready_without_feature_libraries(tmp_path: Path) -> None:
    modules = broker_modules(tmp_path)
    # the probe sees what start-up loads: the modules a broker cannot start without are there
    assert {"strom.broker.broker", "strom.client.connection", "uvloop"} <= modules
    loaded = {m: why for m, why in LAZY_IN_BROKER.items() if m in modules}
    assert not loaded, f"loaded at broker start-up, but only needed for: {loaded}"


# Admin-only tools: each loads its module (with the admin client) and parses its flags, what a
# run loads before it connects.
ADMIN_TOOLS = {
    "topics": ["--bootstrap-server", "127.0.0.1:1", "--list"],
    "consumer_groups": ["--bootstrap-server", "127.0.0.1:1", "--list"],
    "configs": ["--bootstrap-server", "127.0.0.1:1", "--describe", "--entity-type", "brokers"],
}


@pytest.mark.integration
@pytest.mark.parametrize("tool", sorted(ADMIN_TOOLS))
def test_admin_tool_loads_no_consumer_or_producer(tool: str) -> None:
    code = (
        "import json, sys\n"
        f"from strom.tools import {tool} as t\n"
        f"t.build_parser().parse_args({ADMIN_TOOLS[tool]!r})\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], env=_env(), capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    modules = set(json.loads(proc.stdout))
    assert {f"strom.tools.{tool}", "strom.client.admin"} <= modules
    loaded = {m: why for m, why in LAZY_IN_TOOL.items() if m in modules}
    assert not loaded, f"loaded by the {tool} tool, but only needed for: {loaded}"


@pytest.mark.unit
def test_client_package_names_resolve_to_their_modules() -> None:
    # strom.client's lazy names: every exported name is in the map, resolves to the object of
    # the module the map names, and the TYPE_CHECKING imports (what mypy sees) say the same.
    import ast
    import importlib

    import strom.client as client

    lazy: dict[str, str] = client._LAZY
    assert sorted(lazy) == sorted(client.__all__)
    for name, module in lazy.items():
        assert getattr(client, name) is getattr(importlib.import_module(module), name)
    tree = ast.parse(Path(client.__file__).read_text())
    typed = {
        alias.name: node.module
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module and node.module != "__future__"
        for alias in node.names
        if node.module.startswith("strom.client.")
    }
    assert typed == lazy
    with pytest.raises(AttributeError, match="no attribute 'NoSuchName'"):
        _ = client.NoSuchName  # type: ignore[attr-defined]
