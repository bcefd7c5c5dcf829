"""Hack Attack: Defense verbs: protect, user-error, attack and end-turn, and defend (an
Attack check that needs no game); `settle` is the game's `scorekeeper check` hook.
Rules: shared/rules/hack-attack-defense.txt."""

from __future__ import annotations

from typing import Sequence

import click

from pnp.core.terminal import echo, echo_json
from scorekeeper import numbers
from scorekeeper.context import (
    JSON,
    Whole,
    complete_legal,
    completion,
    example,
    pass_ctx,
    variant_option,
    what_if,
)
from scorekeeper.errors import InputError, RuleError, UsageError, quoted
from scorekeeper.game import choose_variants
from scorekeeper.games.hack_attack import rules, state
from scorekeeper.names import check_new_names
from scorekeeper.numbers import is_whole, whole
from scorekeeper.outcome import Outcome
from scorekeeper.report import play_move


def _play(ctx, name: str, **values) -> None:
    play_move(ctx, state.GAME, name, values)


@example("Ana laptop")
@click.command()
@click.argument("player", shell_complete=complete_legal)
@click.argument("tech", shell_complete=complete_legal)
@pass_ctx
def protect(ctx, player, tech) -> None:
    """PLAYER Protects a Tech card, given by card id or name (e.g. laptop) or by its points."""
    _play(ctx, "protect", player=player, tech=tech)


@example("Ben 2")
@click.command("user-error")
@click.argument("player", shell_complete=complete_legal)
@click.argument("count", type=Whole(*state.USER_ERRORS_AT_ONCE), default=1)
@pass_ctx
def user_error(ctx, player, count) -> None:
    """PLAYER keeps COUNT User Error cards (−1 point each at the end)."""
    _play(ctx, "user-error", player=player, count=count)


@example("phishing-email passwords wild")
@click.command()
@click.argument("attack", shell_complete=complete_legal)
@click.argument("revealed", nargs=-1, shell_complete=complete_legal)
@pass_ctx
def attack(ctx, attack, revealed) -> None:
    """Record an Attack drawn by the player whose turn it is, and decide it: ATTACK is a
    card id or name, or three icons separated by commas; REVEALED are the Defense cards
    shown (categories, or wild), one per player at most."""
    _play(ctx, "attack", attack=attack, revealed=list(revealed))


@example()
@click.command("end-turn")
@pass_ctx
def end_turn(ctx) -> None:
    """End the current player's turn; the final round and the end are handled for you."""
    _play(ctx, "end-turn")


#: Shell completion of the what-if `defend`, which needs no game: every Attack card and
#: Defense category of the card data (scorekeeper.context.completion).
ATTACK_IDS = completion("scorekeeper.games.hack_attack.cards", lambda cards: cards.deck().attacks)
SHOWN = completion(
    "scorekeeper.games.hack_attack.cards",
    lambda cards: {**cards.deck().categories, "wild": "Reality Check (wild)"},
)


@what_if
@example("phishing-email passwords wild --players 3")
@click.command()
@click.argument("icons", shell_complete=ATTACK_IDS)
@click.argument("revealed", nargs=-1, shell_complete=SHOWN)
@click.option("--players", type=Whole(2, 6), required=True, help="Players at the table.")
@variant_option(state.GAME)
@JSON
def defend(icons, revealed, players, variants, as_json) -> None:
    """Check an Attack without recording it: ICONS is an Attack id or three icons joined by
    commas; REVEALED are the Defense cards shown (categories, or wild).

    A table playing the cover variant says so as at `new` (--variant cover=N)."""
    from scorekeeper.games.hack_attack import cards, moves  # here: a status loads neither

    chosen = choose_variants(state.VARIANTS, variants, state.NAME)
    deck = cards.deck()
    icon_ids, _, name = cards.attack(deck, icons)
    shown = [cards.category(deck, r, wild_ok=True) for r in revealed]
    result, lines = moves.checked(deck, icon_ids, shown, players, chosen.get("cover"))
    if as_json:
        echo_json(
            {
                "attack": name,
                "icons": list(icon_ids),
                "revealed": shown,
                "needed": result.needed,
                "holds": result.holds,
                "covered": [{"icon": i, "card": c} for i, c in result.covered],
            }
        )
        return
    for line in lines:
        echo(line)


NOTATION = (
    "write NAME=POINTS,POINTS/USER_ERRORS, e.g. Ana=5,3,2/1; Ben=none/2 for a "
    "player with no Protected Tech; /USER_ERRORS may be left out when 0"
)
NONE = "none"

