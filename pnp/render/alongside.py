"""Work done in a second process while this one goes on: `pnp build` writes the
rulebook and booklet (reportlab's platypus: about a third of a small kit's build) while
it draws the cards. On a system without `os.fork`, or in a process running other threads, the work is
simply done first.

The child is a fork of this process (it shares the parent's state as it was, monkey
patches of tests included), returns its result through a pipe as JSON, and leaves by
`os._exit`, so none of the parent's exit handlers or buffered output runs twice. An
OSError in the child is raised again in the parent as the same OSError (errno and
message), so a full disk reads as it always has; any other failure is a RuntimeError
carrying the child's traceback.
"""

from __future__ import annotations

import json
import os
import threading
import traceback
from collections.abc import Callable
from typing import Any


class Alongside:
    """`work()` started now, in a forked process where there is one; `result()` waits for
    it and returns its JSON-ready value (raising what it raised, as the module says)."""

    def __init__(self, work: Callable[[], Any]):
        self._value: tuple[str, Any] | None = None
        self._pid: int | None = None  # the child, until it is reaped
        self._read: int | None = None  # the pipe its answer comes through
        if not hasattr(os, "fork") or threading.active_count() > 1:
            # a process with other threads (a test runner, a Dask worker) is not forked:
            # the child would hold copies of their locks and sockets
            self._value = ("done", work())
            return
        try:
            read, write = os.pipe()
            pid = os.fork()
        except OSError:  # no process to spare: do it now
            self._value = ("done", work())
            return
        if pid == 0:  # the child: whatever happens, it leaves here, never in the caller
            try:
                os.close(read)
                try:
                    answer = {"value": work()}
                except OSError as exc:
                    answer = {"oserror": [exc.errno, exc.strerror or str(exc)]}
                except BaseException:  # noqa: BLE001 - carried to the parent
                    answer = {"error": traceback.format_exc()}
                with os.fdopen(write, "w", encoding="utf-8") as out:
                    json.dump(answer, out)
            finally:
                os._exit(0)
        os.close(write)
        self._pid, self._read = pid, read

    def close(self) -> None:
        """Wait for the child if it is still owed, dropping its answer (the caller has
        already failed); nothing to do once `result` has been read."""
        if self._value is None and self._pid is not None:
            if self._read is not None:  # drain the answer, so the child never blocks
                with os.fdopen(self._read, encoding="utf-8") as answer_file:
                    answer_file.read()
            os.waitpid(self._pid, 0)
            self._value = ("dropped", None)

    def result(self) -> Any:
        """The work's value; OSError or RuntimeError as the module says."""
        if self._value is not None:
            return self._value[1]
        if self._pid is None or self._read is None:
            raise RuntimeError("the second process's answer was dropped")
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
