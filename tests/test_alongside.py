"""Work done in a second process (pnp.render.alongside, issue 24: the rulebook written
while the cards are drawn): its value comes back, its OSError is the same OSError, any
other failure is one RuntimeError with the child's traceback, and an abandoned child is
reaped."""

from __future__ import annotations

import errno
import os
import threading

import pytest

from pnp.render.alongside import Alongside


@pytest.fixture(autouse=True)
def one_thread(monkeypatch):
    """As `pnp build` runs: the only thread of its process (the test runner has more)."""
    monkeypatch.setattr(threading, "active_count", lambda: 1)


def test_the_value_comes_back_from_the_other_process():
    work = Alongside(lambda: [os.getpid(), "pages", 8])
    pid, word, n = work.result()
    assert (word, n) == ("pages", 8)
    assert pid != os.getpid()
    assert work.result() == [pid, "pages", 8]  # read once, kept


def test_a_full_disk_in_the_other_process_is_the_same_oserror():
    def full():
        raise OSError(errno.ENOSPC, "No space left on device")

    with pytest.raises(OSError) as caught:
        Alongside(full).result()
    assert (caught.value.errno, caught.value.strerror) == (errno.ENOSPC, "No space left on device")


def test_any_other_failure_carries_the_childs_traceback():
    with pytest.raises(RuntimeError, match="ZeroDivisionError"):
        Alongside(lambda: 1 / 0).result()


def test_an_abandoned_child_is_reaped():
    work = Alongside(lambda: 3)
    pid = work._pid
    work.close()
    with pytest.raises(ChildProcessError):
        os.waitpid(pid, 0)
    work.close()  # twice is nothing


def test_without_fork_the_work_is_done_at_once(monkeypatch):
    monkeypatch.delattr(os, "fork")
    work = Alongside(lambda: os.getpid())
    assert work.result() == os.getpid()


def test_a_process_with_other_threads_is_not_forked(monkeypatch):
    monkeypatch.setattr(threading, "active_count", lambda: 2)
    assert Alongside(lambda: os.getpid()).result() == os.getpid()
