"""`scorekeeper serve` as a process, as a table starts it: the links it prints, listening
on 127.0.0.1 only unless --lan, the QR codes (--lan: in the terminal and as owner-only
PNGs holding exactly the printed links), a port already taken, the live events stream
seeing a move made at the terminal, and Ctrl+C stopping it."""

from __future__ import annotations

import os
import re
import signal
import socket
import stat
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
COMMAND = [sys.executable, "-c", "from scorekeeper.cli import main; main()"]


def env():
    return {**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1", "COLUMNS": "100"}


def start(db, *options):
    """A running `serve` on db with `options`: (process, {"Record": url, "Watch": url}, lines)."""
    process = subprocess.Popen(
        [*COMMAND, "--db", str(db), "serve", "--port", "0", *options],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env(),
    )
    lines = []
    while not any(line.startswith("Ctrl+C") for line in lines):
        line = process.stdout.readline()
        assert line, "serve stopped: " + "".join(lines)
        lines.append(line)
    links = dict(re.findall(r"^(Record|Watch): +(\S+)$", "".join(lines), re.M))
    return process, links, lines


def stop(process):
    """Ctrl+C: (exit status, what it printed after its links)."""
    process.send_signal(signal.SIGINT)
    try:
        rest = process.communicate(timeout=10)[0]
        return process.returncode, rest
    finally:
        if process.poll() is None:
            process.kill()


def fetch(url, timeout=5):
    try:
        with urllib.request.urlopen(url, timeout=timeout) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode()


def local(url: str) -> str:
    """`url` at 127.0.0.1 (a --lan link names the network address)."""
    return re.sub(r"^http://[^:/]+", "http://127.0.0.1", url)


def cli(db, *words):
    return subprocess.run(
        [*COMMAND, "--db", str(db), *words], capture_output=True, text=True, env=env()
    )


def test_serve_prints_two_links_listens_locally_and_stops_on_ctrl_c(tmp_path):
    db = tmp_path / "t.sqlite3"
    assert cli(db, "new", "hack-attack", "Ana", "Ben").returncode == 0
    process, links, lines = start(db)
    try:
        assert set(links) == {"Record", "Watch"}
        for url in links.values():
            assert re.fullmatch(r"http://127\.0\.0\.1:\d+/t/[A-Za-z0-9_-]{22}/", url)
        assert "this computer only" in lines[0]
        port = int(links["Record"].split(":")[2].split("/")[0])
        status, html = fetch(links["Record"])
        assert status == 200 and "Hack Attack: Defense" in html
        assert fetch(links["Record"].rsplit("/t/", 1)[0] + "/")[0] == 403
        listening = (
            [c for c in _listeners(process.pid) if c[1] == port]
            if sys.platform.startswith("linux")
            else [("127.0.0.1", port)]
        )
        assert listening and all(host == "127.0.0.1" for host, _ in listening)
    finally:
        started = time.monotonic()
        assert stop(process) == (0, "Stopped.\n")
        assert time.monotonic() - started < 5


def _listeners(pid):
    """(address, port) of the TCP sockets listening in the process `pid` (Linux)."""
    inodes = {
        os.readlink(f"/proc/{pid}/fd/{fd}")[8:-1]
        for fd in os.listdir(f"/proc/{pid}/fd")
        if os.readlink(f"/proc/{pid}/fd/{fd}").startswith("socket:")
    }
    found = []
    for row in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = row.split()
        if fields[3] == "0A" and fields[9] in inodes:  # 0A: LISTEN
            address, port = fields[1].split(":")
            host = socket.inet_ntoa(bytes.fromhex(address)[::-1])
            found.append((host, int(port, 16)))
    return found


def test_lan_draws_the_qr_code_and_writes_owner_only_pngs_of_the_links(tmp_path):
    segno = pytest.importorskip("segno")
    db = tmp_path / "lan.sqlite3"
    process, links, lines = start(db, "--lan")
    try:
        assert "the local network" in lines[0]
        text = "".join(lines)
        assert "█" in text or "▀" in text  # the code, drawn in the terminal
        for kind, suffix in (("Record", "-record.png"), ("Watch", "-watch.png")):
            png = tmp_path / f"lan{suffix}"
            assert png.exists()
            if os.name == "posix":
                assert stat.S_IMODE(png.stat().st_mode) == 0o600
            assert _modules(png) == [list(r) for r in segno.make(links[kind], error="m").matrix]
        assert fetch(local(links["Watch"]))[0] == 200
    finally:
        stop(process)


def _modules(png: Path) -> list[list[int]]:
    """The QR code's modules read off the PNG (scale 10, border 4, as serve writes it):
    1 dark, 0 light."""
    image = Image.open(png).convert("L")
    size = image.width // 10 - 8
    return [
        [
            1 if image.getpixel((10 * (x + 4) + 5, 10 * (y + 4) + 5)) < 128 else 0
            for x in range(size)
        ]
        for y in range(size)
    ]


def test_a_port_already_taken_is_one_line_and_exit_status_1(tmp_path):
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen(1)
    try:
        port = taken.getsockname()[1]
        result = subprocess.run(
            [*COMMAND, "--db", str(tmp_path / "p.sqlite3"), "serve", "--port", str(port)],
            capture_output=True,
            text=True,
            env=env(),
            timeout=20,
        )
    finally:
        taken.close()
    assert result.returncode == 1
    assert result.stderr.strip().startswith(f"Error: cannot listen on port {port}:")
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(
    "options, said",
    [
        (("--game", "9"), "Error: no game with id 9: "),  # the file holds no game yet
        (("--data", ""), "Error: the data folder '' is not a folder"),
        (("--data", "no-such-folder"), "Error: the data folder 'no-such-folder' is not a folder"),
    ],
)
def test_a_page_that_could_never_show_its_table_is_refused_at_start(tmp_path, options, said):
    """Found by a review (issue 40): `serve --game 99` started and answered 404 for ever,
    `serve --data ""` served the current folder. Each is one line and exit status 1, as
    every other command refuses them, before anything listens."""
    result = subprocess.run(
        [*COMMAND, "--db", str(tmp_path / "s.sqlite3"), "serve", "--port", "0", *options],
        capture_output=True,
        text=True,
        env=env(),
        timeout=20,
        cwd=tmp_path,
    )
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr.startswith(said) and len(result.stderr.splitlines()) == 1


def test_the_events_stream_tells_of_a_move_made_at_the_terminal(tmp_path):
    db = tmp_path / "live.sqlite3"
    assert cli(db, "new", "hack-attack", "Ana", "Ben").returncode == 0
    process, links, _ = start(db)
    try:
        stream = urllib.request.urlopen(links["Watch"] + "events", timeout=10)
        assert stream.headers["Content-Type"].startswith("text/event-stream")
        assert stream.readline() == b"retry: 1000\n"
        stream.readline()
        moved = time.monotonic()
        assert cli(db, "end-turn").returncode == 0
        assert stream.readline() == b"event: change\n"
        assert time.monotonic() - moved < 2
        stream.close()
        status, html = fetch(links["Watch"] + "live")
        assert (
            '<span class="when">Turn 1, <bdi>Ana</bdi>:</span> <span class="text">Turn ended</span>'
            in html
        )
        assert "Ben" in html and 'action="do/' not in html
    finally:
        stop(process)
