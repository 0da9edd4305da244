""":func:`strom.tools.zookeeper.free_port` names listener ports outside the kernel's ephemeral
range, where no outgoing connection of any process can take them between the choice and the
bind (a chaos run's ZooKeeper failed on "Address already in use" that way)."""

from __future__ import annotations

import socket

import pytest

from strom.tools.zookeeper import _ephemeral_range, free_port

pytestmark = pytest.mark.unit


def test_ports_are_free_and_outside_the_ephemeral_range() -> None:
    low, high = _ephemeral_range()
    ports = [free_port() for _ in range(50)]
    assert all(not low <= p <= high for p in ports)
    assert len(set(ports)) > 40  # random, not one fixed port
    with socket.socket() as s:
        s.bind(("127.0.0.1", ports[0]))  # still free


def test_a_taken_port_is_not_named() -> None:
    held = []
    try:
        for _ in range(20):
            s = socket.socket()
            s.bind(("127.0.0.1", free_port()))
            s.listen()
            held.append(s)
        taken = {s.getsockname()[1] for s in held}
        assert not taken & {free_port() for _ in range(200)}
    finally:
        for s in held:
            s.close()


def test_ports_named_before_any_is_bound_are_distinct() -> None:
    """A cluster names all its ports (brokers' listeners, metrics, ZooKeeper) before binding
    any: 1,000 names in a row, none bound, are all different (random draws from ~22,000 ports
    would repeat one almost surely; two brokers of a CI cluster were once given the same)."""
    ports = [free_port() for _ in range(1000)]
    assert len(set(ports)) == len(ports)
