"""`--watch` (issue 25, item 4): the work once, then again after each change to the game's
folder (not for the output it writes, nor for a file made and removed at once), a
broken edit printed while watching goes on, and Ctrl-C ending it with exit status 0 and
a goodbye. Every wait is bounded (WAIT_S, generous for a loaded machine: a bound, not
a speed test), and edits are made by renaming a finished file into place, as editors
save, so that each is one change."""

from __future__ import annotations

import os
import queue
import re
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pypdfium2 as pdfium
from click.testing import CliRunner
from watchfiles import Change

from pnp.cli import main as pnp_main
from pnp.cli.watching import GOODBYE
from pnp.core.errors import PnpError
from pnp.watch import lasting, watch

WAIT_S = 120
#: The child's command line: Ctrl-C (SIGINT) raises KeyboardInterrupt in it even where
#: the test runner's workers ignore SIGINT, as a terminal's shell would start it.
CLI = (
    "import signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
    "from pnp.cli import main; sys.exit(main())"
)


def save(path: Path, text: str) -> None:
    """Write `text` to `path` as an editor saves: a finished file renamed into place."""
    part = path.parent.parent / f".{path.name}.part"
    part.write_text(text, encoding="utf-8")
    os.replace(part, path)


def test_watch_runs_once_then_after_each_change_and_goes_on_after_a_failure(tmp_path):
    folder, outside = tmp_path / "game", tmp_path / "elsewhere"
    folder.mkdir()
    outside.mkdir()
    out = folder / "out"  # an output folder inside the game's: not watched
    out.mkdir()
    table = folder / "cards.toml"
    table.write_text("x = 1\n")
    runs: queue.Queue = queue.Queue()
    failures: queue.Queue = queue.Queue()
    ready, stop = threading.Event(), threading.Event()

    def run(changed: frozenset[Path]) -> None:
        runs.put(changed)
        if table.read_text().startswith("broken"):
            raise PnpError("cards.toml:1: a broken edit")

    watcher = threading.Thread(
        target=watch,
        args=([folder], run, failures.put, ready.set),
        kwargs={"ignore": [out], "stop_event": stop},
        daemon=True,
    )
    watcher.start()
    try:
        assert runs.get(timeout=WAIT_S) == frozenset()  # the first run, before any change
        assert ready.wait(WAIT_S)
        (out / "kit.pdf").write_text("what a run writes")  # ignored
        (outside / "notes.txt").write_text("not the game's")  # not watched
        (folder / ".~lock.cards.csv#").write_text("a spreadsheet is open")  # a lock file
        (folder / "cards.toml.swp").write_text("")  # an editor's swap file
        save(table, "x = 2\n")
        assert runs.get(timeout=WAIT_S) == {table}
        save(table, "broken = \n")
        assert runs.get(timeout=WAIT_S) == {table}
        assert str(failures.get(timeout=WAIT_S)) == "cards.toml:1: a broken edit"
        assert watcher.is_alive()
        save(table, "x = 3\n")
        assert runs.get(timeout=WAIT_S) == {table}
    finally:
        stop.set()
        watcher.join(WAIT_S)
    assert not watcher.is_alive()
    # On a loaded machine one rename can reach the watcher as two batches (its delete and
    # its create a debounce apart), so a save may run twice; any extra run is still of
    # the table alone, and any extra failure is still the broken edit's.
    assert all(changed == {table} for changed in _drained(runs))
    assert all(str(f) == "cards.toml:1: a broken edit" for f in _drained(failures))


def _drained(q: queue.Queue) -> list:
    """Everything left in `q`."""
    left = []
    while not q.empty():
        left.append(q.get_nowait())
    return left


def test_a_file_made_and_removed_within_a_batch_is_no_change(tmp_path):
    kept, gone, lock = tmp_path / "cards.toml", tmp_path / "old.png", tmp_path / ".~lock#"
    kept.write_text("x = 1\n")
    batch = {
        (Change.added, str(lock)),
        (Change.deleted, str(lock)),  # an editor's lock file: made, removed, gone
        (Change.added, str(kept)),
        (Change.deleted, str(kept)),  # replaced: removed and made again, there now
        (Change.deleted, str(gone)),  # removed: a change
    }
    assert lasting(batch) == {kept, gone}
    assert lasting({(Change.added, str(lock)), (Change.deleted, str(lock))}) == frozenset()