RULE_TRIGGER = (
    "the game ends only after a player Protects their fourth Tech card (third "
    "with 5–6 players) and every other player takes one last turn (rules, “The "
    "game ends on the fourth Protected Tech card”)"
)


def parse_entry(
    text: str, points: tuple[int, int] = (1, 9), most_errors: int = 999
) -> tuple[str, tuple[int, ...], int]:
    """ "Ana=5,3,2/1" -> ("Ana", (5, 3, 2), 1): Protected Tech points, then User Errors;
    "Ben=none/2" (or "Ben=/2") -> ("Ben", (), 2): no Protected Tech. Each number is read
    as every number typed at the table (scorekeeper.numbers: a sign is kept, "+5" is 5):
    Tech points outside `points` (the deck's range) or User Errors outside
    0..`most_errors` are refused with the range, as `protect` refuses them. InputError
    showing the notation for anything else. Spaces around the name and the numbers are
    notation, not part of them."""
    name, equals, rest = text.partition("=")
    tech, slash, errors = rest.partition("/")
    parts = tech.split(",") if tech.strip() and tech.strip().lower() != NONE else []
    if (
        not equals
        or not name.strip()
        or not all(map(is_whole, parts))
        or (slash and not is_whole(errors))
    ):
        raise UsageError(f"cannot read {quoted(text)}: {NOTATION}")
    low, high = points
    if parts and all(numbers.value(p) == 0 for p in parts):  # "Ben=0/0": no Tech at all
        none = f"{name.strip()}=none" + (f"/{errors.strip()}" if slash else "")
        raise InputError(
            f"Tech points must be {low}..{high} (the deck's range), got 0; for a "
            f"player with no Protected Tech write {none}"
        )
    return (
        name.strip(),
        tuple(whole(p, low, high, "Tech points", " (the deck's range)") for p in parts),
        whole(errors, 0, most_errors, "User Errors", " (the deck's User Error cards)")
        if slash
        else 0,
    )


def _and(names: Sequence[str]) -> str:
    """ "Ana", "Ana and Ben", "Ana, Ben and Cleo"."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def check_trigger(table) -> str:
    """The first line of a finished table's explanation: who reached the end-of-game
    trigger (rules.protect_target Protected Tech: “When a player Protects their fourth
    Tech card (third with 5–6 players), every other player takes one last turn”).
    RuleError RULE_TRIGGER if nobody did: the game is not over."""
    target = rules.protect_target(len(table))
    reached = [name for name, points, _ in table if len(points) >= target]
    if not reached:
        most = max(len(points) for _, points, _ in table)
        leaders = [name for name, points, _ in table if len(points) == most]
        raise RuleError(
            RULE_TRIGGER,
            f"nobody has {target} Protected Tech (most: "
            f"{_and(leaders)} with {most}): the game is not over",
        )
    have = "has" if len(reached) == 1 else "have"
    more = " or more" if any(len(points) > target for _, points, _ in table) else ""
    return (
        f"{_and(reached)} {have} {target}{more} Protected Tech, the end of the game at "
        f"{len(table)} players: after everyone else's last turn the table is scored."
    )


def settle(entries: Sequence[str], variants: dict | None = None) -> Outcome:
    """The `scorekeeper check` hook: score a finished table without replaying it. Each
    entry is NAME=POINTS,.../ERRORS (see parse_entry; the numbers in the deck's ranges),
    e.g. Ana=5,3,2/1 Ben=4,4/0. InputError for an entry it cannot read or bad names;
    RuleError for a player count outside 2–6, a table the deck cannot produce
    (rules.check_final_table), or one in which nobody reached the end-of-game trigger
    (check_trigger). `variants` as chosen at `new`: with "faster" a player may have
    Protected more than the end-of-game number. Returns the Outcome of rules.score
    (rules: “Add up the points”, “Highest total wins”), after a line saying who ended
    the game."""
    from scorekeeper.games.hack_attack import cards

    deck = cards.deck()
    table = [parse_entry(e, deck.points_range, deck.user_errors) for e in entries]
    check_new_names([name for name, _, _ in table])
    variants = variants or {}
    rules.initial([name for name, _, _ in table], variants)
    rules.check_final_table(
        table,
        {p: deck.tech_at(p) for _, p, _ in deck.tech.values()},
        deck.user_errors,
        bool(variants.get("faster")),
    )
    ended = check_trigger(table)
    outcome = rules.score(table)
    return outcome._replace(explanation=(ended, *outcome.explanation))


setattr(settle, "notation", NOTATION)  # what `check --help` shows (read with getattr)
