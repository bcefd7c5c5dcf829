"""A data-only game (README, "A data-only game's points sheet") in the score keeper's
help and shell completion: `scorekeeper help --data DIR GAME` is its page (how to
start it, the points sheet's verbs with examples, its scoring as game.toml sets it,
how to settle a finished table with `check`); `scorekeeper help --data DIR` lists the
data-only games DIR holds; and where a game id is typed (`new`, `check`, `help`),
completion offers the registered games' ids, or with `--data DIR` those of DIR."""

from __future__ import annotations

import click

from scorekeeper.help_page import every_game, verb_rows, wrapped


def complete_game_ids(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    """Shell completion (click's `shell_complete`) of a command's GAME: the ids of the
    registered games with rules of their own, or with `--data DIR` typed before it the
    data-only games of DIR that read (scorekeeper.sheet_file.data_games), which the
    command takes with `--data` (it refuses a registered game there); those that start
    with what is typed, any case. Nothing for a data folder that cannot be read."""
    from scorekeeper.errors import ScoreError

    data_dir = ctx.params.get("data_dir")
    try:
        if data_dir is None:
            from scorekeeper.games import rules_packages

            ids = list(rules_packages())
        else:
            from scorekeeper.sheet_file import data_games

            ids = [sheet.id for sheet in data_games(data_dir)[0]]
    except (ScoreError, OSError):
        return []
    typed = incomplete.casefold()
    return [i for i in ids if i.casefold().startswith(typed)]


def data_help_lines(data_dir: str, game: str | None, width: int, shared: list[str]) -> list[str]:
    """The lines of `scorekeeper help --data DIR [GAME]`: the page of the data-only game
    GAME of DIR (`sheet_page`; a registered game's own page when GAME names one), or
    without GAME the list of DIR's data-only games, each folder that does not read
    named on stderr. InputError as scorekeeper.sheet_file reads them, or for a data
    folder holding none."""
    from scorekeeper.sheet_file import read_sheet

    if game is None:
        return held_lines(data_dir, width)
    registered = _registered(game)
    if registered is not None:
        from scorekeeper.help_page import verb_lines

        return verb_lines(registered, width, shared)
    return sheet_page(read_sheet(data_dir, game), data_dir, width, shared)


def _registered(game: str):
    """The registered game with rules of its own that `game` names (its id or alias), or
    None: such a game is kept by its rules, with or without --data."""
    import pnp.core.games
    from pnp.core.errors import UnknownGame
    from scorekeeper.games import find_game, rules_packages

    try:
        game_id = pnp.core.games.resolve(game)
    except UnknownGame:
        return None
    return find_game(game_id) if game_id in rules_packages() else None


def sheet_page(sheet, data_dir: str, width: int, shared: list[str]) -> list[str]:
    """The help page of the data-only game `sheet` (a scorekeeper.sheets.Sheet) of the
    data folder `data_dir`: name and id, how to start it, the points sheet's verbs that
    apply to it (`end-game` only where game.toml sets no rounds), its scoring rules
    with their game.toml keys, how to settle a finished table, the shared commands."""
    from shlex import quote

    from scorekeeper.sheets import template

    folder = quote(data_dir)
    low, high = sheet.players
    players = f"{low} player{'s' * (low != 1)}" if low == high else f"{low}–{high} players"
    verbs = [
        v
        for v in template().verbs
        if not v.hidden and (v.name != "end-game" or sheet.rounds is None)
    ]
    ends = (
        f"the game is scored when round {sheet.rounds} ends (game.toml: rounds = {sheet.rounds})"
        if sheet.rounds is not None
        else "the table ends it with end-game (game.toml sets no rounds)"
    )
    return [
        *wrapped(f"{sheet.name} ({sheet.id}), a data-only game kept on a points sheet", width),
        *wrapped(
            f"Start a game: scorekeeper new --data {folder} {sheet.id} NAME NAME... ({players})",
            width,
        ),
        "",
        *verb_rows(verbs, width),
        "",
        *wrapped(
            f"Scoring: {ends}; the {sheet.wins} total wins and equal totals share the win "
            f'(game.toml: wins = "{sheet.wins}").',
            width,
        ),
        "Settle a finished table (each player's points, round by round):",
        f"  scorekeeper check --data {folder} {sheet.id} NAME=POINTS,POINTS,...",
        "",
        *every_game(shared, width),
    ]


def held_lines(data_dir: str, width: int) -> list[str]:
    """The data-only games the data folder `data_dir` holds, one line each (id, name,
    players), and how to show one's page; a game.toml that does not read is named on
    stderr. InputError for a folder that is none or holds no data-only game."""
    from pnp.core.shown import PATH_LIMIT, quoted
    from pnp.core.terminal import echo
    from scorekeeper.errors import InputError
    from scorekeeper.sheet_file import data_games

    sheets, problems = data_games(data_dir)
    for problem in problems:
        echo(f"Warning: {problem}", err=True)
    if not sheets:
        raise InputError(
            f"the data folder {quoted(data_dir, PATH_LIMIT)} holds no data-only game that "
            "reads" + (" (named above)" if problems else ": no folder of it holds a game.toml")
        )
    column = max(len(s.id) for s in sheets) + 4
    lines = [f"Data-only games in {data_dir}, each kept on a points sheet:"]
    for s in sheets:
        low, high = s.players
        counted = f"{low}–{high}" if low != high else f"{low}"
        lines.append(f"  {s.id:<{column - 4}}  {s.name}, {counted} players")
    from shlex import quote

    folder = quote(data_dir)
    return [*lines, "", *wrapped(f"One game's page: scorekeeper help --data {folder} GAME", width)]
