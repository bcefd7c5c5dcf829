"""Work done in a second process while this one goes on: `pnp build` writes the
rulebook and booklet (reportlab's platypus: about a third of a small kit's build) while
it draws the cards. On a system without `os.fork`, or in a process running other threads, the work is
simply done when its arguments are sent.

The child is a fork of this process (it shares the parent's state as it was, monkey
patches of tests included). It runs `prepare()` at once (pnp build: importing platypus,
while this process loads the game's data), then waits for the arguments `send` gives it
(pickled through a pipe), returns its result through a second pipe as JSON, and leaves by
`os._exit`, so none of the parent's exit handlers or buffered output runs twice. An
OSError in the child is raised again in the parent as the same OSError (errno and
message), so a full disk reads as it always has; any other failure is a RuntimeError
carrying the child's traceback. A child sent nothing (the caller failed first) does no
work.
"""

from __future__ import annotations

import json
import os
import pickle
import threading
import traceback
from collections.abc import Callable
from typing import Any


class Alongside:
    """`work(*args)` in a forked process where there is one, `prepare()` run there first,
    at once; `send(*args)` starts the work, `result()` waits for it and returns its
    JSON-ready value (raising what it raised, as the module says)."""

    def __init__(self, work: Callable[..., Any], prepare: Callable[[], Any] | None = None):
        self._work = work
        self._value: tuple[str, Any] | None = None
        self._pid: int | None = None  # the child, until it is reaped
        self._read: int | None = None  # the pipe its answer comes through
        self._send: int | None = None  # the pipe its arguments go through, until sent
        self._forked = False
        if not hasattr(os, "fork") or threading.active_count() > 1:
            # a process with other threads (a test runner, a Dask worker) is not forked:
            # the child would hold copies of their locks and sockets
            return
        try:
            read, write = os.pipe()
            args_read, args_write = os.pipe()
            pid = os.fork()
        except OSError:  # no process to spare: the work is done when it is sent
            return
        if pid == 0:  # the child: whatever happens, it leaves here, never in the caller
            try:
                os.close(read)
                os.close(args_write)
                answer = _child(work, prepare, args_read)
                if answer is not None:
                    with os.fdopen(write, "w", encoding="utf-8") as out:
                        json.dump(answer, out)
            finally:
                os._exit(0)
        os.close(write)
        os.close(args_read)
        self._pid, self._read, self._send = pid, read, args_write
        self._forked = True

    @property
    def forked(self) -> bool:
        """Whether the work is done in a second process (else it is done when sent)."""
        return self._forked

    def send(self, *args: Any) -> None:
        """Start the work on `args` (picklable): in the child, or here and now when there
        is none (raising what the work raises)."""
        if self._send is None:
            if self._pid is None and self._value is None:
                self._value = ("done", self._work(*args))
            return
        send, self._send = self._send, None
        try:
            with os.fdopen(send, "wb") as out:
                out.write(pickle.dumps(args))
        except BrokenPipeError:  # the child is gone: `result` says how it ended
            pass

    def close(self) -> None:
        """Wait for the child if it is still owed, dropping its answer (the caller has
        already failed: a child sent nothing does no work); nothing to do once `result`
        has been read."""
        if self._send is not None:
            os.close(self._send)
            self._send = None
        if self._value is None and self._pid is not None:
            if self._read is not None:  # drain the answer, so the child never blocks
                with os.fdopen(self._read, encoding="utf-8") as answer_file:
                    answer_file.read()
            os.waitpid(self._pid, 0)
            self._value = ("dropped", None)

    def result(self) -> Any:
        """The work's value; OSError or RuntimeError as the module says (RuntimeError too
        when nothing was sent)."""
        if self._value is not None:
            return self._value[1]
        if self._pid is None or self._read is None or self._send is not None:
            raise RuntimeError("the second process was sent nothing to work on")
        with os.fdopen(self._read, encoding="utf-8") as answer_file:
            text = answer_file.read()
        _, status = os.waitpid(self._pid, 0)
        self._pid = None  # reaped: close() owes nothing
        if not text:
            raise RuntimeError(f"the second process ended without an answer (status {status})")
        answer = json.loads(text)
        if "oserror" in answer:
            raise OSError(*answer["oserror"])
        if "error" in answer:
            raise RuntimeError("the second process failed:\n" + answer["error"])
        self._value = ("done", answer["value"])
        return answer["value"]


def _child(work: Callable[..., Any], prepare: Callable[[], Any] | None, args_read: int) -> Any:
    """In the child: `prepare()`, then `work` on the arguments read from `args_read`;
    the answer for the parent, or None when it sent nothing."""
    failed = None
    try:
        if prepare is not None:
            prepare()
    except BaseException:  # noqa: BLE001 - carried to the parent
        failed = {"error": traceback.format_exc()}
    with os.fdopen(args_read, "rb") as arguments:
        sent = arguments.read()  # read whole even after a failure: the parent never blocks
    if not sent:
        return None
    if failed is not None:
        return failed
    try:
        return {"value": work(*pickle.loads(sent))}
    except OSError as exc:
        return {"oserror": [exc.errno, exc.strerror or str(exc)]}
    except BaseException:  # noqa: BLE001 - carried to the parent
        return {"error": traceback.format_exc()}
