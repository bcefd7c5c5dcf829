"""Not a Hack's legal moves, and a typed move read into its event: part of the rules
(scorekeeper.game.Rules: `moves`, `make`, `move_of`), pure over the state and the cards
(scorekeeper.games.not_a_hack.cards.Kit, the `kit`). Source: shared/rules/not-a-hack.txt
and the rulebook's clarifications (card_data/not-a-hack/rulebook.md).

Legal now, in play: the player whose turn it is draws the black card, so they judge a
hack (another unbanned player's wins, of as many white cards as the kit has left), keep
a negative action card (one the kit still has), or are banned (countered by a New
Account card they hold, unless they let the ban stand). Any unbanned player may, at any
time, draw a New Account card (while one is in play unheld), keep a positive action
card, or play a Steal on another unbanned player's winning hack. In the final hack-off
the banned players vote between the two finalists. The table may end the game with no
winner once the white cards are used up for good. Nothing once the game is over."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from pnp.core.shown import plural
from scorekeeper.errors import InputError, UsageError, quoted
from scorekeeper.games.not_a_hack import rules, state
from scorekeeper.legal import (
    Choice,
    Made,
    Move,
    Param,
    Typed,
    given,
    loaded,
    number,
    player,
    text,
    texts,
    whole_number,
)
from scorekeeper.names import resolve
from scorekeeper.numbers import is_whole, shown, sign, value
from scorekeeper.view import number as signed

if TYPE_CHECKING:
    from scorekeeper.games.not_a_hack.cards import Kit

RULE_WHITE_PILE = (
    "action cards drawn from the white component pile can be used at any time "
    "(rules, “Action cards drawn from the white component pile”)"
)


def moves(table: state.State, kit: Kit | None) -> tuple[Move, ...]:
    """The moves legal in `table` (see the module's text): the drawer's first, then any
    unbanned player's, then the table's."""
    if table.phase == "over":
        return ()
    unbanned = tuple(table.unbanned())
    out: list[Move] = []
    if table.phase == "play":
        out += _black_card(table, kit)
    else:
        out += _hack_off(table, kit)
    out += _white_cards(table, kit, unbanned)
    out.append(
        Move(
            "used-up",
            "The white cards are used up: end with no winner",
            (),
            (),
            state.RULE_USED_UP,
            hint="Only once no hack can ever be completed again: too few components and "
            "modifiers are left outside the winning hacks for any hack card, or everyone "
            "still in the game holds only New Account cards.",
        )
    )
    return tuple(out)


def _white_left(table: state.State, kit: Kit | None) -> int:
    """White cards the kit prints that no winning hack keeps (3, at most, without a kit)."""
    if kit is None:
        return state.HACK_CARDS[1]
    return kit.white_points() - sum(sum(p.hacks) for p in table.players)


def _cards_param(table: state.State, kit: Kit | None, label: str) -> Param | None:
    """The white cards in a winning hack: up to three, as many as the kit has left."""
    high = min(state.HACK_CARDS[1], _white_left(table, kit))
    if high < state.HACK_CARDS[0]:
        return None
    return number("cards", label, state.HACK_CARDS[0], high, min(2, high))


def _black_card(table: state.State, kit: Kit | None) -> list[Move]:
    drawer = table.players[table.current].name
    me = player("player", (drawer,))
    out = []
    winners = tuple(n for n in table.unbanned() if n != drawer)
    size = _cards_param(table, kit, "White cards in the winning hack")
    if winners and size is not None:
        params = (
            player("drawer", (drawer,), "Drawer"),
            player("winner", winners, "Winning hack"),
            size,
        )
        out.append(Move("hack", "Judge the hack", (drawer,), params, state.RULE_JUDGE))
    negative = _action_param(table, kit, "negative")
    if negative is not None:
        out.append(
            Move(
                "negative",
                "Negative action card drawn",
                (drawer,),
                (me, negative),
                state.RULE_TURNS,
            )
        )
    holds = table.players[table.current].accounts
    counter = (
        Param(
            "no_counter",
            "Let the ban stand",
            "flag",
            required=False,
            hint=f"{drawer} holds a New Account card, which counters the ban unless ticked.",
        ),
    )
    params = (me, *(counter if holds else ()))
    out.append(Move("banned", "Banned card drawn", (drawer,), params, state.RULE_BANNED))
    return out


def _hack_off(table: state.State, kit: Kit | None) -> list[Move]:
    finalists = tuple(table.unbanned())
    voters = tuple(p.name for p in table.players if p.banned)
    size = _cards_param(table, kit, "White cards in the winning hack")
    if size is None or not voters:
        return []
    votes = Param(
        "votes", "Votes", "each", each=tuple(player(v, finalists, f"{v} votes for") for v in voters)
    )
    return [Move("hack-off", "Vote in the hack-off", voters, (votes, size), state.RULE_VOTE)]


def _action_param(table: state.State, kit: Kit | None, kind: str) -> Param | None:
    """The action cards of `kind` the kit has not all set in front of players (of that
    card, and of that kind with its points); None when there is none."""
    label = f"{kind.capitalize()} action card"
    if kit is None:
        return Param("card", label, "text", hint="Its id or name, or its points.")
    kept = [(c, pts) for p in table.players for c, pts in zip(p.cards, p.actions)]
    choices = tuple(
        Choice(c.id, f"{c.name} ({signed(c.points) if c.points < 0 else f'+{c.points}'})")
        for c in kit.of(kind)
        if sum(card == c.id for card, _ in kept) < c.count
        and sum(pts == c.points for _, pts in kept) < kit.at_points(kind, c.points)
    )
    return Param("card", label, choices=choices) if choices else None


def _white_cards(table: state.State, kit: Kit | None, unbanned: tuple[str, ...]) -> list[Move]:
    out = []
    held = sum(p.accounts for p in table.players)
    limit = rules.accounts_in_play(len(table.players), kit.printed("new_account") if kit else None)
    if held < limit:
        drew = (player("player", unbanned, "Who drew it"),)
        out.append(
            Move("new-account", "New Account card drawn", unbanned, drew, state.RULE_ACCOUNTS)
        )
    positive = _action_param(table, kit, "positive")
    if positive is not None:
        params = (player("player", unbanned, "Who drew it"), positive)
        out.append(
            Move("positive", "Positive action card drawn", unbanned, params, RULE_WHITE_PILE)
        )
    robbed = [p for p in table.players if not p.banned and p.hacks]
    thieves = tuple(n for n in unbanned if any(p.name != n for p in robbed))
    if thieves:
        out.append(
            Move(
                "steal",
                "Play a Steal card",
                thieves,
                (player("player", thieves, "Who plays it"),),
                state.RULE_STEAL,
                more=("player", "victim"),
                then=lambda values: _steal_params(table, values),
            )
        )
    return out


def _steal_params(table: state.State, values: dict) -> tuple[Param, ...]:
    """Whose winning hack a Steal takes (another unbanned player's), then which."""
    thief = _seated(table, values.get("player"))
    if thief is None:
        return ()
    victims = tuple(p.name for p in table.players if not p.banned and p.hacks and p.name != thief)
    out: tuple[Param, ...] = (player("victim", victims, "From whom"),)
    victim = _seated(table, values.get("victim"))
    if victim in victims:
        hacks = table.players[table.seat(victim)].hacks
        largest = 1 + rules.largest_hack(hacks)
        choices = tuple(
            Choice(str(n), f"hack {n}: {plural(h, 'card')}") for n, h in enumerate(hacks, 1)
        )
        out += (
            Param(
                "index", "Which winning hack", choices=choices, required=False, default=str(largest)
            ),
        )
    return out


def _seated(table: state.State, typed) -> str | None:
    try:
        return resolve(str(typed), [p.name for p in table.players]) if typed else None
    except InputError:
        return None


# --- A typed move read --------------------------------------------------------------


def make(table: state.State, kit: Callable[[], Kit | None], name: str, values: dict) -> Made:
    """The event of move `name` typed with `values` (see the module's text), the cards
    read (`kit`) by the moves that count them; InputError for a card or player it cannot
    read, a hack out of range."""
    names = tuple(p.name for p in table.players)
    if name == "banned":
        who = resolve(text(values, "player", "PLAYER"), names)
        return Made({"type": "banned", "player": who, "counter": not values.get("no_counter")})
    if name == "steal":
        return Made(_steal(table, names, values))
    if name == "used-up":
        return Made({"type": "used_up"})
    if name not in ("hack", "negative", "positive", "new-account", "hack-off"):
        raise InputError(f"Not a Hack has no move {quoted(name)}")
    cards: Kit = loaded(kit, state.NAME)
    if name == "hack":
        event = {
            "type": "hack",
            "drawer": resolve(text(values, "drawer", "DRAWER"), names),
            "winner": resolve(text(values, "winner", "WINNER"), names),
            "cards": whole_number(values, "cards", *state.HACK_CARDS, "CARDS", default=2),
            "white": cards.white_points(),
        }
        return Made(event)
    if name == "new-account":
        who = resolve(text(values, "player", "PLAYER"), names)
        return Made({"type": "new_account", "player": who, "kit": cards.printed("new_account")})
    if name == "hack-off":
        event = {
            "type": "hack_off",
            "votes": _ballot(values, names),
            "cards": whole_number(values, "cards", *state.HACK_CARDS, "--cards", default=2),
            "white": cards.white_points(),
        }
        return Made(event)
    who = resolve(text(values, "player", "PLAYER"), names)
    return Made(
        {"type": name, "player": who, **_action_points(cards, text(values, "card", "CARD"), name)}
    )


def _action_points(kit: Kit, typed: str, kind: str) -> dict:
    """The event fields of an action card (Kit.action_card: points, name, card id and the
    kit's counts) from its id/name in the card data, or from its points, exactly as
    typed: a negative card's loss with its minus ("-2") or without it ("2" is the card
    that loses 2: rules, “they lose the amount of points specified on the card”), a
    positive card's gain ("2", "+2"). Points no card of that kind prints, or with the
    other kind's sign, are refused with the range."""
    if not is_whole(typed):
        return kit.action_card(typed, kind)
    low, high = kit.points_range(kind)  # unsigned, as the cards print them
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
    return {"points": points, "name": None, "deck_at_points": kit.at_points(kind, points)}


def _steal(table: state.State, names: tuple[str, ...], values: dict) -> dict:
    thief = resolve(text(values, "player", "PLAYER"), names)
    target = resolve(text(values, "victim", "VICTIM"), names)
    hacks = table.players[table.seat(target)].hacks
    index = (
        whole_number(values, "index", *state.HACKS_COUNTED, "--hack")
        if given(values, "index")
        else None
    )
    if index is None and hacks:
        index = 1 + rules.largest_hack(hacks)
    if index is not None and not 1 <= index <= len(hacks):
        raise InputError(
            f"{target} has {plural(len(hacks), 'winning hack')}; there is no hack {index}"
        )
    event: dict = {"type": "steal", "player": thief, "from": target}
    if index is not None:
        event["hack"] = index - 1
        event["cards"] = hacks[index - 1]
    return event


def _ballot(values: dict, names: tuple[str, ...]) -> dict[str, str]:
    """The hack-off's votes: {voter: finalist}, from VOTER=FINALIST texts (the command
    line's --vote) or an "each" dict {voter: finalist} (a page's); each name as typed at
    the table (names.resolve). UsageError for a vote without "="; InputError for a
    voter named twice."""
    typed = values.get("votes")
    pairs: list[tuple[str, str]] = []
    if isinstance(typed, dict):
        pairs = [(str(k), str(v)) for k, v in typed.items() if v not in (None, "")]
    else:
        for vote in texts(values, "votes"):
            voter, sep, choice = vote.partition("=")
            if not sep:
                raise UsageError(f"write each vote as VOTER=FINALIST, got {quoted(vote)}")
            pairs.append((voter, choice))
    ballot: dict[str, str] = {}
    for voter, choice in pairs:
        voter = resolve(voter, names)
        if voter in ballot:
            raise InputError(f"{voter} voted twice; each banned player votes once")
        ballot[voter] = resolve(choice, names)
    return ballot


def move_of(table: state.State, event: dict) -> Typed:
    """The move `event` was made by in `table` (the state before it), in the values
    `moves` offers."""
    kind = event["type"]
    who = str(event.get("player"))
    if kind == "hack":
        values = {"drawer": event["drawer"], "winner": event["winner"], "cards": event["cards"]}
        return Typed("hack", values, event["drawer"])
    if kind in ("negative", "positive"):
        card = event.get("card") or str(event["points"])
        return Typed(kind, {"player": who, "card": card}, who)
    if kind == "banned":
        held = table.players[table.seat(who)].accounts
        values = {"player": who, **({"no_counter": not event.get("counter", True)} if held else {})}
        return Typed("banned", values, who)
    if kind == "new_account":
        return Typed("new-account", {"player": who}, who)
    if kind == "steal":
        values = {"player": who, "victim": event["from"]}
        if "hack" in event:
            values["index"] = str(event["hack"] + 1)
        return Typed("steal", values, who)
    if kind == "hack_off":
        return Typed("hack-off", {"votes": dict(event.get("votes", {})), "cards": event["cards"]})
    return Typed("used-up", {})
