"""`scorekeeper check not-a-hack`: settle a table after the final hack-off from each
player's total and whether they are banned, without replaying the game. Who leads is the
rules' own (`rules.standing`: the highest total, banned players included); this module
reads the table and refuses one the rules or the kit cannot produce.
Rules: shared/rules/not-a-hack.txt, “Winning”."""

from __future__ import annotations

from typing import Sequence

from scorekeeper.errors import RuleError, UsageError, quoted
from scorekeeper.games.not_a_hack import rules, state
from scorekeeper.names import check_new_names
from scorekeeper.numbers import is_whole, whole
from scorekeeper.outcome import Outcome, Termination
from scorekeeper.view import number

NOTATION = (
    "write NAME=TOTAL, with :banned after a banned player's total, e.g. Ana=3 Ben=-2 Cleo=5:banned"
)
BANNED = ":banned"

RULE_KIT = (
    "points come from white cards kept in winning hacks and from action cards, so "
    "no more are kept than the kit prints (rules, “keeps those white component cards "
    "as points”, “Set this card in front of that player”)"
)

Table = list[tuple[str, int, bool]]


def kit_range() -> tuple[int, int]:
    """The totals the kit's cards can add up to: every negative action card, down to
    every white card in winning hacks and every positive action card (rules, “they lose
    the amount of points specified on the card”, “keeps those white component cards as
    points”, “they gain the amount”)."""
    from scorekeeper.games.not_a_hack import cards

    def printed_points(kind: str, sign: int) -> int:
        low, high = cards.points_range(kind)
        return sum(p * cards.at_points(kind, sign * p) for p in range(low, high + 1))

    return -printed_points("negative", -1), cards.white_points() + printed_points("positive", 1)


def parse_entry(text: str, totals: tuple[int, int]) -> tuple[str, int, bool]:
    """ "Cleo=5:banned" -> ("Cleo", 5, True), "Ana=-2" -> ("Ana", -2, False): a player's
    final total (scorekeeper.numbers: "−2" and "+5" read as typed), in `totals`
    (kit_range) or refused with the range, and whether they are banned. InputError
    showing the notation for anything else."""
    name, equals, rest = text.partition("=")
    total, colon, mark = rest.partition(":")
    banned = bool(colon) and (colon + mark).strip().lower() == BANNED
    if not equals or not name.strip() or not is_whole(total) or (colon and not banned):
        raise UsageError(f"cannot read {quoted(text)}: {NOTATION}")
    return (
        name.strip(),
        whole(total, *totals, "a Not a Hack total", " (what the kit's cards add up to)"),
        banned,
    )


def check_table(table: Table, totals: tuple[int, int]) -> list[str]:
    """The finalists: the two unbanned players, who played the final hack-off (rules,
    “When two players remain, enter the final hack-off round”; RuleError otherwise), if
    all totals together are within what the kit prints (`totals`; RuleError RULE_KIT)."""
    finalists = [name for name, _, banned in table if not banned]
    if len(finalists) != 2:
        raise RuleError(
            state.RULE_HACK_OFF,
            f"the final hack-off is played by two unbanned "
            f"players; this table has {len(finalists)}"
            + (f" ({', '.join(finalists)})" if finalists else ""),
        )
    whole_table = sum(total for _, total, _ in table)
    if not totals[0] <= whole_table <= totals[1]:
        raise RuleError(
            RULE_KIT,
            f"the totals add up to {number(whole_table)}, but the kit's "
            f"cards add up to {number(totals[0])}..{number(totals[1])}",
        )
    return finalists


def table_state(table: Table) -> state.State:
    """The table in the hack-off, each player's total kept as one number."""
    return state.State(
        tuple(
            state.Player(name, actions=(total,), accounts=0, banned=banned)
            for name, total, banned in table
        ),
        phase="hack-off",
    )


def _and(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def settle(entries: Sequence[str]) -> Outcome:
    """The `scorekeeper check` hook: after the final hack-off the highest (or least
    negative) total wins, banned players included (rules, “Winning”; rules.standing
    decides). A tie repeats the hack-off between the two finalists (rules, “In case of
    a tie repeat the hack off”): an Outcome with no termination, the game is not over.
    InputError for an entry it cannot read or bad names; RuleError for a player count
    outside 3–5 or a table the rules or the kit cannot produce (check_table)."""
    totals = kit_range()
    table = [parse_entry(e, totals) for e in entries]
    check_new_names([name for name, _, _ in table])
    rules.initial([name for name, _, _ in table])
    finalists = check_table(table, totals)
    voters = [name for name, _, banned in table if banned]
    lead = rules.standing(table_state(table))
    lines = hack_off_lines(table, finalists, voters)
    best = number(max(total for _, total, _ in table))
    if len(lead.winners) == 1:
        return Outcome(
            Termination.SCORED,
            lead.winners,
            "highest total",
            (*lines, f"Highest total: {lead.winners[0]} with {best}."),
        )
    vote = "votes" if len(voters) == 1 else "vote"
    repeat = (
        f"Tied on {best}: {_and(lead.winners)}. In case of a tie the hack-off is "
        f"repeated with a new hack card: {_and(finalists)} play it again, "
        f"{_and(voters)} {vote}."
    )
    return Outcome(
        None,
        lead.winners,
        f"tied on {best}: the hack-off is repeated between {_and(finalists)}",
        (*lines, repeat),
    )


def hack_off_lines(table: Table, finalists: list[str], voters: list[str]) -> tuple[str, ...]:
    """Who played the final hack-off and who voted (rules, “Both players play white
    component cards and all banned player(s) vote”), then every total, highest first."""
    ranked = sorted(table, key=lambda row: -row[1])
    banned = "banned player" if len(voters) == 1 else "banned players"
    return (
        (
            f"Final hack-off: {_and(finalists)} (the two unbanned players); {banned} "
            f"voting: {_and(voters)}."
        ),
        "Final totals (banned players included): "
        + ", ".join(f"{name} {number(total)}" for name, total, _ in ranked)
        + ".",
    )


setattr(settle, "notation", NOTATION)  # what `check --help` shows (read with getattr)
