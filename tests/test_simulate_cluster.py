"""`pnp simulate --scheduler` (issue 21): the same seed gives byte-identical JSON on one
process, two processes and a Dask cluster (a `LocalCluster` of worker processes); a
worker killed mid-run has its pieces played again elsewhere, so the run ends with the
same figures, never hanging; a cluster with no worker, or no scheduler at all, stops the
run with one line. Every wait is bounded."""

from __future__ import annotations

import json
import os
import signal
import threading
import time

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.core.errors import PnpError
from pnp.core.paths import SHIPPED_DATA_DIR
from pnp.simulate import cluster
from pnp.simulate.balance import SimulateOptions, simulate_game
from tests.bounded import within

distributed = pytest.importorskip("distributed")

#: seconds a test waits for a run at most before it calls the run hung
HUNG = 240


def cli(*args):
    return CliRunner().invoke(main, ["simulate", *map(str, args)])


@pytest.fixture(scope="module")
def workers():
    """A cluster of two single-threaded worker processes on this machine."""
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0", silence_logs=50
    ) as local:
        yield local


RUN = ("--game", "hack-back", "--players", "2-3", "--games", 60, "--seed", 4, "--json", "--no-pdf")


def test_the_same_seed_gives_the_same_json_on_one_two_processes_and_a_cluster(workers):
    one = cli(*RUN, "--workers", 1)
    two = cli(*RUN, "--workers", 2)
    dask = cli(*RUN, "--scheduler", workers.scheduler_address)
    assert one.exit_code == two.exit_code == dask.exit_code == 0, dask.output
    assert one.stdout == two.stdout == dask.stdout
    assert json.loads(dask.stdout)["by_players"][0]["games"] == 60


def test_a_search_run_is_the_same_on_the_cluster(workers):
    args = (
        "--game",
        "hack-attack",
        "--players",
        2,
        "--games",
        6,
        "--strategy",
        "search",
        "--strategy",
        "protector",
        "--search-iterations",
        3,
        "--json",
        "--no-pdf",
    )
    assert (
        cli(*args, "--workers", 1).stdout
        == cli(*args, "--scheduler", workers.scheduler_address).stdout
    )


def run_in_thread(options: SimulateOptions) -> tuple[threading.Thread, dict]:
    out: dict = {}

    def target():
        try:
            out["summary"] = simulate_game(options).summary
        except Exception as exc:  # the test reads it
            out["error"] = exc

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    return thread, out


def started(client) -> None:
    """Wait (a minute at most) until some worker is playing a piece."""
    deadline = time.monotonic() + 60
    while not any(client.processing().values()) and time.monotonic() < deadline:
        time.sleep(0.05)


def test_a_killed_worker_has_its_piece_played_again(workers, tmp_path):
    """Kill one worker process while its pieces run: the scheduler hands them to
    another worker (its nanny starts a new one too), and the run ends, bounded, with
    exactly the figures one process gives."""
    options = SimulateOptions(
        "hack-back",
        SHIPPED_DATA_DIR,
        tmp_path,
        games=400,
        seed=11,
        players=(3,),
        pdf=False,
        scheduler=workers.scheduler_address,
    )
    client = distributed.Client(workers.scheduler_address)
    try:
        thread, out = run_in_thread(options)
        started(client)
        busy = [w for w, keys in client.processing().items() if keys]
        assert busy, "no piece started"
        pids = client.run(os.getpid, workers=busy[:1])
        os.kill(next(iter(pids.values())), signal.SIGKILL)
        thread.join(HUNG)
    finally:
        client.close()
    assert not thread.is_alive(), "the run hung after a worker was killed"
    assert "error" not in out, out.get("error")
    local = simulate_game(
        SimulateOptions(
            "hack-back",
            SHIPPED_DATA_DIR,
            tmp_path,
            games=400,
            seed=11,
            players=(3,),
            pdf=False,
            workers=1,
        )
    ).summary
    assert out["summary"] == local


