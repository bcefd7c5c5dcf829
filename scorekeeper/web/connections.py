"""The page's connections under a hostile network (issue 42, item 3): uvicorn's HTTP/1.1
protocol (h11) with two rules of its own, so that nobody without a key can deny the
table its page by holding connections open.

- A connection must bring a whole request head within IDLE_SECONDS of opening, or of
  the end of its last answer; else it is closed. uvicorn's own keep-alive timer does
  this after an answer, but a new connection had no timer at all, and any byte
  received (half a header) stopped it: 100 idle sockets, or 100 half-sent heads,
  held every slot for as long as they stayed open.
- At most CONNECTIONS_MOST connections are kept: one more closes the oldest one that
  is not in the middle of a request (idle, or still sending its head), so a new
  request (a player's) is always taken. Connections answering a request (an events
  stream included) are never closed for another: the page caps those itself
  (scorekeeper.web.app: STREAMS_PER_CLIENT, WATCH_STREAMS_MOST).
"""

from __future__ import annotations

import time

from uvicorn.protocols.http.h11_impl import H11Protocol

#: seconds a connection may wait before its request head is whole
IDLE_SECONDS = 5
#: connections kept at once; the oldest idle one makes room for a new one
CONNECTIONS_MOST = 64


class TimedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol, timed from the moment a connection opens and capped as
    the module docstring says. Its `connections` are the server's shared set."""

    def connection_made(self, transport) -> None:
        super().connection_made(transport)
        self.opened = time.monotonic()
        self._arm()
        open_ = [c for c in self.connections if not c.transport.is_closing()]
        if len(open_) > CONNECTIONS_MOST:
            idle = [c for c in open_ if c is not self and _idle(c)]
            if idle:
                _close(min(idle, key=lambda c: getattr(c, "opened", 0.0)))

    def data_received(self, data: bytes) -> None:
        # Unlike H11Protocol, a byte alone does not stop the clock: a whole request
        # head does (handle_events stops the timer when h11 gives a Request).
        self.conn.receive_data(data)
        self.handle_events()

    def _arm(self) -> None:
        """Start the clock: uvicorn's keep-alive timer, which closes an idle connection."""
        self._unset_keepalive_if_required()
        self.timeout_keep_alive_task = self.loop.call_later(
            self.timeout_keep_alive, self.timeout_keep_alive_handler
        )


def _idle(connection) -> bool:
    """Whether `connection` is between requests (or has not finished sending one)."""
    cycle = getattr(connection, "cycle", None)
    return cycle is None or cycle.response_complete


def _close(connection) -> None:
    """Close an idle connection now, as its timer would have."""
    connection.timeout_keep_alive_handler()
