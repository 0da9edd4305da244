"""The examples in the client's docstrings run and give what they show."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

from strom.client import consumer_membership, fetch_session, group_protocol, partitioner, types

pytestmark = pytest.mark.unit


@pytest.mark.parametrize(
    "module", [partitioner, fetch_session, group_protocol, types, consumer_membership]
)
def test_docstring_examples(module: ModuleType) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