def test_pieces_longer_than_a_look_at_the_cluster_are_waited_for(workers, tmp_path, monkeypatch):
    """The run looks at the cluster every POLL seconds while no piece finishes; a piece
    that takes longer is simply waited for."""
    monkeypatch.setattr(cluster, "POLL", 0.01)
    options = SimulateOptions(
        "hack-attack",
        SHIPPED_DATA_DIR,
        tmp_path,
        games=30,
        seed=2,
        players=(4,),
        pdf=False,
        scheduler=workers.scheduler_address,
    )
    local = simulate_game(
        options.__class__(**{**vars(options), "scheduler": None, "workers": 1})
    ).summary
    assert simulate_game(options).summary == local


def test_every_worker_killed_at_once_loses_nothing(tmp_path):
    """Both worker processes killed mid-run: their nannies start new ones, and every
    piece (each carrying its own card data) is played again; the figures are one
    process's."""
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0", silence_logs=50
    ) as local:
        options = SimulateOptions(
            "hack-back",
            SHIPPED_DATA_DIR,
            tmp_path,
            games=300,
            seed=5,
            players=(3,),
            pdf=False,
            scheduler=local.scheduler_address,
        )
        client = distributed.Client(local.scheduler_address)
        try:
            thread, out = run_in_thread(options)
            started(client)
            for pid in client.run(os.getpid).values():
                os.kill(pid, signal.SIGKILL)
            thread.join(HUNG)
        finally:
            client.close()
    assert not thread.is_alive(), "the run hung after every worker was killed"
    assert "error" not in out, out.get("error")
    assert (
        out["summary"]
        == simulate_game(
            SimulateOptions(
                "hack-back",
                SHIPPED_DATA_DIR,
                tmp_path,
                games=300,
                seed=5,
                players=(3,),
                pdf=False,
                workers=1,
            )
        ).summary
    )


def test_a_scheduler_gone_mid_run_stops_the_run_in_one_line(tmp_path):
    local = distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=True, dashboard_address=":0", silence_logs=50
    )
    options = SimulateOptions(
        "hack-back",
        SHIPPED_DATA_DIR,
        tmp_path,
        games=2000,
        seed=5,
        players=(4,),
        pdf=False,
        scheduler=local.scheduler_address,
    )
    client = distributed.Client(local.scheduler_address)
    thread, out = run_in_thread(options)
    started(client)
    client.close()
    local.close()
    thread.join(HUNG)
    assert not thread.is_alive(), "the run hung after its scheduler went away"
    error = out.get("error")
    assert isinstance(error, PnpError), error
    assert "\n" not in str(error)


def test_a_cluster_with_no_worker_stops_the_run_in_one_line(tmp_path, monkeypatch):
    monkeypatch.setattr(cluster, "WORKER_WAIT", 2.0)
    with distributed.LocalCluster(
        n_workers=0, processes=False, dashboard_address=":0", silence_logs=50
    ) as empty:
        options = SimulateOptions(
            "hack-attack",
            SHIPPED_DATA_DIR,
            tmp_path,
            games=5,
            players=(2,),
            pdf=False,
            scheduler=empty.scheduler_address,
        )
        thread, out = run_in_thread(options)
        thread.join(HUNG)
    assert not thread.is_alive()
    assert isinstance(out.get("error"), PnpError)
    assert "no worker for 2 s" in str(out["error"]) and "\n" not in str(out["error"])


def test_an_unreachable_scheduler_is_one_line(monkeypatch):
    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", 2)
    result = cli(
        "--game", "hack-attack", "--games", 2, "--no-pdf", "--scheduler", "tcp://127.0.0.1:9"
    )
    assert result.exit_code == 1
    assert result.output.startswith("Error: cannot reach the Dask scheduler at 'tcp://127.0.0.1:9'")
    assert len(result.output.strip().splitlines()) == 1
    both = cli(
        "--game",
        "hack-attack",
        "--games",
        2,
        "--no-pdf",
        "--scheduler",
        "tcp://127.0.0.1:9",
        "--workers",
        2,
    )
    assert both.exit_code == 2


class _Future:
    """A stand-in for a Dask future whose status is `status`."""

    def __init__(self, status):
        self.status = status

    def result(self):
        return "chunk"

    def exception(self):
        return ValueError("bad card")


