"""Fuzz: every game's verbs and the shared commands, with generated arguments, against a
real database, in-process (click's CliRunner).

For each game of the registry a real game is started in a temporary database; then
generated command lines run one after another: every verb the games declare and every
shared command, with arguments drawn from the seated players and the game's card ids and
names (read from its card data) mixed with junk — huge, negative and signed numbers, long
strings, control, format and bidi characters, emoji, option-like words — and with output
encodings utf-8, cp1252 and ascii. The properties, for every command:

- never an exception other than SystemExit (no traceback), and an exit status of 0, 1 or 2;
- exit 1 prints exactly one `Error: ...` line; exit 2 (click's usage error) has exactly
  one `Error:` line; no line is longer than LONGEST_LINE, none holds a control character;
- a refused command (exit status not 0) leaves the database file byte-identical;
- an accepted command that records an event records exactly the numbers typed: each
  whole number typed after the verb appears in the event as typed, or, when typed without
  a sign, as a loss (a negative action card's points) or as a 0-based index (a 1-based
  choice such as `--hack 2`);
- after an accepted command that changed the database, `export` still reads it (every
  event a verb records is of the shape its game declares);
- no case (a started game and its commands) takes longer than CASE_SECONDS.

`fuzz_case` is a plain function (a seeded random.Random in, problems out) so the same
cases can be replayed outside pytest; the test draws its Random from hypothesis.
"""

from __future__ import annotations

import itertools
import json
import os
import random
import re
import sqlite3
import time
import tomllib
from functools import lru_cache
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from pnp.core.paths import SHIPPED_DATA_DIR
from scorekeeper.cli import collect_commands, main
from scorekeeper.errors import ScoreError
from scorekeeper.games import find_game, rules_packages

# cases per game: 120 cases, 960 commands, about 3 s in all; HACKPACK_FUZZ_CASES=N for more
EXAMPLES = int(os.environ.get("HACKPACK_FUZZ_CASES", "40"))
COMMANDS_PER_CASE = 8
CASE_SECONDS = 10  # no case may take longer (one takes well under 0.2 s)
LONGEST_LINE = 400  # characters in any output line
SEATS = ("Ana", "Ben", "Cleo", "Dev", "Eli", "Fay")
ENCODINGS = ("utf-8", "utf-8", "cp1252", "ascii")
NUMBER = re.compile(r"#?([-+−]?)([0-9]+)")
JUNK = (
    "",
    " ",
    "-",
    "--",
    "-x",
    "--bogus",
    "=",
    "none",
    "wild",
    "x" * 10_000,
    "\x1b[31mred",
    "a\nb",
    "tab\there",
    "\u202eevil",
    "\u200b",
    "\u200d",
    "👩\u200d💻 Ana",
    "Łukasz",
    "☃\ufe0f",
    "\udcff",
    "e\u0301",
    "ana=ben",
    "ana=",
    "=ben",
    "se,pw,bk",
    "se,se",
    "'; DROP TABLE log; --",
    "%s%n",
    "{}",
    "null",
    "NaN",
    "1e3",
    "3.5",
    " 3 ",
    "٣",
    "0x10",
    "1_000",
)
NUMBERS = (
    "0",
    "1",
    "2",
    "3",
    "4",
    "5",
    "7",
    "9",
    "10",
    "20",
    "21",
    "40",
    "99",
    "-1",
    "-2",
    "-3",
    "-9",
    "+2",
    "−2",
    "#1",
    "#2",
    "007",
    "4294967296",
    "9" * 30,
    "9" * 5000,
    "-" + "9" * 5000,
)


@lru_cache(maxsize=None)
def card_words(game_id: str) -> tuple[str, ...]:
    """Every `id` and `name` in the game's card data (any table, any depth)."""
    words: list[str] = []

    def walk(value):
        if isinstance(value, dict):
            words.extend(str(value[k]) for k in ("id", "name") if isinstance(value.get(k), str))
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    for path in sorted((SHIPPED_DATA_DIR / game_id).glob("*.toml")):
        walk(tomllib.loads(path.read_text(encoding="utf-8")))
    return tuple(dict.fromkeys(words))


@lru_cache(maxsize=None)
def seat_counts(game_id: str) -> tuple[int, ...]:
    """The player counts (2..len(SEATS)) the game's rules accept."""
    rules = find_game(game_id).rules
    counts = []
    for n in range(1, len(SEATS) + 1):
        try:
            rules.initial(list(SEATS[:n]))
        except ScoreError:
            continue
        counts.append(n)
    return tuple(counts)


