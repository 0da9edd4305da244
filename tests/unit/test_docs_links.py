"""Documentation links stay inside the repository: a relative link or a quoted path that climbs
out of the clone (``../shared/...``) is dead for everyone who has only the repository."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.unit

ROOT = Path(__file__).resolve().parents[2]
# markdown link targets and `backticked` paths
TARGETS = re.compile(r"\]\(([^)\s#]+)[^)]*\)|`([^`\s]*\.\./[^`\s]*)`")


def outside_links(doc: Path) -> list[str]:
    found = []
    for m in TARGETS.finditer(doc.read_text()):
        target = m.group(1) or m.group(2)
        if re.match(r"[a-z]+://|mailto:", target):
            continue
        resolved = (doc.parent / target).resolve()
        if not resolved.is_relative_to(ROOT) or not resolved.exists():
            found.append(target)
    return found


def test_spark_doc_links_only_inside_the_repository() -> None:
    assert outside_links(ROOT / "docs" / "spark.md") == []


def test_the_check_sees_an_outside_link(tmp_path: Path) -> None:
    doc = ROOT / "docs" / "spark.md"
    fake = doc.parent / f".probe-{tmp_path.name}.md"
    fake.write_text("see `../shared/docs/x.md` and [this](../../elsewhere.md)\n")
    try:
        assert outside_links(fake) == ["../shared/docs/x.md", "../../elsewhere.md"]
    finally:
        fake.unlink()
