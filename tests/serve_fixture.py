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
#: The longest wait for the server to start or a page to update, in seconds: a bound
#: for a loaded machine, not a speed test.
START_S = 30


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
    other by the command line's own group in this process (click's CliRunner, wide
    output): what each did. For reads beside the server: no new Python each time."""
    from click.testing import CliRunner

    from scorekeeper.cli import main

    done = []
    for words in commands:
        said = CliRunner().invoke(main, ["--db", str(db), *words], env={"COLUMNS": "200"})
        done.append(subprocess.CompletedProcess(words, said.exit_code, said.stdout, said.stderr))
    return done


def status(db: Path) -> dict:
    """What `scorekeeper --db DB status --json` prints, read."""
    done = clis(db, ["status", "--json"])[0]
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
    """`scorekeeper --db DB serve --port 0 OPTIONS...` as a process: `links` once it
    answers; `stop` ends it (SIGTERM, then SIGKILL after 10 s)."""

    def __init__(self, db: Path, *options: str):
        self.db = db
        self.errors = db.with_name("serve-stderr.txt")
        self._stderr = self.errors.open("w", encoding="utf-8")
        self.proc = subprocess.Popen(
            [sys.executable, "-c", CLI, "--db", str(db), "serve", "--port", "0", *options],
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

#: Each of the page's Last actions: its number, its words, the lines of its automatic
#: steps (a step's summary, then its details).
READ_RECENT = """items => items.map(li => [
    li.value,
    li.querySelector(".text").textContent.trim(),
    [...li.querySelectorAll(".auto")].map(s => s.matches("details")
        ? [s.querySelector("summary").textContent.trim().replace(/^By the rules: /, ""),
           ...[...s.querySelectorAll("p")].map(p => p.textContent.trim())]
        : [s.textContent.trim().replace(/^By the rules: /, "")]),
])"""
#: How many of the last actions the page lists (scorekeeper.web.page.RECENT).
RECENT = 8
#: The moves the page offers, read off its forms: move -> {"quick": a one-tap button,
#: "label": its button, "fields": {field: [the values its boxes offer]}} (a select's
#: options, a hidden field's one value, [] for a number or a tick box).
READ_OFFERS = """forms => Object.fromEntries(forms.map(f => [f.dataset.move, {
    quick: f.classList.contains("quick"),
    label: f.querySelector("button:not(.sign)").textContent.trim(),
    fields: Object.fromEntries([...f.elements].filter(e => e.name && e.name !== "token"
            && e.name !== "follow").map(e => [e.name, e.tagName === "SELECT"
            ? [...e.options].map(o => o.value).filter(v => v)
            : e.type === "hidden" ? [e.value] : []])),
}]))"""
#: Every element a finger taps that is shown: its size in CSS pixels.
READ_TARGETS = """() => [...document.querySelectorAll(
    "a, button, select, summary, input:not([type=hidden])")].filter(e => e.offsetParent !== null)
    .map(e => { const r = e.getBoundingClientRect();
        return {what: e.outerHTML.slice(0, 80), width: r.width, height: r.height}; })"""


class Phone:
    """A phone on the page: a Playwright `page` (its own browser context) on the table
    kept in `db`. Moves are made as a player makes them: open the move, choose in its
    boxes what the page offers, tap its button."""

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
        if ("/do/" in url or url.endswith("/new")) and "422" in message.text:
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

    def offers(self) -> dict:
        """The moves the page offers now (READ_OFFERS)."""
        return self.page.eval_on_selector_all("#forms form[data-move]", READ_OFFERS)

    def form(self, move: str):
        """The form of `move`, its <details> opened first (a one-tap move's form is its
        button's)."""
        details = self.page.locator(f"details#move-{move}")
        if details.count() and details.get_attribute("open") is None:
            details.locator("summary").tap()
        return self.page.locator(f"#forms form[data-move='{move}']")

    def make(self, move: str, **values) -> int:
        """Make `move` as a player does: each of `values` (field name -> a value, or a
        list for several boxes; "votes.Cleo" written votes__Cleo) chosen in its box, a
        choice that decides more waited for (the script swaps in its fields), then the
        button tapped. The HTTP status of the page it leads to."""
        form = self.form(move)
        for name, value in values.items():
            name = name.replace("__", ".")
            boxes = form.locator(f"[name='{name}']")
            for n, one in enumerate(value if isinstance(value, list) else [value]):
                box = boxes.nth(n)
                tag = box.evaluate("e => e.tagName")
                if tag == "SELECT":
                    assert str(one) in box.locator("option").evaluate_all(
                        "os => os.map(o => o.value)"
                    ), f"{move}: {name} does not offer {one}"
                    decides = box.get_attribute("data-decides") is not None
                    before = self.page.evaluate("document.body.dataset.fields || ''")
                    box.select_option(str(one))
                    if decides:
                        self.page.wait_for_function(
                            "was => (document.body.dataset.fields || '') !== was", arg=before
                        )
                        form = self.page.locator(f"#forms form[data-move='{move}']")
                elif box.get_attribute("type") == "hidden":  # the one choice: not asked
                    assert box.input_value() == str(one), f"{move}: {name} is not {one}"
                elif box.get_attribute("type") == "checkbox":
                    box.set_checked(bool(one))
                else:
                    box.fill(str(one))
        return self.tap_and_load(form.locator("button:not(.sign)").last)

    def start(self, game: str, players: list[str], first: int | None = None) -> int:
        """Start `game` with `players` from the page's New game form."""
        form = self.page.locator("details#new-game")
        if form.get_attribute("open") is None:
            form.locator("summary").first.tap()
        form.locator("select[name='game']").select_option(game)
        boxes = form.locator("input[name='players']")
        if len(players) > 6:
            form.locator("details.more-seats summary").tap()
        for n in range(boxes.count()):
            if boxes.nth(n).is_visible():
                boxes.nth(n).fill(players[n] if n < len(players) else "")
        if first is not None:
            form.locator("select[name='first']").select_option(str(first))
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

    def small_targets(self) -> list[dict]:
        """The shown tap targets under 44 x 44 CSS px (READ_TARGETS)."""
        return [t for t in self.page.evaluate(READ_TARGETS) if t["width"] < 44 or t["height"] < 44]

    def offers_what_the_rules_do(self, legal: dict) -> dict:
        """Check that the page offers exactly the moves `legal` (what `scorekeeper moves
        --json` printed) lists, each field with the choices its param offers (a
        one-choice param sent as is), the player to act's first; returns `legal`."""
        shown = self.offers()
        assert list(shown) == [m["move"] for m in _by_who(legal)], (shown.keys(), legal)
        for move in legal["moves"]:
            fields = shown[move["move"]]["fields"]
            for param in move["params"]:
                subs = param["each"] if param["kind"] == "each" else [param]
                for sub in subs:
                    name = (
                        f"{param['name']}.{sub['name']}" if param["kind"] == "each" else sub["name"]
                    )
                    offered = [c["value"] for c in sub.get("choices", ())]
                    if sub["kind"] == "choice" and offered:
                        assert fields[name] in (offered, offered[:1]), (move["move"], name)
                        assert len(fields[name]) == len(offered) or len(offered) == 1
                    elif sub["kind"] != "choice":
                        assert name in fields, (move["move"], name, fields)
        return legal

    def shows_the_table(self) -> dict:
        """Check that the page shows what the command line says: its table's cells
        equal `status --json`'s values (expected_board), the player to act is marked,
        its head line and sentences are `status`'s, and its last actions `history`'s.
        Returns the status read."""
        said = clis(
            self.db, ["status", "--json"], ["status"], ["history", "--json"], ["moves", "--json"]
        )
        assert [done.returncode for done in said] == [0, 0, 0, 0], [d.stderr for d in said]
        if self.page.locator("#forms").count():  # the record link's page
            self.offers_what_the_rules_do(json.loads(said[3].stdout))
        else:
            assert self.page.locator("form").count() == 0
        table = json.loads(said[0].stdout)
        rows = self.board()
        if table["game"] in ("hack-attack", "hack-back", "not-a-hack"):
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
        if rows and not table["over"]:  # once over, the Result box says it
            under = printed[2 + len(rows) :]
            assert self.texts("#live p.note") == [line for line in under if line]
        elif rows:
            assert self.texts("#live p.note") == []
        history = json.loads(said[2].stdout)[::-1][:RECENT]
        recent = self.recent()
        assert [(n, text) for n, text, _ in recent] == [(e["n"], e["text"]) for e in history]
        for (_, _, steps), entry in zip(recent, history):  # a note each, or a summary
            for line, *details in steps:  # with the notes it stands for behind a tap
                assert set(details) <= set(entry["automatic"]), (details, entry)
                assert line in entry["automatic"] or details, (line, entry)
        return table

    def recent(self) -> list[tuple[int, str, list[list[str]]]]:
        """The page's Last actions, newest first: (number, words, its automatic steps,
        each [its line, then its details])."""
        return [tuple(r) for r in self.page.eval_on_selector_all("ol.recent li", READ_RECENT)]

    def moved(self, move: str, **values) -> dict:
        """Make `move` (see `make`), check that it was recorded and said so, that the
        table shown is the command line's and that the page offers the rules' moves;
        the status after it."""
        events = self.recent()[0][0] if self.recent() else 0  # as `history` numbers them
        assert self.make(move, **values) == 200, self.texts(".refused")
        assert self.texts(".said p.line"), f"{move}: the page says nothing of the move"
        after = self.shows_the_table()
        assert self.recent()[0][0] == events + 1, f"{move} was not recorded as one event"
        return after


def _by_who(legal: dict) -> list[dict]:
    """`moves --json`'s moves in the order the page lists them: grouped by who may make
    them (the first group of each), the player to act's group first."""
    groups: dict[tuple, list[dict]] = {}
    for move in legal["moves"]:
        groups.setdefault(tuple(move["who"]), []).append(move)
    ordered = sorted(groups.items(), key=lambda g: g[0] != (legal["current"],))
    return [m for _, moves in ordered for m in moves]
