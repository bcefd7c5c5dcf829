"""A call the test gives up on: the hang guard of the tests whose input once hung a
verb (issue 42). It bounds the wait; it is no speed test."""

from __future__ import annotations

import threading
import time
from typing import Any, Callable


def within(seconds: float, call: Callable[[], Any], what: str) -> tuple[Any, float]:
    """(what `call()` returned, the seconds it took), run in a thread; the test fails
    with "`what` hung" when it has not returned within `seconds` (the thread is left,
    a daemon, to end with the test run)."""
    out: dict = {}
    thread = threading.Thread(target=lambda: out.update(result=call()), daemon=True)
    start = time.monotonic()
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"{what} hung"
    return out["result"], time.monotonic() - start
