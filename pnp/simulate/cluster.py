"""Runs past one machine (issue 21): the pieces of a run sent to an existing Dask
`distributed` cluster (`pnp simulate --scheduler ADDRESS`), each a task playing seeded
games (pnp.simulate.run.play_chunk) on whichever worker the scheduler chooses.

The card data is loaded and checked here and sent with every piece (tens of kB), so a
worker needs Hack Pack installed (the same version) but no card data folder, and a
piece can be played again by any worker, even after the last one was lost. Every
figure is a sum over games whose seeds do not depend on where they are played, so a
seed gives the same JSON on a cluster as on one process.

A worker lost mid-run (killed, or its machine gone: the scheduler notices a closed
connection at once, a silent machine after its worker time-to-live) has its pieces
played again on another worker; a piece that keeps losing its workers (the scheduler's
`allowed-failures`) stops the run with one line. With no worker at all for
`WORKER_WAIT` seconds the run stops too, so it never waits forever.
"""

from __future__ import annotations

import gc
import time
import warnings
from collections.abc import Iterator, Sequence
from concurrent.futures import CancelledError

from pnp.core.errors import PnpError
from pnp.core.shown import quoted
from pnp.simulate.run import Chunk, Job, Piece, play_chunk

#: seconds to reach the scheduler, and seconds a run waits with no worker at all
CONNECT_TIMEOUT = 15
#: seconds past CONNECT_TIMEOUT before a scheduler that accepted the connection and said
#: nothing is given up (distributed's own timeout names a refused connection first)
ANSWER_GRACE = 2
WORKER_WAIT = 60.0
#: seconds between looks at the cluster while no piece finishes
POLL = 1.0


def _client(address: str):
    """A Dask client of the scheduler at `address`; PnpError (one line) when `distributed`
    is not installed or no Dask scheduler answers there within CONNECT_TIMEOUT seconds:
    nothing listening, a port that accepts and never answers, a server of another kind
    (an HTTP server), a scheme this machine cannot use (tls:// without a TLS
    configuration, ucx:// without UCX). distributed's own log lines are switched off
    (`_quiet`): what goes wrong is said here once."""
    try:
        from distributed import Client
    except ImportError:
        raise PnpError(
            "--scheduler needs the Dask distributed package: pip install 'hackpack[cluster]'"
        ) from None
    _quiet()
    why = _no_answer(address)
    if why is None:
        try:
            return Client(address, timeout=CONNECT_TIMEOUT)
        except Exception as exc:  # it went away since it answered, or answered wrongly
            why = _first_line(exc)
    raise PnpError(f"cannot reach the Dask scheduler at {quoted(address, 60)}: {why}")


def _no_answer(address: str) -> str | None:
    """None if a Dask scheduler at `address` answers a client within CONNECT_TIMEOUT
    seconds, else why not, in a few words. The whole exchange runs under one deadline
    (distributed's own timeout covers the connection, not a peer that accepts it and
    then says nothing), and a client that hangs is cancelled, not left waiting."""
    import asyncio

    from distributed import Client

    async def hello() -> None:
        async with Client(address, asynchronous=True, timeout=CONNECT_TIMEOUT):
            pass

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # a cancelled client's close, never awaited
        try:
            asyncio.run(asyncio.wait_for(hello(), CONNECT_TIMEOUT + ANSWER_GRACE))
        except TimeoutError:
            return f"no answer within {CONNECT_TIMEOUT} s (is a Dask scheduler listening there?)"
        except Exception as exc:  # a bad address, a refused connection, a scheme not set up
            return _first_line(exc)
        finally:
            gc.collect()  # the abandoned client goes now, its warnings with it
    return None


def _first_line(exc: BaseException) -> str:
    """The first line of `exc`'s message (its type's name when it has none)."""
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def _quiet() -> None:
    """Switch off distributed's log lines in this process: a lost scheduler otherwise
    prints its connection errors and tracebacks before the one line that says so. Its
    loggers each have a level of their own (dask's logging configuration), so each one
    known now is silenced, and the handlers they print through."""
    import logging

    off = logging.CRITICAL + 1
    names = [
        n for n in logging.Logger.manager.loggerDict if n.startswith(("distributed", "tornado"))
    ]
    for name in ("distributed", "tornado", "asyncio", *names):
        logger = logging.getLogger(name)
        logger.setLevel(off)
        for handler in logger.handlers:
            handler.setLevel(off)


