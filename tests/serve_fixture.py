"""What the real-browser tests of `scorekeeper serve` (tests/test_serve_browser.py) stand
on: Debian's Chromium and how Playwright launches it, the server as a real process on a
free port (its links read from what it prints), the command line run beside it on the
same file, a phone (a Playwright page) that records moves with taps, and the table the
page should show, restated from `status --json`.

Chromium is the system one (/usr/bin/chromium, `apt-get install chromium`): a browser
downloaded by `playwright install` does not run on these machines. Without it the tests
skip, unless HACKPACK_REQUIRE_BROWSER=1 (CI) makes that a failure."""

from __future__ import annotations

import json
import os
import queue
import re
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.request
from contextlib import closing
from pathlib import Path
from typing import NamedTuple

import pytest

REPO = Path(__file__).resolve().parent.parent
CHROMIUM = Path("/usr/bin/chromium")
#: CI runs as root, where Chromium's sandbox cannot start; nothing else is fetched.
LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
#: A phone held in one hand (CSS pixels), as the page is made for.
PHONE = {"width": 390, "height": 844}
REQUIRE = "HACKPACK_REQUIRE_BROWSER"
#: A folder for the screenshots a developer looks at (none taken when unset).
SHOTS = "HACKPACK_SHOTS"
#: The score keeper's command line, from this checkout (PYTHONPATH below).
CLI = "import sys; from scorekeeper.cli import main; sys.exit(main())"
#: Several commands in one process (one start of Python for the three reads after each
#: move): each as `scorekeeper ARGS` runs (click's main, its exit status, what it
#: printed on stdout and stderr), answered as JSON [[status, stdout, stderr], ...].
READS = """
import contextlib, io, json, sys
from scorekeeper.cli import main
said = []
for args in json.loads(sys.argv[1]):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            main(args=args, prog_name="scorekeeper")
            status = 0
        except SystemExit as exc:
            status = exc.code if isinstance(exc.code, int) else 1
    said.append([status, out.getvalue(), err.getvalue()])
print(json.dumps(said))
"""
#: The longest wait for the server to start or a page to update, in seconds: a bound
#: for a loaded machine, not a speed test (the live updates have their own, LIVE_MS).
START_S = 30
LIVE_MS = 3000


def chromium_or_skip() -> str:
    """The path of the system Chromium; skips the test without it (fails instead when
    HACKPACK_REQUIRE_BROWSER=1), and without Playwright likewise."""
    required = os.environ.get(REQUIRE) == "1"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        reason = "Playwright is not installed (pip install -e '.[test]')"
        if required:
            pytest.fail(f"{reason}, and {REQUIRE}=1 requires the browser tests")
        pytest.skip(reason)
    if not CHROMIUM.exists():
        reason = f"no Chromium at {CHROMIUM} (apt-get install chromium)"
        if required:
            pytest.fail(f"{reason}, and {REQUIRE}=1 requires the browser tests")
        pytest.skip(reason)
    return str(CHROMIUM)


def cli_env() -> dict[str, str]:
    """The environment the command line and the server run in: this checkout's code
    first on the path, whatever is installed."""
    path = os.pathsep.join(p for p in (str(REPO), os.environ.get("PYTHONPATH", "")) if p)
    return {**os.environ, "PYTHONPATH": path, "PYTHONDONTWRITEBYTECODE": "1"}


def cli(db: Path, *words: str) -> subprocess.CompletedProcess:
    """`scorekeeper --db DB WORDS...` in a new process (its status, stdout, stderr)."""
    command = [sys.executable, "-c", CLI, "--db", str(db), *words]
    return subprocess.run(
        command, capture_output=True, text=True, env=cli_env(), timeout=60, encoding="utf-8"
    )


def clis(db: Path, *commands: list[str]) -> list[subprocess.CompletedProcess]:
    """Each of `commands` (the words after `scorekeeper --db DB`) run one after the
    other in one new process, as the command line runs it (READS): what each did."""
    asked = json.dumps([["--db", str(db), *words] for words in commands])
    done = subprocess.run(
        [sys.executable, "-c", READS, asked],
        capture_output=True,
        text=True,
        env=cli_env(),
        timeout=60,
        encoding="utf-8",
    )
    assert done.returncode == 0, done.stderr
    return [
        subprocess.CompletedProcess(words, status, out, err)
        for words, (status, out, err) in zip(commands, json.loads(done.stdout))
    ]


