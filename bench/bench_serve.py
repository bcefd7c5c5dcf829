"""Benchmark: `scorekeeper serve` on loopback, this checkout against another commit.

    python bench/bench_serve.py --against 670d76e [--rounds 7] [--requests 120]

Each round starts two servers, one after the other, on copies of the same database (a
Hack Attack: Defense table of three, 40 moves in): A from a worktree of the other commit,
B from this checkout (A B A B ..., so load on this shared machine hits both alike). On
each it measures, each request on a new connection (so the figures are the server's
work, not the network's):
- the page: GET /t/KEY/ (the table, its moves, its last actions), one client after
  another request: median latency; and 4 clients at once: requests per second;
- a recorded move: POST /t/KEY/api/end-turn (the route for scripts, the same move the
  page's End the turn button records), one client: median latency and moves a second;
- the page again on one connection kept open, as a phone's browser keeps it: a server
  that sends an answer in two parts waits for the phone's delayed acknowledgement of the
  first (Nagle's algorithm, about 40 ms) unless its sockets set TCP_NODELAY.
Reported: each side's median over the rounds and the B/A ratio taken round by round
(median and range). Latency ratios under 1 and rate ratios over 1 are B faster.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import REPO, compile_packages, worktree  # noqa: E402

CLI = "import sys; from scorekeeper.cli import main; sys.exit(main())"


def prepare(db: Path) -> None:
    """A Hack Attack: Defense table of Ana, Ben and Cleo, 40 moves in, in `db` (made by
    this checkout: the older score keepers read the same file)."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    run = lambda *w: subprocess.run(  # noqa: E731
        [sys.executable, "-c", CLI, "--db", str(db), *w], env=env, check=True, capture_output=True
    )
    run("new", "hack-attack", "Ana", "Ben", "Cleo")
    players = ("Ana", "Ben", "Cleo")
    for n in range(40):  # a User Error kept every third move (the deck has 14), else a turn
        run("user-error", players[n % 3]) if n % 3 == 0 else run("end-turn")


class Served:
    """`scorekeeper serve --port 0` from the code under `root` on `db`: its record link."""

    def __init__(self, root: Path, db: Path):
        self.body: dict | None = None  # the form of a move's body this server takes
        env = {**os.environ, "PYTHONPATH": str(root), "PYTHONDONTWRITEBYTECODE": "1"}
        self.proc = subprocess.Popen(
            [sys.executable, "-c", CLI, "--db", str(db), "serve", "--port", "0"],
            cwd=root,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            if line.startswith("Record:"):
                self.link = urlsplit(line.partition(":")[2].strip())
                break
        else:
            raise SystemExit(f"{root}: serve printed no link")
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                status, _ = self.get(self.connect())
                if status == 200:
                    return
            except OSError:
                time.sleep(0.05)
        raise SystemExit(f"{root}: the page never answered")

    def connect(self) -> http.client.HTTPConnection:
        return http.client.HTTPConnection(self.link.hostname, self.link.port, timeout=30)

    def get(self, conn) -> tuple[int, bytes]:
        conn.request("GET", self.link.path)
        answer = conn.getresponse()
        return answer.status, answer.read()

    #: The bodies of an end-turn through the route for scripts, newest form first: the
    #: score keeper took positional "args" before it took named "values".
    MOVE_BODIES = ({"values": {}}, {"args": []})

    def move(self, conn) -> int:
        """Record an end of turn on `conn`: its status, 200 when recorded. The first move
        finds which form of body this server's code takes and keeps it."""
        bodies = self.MOVE_BODIES if self.body is None else (self.body,)
        status = 0
        for body in bodies:
            conn.request(
                "POST",
                self.link.path + "api/end-turn",
                body=json.dumps(body),
                headers={"Content-Type": "application/json"},
            )
            answer = conn.getresponse()
            answer.read()
            status = answer.status
            if status == 200:
                self.body = body
                break
        return status

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def latencies(call, n: int) -> list[float]:
    out = []
    for _ in range(n):
        start = time.perf_counter()
        call()
        out.append(time.perf_counter() - start)
    return out


def measure(root: Path, db: Path, requests: int) -> dict[str, float]:
    """The figures of one server (see the module's text)."""
    server = Served(root, db)
    try:

        def fresh_get() -> None:
            conn = server.connect()
            server.get(conn)
            conn.close()

        get = latencies(fresh_get, requests)
        kept = server.connect()
        alive = latencies(lambda: server.get(kept), requests // 4)

        def client(out: list) -> None:
            for _ in range(requests // 4):
                fresh_get()
            out.append(1)

        done: list = []
        threads = [threading.Thread(target=client, args=(done,)) for _ in range(4)]
        start = time.perf_counter()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        rate = 4 * (requests // 4) / (time.perf_counter() - start)

        def fresh_move() -> None:
            conn = server.connect()
            assert server.move(conn) == 200
            conn.close()

        moves = latencies(fresh_move, requests // 2)
        return {
            "page ms": 1000 * statistics.median(get),
            "page /s (4 clients)": rate,
            "move ms": 1000 * statistics.median(moves),
            "moves /s": len(moves) / sum(moves),
            "page ms (kept alive)": 1000 * statistics.median(alive),
        }
    finally:
        server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", required=True, help="the commit to compare with (A)")
    parser.add_argument("--rounds", type=int, default=7, help="A B rounds")
    parser.add_argument("--requests", type=int, default=120, help="page requests a round")
    args = parser.parse_args()
    compile_packages()
    with tempfile.TemporaryDirectory() as tmp, worktree(args.against, Path(tmp) / "other") as other:
        base = Path(tmp) / "table.sqlite3"
        prepare(base)
        figures: dict[str, list[tuple[float, float]]] = {}
        for n in range(args.rounds):
            sides = []
            for side, root in (("a", other), ("b", REPO)):
                db = Path(tmp) / f"{side}{n}.sqlite3"
                shutil.copy(base, db)
                sides.append(measure(root, db, args.requests))
            for key in sides[0]:
                figures.setdefault(key, []).append((sides[0][key], sides[1][key]))
        print(f"{'figure':<22}{'A':>10}{'B':>10}{'B/A median':>12}{'range':>16}")
        for key, pairs in figures.items():
            ratios = [b / a for a, b in pairs]
            print(
                f"{key:<22}{statistics.median(a for a, _ in pairs):>10.1f}"
                f"{statistics.median(b for _, b in pairs):>10.1f}"
                f"{statistics.median(ratios):>12.2f}"
                f"{min(ratios):>8.2f}–{max(ratios):.2f}"
            )


if __name__ == "__main__":
    main()
