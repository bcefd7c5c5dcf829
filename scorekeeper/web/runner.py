"""Running a command for the web page exactly as the command line runs it: the same
click group (scorekeeper.cli.main), the same database, the same one-line messages, in
this process, laid out as it always was whatever COLUMNS says (scorekeeper.layout
.as_written). One command at a time (`LOCK`): the commands print through the process's
standard output, which is caught here; the page's reads take the same lock, so the
score keeper's per-process caches (scorekeeper.cache) are never used by two threads at
once. Another process (the CLI at the table) may write the same file meanwhile: the
store's transactions keep each command whole."""

from __future__ import annotations

import io
import threading
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import NamedTuple, Sequence

import click

from scorekeeper.layout import as_written

#: Held while a command runs or the page reads the database (see the module's text).
LOCK = threading.RLock()


class Said(NamedTuple):
    """What a command said: `ok` (exit status 0), its `status` (0, 1 a refusal, 2 a
    usage error), the `lines` it printed (unstyled; stdout), and `error`: its one-line
    message without "Error: " ("" when it succeeded); `warnings`: its stderr lines
    other than the error."""

    ok: bool
    status: int
    lines: tuple[str, ...]
    error: str
    warnings: tuple[str, ...] = ()


def run(cli: click.Group, db: Path, words: Sequence[str], game_id: int | None = None) -> Said:
    """Run `scorekeeper --db DB [--game GAME_ID] WORDS...` with the command line's
    group `cli` (scorekeeper.cli.main) in this process and return what it said. Never
    raises for what the command refuses: click's usage errors are status 2, the score
    keeper's refusals status 1, each with its one-line message."""
    args = ["--db", str(db), *(["--game", str(game_id)] if game_id is not None else []), *words]
    out, err = io.StringIO(), io.StringIO()
    status, error = 0, ""
    with LOCK, as_written(), redirect_stdout(out), redirect_stderr(err):
        try:
            cli.main(args=args, prog_name="scorekeeper", standalone_mode=False)
        except click.ClickException as exc:
            status, error = exc.exit_code, exc.format_message()
        except click.exceptions.Exit as exc:
            status = exc.exit_code
        except click.Abort:
            status, error = 1, "the command was stopped"
    lines = tuple(click.unstyle(line) for line in out.getvalue().splitlines())
    warnings = tuple(click.unstyle(line) for line in err.getvalue().splitlines() if line)
    return Said(status == 0, status, lines, " ".join(error.split()), warnings)
