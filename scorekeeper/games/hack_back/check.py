"""`scorekeeper check hack-back`: settle the end of a turn from the Heroes in play, without
replaying the game. The four checks are the rules' own (`rules.end_of_turn`); this module
only reads the table and refuses one that play cannot reach.
Rules: shared/rules/hack-back.txt, “After both actions fully resolve”."""

from __future__ import annotations

from typing import Sequence

from scorekeeper.errors import RuleError, UsageError, quoted
from scorekeeper.games.hack_back import rules
from scorekeeper.names import check_new_names
from scorekeeper.numbers import is_whole, whole
from scorekeeper.outcome import Outcome
from scorekeeper.view import number

NOTATION = (
    "write NAME=VC,VC,... with the VC of each of the player's Heroes in play after "
    "both actions, e.g. Ana=-3,12 Ben=-3 (Ben=none for a player already out)"
)
NONE = "none"

RULE_LAST_PLAYER = (
    "a game with one player (or none) left ended at an earlier turn's checks "
    "(rules, “Check for the last player”)"
)
RULE_TWO_ACTIONS = (
    "a turn is two actions, and each raises only the Heroes its card's instructions "
    "target and, for Activate Hero, the activated Hero's +2 (rules, “Take two actions”, "
    "“Activate Hero”); every Hero starts the turn under 40 VC"
)
RULE_GOES_ON = (
    "the game ends only when a surviving Hero is at 0 VC or lower or at most one "
    "player is left (rules, “Check for a VC winner”, “Check for the last "
    "player”)"
)

Table = list[tuple[str, tuple[int, ...]]]


def vc_range() -> tuple[int, int]:
    """The VCs a Hero can have after both actions of a turn: every Hero starts the turn
    at 1..39 VC (the previous turn's checks discard 40 or more and end the game at 0 or
    lower; rules, “Eliminate Heroes”, “Check for a VC winner”), or is placed at its
    printed VC, and each action changes one Hero's VC by at most the amounts of one
    card's instructions plus the activation's +2 (rules, “Activate Hero”)."""
    from scorekeeper.games.hack_back import cards

    specs = cards.cards().values()
    step = rules.ACTIVATION_COST + max(
        sum(abs(e.get("amount") or 0) for e in effects if e["kind"] != "draw")
        for c in specs
        for effects in (c.play, c.activate)
    )
    top = max(rules.ELIMINATE_AT - 1, cards.printed_vc_range()[1])
    return rules.WIN_AT + 1 - 2 * step, top + 2 * step


def most_raised() -> int:
    """The most Heroes whose VC one turn can raise, by the printed cards: two actions,
    each a card's single-target Attacks that raise VC (Play), or those of a Hero's
    activation and the activated Hero itself, +2 (Activate Hero); an Attack that
    raises every Hero would raise them all (then there is no bound: 10**9)."""
    from scorekeeper.games.hack_back import cards

    def raised(effects, activated: bool) -> int:
        up = [e for e in effects if e["kind"] == "attack" and (e.get("amount") or 0) > 0]
        if any(e.get("every") for e in up):
            return 10**9
        return len(up) + activated

    per_action = max(
        raised(effects, activated)
        for c in cards.cards().values()
        for effects, activated in ((c.play, False), (c.activate, True))
    )
    return 2 * per_action


def parse_entry(text: str, vcs: tuple[int, int]) -> tuple[str, tuple[int, ...]]:
    """ "Ana=-3,12" -> ("Ana", (-3, 12)); "Ben=none" -> ("Ben", ()): a player and the VC of
    each Hero they control in play (scorekeeper.numbers: "−3" and "+5" read as typed),
    each in `vcs` (vc_range) or refused with the range. InputError showing the notation
    for anything else."""
    name, equals, rest = text.partition("=")
    parts = [] if rest.strip().lower() == NONE else rest.split(",")
    if not equals or not name.strip() or not rest.strip() or not all(map(is_whole, parts)):
        raise UsageError(f"cannot read {quoted(text)}: {NOTATION}")
    note = " (1..39 at the start of the turn, changed by two actions of the printed cards)"
    return name.strip(), tuple(
        whole(p, *vcs, "a Hero's VC after both actions", note) for p in parts
    )


