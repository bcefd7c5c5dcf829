"""Not a Hack verbs: hack (a turn), negative, banned, new-account, positive, steal and
hack-off. Rules: shared/rules/not-a-hack.txt."""

from __future__ import annotations

import click

from pnp.core.shown import plural
from scorekeeper.context import Whole, complete_player, completion, example, pass_ctx
from scorekeeper.errors import InputError, UsageError, quoted
from scorekeeper.games.not_a_hack import state
from scorekeeper.names import resolve
from scorekeeper.numbers import is_whole, shown, sign, value
from scorekeeper.report import game_table, record_and_report


def _table(ctx):
    return game_table(ctx, state.GAME)


def _action_points(typed: str, kind: str) -> dict:
    """The event fields of an action card (cards.action_card: points, name, card id and
    the kit's counts) from its id/name in the card data, or from its points, exactly as
    typed: a negative card's loss with its minus ("-2") or without it ("2"
    is the card that loses 2: rules, “they lose the amount of points specified on the
    card”), a positive card's gain ("2", "+2"). Points no card of that kind prints, or
    with the other kind's sign, are refused with the range."""
    from scorekeeper.games.not_a_hack import cards

    if not is_whole(typed):
        return cards.action_card(typed, kind)
    low, high = cards.points_range(kind)  # unsigned, as the cards print them
    points, lowest, highest = value(typed), low, high
    if kind == "negative":
        lowest, highest = -high, -low
        if points is not None and sign(typed) == "":
            points = -points
    if points is None or not lowest <= points <= highest:
        how = " (type 2 or -2 for one that loses 2)" if kind == "negative" else ""
        raise InputError(
            f"{kind} action cards are worth {low}..{high} points{how}, got {shown(typed)}"
        )
    return {"points": points, "name": None, "deck_at_points": cards.at_points(kind, points)}


@example("Ana Ben 2")
@click.command()
@click.argument("drawer", shell_complete=complete_player)
@click.argument("winner", shell_complete=complete_player)
@click.argument("cards", type=Whole(*state.HACK_CARDS), default=2)
@pass_ctx
def hack(ctx, drawer, winner, cards) -> None:
    """A turn: DRAWER drew a hack card and chose WINNER's submission of CARDS white cards
    (default 2), which WINNER keeps as points."""
    from scorekeeper.games.not_a_hack import cards as kit

    table = _table(ctx)
    names = table.row.players
    record_and_report(
        ctx,
        table,
        {
            "type": "hack",
            "drawer": resolve(drawer, names),
            "winner": resolve(winner, names),
            "cards": cards,
            "white": kit.white_points(),
        },
    )


@example("Cleo")
@click.command()
@click.argument("player", shell_complete=complete_player)
@click.option(
    "--no-counter", is_flag=True, help="Let the ban stand though PLAYER holds a New Account card."
)
@pass_ctx
def banned(ctx, player, no_counter) -> None:
    """PLAYER drew a Banned card (a New Account card they hold counters it)."""
    table = _table(ctx)
    record_and_report(
        ctx,
        table,
        {"type": "banned", "player": resolve(player, table.row.players), "counter": not no_counter},
    )


@example("Cleo")
@click.command("new-account")
@click.argument("player", shell_complete=complete_player)
@pass_ctx
def new_account(ctx, player) -> None:
    """PLAYER drew a New Account card from the white pile."""
    from scorekeeper.games.not_a_hack import cards

    table = _table(ctx)
    record_and_report(
        ctx,
        table,
        {
            "type": "new_account",
            "player": resolve(player, table.row.players),
            "kit": cards.printed("new_account"),
        },
    )


def _action_command(kind: str, verb: str):
    """The `negative` or `positive` command: PLAYER and an action card (id, name or points)."""

    @click.command(
        kind, help=f"PLAYER {verb} a {kind} action card (by id or name, or its points, e.g. 2)."
    )
    @click.argument("player", shell_complete=complete_player)
    @click.argument(
        "card",
        shell_complete=completion(
            "scorekeeper.games.not_a_hack.cards",
            lambda cards: {
                c.id: f"{c.name} ({c.points:+d})".replace("-", "−")
                for c in cards._cards()
                if c.kind == kind
            },
        ),
    )
    @pass_ctx
    def command(ctx, player, card) -> None:
        table = _table(ctx)
        record_and_report(
            ctx,
            table,
            {
                "type": kind,
                "player": resolve(player, table.row.players),
                **_action_points(card, kind),
            },
        )

    return command


negative = example("Ben 2")(_action_command("negative", "drew"))
positive = example("Ana pos-bug-bounty")(_action_command("positive", "drew"))


@example("Ana Ben")
@click.command()
@click.argument("player", shell_complete=complete_player)
@click.argument("victim", shell_complete=complete_player)
@click.option(
    "--hack",
    "index",
    type=Whole(*state.HACKS_COUNTED),
    default=None,
    help="Which of VICTIM's winning hacks, counting from 1 (default: the largest).",
)
@pass_ctx
def steal(ctx, player, victim, index) -> None:
    """PLAYER plays a Steal card on VICTIM's winning hack."""
    table = _table(ctx)
    thief, target = resolve(player, table.row.players), resolve(victim, table.row.players)
    hacks = table.state.players[table.state.seat(target)].hacks
    if index is None and hacks:
        index = 1 + max(range(len(hacks)), key=lambda i: hacks[i])
    if index is not None and not 1 <= index <= len(hacks):
        raise InputError(
            f"{target} has {plural(len(hacks), 'winning hack')}; there is no hack {index}"
        )
    event = {"type": "steal", "player": thief, "from": target}
    if index is not None:
        event["hack"] = index - 1
        event["cards"] = hacks[index - 1]
    record_and_report(ctx, table, event)


@example("--vote Cleo=Ana")
@click.command("hack-off")
@click.option(
    "--vote",
    "votes",
    multiple=True,
    required=True,
    metavar="VOTER=FINALIST",
    help="One per banned player: whose hack they vote for.",
)
@click.option(
    "--cards",
    type=Whole(*state.HACK_CARDS),
    default=2,
    show_default=True,
    help="White cards in the winning hack (its points).",
)
@pass_ctx
def hack_off(ctx, votes, cards) -> None:
    """The final hack-off: the banned players' votes; the winning hack scores its cards."""
    from scorekeeper.games.not_a_hack import cards as kit

    table = _table(ctx)
    names = table.row.players
    ballot = {}
    for vote in votes:
        voter, sep, choice = vote.partition("=")
        if not sep:
            raise UsageError(f"write each vote as VOTER=FINALIST, got {quoted(vote)}")
        voter = resolve(voter, names)
        if voter in ballot:
            raise InputError(f"{voter} voted twice; each banned player votes once")
        ballot[voter] = resolve(choice, names)
    record_and_report(
        ctx,
        table,
        {"type": "hack_off", "votes": ballot, "cards": cards, "white": kit.white_points()},
    )