def status(db: Path) -> dict:
    """What `scorekeeper --db DB status --json` prints, read."""
    done = cli(db, "status", "--json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def refusal(db: Path, *words: str) -> str:
    """The one-line reason the command line gives for refusing WORDS on a copy of `db`
    (the copy made with SQLite's backup, so the file itself is never written)."""
    copy = db.with_name(f"copy-{time.monotonic_ns()}.sqlite3")
    with closing(sqlite3.connect(db)) as source, closing(sqlite3.connect(copy)) as target:
        source.backup(target)
    done = cli(copy, *words)
    copy.unlink()
    assert done.returncode == 1, (done.stdout, done.stderr)
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("Error: "), done.stderr
    return lines[0].removeprefix("Error: ")


def events_of(history: str) -> list[tuple[int, str, list[str]]]:
    """What `scorekeeper history` printed (`history`), read: (number, its line after the number, automatic
    notes) per event, oldest first."""
    events: list[tuple[int, str, list[str]]] = []
    for line in history.splitlines():
        entry = re.match(r"\s*(\d+)\. (.*)$", line)
        if entry:
            events.append((int(entry[1]), entry[2], []))
        elif line.strip().startswith("automatic: "):
            events[-1][2].append(line.strip().removeprefix("automatic: "))
    return events


class Links(NamedTuple):
    """The two links `serve` prints: to record moves and to watch."""

    record: str
    watch: str


class Server:
    """`scorekeeper --db DB serve --port 0` as a process: `links` once it answers;
    `stop` ends it (SIGTERM, then SIGKILL after 10 s)."""

    def __init__(self, db: Path):
        self.db = db
        self.errors = db.with_name("serve-stderr.txt")
        self._stderr = self.errors.open("w", encoding="utf-8")
        self.proc = subprocess.Popen(
            [sys.executable, "-c", CLI, "--db", str(db), "serve", "--port", "0"],
            stdout=subprocess.PIPE,
            stderr=self._stderr,
            text=True,
            encoding="utf-8",
            env=cli_env(),
        )
        self._lines: queue.Queue = queue.Queue()
        threading.Thread(target=self._drain, daemon=True).start()
        self.printed: list[str] = []
        self.links = self._read_links()
        self._wait_until_it_answers()

    def _drain(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self._lines.put(line.rstrip("\n"))
        self._lines.put(None)

    def _read_links(self) -> Links:
        found: dict[str, str] = {}
        deadline = time.monotonic() + START_S
        while "Watch" not in found:
            try:
                line = self._lines.get(timeout=max(0.1, deadline - time.monotonic()))
            except queue.Empty:
                line = None
            if line is None:
                self.stop()
                raise AssertionError(f"serve printed no links: {self.printed} {self.log()}")
            self.printed.append(line)
            label, _, url = line.partition(":")
            if label in ("Record", "Watch"):
                found[label] = url.strip()
        return Links(found["Record"], found["Watch"])

    def _wait_until_it_answers(self) -> None:
        deadline = time.monotonic() + START_S
        while True:
            try:
                with urllib.request.urlopen(self.links.record, timeout=5) as answer:
                    assert answer.status == 200
                    return
            except OSError:
                if time.monotonic() > deadline or self.proc.poll() is not None:
                    self.stop()
                    raise AssertionError(f"the page never answered: {self.log()}") from None
                time.sleep(0.05)

    def log(self) -> str:
        """What the server wrote to its standard error so far."""
        return self.errors.read_text(encoding="utf-8")

    def stop(self) -> None:
        """End the server as Ctrl+C would (SIGTERM; SIGKILL if it is still there 10 s
        later); nothing happens if it has ended already."""
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        self._stderr.close()


def minus(n: int) -> str:
    """`n` as the page prints numbers: a negative one with U+2212, the minus sign."""
    return f"\u2212{-n}" if n < 0 else str(n)


def expected_board(table: dict) -> list[list[str]]:
    """The cells the page's table should show for the status `table` (`status --json`),
    a row per player (per Hero in Hack Back), restated from what each column means."""
    game = table["game"]
    if game == "hack-attack":
        return [
            [
                p["name"],
                str(p["protected"]),
                str(p["points"]),
                str(p["user_errors"]),
                minus(p["total"]),
            ]
            for p in table["players"]
        ]
    if game == "hack-back":
        return [
            [str(h["hero"]), h["name"], h["owner"], str(h["printed"]), minus(h["vc"])]
            for h in table["heroes"]
        ]
    if game == "not-a-hack":
        return [
            [
                p["name"],
                f"{len(p['hacks'])} ({sum(p['hacks'])})",
                minus(sum(p["actions"])),
                minus(p["total"]),
                str(p["new_accounts"]),
            ]
            for p in table["players"]
        ]
    raise AssertionError(f"no expected board for {game}")


def expected_details(table: dict) -> list[str]:
    """The line under each row of the page's table for the status `table`: a Hack
    Attack player's Protected Tech (name and points), "banned" under a banned Not a
    Hack player, none in Hack Back."""
    if table["game"] == "hack-attack":
        return [
            ", ".join(f"{t['name']} ({t['points']})" for t in p["tech"]) for p in table["players"]
        ]
    if table["game"] == "not-a-hack":
        return ["banned" if p["banned"] else "" for p in table["players"]]
    return ["" for _ in table["heroes"]]


def current_rows(table: dict) -> list[int]:
    """The rows (from 0) the page marks as the player's to act, for `table`."""
    if table["game"] == "hack-back":
        return [i for i, h in enumerate(table["heroes"]) if h["owner"] == table["current"]]
    return [i for i, p in enumerate(table["players"]) if p["name"] == table["current"]]


def screenshot(page, name: str) -> None:
    """A full-page screenshot of `page` as SHOTS/NAME.png, when HACKPACK_SHOTS is set."""
    folder = os.environ.get(SHOTS)
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True)


#: Each row of the page's table: its cells (the turn mark left out), whether it is
#: marked the player's to act (its class and its ▶), the line under it ("" for none),
#: read in one step of the page.
READ_BOARD = """rows => rows.map(r => ({
    cells: [...r.cells].map(c => c.innerText.replace("\u25b6", "").trim()),
    current: r.classList.contains("current"),
    marked: r.querySelector(".turn") !== null,
    detail: r.nextElementSibling && r.nextElementSibling.classList.contains("detail")
        ? r.nextElementSibling.innerText.trim() : "",
}))"""

#: Each of the page's Last actions: its number, its words, its automatic notes.
READ_RECENT = """items => items.map(li => [
    li.value,
    li.childNodes[0].textContent.trim(),
    [...li.querySelectorAll(".auto")].map(s => s.textContent.trim().replace(/^automatic: /, "")),
])"""
#: How many of the last actions the page lists (scorekeeper.web.page.RECENT).
RECENT = 8


class Phone:
    """A phone on the page: a Playwright `page` (its own browser context) on the table
    kept in `db`. Moves are entered as a player does: open the verb, choose and type
    in its boxes, tap Record."""

    def __init__(self, page, db: Path):
        self.page, self.db = page, db
        self.problems: list[str] = []
        page.on("pageerror", lambda exc: self.problems.append(f"script error: {exc}"))
        page.on("console", self._console)

    def _console(self, message) -> None:
        # Not counted: the browser's own request for /favicon.ico, refused (403) as
        # any address without the key, and a refused move's page (422, checked).
        url = message.location.get("url", "")
        if message.type != "error" or url.endswith("/favicon.ico"):
            return
        if "/do/" in url and "422" in message.text:
            return
        self.problems.append(f"console: {message.text} at {url}")

    def open(self, url: str) -> None:
        """Go to `url` and wait for the page's live part to be fetched once."""
        answer = self.page.goto(url)
        assert answer is not None and answer.status == 200
        self.settle()

    def settle(self) -> None:
        """Wait until the page's script has swapped in its live part (body data-seen):
        the events stream is open and nothing swaps a box under a tap after this."""
        self.page.wait_for_function(
            "() => document.body.dataset.seen !== undefined", timeout=10_000
        )

    def tap_and_load(self, button) -> int:
        """Tap `button` (a form's) and wait for the page it leads to: its HTTP status
        (200 after a move recorded and the redirect, 422 for a move refused)."""
        with self.page.expect_navigation() as loaded:
            button.tap()
        self.settle()
        return loaded.value.status

    def verb(self, verb: str):
        """The verb's form (its <details>), opened."""
        form = self.page.locator(f"details#verb-{verb}")
        if form.get_attribute("open") is None:
            form.locator("summary").tap()
        return form

    def enter(self, verb: str, **fields) -> int:
        """Record `verb` with `fields` (field name -> a value, or a list for its boxes in
        turn; True ticks a tick box): the page's HTTP status after it. A verb that
        takes nothing is one button (form.quick)."""
        quick = self.page.locator(f"form.quick[action^='do/{verb}?']")
        if quick.count():
            assert not fields, f"{verb} takes nothing"
            return self.tap_and_load(quick.locator("button"))
        form = self.verb(verb)
        for name, value in fields.items():
            boxes = form.locator(f"[name='{name}']")
            for n, one in enumerate(value if isinstance(value, list) else [value]):
                box = boxes.nth(n)
                if box.evaluate("e => e.tagName") == "SELECT":
                    box.select_option(str(one))
                elif box.get_attribute("type") == "checkbox":
                    box.set_checked(bool(one))
                else:
                    box.fill(str(one))
        label = f"Record {verb.replace('-', ' ')}"
        return self.tap_and_load(form.get_by_role("button", name=label, exact=True))

    def offered(self, verb: str, field: str) -> dict[str, str]:
        """What a verb's field offers: value sent -> name shown (a drop-down list's
        options, or a search box's suggestions)."""
        box = self.page.locator(f"details#verb-{verb} [name='{field}']").first
        options = box.locator("option") if box.get_attribute("list") is None else None
        if options is None:
            options = self.page.locator(f"datalist#{box.get_attribute('list')} option")
        pairs = options.evaluate_all("os => os.map(o => [o.value, o.textContent])")
        return {value: name for value, name in pairs if value}

    def start(self, game: str, players: list[str]) -> int:
        """Start `game` with `players` from the page's New game form."""
        form = self.page.locator("details#new-game")
        if form.get_attribute("open") is None:
            form.locator("summary").tap()
        form.locator("select[name='game']").select_option(game)
        boxes = form.locator("input[name='players']")
        for n, player in enumerate(players):
            boxes.nth(n).fill(player)
        return self.tap_and_load(form.get_by_role("button", name="Start"))

    def shared(self, verb: str) -> int:
        """Tap Undo or Redo (`verb` "undo", "redo")."""
        return self.tap_and_load(self.page.locator(f".moves form[action^='do/{verb}'] button"))

    def enabled(self, verb: str) -> bool:
        """Whether Undo or Redo can be tapped."""
        return self.page.locator(f".moves form[action^='do/{verb}'] button").is_enabled()

    def board(self) -> list[dict]:
        """The page's table, a row at a time (READ_BOARD)."""
        return self.page.eval_on_selector_all("table.board tbody tr:not(.detail)", READ_BOARD)

    def texts(self, selector: str) -> list[str]:
        """The text of every element `selector` finds, in order, trimmed."""
        return [t.strip() for t in self.page.locator(selector).all_inner_texts()]

    def shows_the_table(self) -> dict:
        """Check that the page shows what the command line says: its table's cells
        equal `status --json`'s values (expected_board), the player to act is marked,
        and its head line and sentences are `status`'s. Returns the status read."""
        said = clis(self.db, ["status", "--json"], ["status"], ["history"])
        assert [done.returncode for done in said] == [0, 0, 0], [d.stderr for d in said]
        table = json.loads(said[0].stdout)
        rows = self.board()
        assert [r["cells"] for r in rows] == expected_board(table)
        assert [r["detail"] for r in rows] == expected_details(table)
        marked = current_rows(table)
        assert [n for n, r in enumerate(rows) if r["current"]] == marked
        assert [n for n, r in enumerate(rows) if r["marked"]] == marked
        printed = [line.strip() for line in said[1].stdout.splitlines()]
        heading = " ".join(self.texts("#live h1")[0].split())  # "Hack Back game 2"
        name, _, number = heading.rpartition(" game ")
        prefix = f"{name} — game {number}"
        assert printed[0].startswith(prefix)
        head = printed[0][len(prefix) :].lstrip(",: ")
        assert self.texts("#live p.head") == [head[:1].upper() + head[1:]]
        under = printed[2 + len(rows) :] if rows else printed[1:]
        assert self.texts("#live p.note") == [line for line in under if line]
        assert self.recent() == events_of(said[2].stdout)[::-1][:RECENT]
        return table

    def recent(self) -> list[tuple[int, str, list[str]]]:
        """The page's Last actions, newest first: (number, words, automatic notes)."""
        return [tuple(r) for r in self.page.eval_on_selector_all("ol.recent li", READ_RECENT)]

    def moved(self, verb: str, **fields) -> dict:
        """Record `verb` (enter), check that it was recorded and said so, and that
        the table shown is the command line's; the status after it."""
        events = self.recent()[0][0] if self.recent() else 0  # as `history` numbers them
        assert self.enter(verb, **fields) == 200, self.texts(".refused")
        assert self.texts(".said p"), f"{verb}: the page says nothing of the move"
        after = self.shows_the_table()
        assert self.recent()[0][0] == events + 1, f"{verb} was not recorded as one event"
        return after

    def refused(self, words: list[str], verb: str, **fields) -> str:
        """Enter a move the rules refuse; check the page answers 422 with the command
        line's own reason for `words` (the same move typed), and that nothing was
        recorded. The reason."""
        reason = refusal(self.db, *words)
        before = status(self.db)
        recent = self.recent()
        assert self.enter(verb, **fields) == 422
        assert self.texts(".refused p") == [f"Not recorded: {reason}"]
        details = self.page.locator(f"details#verb-{verb}")
        assert not details.count() or details.get_attribute("open") is not None
        assert status(self.db) == before
        assert self.recent() == recent
        self.shows_the_table()
        return reason