def table_state(table: Table) -> rules.State:
    """The state the end-of-turn checks read: each entry's Heroes in play (numbered in
    the order typed, as `status` numbers them), players without one already out, and
    the turn of the first player with a Hero ending. RuleError when fewer than two
    players have a Hero: that game ended before this turn (RULE_LAST_PLAYER)."""
    names = tuple(name for name, _ in table)
    heroes = tuple(rules.Hero(0, name, "Hero", None, vc, vc) for name, vcs in table for vc in vcs)
    heroes = tuple(h._replace(uid=i) for i, h in enumerate(heroes, 1))
    out = tuple(name for name, vcs in table if not vcs)
    if len(names) - len(out) < 2:
        left = [name for name, vcs in table if vcs]
        raise RuleError(
            RULE_LAST_PLAYER,
            f"only {left[0]} has a Hero in play" if left else "nobody has a Hero in play",
        )
    current = next(i for i, (_, vcs) in enumerate(table) if vcs)
    return rules.State(names, phase="play", heroes=heroes, out=out, current=current)


def heroes_line(table: Table, state: rules.State) -> str:
    """ "Heroes in play after both actions: Ana #1 at −3, #2 at 12; Ben #3 at −3." """
    shown = []
    for name, _ in table:
        mine = state.in_play(name)
        shown.append(
            f"{name} "
            + (
                ", ".join(f"#{h.uid} at {number(h.vc)}" for h in mine)
                if mine
                else "none (already out)"
            )
        )
    return "Heroes in play after both actions: " + "; ".join(shown) + "."


def settle(entries: Sequence[str]) -> Outcome:
    """The `scorekeeper check` hook: the four end-of-turn checks in the rules' order
    (rules.end_of_turn: discard Heroes at 40 VC or more, eliminate players with no Hero,
    the lowest Hero at 0 VC or lower wins and opposing players sharing it tie, the last
    player wins), each saying what it did. InputError for an entry it cannot read or bad
    names; RuleError for a player count outside 2–14, fewer than two players with a
    Hero (RULE_LAST_PLAYER), or more Heroes at 40 VC or more than one turn can put there
    (RULE_TWO_ACTIONS: `most_raised`). A table on which no check ends the game is not final: an
    Outcome without a termination, led by the lowest Hero's controller, whose
    explanation gives every check applied (a 40-VC Hero discarded, a player out) and
    ends "Not final: play goes on" (RULE_GOES_ON)."""
    vcs = vc_range()
    table = [parse_entry(e, vcs) for e in entries]
    check_new_names([name for name, _ in table])
    rules.initial([name for name, _ in table])
    high = sum(vc >= rules.ELIMINATE_AT for _, vcs in table for vc in vcs)
    if high > (most := most_raised()):
        raise RuleError(
            RULE_TWO_ACTIONS,
            f"{high} Heroes are at {rules.ELIMINATE_AT} VC or more, but one turn of the "
            f"printed cards raises at most {most}",
        )
    state = table_state(table)
    after = rules.end_of_turn(state)
    if after.result is None:  # not final: every check it applied, then on
        leaders = rules.standing(after)
        alive = after.alive()
        return Outcome(
            None,
            leaders.winners,
            f"{leaders.reason}; not final: play goes on",
            (
                heroes_line(table, state),
                "The end-of-turn checks, in the rules' order:",
                *after.checks[1:],
                f"Not final: play goes on with {', '.join(alive)} ({RULE_GOES_ON}).",
            ),
        )
    checks = after.result.explanation[1:]  # the rules' lines, without "End of X's turn"
    if not checks[-1].startswith("4."):
        checks += ("4. Not reached: check 3 ended the game.",)
    return after.result._replace(
        explanation=(
            heroes_line(table, state),
            "The end-of-turn checks, in the rules' order:",
            *checks,
        )
    )


setattr(settle, "notation", NOTATION)  # what `check --help` shows (read with getattr)
