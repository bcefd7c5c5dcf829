"""`scorekeeper check --data DIR GAME`: settle a finished points sheet of a data-only
game from each player's points round by round, by its game.toml's rules (rounds, and
whether the highest or the lowest total wins), without a database."""

from __future__ import annotations

from typing import Sequence

from scorekeeper.errors import RuleError, UsageError, quoted
from scorekeeper.games.points_sheet import rules
from scorekeeper.names import check_new_names
from scorekeeper.numbers import is_whole, whole
from scorekeeper.outcome import Outcome
from scorekeeper.sheets import Sheet
from scorekeeper.view import number

NOTATION = (
    "write NAME=POINTS,POINTS,... with the player's points in each round, in order, "
    "e.g. Ana=3,5,-2 Ben=4,4,0 (a game that sets no number of rounds may give one "
    "number each: its totals)"
)


def parse_entry(text: str) -> tuple[str, tuple[int, ...]]:
    """ "Ana=3,5,-2" -> ("Ana", (3, 5, -2)); UsageError showing the notation for anything
    else, InputError for points outside what one round may record."""
    name, equals, rest = text.partition("=")
    parts = rest.split(",")
    if not equals or not name.strip() or not all(map(is_whole, parts)):
        raise UsageError(f"cannot read {quoted(text)}: {NOTATION}")
    low, high = rules.POINTS
    return name.strip(), tuple(whole(p, low, high, "a round's points") for p in parts)


def settle(entries: Sequence[str], sheet: Sheet) -> Outcome:
    """The final Outcome of `sheet`'s table described by `entries` (`parse_entry`), by
    the points sheet's own rules: the players in the order typed (rules.initial: the
    game's player range), every player with the same number of rounds, as many as the
    game sets when it sets them (rules.rule_rounds); RuleError otherwise."""
    table = [parse_entry(e) for e in entries]
    names = [name for name, _ in table]
    check_new_names(names)
    state = rules.initial(names, sheet)
    counts = {len(points) for _, points in table}
    if len(counts) > 1:
        raise RuleError(
            "every player has points in every round (points sheet)",
            "the players have points in different numbers of rounds: "
            + ", ".join(f"{n} {len(p)}" for n, p in table),
        )
    played = counts.pop()
    if sheet.rounds is not None and played != sheet.rounds:
        given = f"{number(played)} round{'' if played == 1 else 's'}"
        raise RuleError(
            rules.rule_rounds(sheet),
            f"{given} of points {'was' if played == 1 else 'were'} given: write each "
            f"player's points in each of the {sheet.rounds} rounds",
        )
    rounds = tuple(tuple(points[r] for _, points in table) for r in range(played))
    outcome = rules.outcome(state._replace(rounds=rounds, over=True))
    assert outcome is not None  # an ended sheet has its result
    return outcome


setattr(settle, "notation", NOTATION)  # what `check --help` shows (read with getattr)