@pytest.mark.parametrize("status", ["lost", "pending"])
def test_a_result_lost_after_wait_is_waited_for_again(status):
    """`wait` saw the piece finished, then its worker died with the result (CI saw this
    when every worker was killed at once): the piece is pending again, not an error."""
    assert cluster._chunk(_Future(status)) is None


def test_a_finished_or_failed_piece_is_read():
    assert cluster._chunk(_Future("finished")) == "chunk"
    with pytest.raises(PnpError, match="ValueError: bad card"):
        cluster._chunk(_Future("error"))


class _Listener:
    """A loopback TCP server on a free port, run in a thread: `silent` accepts each
    connection and never answers; otherwise it answers every request as a small HTTP
    server does (http.server), which is no Dask scheduler either."""

    def __init__(self, silent: bool):
        import socket

        self.server = socket.create_server(("127.0.0.1", 0))
        self.port = self.server.getsockname()[1]
        self.silent, self.held = silent, []
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.server.accept()
            except OSError:  # closed
                return
            self.held.append(conn)
            if not self.silent:
                conn.recv(65536)
                conn.sendall(b"HTTP/1.0 400 Bad Request\r\nContent-Length: 0\r\n\r\n")
                conn.close()

    def close(self) -> None:
        self.server.close()
        for conn in self.held:
            conn.close()


def cli_bounded(*args, limit: float = 60) -> tuple:
    """`cli(*args)`: (exit code, output, seconds), failing the test as a hang past
    `limit` seconds (tests.bounded)."""
    result, took = within(limit, lambda: cli(*args), f"`simulate {' '.join(map(str, args))}`")
    return result.exit_code, result.output, took


@pytest.mark.parametrize("silent", [True, False], ids=["never-answers", "http-server"])
def test_a_server_that_is_no_scheduler_is_one_line_within_the_timeout(monkeypatch, silent):
    """A port that accepts and never answers (issue 42: waited for ever) and an HTTP
    server (a 70-line traceback): one line each, within the connect timeout."""
    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", 1)
    monkeypatch.setattr(cluster, "ANSWER_GRACE", 1)
    listener = _Listener(silent)
    try:
        address = f"tcp://127.0.0.1:{listener.port}"
        code, output, took = cli_bounded(
            "--game", "hack-attack", "--games", 2, "--no-pdf", "--scheduler", address
        )
    finally:
        listener.close()
    assert code == 1, output
    assert output.startswith(f"Error: cannot reach the Dask scheduler at '{address}': ")
    assert len(output.strip().splitlines()) == 1, output
    assert took < 30


@pytest.mark.parametrize("scheme", ["tls", "ucx", "gopher"])
def test_a_scheme_this_machine_cannot_use_is_one_line(scheme):
    """tls:// with no TLS configuration, ucx:// without UCX (70-line tracebacks in
    issue 42), a scheme Dask does not know: one `Error:` line naming the address."""
    code, output, _ = cli_bounded(
        "--game", "hack-attack", "--games", 2, "--no-pdf", "--scheduler", f"{scheme}://127.0.0.1:9"
    )
    assert code == 1, output
    assert output.startswith(
        f"Error: cannot reach the Dask scheduler at '{scheme}://127.0.0.1:9': "
    )
    assert len(output.strip().splitlines()) == 1, output


def test_a_lost_scheduler_prints_one_line_and_no_log(tmp_path):
    """The scheduler killed mid-run, the run in its own process: its stderr is the one
    `Error:` line, none of distributed's log lines and tracebacks before it."""
    import subprocess
    import sys

    local = distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=True, dashboard_address=":0", silence_logs=50
    )
    client = distributed.Client(local.scheduler_address)
    run = subprocess.Popen(
        [sys.executable, "-c", "from pnp.cli import main; main()", "simulate", "--game",
         "hack-back", "--games", "3000", "--players", "4", "--no-pdf",
         "--scheduler", local.scheduler_address],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path,
    )  # fmt: skip
    try:
        started(client)
        client.close()
        local.close()
        out, err = run.communicate(timeout=HUNG)
    finally:
        run.kill()
    assert run.returncode == 1, err
    assert err.startswith("Error: lost the Dask scheduler at "), err
    assert len(err.strip().splitlines()) == 1, err
