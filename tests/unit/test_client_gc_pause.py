"""``no_gc_pause``: no collection inside, the collector's state restored after (also when the
block raises, when nested, from several threads at once, and when the application had disabled
it)."""

from __future__ import annotations

import gc
import threading

import pytest

from strom.client.gc_pause import no_gc_pause

pytestmark = pytest.mark.unit


@pytest.fixture(autouse=True)
def restore_gc() -> object:
    was = gc.isenabled()
    yield None
    if was:
        gc.enable()
    else:
        gc.disable()


def test_paused_inside_and_restored_after_even_on_error() -> None:
    gc.enable()
    with no_gc_pause():
        assert not gc.isenabled()
        with no_gc_pause():
            assert not gc.isenabled()
        assert not gc.isenabled()  # the outer pause still holds
    assert gc.isenabled()
    with pytest.raises(RuntimeError), no_gc_pause():
        raise RuntimeError("boom")
    assert gc.isenabled()


def test_an_application_that_disabled_the_collector_keeps_it_disabled() -> None:
    gc.disable()
    with no_gc_pause():
        pass
    assert not gc.isenabled()


def test_overlapping_pauses_from_threads_end_enabled() -> None:
    gc.enable()
    inside = threading.Barrier(4)

    def worker() -> None:
        with no_gc_pause():
            inside.wait(10)  # all four pauses overlap
        # each thread leaves in its own time

    threads = [threading.Thread(target=worker) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert gc.isenabled()