#: How often each kind of word is drawn: for a command's first argument (most verbs
#: start with a player), for a number-typed parameter, and for any other.
FIRST, NUMERIC, OTHER = (0.7, 0.1, 0.1, 0.1), (0.05, 0.05, 0.75, 0.15), (0.15, 0.4, 0.3, 0.15)


def word(rnd: random.Random, players, game_id: str, weights=OTHER) -> str:
    """One generated argument: a seated name (or its start), a card id or name, a
    number, or junk (drawn with `weights`, in that order); sometimes two joined."""
    if rnd.random() < 0.04:
        return f"{word(rnd, players, game_id)}{rnd.choice('=,# ')}{word(rnd, players, game_id)}"
    kind = rnd.choices(range(4), weights)[0]
    if kind == 0:
        name = rnd.choice(players)
        return rnd.choice([name, name, name.lower(), name[:2], name.upper()])
    if kind == 1:
        return rnd.choice(card_words(game_id) or ("card",))
    return rnd.choice(NUMBERS if kind == 2 else JUNK)


def _weights(param, first: bool):
    numeric = getattr(param.type, "name", "") in ("integer", "integer range", "float")
    return NUMERIC if numeric else FIRST if first else OTHER


def arguments(rnd: random.Random, command, players, game_id: str) -> list[str]:
    """Arguments for `command` from its click declarations: each argument (0..3 words
    for a variadic one), each option now and then (a flag alone, else with a word), in
    a shuffled order of options; sometimes a word too many or too few."""
    words, options = [], []
    for param in command.params:
        if param.param_type_name == "argument":
            count = rnd.randint(0, 3) if param.nargs == -1 else param.nargs
            words += [word(rnd, players, game_id, _weights(param, not words)) for _ in range(count)]
        elif rnd.random() < 0.4 and param.opts[0] not in ("--help", "-h"):
            flag = getattr(param, "is_flag", False)
            times = rnd.randint(1, 2) if getattr(param, "multiple", False) else 1
            for _ in range(times):
                options.append(
                    [rnd.choice(param.opts)]
                    if flag
                    else [
                        rnd.choice(param.opts),
                        word(rnd, players, game_id, _weights(param, False)),
                    ]
                )
    if words and rnd.random() < 0.1:
        words.pop(rnd.randrange(len(words)))
    if rnd.random() < 0.1:
        words.insert(rnd.randint(0, len(words)), word(rnd, players, game_id))
    for option in options:
        at = rnd.randint(0, len(words))
        words[at:at] = option
    return words


def read_rows(db: Path) -> tuple[list[tuple], list[tuple]]:
    """(games rows, log rows) of the database, read-only; ([], []) if it cannot be read."""
    try:
        conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
        try:
            return (
                conn.execute("SELECT * FROM games ORDER BY id").fetchall(),
                conn.execute("SELECT * FROM log ORDER BY id").fetchall(),
            )
        finally:
            conn.close()
    except sqlite3.Error:
        return [], []


def numbers_in(value) -> set[int]:
    """Every whole number (not a bool) anywhere in a JSON value."""
    if isinstance(value, bool):
        return set()
    if isinstance(value, int):
        return {value}
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, list):
        return set().union(*(numbers_in(v) for v in value)) if value else set()
    return set()


def typed_numbers(args: list[str], command) -> list[tuple[int, bool]]:
    """(value, signed) of each whole number typed after the verb (not option names)."""
    names = {o for p in command.params for o in getattr(p, "opts", [])}
    out = []
    for arg in args[1:]:
        m = NUMBER.fullmatch(arg)
        if m and arg not in names and len(m.group(2)) < 100:
            value = int(m.group(2)) * (-1 if m.group(1) in "-−" and m.group(1) else 1)
            out.append((value, bool(m.group(1))))
    return out


def problems_of(
    args, command, result, before: bytes, after: bytes, rows_before, rows_after
) -> list[str]:
    """What is wrong with one command's run (empty: nothing)."""
    out = []
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        out.append(f"exception {type(result.exception).__name__}: {result.exception}"[:300])
    if result.exit_code not in (0, 1, 2):
        out.append(f"exit status {result.exit_code}")
    lines = result.output.splitlines()
    errors = [line for line in lines if line.startswith("Error:")]
    if result.exit_code == 1 and (len(lines) != 1 or len(errors) != 1):
        out.append(f"exit 1 with {len(lines)} lines, {len(errors)} 'Error:' lines")
    if result.exit_code == 2 and len(errors) != 1:
        out.append(f"usage error with {len(errors)} 'Error:' lines")
    if any(len(line) > LONGEST_LINE for line in lines):
        out.append(f"a line of {max(len(line) for line in lines):,} characters")
    if any(ch < " " or "\x7f" <= ch < "\xa0" for ch in result.output.replace("\n", "")):
        out.append("a control character in the output")
    if result.exit_code != 0 and after != before:
        out.append("a refused command changed the database")
    new_games = len(rows_after[0]) > len(rows_before[0])
    new = [r for r in rows_after[1] if r not in rows_before[1]]
    if result.exit_code == 0 and not new_games and len(new) == 1 and new[0][2] == "action":
        event = json.loads(new[0][3])
        recorded = numbers_in(event)
        for value, signed in typed_numbers(args, command):
            if not (
                value in recorded or (not signed and (-value in recorded or value - 1 in recorded))
            ):
                out.append(f"typed {value} but recorded {event}")
    return out