class Child:
    """A `pnp` process whose stdout and stderr lines are read as they come, each line
    tagged with its stream; every wait is bounded by WAIT_S."""

    def __init__(self, args: list[str], cwd: Path):
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.process = subprocess.Popen(
            [sys.executable, "-c", CLI, *args],
            cwd=cwd,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
        )
        self.lines: queue.Queue = queue.Queue()
        for name in ("stdout", "stderr"):
            stream = getattr(self.process, name)
            threading.Thread(target=self._read, args=(name, stream), daemon=True).start()

    def _read(self, name: str, stream) -> None:
        for line in stream:
            self.lines.put((name, line.rstrip("\n")))
        self.lines.put((name, None))

    def wait_for(self, stream: str, pattern: str) -> list[tuple[str, str]]:
        """Every line up to the first of `stream` that matches `pattern` (re.search)."""
        seen = []
        while True:
            try:
                name, line = self.lines.get(timeout=WAIT_S)
            except queue.Empty:
                raise AssertionError(f"no {pattern!r} on {stream} after {seen}") from None
            if line is None:
                continue
            seen.append((name, line))
            if name == stream and re.search(pattern, line):
                return seen

    def interrupt(self) -> tuple[int, list[tuple[str, str]]]:
        """Ctrl-C: (exit status, the lines printed after it)."""
        self.process.send_signal(signal.SIGINT)
        status = self.process.wait(WAIT_S)
        rest = []
        for _ in range(2):  # until both streams have ended
            while (item := self.lines.get(timeout=WAIT_S))[1] is not None:
                rest.append(item)
        return status, rest

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(WAIT_S)


def pdf_text(path: Path) -> str:
    """Every page's text (pdfium's: pypdf takes seconds over a whole kit), its words
    joined by single spaces: a title may print on two lines."""
    document = pdfium.PdfDocument(str(path))
    try:
        text = "".join(document[i].get_textpage().get_text_range() for i in range(len(document)))
    finally:
        document.close()
    return " ".join(text.split())


def test_build_watch_rebuilds_on_save_survives_a_broken_edit_and_stops_on_ctrl_c(
    data_copy, tmp_path
):
    tech = data_copy / "tech.toml"
    text = tech.read_text(encoding="utf-8")
    assert 'name = "Smart TV"' in text
    cards = tmp_path / "out" / "hack-attack" / "cards.pdf"
    child = Child(
        ["build", "--watch", "-g", "hack-attack", "--data", "card_data", "--out", "out"], tmp_path
    )
    try:
        child.wait_for("stdout", r"^  built in ")  # the first build
        child.wait_for("stderr", r"^Watching card_data/hack-attack for changes \(Ctrl-C to stop\)$")
        save(tech, text.replace('name = "Smart TV"', 'name = "Smart Telly"'))
        seen = child.wait_for("stdout", r"^  built in ")
        assert ("stderr", "Changed: card_data/hack-attack/tech.toml") in seen
        assert "Smart Telly" in pdf_text(cards)
        save(tech, text.replace('name = "Smart TV"', 'name = Smart Screen"'))  # broken
        line = text[: text.index('name = "Smart TV"')].count("\n") + 1
        seen = child.wait_for("stderr", r"^Error: hack-attack: 1 problem found\.$")
        assert (
            "stderr",
            f"Error: hack-attack/tech.toml:{line}:8: TOML syntax error: Invalid value",
        ) in seen
        assert child.process.poll() is None  # still watching
        assert "Smart Telly" in pdf_text(cards)  # the last good kit is kept
        save(tech, text.replace('name = "Smart TV"', 'name = "Smart Screen"'))
        child.wait_for("stdout", r"^  built in ")
        assert "Smart Screen" in pdf_text(cards)
        status, rest = child.interrupt()
        assert (status, rest) == (0, [("stderr", GOODBYE)])
    finally:
        child.kill()


def test_preview_watch_draws_the_card_again_on_save(data_copy, tmp_path):
    tech = data_copy / "tech.toml"
    text = tech.read_text(encoding="utf-8")
    png = tmp_path / "out" / "hack-attack" / "preview" / "smart-tv-front.png"
    child = Child(
        ["preview", "--watch", "-g", "hack-attack", "--card", "smart-tv", "--dpi", "50",
         "--data", "card_data", "--out", "out"],
        tmp_path,
    )  # fmt: skip
    try:
        child.wait_for("stdout", r"^out/hack-attack/preview/smart-tv-front\.png$")
        child.wait_for("stderr", r"^Watching card_data/hack-attack ")
        before = png.read_bytes()
        save(tech, text.replace('name = "Smart TV"', 'name = "Smart Telly"'))
        child.wait_for("stdout", r"^out/hack-attack/preview/smart-tv-front\.png$")
        assert png.read_bytes() != before
        save(tech, text.replace('name = "Smart TV"', 'name = "Smart \u6f22"'))  # no such glyph
        seen = child.wait_for("stderr", r"^Error: hack-attack: 1 problem found\.$")
        assert any(
            "card 'smart-tv', field 'name': the font has no glyph" in line for _, line in seen
        )
        assert child.process.poll() is None
        status, rest = child.interrupt()
        assert (status, rest) == (0, [("stderr", GOODBYE)])
    finally:
        child.kill()


def test_watching_a_game_without_a_folder_is_one_line(tmp_path):
    result = CliRunner().invoke(
        pnp_main, ["build", "--watch", "-g", "hack-attack", "--data", str(tmp_path)]
    )
    assert (result.exit_code, result.output) == (
        1,
        f"Error: no card data for hack-attack: folder '{tmp_path / 'hack-attack'}' does not exist\n",
    )
