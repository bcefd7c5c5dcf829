"""Work done in a second process (pnp.render.alongside, issue 24: the rulebook written
while the cards are drawn): it is prepared there at once and given its arguments later,
its value comes back, its OSError is the same OSError, any other failure is one
RuntimeError with the child's traceback, and an abandoned child does no work and is
reaped."""

from __future__ import annotations

import errno
import os
import threading
import time

import pytest

from pnp.render.alongside import Alongside


@pytest.fixture(autouse=True)
def one_thread(monkeypatch):
    """As `pnp build` runs: the only thread of its process (the test runner has more)."""
    monkeypatch.setattr(threading, "active_count", lambda: 1)


def test_the_value_comes_back_from_the_other_process():
    work = Alongside(lambda word, n: [os.getpid(), word, n])
    assert work.forked
    work.send("pages", 8)
    pid, word, n = work.result()
    assert (word, n) == ("pages", 8)
    assert pid != os.getpid()
    assert work.result() == [pid, "pages", 8]  # read once, kept


def test_the_child_prepares_before_its_arguments_are_sent(tmp_path):
    ready = tmp_path / "ready"

    def prepare():
        ready.write_text(str(os.getpid()))

    work = Alongside(lambda: ready.read_text(), prepare=prepare)
    for _ in range(500):  # the child prepares at once, while this process goes on
        if ready.exists() and ready.read_text():
            break
        time.sleep(0.01)
    assert ready.read_text() not in ("", str(os.getpid()))
    work.send()
    assert work.result() == ready.read_text()


def test_a_failed_preparation_is_the_childs_failure():
    work = Alongside(lambda: 3, prepare=lambda: 1 / 0)
    work.send()
    with pytest.raises(RuntimeError, match="ZeroDivisionError"):
        work.result()


def test_a_child_sent_nothing_does_no_work(tmp_path):
    done = tmp_path / "done"
    work = Alongside(lambda: done.write_text("worked"))
    pid = work._pid
    work.close()
    assert not done.exists()
    with pytest.raises(ChildProcessError):
        os.waitpid(pid, 0)


def test_a_result_before_anything_was_sent_is_refused():
    work = Alongside(lambda: 3)
    with pytest.raises(RuntimeError, match="sent nothing"):
        work.result()
    work.close()


def test_a_full_disk_in_the_other_process_is_the_same_oserror():
    def full():
        raise OSError(errno.ENOSPC, "No space left on device")

    work = Alongside(full)
    work.send()
    with pytest.raises(OSError) as caught:
        work.result()
    assert (caught.value.errno, caught.value.strerror) == (errno.ENOSPC, "No space left on device")


def test_any_other_failure_carries_the_childs_traceback():
    work = Alongside(lambda: 1 / 0)
    work.send()
    with pytest.raises(RuntimeError, match="ZeroDivisionError"):
        work.result()


def test_an_abandoned_child_is_reaped():
    work = Alongside(lambda: 3)
    work.send()
    pid = work._pid
    work.close()
    with pytest.raises(ChildProcessError):
        os.waitpid(pid, 0)
    work.close()  # twice is nothing


def test_without_fork_the_work_is_done_at_once(monkeypatch):
    monkeypatch.delattr(os, "fork")
    work = Alongside(lambda n: [os.getpid(), n])
    assert not work.forked
    work.send(5)
    assert work.result() == [os.getpid(), 5]


def test_a_process_with_other_threads_is_not_forked(monkeypatch):
    monkeypatch.setattr(threading, "active_count", lambda: 2)
    work = Alongside(lambda: os.getpid())
    assert not work.forked
    work.send()
    assert work.result() == os.getpid()