class Table:
    """Fresh copies of a started game per case: `new` runs once per (game, seats)."""

    def __init__(self, folder: Path):
        self.folder, self.made, self.count = folder, {}, itertools.count()

    def copy(self, game_id: str, seats: int) -> Path:
        key = (game_id, seats)
        if key not in self.made:
            db = self.folder / f"{game_id}-{seats}.sqlite3"
            result = CliRunner().invoke(
                main, ["--db", str(db), "new", game_id, *SEATS[:seats]], env={}
            )
            assert result.exit_code == 0, result.output
            self.made[key] = db.read_bytes()
        path = self.folder / f"case-{next(self.count)}.sqlite3"
        path.write_bytes(self.made[key])
        return path


def current_player(db: Path) -> list[str]:
    """The player to act (the common status key `current`), as a one-name list; [] if
    there is none or the status cannot be read."""
    result = CliRunner().invoke(main, ["--db", str(db), "status", "--json"], env={})
    try:
        return [json.loads(result.output)["current"]] if result.exit_code == 0 else []
    except (ValueError, KeyError, TypeError):
        return []


#: Commands that run until stopped (`serve`: its own tests start and stop it).
LONG_RUNNING = ("serve",)


def fuzz_case(rnd: random.Random, game_id: str, tables: Table) -> tuple[list[str], float]:
    """Run one generated case (a started game, then COMMANDS_PER_CASE command lines);
    returns the problems found (each with its command line) and its seconds."""
    start = time.perf_counter()
    commands = collect_commands()
    own = [v.name for v in find_game(game_id).verbs]
    names = sorted(n for n in commands if n not in LONG_RUNNING)
    players = list(SEATS[: rnd.choice(seat_counts(game_id))])
    db = tables.copy(game_id, len(players))
    found = []
    for _ in range(COMMANDS_PER_CASE):
        name = rnd.choice(own) if rnd.random() < 0.6 else rnd.choice(names)
        acting = players + [p for p in current_player(db) if p] * len(players)
        args = [name, *arguments(rnd, commands[name], acting, game_id)]
        pick = ["--game", rnd.choice(NUMBERS + JUNK)] if rnd.random() < 0.05 else []
        before, rows_before = db.read_bytes(), read_rows(db)
        result = CliRunner(charset=rnd.choice(ENCODINGS)).invoke(
            main, ["--db", str(db), *pick, *args], env={"SCOREKEEPER_DB": None, "NO_COLOR": None}
        )
        after = db.read_bytes()
        problems = problems_of(
            args, commands[name], result, before, after, rows_before, read_rows(db)
        )
        if result.exit_code == 0 and after != before:
            readable = CliRunner().invoke(main, ["--db", str(db), "export"], env={})
            if readable.exit_code != 0:
                problems.append(f"then export fails: {readable.output[:200]}")
        found += [
            f"{p} — from {[a if len(a) < 40 else a[:20] + '…' for a in pick + args]}"
            for p in problems
        ]
    return found, time.perf_counter() - start


@pytest.fixture(autouse=True)
def in_a_scratch_folder(tmp_path, monkeypatch) -> None:
    """Run every generated command in a folder of its own: a generated `stats --csv
    WORD` writes the file WORD where it runs, and it must not land in the checkout."""
    monkeypatch.chdir(tmp_path)


@pytest.fixture(scope="module")
def tables(tmp_path_factory) -> Table:
    """Started games to copy, one folder for the whole module."""
    return Table(tmp_path_factory.mktemp("fuzz"))


@pytest.mark.parametrize("game_id", sorted(rules_packages()))
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    database=None,
    phases=(Phase.explicit, Phase.generate),  # no shrinking: a failure names its commands
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.large_base_example,
        HealthCheck.data_too_large,
    ],
)
@given(rnd=st.randoms(use_true_random=False))
def test_generated_commands_never_crash_change_a_refused_database_or_a_typed_number(
    tables, game_id, rnd
):
    found, seconds = fuzz_case(rnd, game_id, tables)
    assert not found, "\n".join(found)
    assert seconds < CASE_SECONDS
