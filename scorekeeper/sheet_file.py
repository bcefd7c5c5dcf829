"""A data-only game's points sheet read from its folder: DIR/NAME/game.toml, where DIR is
the data folder holding one folder per game (as pnp's --data DIR), for
`scorekeeper new --data DIR NAME PLAYER...`.

The keys the points sheet reads (pnp validate checks the rest of the file):
  id        kebab-case, equal to the folder's name
  name      the game's printed name
  players   { min = N, max = M }, each 1..12, min at most max
  [scoring] (optional) wins = "highest" | "lowest" (default "highest"): which total wins;
            rounds = N (1..99): the game ends after round N; without it the table ends
            the game with `end-game`
A bad value is one line naming the file and its line (pnp.core.toml_text finds them,
as pnp does), the key and what was expected; the first problem is named, and how many
more there are.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from pnp.core.errors import Problem
from pnp.core.file_kinds import lookup_problem
from pnp.core.shown import PATH_LIMIT, described, listed, plural, quoted
from pnp.core.toml_text import LineIndex, parse_toml
from scorekeeper.errors import InputError
from scorekeeper.sheets import PLAYERS, ROUNDS, WINS, Sheet, count_problem, id_problem, name_problem

#: The largest game.toml read (pnp.data.files' limit for a data file).
MAX_FILE_BYTES = 1024 * 1024
#: The keys of the [scoring] table and of the players table.
SCORING_KEYS = ("wins", "rounds")
PLAYER_KEYS = ("min", "max")


def read_sheet(data_dir: str, name: str) -> Sheet:
    """The points sheet of the game in folder `name` of the data folder `data_dir`, read
    from its game.toml. InputError, one line: a `name` that is no game id (so no path),
    a data folder or game folder that is missing (naming the games the data folder
    holds), a game.toml that cannot be read, is no TOML or holds a bad value (its
    file:line, `Problem`'s form)."""
    why = id_problem(name)
    if why:
        raise InputError(f"{quoted(name, 48)} cannot be a game's folder: {why}")
    folder = data_folder(data_dir)
    path = folder / name / "game.toml"
    if not path.exists():
        held = [p.parent.name for p in sorted(folder.glob("*/game.toml"))]
        where = quoted(data_dir, PATH_LIMIT)
        raise InputError(
            f"{quoted(str(folder / name), PATH_LIMIT)} holds no game.toml; "
            + (
                f"the games in {where}: {listed(held)}"
                if held
                else f"no folder of {where} holds one"
            )
        )
    parsed = parse_toml(path, _text(path))
    if isinstance(parsed, Problem):
        raise InputError(str(parsed))
    data, lines = parsed
    sheet, problems = _checked(path, data, lines, name)
    if problems:
        more = f" ({plural(len(problems) - 1, 'more problem')} in the file)"
        raise InputError(str(problems[0]) + (more if len(problems) > 1 else ""))
    assert sheet is not None  # no problem: every value was read
    return sheet


def sheet_to_start(data_dir: str, game: str, names: list[str], variants) -> Sheet:
    """The points sheet `new --data DIR GAME` starts for `names` with the `variants`
    typed, checked before anything is written: InputError for a game the manifest gives
    rules of its own (it is started without --data), as `read_sheet`, or for a variant
    (a points sheet has none); the game's RuleError for a player count it refuses."""
    import pnp.core.games
    from pnp.core.errors import UnknownGame
    from scorekeeper.game import choose_variants
    from scorekeeper.games import rules_packages
    from scorekeeper.sheets import sheet_game

    try:
        registered: str | None = pnp.core.games.resolve(game)
    except UnknownGame:
        registered = None
    if registered in rules_packages():
        raise InputError(
            f"{registered} has rules of its own: start it without --data, "
            f"'scorekeeper new {registered} PLAYER...'"
        )
    sheet = read_sheet(data_dir, game)
    choose_variants((), variants, sheet.name)
    sheet_game(sheet).start(names)
    return sheet


def data_games(data_dir: str) -> tuple[list[Sheet], list[str]]:
    """(the points sheets of the data-only games in the data folder `data_dir`: each
    folder holding a game.toml whose game the manifest gives no rules of its own, by
    folder name; one line for each such game.toml that does not read, `read_sheet`'s).
    InputError if `data_dir` is not a folder."""
    import pnp.core.games
    from pnp.core.errors import UnknownGame
    from scorekeeper.games import rules_packages

    sheets, problems = [], []
    for path in sorted(data_folder(data_dir).glob("*/game.toml")):
        name = path.parent.name
        try:
            if pnp.core.games.resolve(name) in rules_packages():
                continue
        except UnknownGame:
            pass
        try:
            sheets.append(read_sheet(data_dir, name))
        except InputError as exc:
            problems.append(str(exc))
    return sheets, problems


def data_folder(data_dir: str) -> Path:
    """The data folder `data_dir` (pnp's --data); InputError if it is not a folder."""
    folder = Path(data_dir)
    if data_dir.strip() and (why := lookup_problem(folder)):
        raise InputError(f"the data folder {quoted(data_dir, PATH_LIMIT)} cannot be read: {why}")
    if not data_dir.strip() or not folder.is_dir():
        raise InputError(f"the data folder {quoted(data_dir, PATH_LIMIT)} is not a folder")
    return folder


def _text(path: Path) -> str:
    """The text of `path`: a regular file of at most MAX_FILE_BYTES, UTF-8 (a byte-order
    mark dropped); InputError naming the file and why otherwise."""
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            raise InputError(f"{path}: cannot read file: it is not a regular file")
        if info.st_size > MAX_FILE_BYTES:
            raise InputError(f"{path}: refused: the file is larger than 1,024 KiB")
        raw = path.read_bytes()
    except OSError as exc:
        raise InputError(f"{path}: cannot read file: {exc.strerror or exc}") from None
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise InputError(f"{path}:{line}: the file is not UTF-8 text") from None


class _Reader:
    """game.toml's values read for a points sheet, with every problem (`problems`) at
    its line."""

    def __init__(self, path: Path, data: dict, lines: LineIndex):
        self.path, self.data, self.lines = path, data, lines
        self.problems: list[Problem] = []

    def problem(self, field: str, message: str, line: int) -> None:
        """Note a problem of `field` ("players.min") at `line`."""
        self.problems.append(Problem(self.path, message, line=line, field=field))

    def line(self, table: str | None, key: str | None) -> int:
        """The line of `key` of game.toml's `table` (None: the top level): its own line in
        a [table] section, else the line of the `table = { ... }` holding it (a missing
        key: its table's line; a missing top-level key: line 1)."""
        if table is None:
            return self.lines.top.of(key)
        if table in self.lines.tables:
            return self.lines.tables[table].of(key)
        return self.lines.top.of(table)

    def top(self, key: str, check, expected: str):
        """The top-level `key` if `check` (a sheets *_problem function) finds nothing
        wrong with it, else None, with its problem."""
        if key not in self.data:
            self.problem(key, f"missing; expected {expected}", 1)
            return None
        value = self.data[key]
        why = check(value)
        if why:
            self.problem(key, f"{why}, got {described(value)}", self.line(None, key))
            return None
        return value

    def table(self, name: str, keys: tuple[str, ...], expected: str | None) -> dict | None:
        """The table `name` (None when it is missing or not a table: a problem, unless
        `expected` is None: an optional table); an unknown key in it is a problem naming
        the keys allowed."""
        if name not in self.data:
            if expected:
                self.problem(name, f"missing; expected {expected}", 1)
            return None
        value = self.data[name]
        if not isinstance(value, dict):
            self.problem(name, f"expected a table, got {described(value)}", self.line(None, name))
            return None
        for key in value:
            if key not in keys:
                allowed = ", ".join(sorted(keys))
                self.problem(
                    f"{name}.{key}", f"unknown key; allowed keys: {allowed}", self.line(name, key)
                )
        return value

    def count(self, table: dict, name: str, key: str, low: int, high: int, expected: str):
        """The whole number `key` of `table` (game.toml's `name`), in low..high, or None
        with its problem (missing, or not such a number)."""
        if key not in table:
            self.problem(f"{name}.{key}", f"missing; expected {expected}", self.line(name, None))
            return None
        why = count_problem(table[key], low, high)
        if why:
            self.problem(
                f"{name}.{key}", f"{why}, got {described(table[key])}", self.line(name, key)
            )
            return None
        return table[key]


def _checked(
    path: Path, data: dict, lines: LineIndex, folder: str
) -> tuple[Sheet | None, list[Problem]]:
    """The Sheet that game.toml's values give, or None, and every problem with them, in
    the file's order."""
    read = _Reader(path, data, lines)
    game_id = read.top("id", id_problem, "a kebab-case game id equal to its folder's name")
    if game_id is not None and game_id != folder:
        read.problem(
            "id",
            f"game id {quoted(game_id)} does not match its folder {quoted(folder)}",
            read.line(None, "id"),
        )
    name = read.top("name", name_problem, "the game's printed name")
    players = read.table("players", PLAYER_KEYS, "a table { min = N, max = M }")
    low = high = None
    if players is not None:
        low, high = (
            read.count(players, "players", key, *PLAYERS, f"the {few} players, 1..12")
            for key, few in (("min", "fewest"), ("max", "most"))
        )
    if low is not None and high is not None and low > high:
        read.problem(
            "players", "players.min is greater than players.max", read.line("players", None)
        )
    scoring = read.table("scoring", SCORING_KEYS, None) or {}
    wins = scoring.get("wins", WINS[0])
    if wins not in WINS:
        read.problem(
            "scoring.wins",
            f'expected "highest" or "lowest", got {described(wins)}',
            read.line("scoring", "wins"),
        )
    rounds = None
    if "rounds" in scoring:
        rounds = read.count(scoring, "scoring", "rounds", *ROUNDS, "the number of rounds")
    if read.problems:
        return None, sorted(read.problems, key=lambda p: p.line or 0)
    assert game_id and name and low and high  # read without a problem
    return Sheet(game_id, name, (low, high), wins, rounds), []