class Cluster:
    """The Dask cluster whose scheduler is at `address`, as a pnp.simulate.run.Executor."""

    def __init__(self, address: str):
        self.address = address

    def workers(self) -> int:
        """The threads the cluster's workers offer now (at least 1, so a run can be cut
        into pieces before its workers arrive)."""
        client = _client(self.address)
        try:
            return max(1, sum(client.nthreads().values()))
        finally:
            client.close()

    def results(self, job: Job, datas: dict[str, object], work: Sequence[Piece]) -> Iterator[Chunk]:
        """Each piece's Chunk, in the order of `work`, played on the cluster. Each task
        carries the card data itself (tens of kB), so a task whose worker is lost, even
        the last one, can be played again by any worker that comes. PnpError (one line)
        when a piece kept losing its workers or raised inside a worker, when no worker
        was there for WORKER_WAIT seconds, or when the scheduler went away."""
        client = _client(self.address)
        try:
            yield from _played(client, job, datas, work)
        except PnpError:
            raise
        except (OSError, TimeoutError, CancelledError) as exc:  # the scheduler is gone
            raise PnpError(
                f"lost the Dask scheduler at {quoted(self.address, 60)} mid-run "
                f"({type(exc).__name__}); the run is stopped"
            ) from None
        finally:
            _close(client)


def _played(client, job: Job, datas: dict[str, object], work: Sequence[Piece]) -> Iterator[Chunk]:
    """The pieces' Chunks in order, as `Cluster.results` plays them."""
    from distributed import wait

    try:
        client.wait_for_workers(1, timeout=WORKER_WAIT)
    except TimeoutError:
        raise PnpError(_no_worker()) from None
    futures = [client.submit(play_chunk, job, datas, *piece, pure=False) for piece in work]
    order = {f.key: k for k, f in enumerate(futures)}
    done: dict[int, Chunk] = {}
    pending, alone_since, given = set(futures), None, 0
    while pending:
        try:
            finished, pending = wait(pending, timeout=POLL, return_when="FIRST_COMPLETED")
        except TimeoutError:  # nothing finished in POLL seconds
            finished = set()
        for future in finished:
            chunk = _chunk(future)
            if chunk is None:  # its result was lost with its worker
                pending.add(future)
            else:
                done[order[future.key]] = chunk
        alone_since = _check_workers(client, alone_since)
        while given in done:  # in order, as soon as each is there
            yield done.pop(given)
            given += 1


def _close(client) -> None:
    """Close the client, quickly even when the scheduler is gone."""
    try:
        client.close(timeout=5)
    except Exception:  # closing after a lost scheduler may fail; nothing is owed
        pass


def _chunk(future) -> Chunk | None:
    """A finished piece's Chunk; None when the piece is being played again (its result
    was lost with its worker between `wait` and this look, so the future is pending or
    lost again); PnpError naming why it failed."""
    if future.status == "finished":
        return future.result()
    if future.status not in ("error", "cancelled"):
        return None
    if future.status == "cancelled":
        raise PnpError(
            "the Dask cluster cancelled a piece of the run (its scheduler "
            "restarted, or another client cancelled it); the run is stopped"
        )
    error = future.exception()
    name = type(error).__name__
    if name == "KilledWorker":
        raise PnpError(
            "a piece of the run lost its Dask worker again and again (the "
            "scheduler's allowed-failures); the run is stopped"
        )
    raise PnpError(
        f"a Dask worker failed a piece of the run: {name}: "
        f"{str(error).splitlines()[0] if str(error) else ''}".rstrip(": ")
    )


def _check_workers(client, alone_since: float | None) -> float | None:
    """When the cluster has no worker: the time it was first seen so, and PnpError once
    that is WORKER_WAIT seconds ago; None while there are workers."""
    if client.scheduler_info().get("workers"):
        return None
    now = time.monotonic()
    if alone_since is not None and now - alone_since > WORKER_WAIT:
        raise PnpError(_no_worker())
    return alone_since if alone_since is not None else now


def _no_worker() -> str:
    return (
        f"the Dask cluster has had no worker for {WORKER_WAIT:.0f} s; start some with "
        "`dask worker ADDRESS`"
    )
