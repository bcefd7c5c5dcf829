"""Telling every open page that the table's file changed, whoever changed it (this
server, another one, the command line): one task looks at the file for all of them
(scorekeeper.web.page.changes, a few row counts) and each page's server-sent events
stream says "change"; the page then fetches what changed (scorekeeper.web.app's /live)."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections import Counter
from pathlib import Path

import anyio
from starlette.requests import Request

from scorekeeper.errors import ScoreError
from scorekeeper.web import page

#: How often the file is looked at for changes, in seconds, and how long an events
#: stream waits before it sends a comment to keep the connection open.
POLL, KEEP_ALIVE = 0.2, 15.0
#: Events streams open at once: per device (its address), with the watching link in
#: all, and in all: a crowd of watchers (or someone holding the watching link) never
#: takes the table's live pages from the players, and however many streams are open,
#: the page itself is answered (uvicorn answers 503 past 100 tasks; issue 42, item 3).
STREAMS_PER_CLIENT, WATCH_STREAMS_MOST, STREAMS_MOST = 6, 32, 48


class Watcher:
    """One look at the file every POLL seconds for all the pages open (page.changes),
    as a task of the application (`watch`, until `stop`); each events stream
    (`stream`, server-sent events) waits for the next change and says "change"."""

    def __init__(self, db: Path):
        self.db, self.seen, self._changed = db, 0, asyncio.Event()
        self._running = True
        self.per_client: Counter[str] = Counter()
        self.watching = 0

    def refusal(self, client: str, watching: bool) -> str | None:
        """Why a new events stream from `client` (its address) may not open now, or
        None: STREAMS_PER_CLIENT from one device, WATCH_STREAMS_MOST with the
        watching link (`watching`), STREAMS_MOST in all."""
        if self.per_client[client] >= STREAMS_PER_CLIENT:
            return f"this device has {STREAMS_PER_CLIENT} live pages open already; close one"
        if watching and self.watching >= WATCH_STREAMS_MOST:
            return f"{WATCH_STREAMS_MOST} pages are watching already; reload later"
        if sum(self.per_client.values()) >= STREAMS_MOST:
            return f"{STREAMS_MOST} live pages are open already; reload later"
        return None

    async def watch(self) -> None:
        last: tuple | None = None
        while self._running:
            now: tuple | None
            try:
                now = await anyio.to_thread.run_sync(page.changes, self.db)
            except ScoreError:
                now = last
            if now != last:
                last, self.seen = now, self.seen + 1
                self._changed.set()
                self._changed = asyncio.Event()
            await asyncio.sleep(POLL)

    def stop(self) -> None:
        self._running = False
        self._changed.set()

    async def stream(self, request: Request, client: str, watching: bool):
        """The events of one page, counted against `client` (and the watchers when
        `watching`) while it is open; check `refusal` first."""
        self.per_client[client] += 1
        self.watching += watching
        try:
            yield "retry: 1000\n\n"
            seen = self.seen
            while self._running and not await request.is_disconnected():
                if self.seen != seen:
                    seen = self.seen
                    yield f"event: change\ndata: {json.dumps(seen)}\n\n"
                    continue
                changed = self._changed
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(changed.wait(), KEEP_ALIVE)
                    continue
                yield ": still here\n\n"
        finally:
            self.per_client[client] -= 1
            if self.per_client[client] <= 0:
                del self.per_client[client]
            self.watching -= watching
