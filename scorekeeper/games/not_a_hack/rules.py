"""Not a Hack: turns, action cards, Steal, Banned and New Account, the final hack-off.
Pure functions over immutable state; no I/O. Source: shared/rules/not-a-hack.txt.
The table, its numbers and the events' shapes are in state.py, the lines for the table
(`describe`, `notes`) in words.py; both are part of these rules and are named here.

Events (JSON-ready dicts):
  {"type": "hack", "drawer": P, "winner": Q, "cards": N}   a turn: Q's hack of N white cards won
  {"type": "negative", "player": P, "points": -N, "name": TEXT|None}   drawn from the black pile
  {"type": "banned", "player": P, "counter": BOOL}         drawn from the black pile; a held
                                                           New Account card counters it
                                                           unless counter is false
  {"type": "new_account", "player": P}                     a New Account card drawn (white pile)
  {"type": "positive", "player": P, "points": N, "name": TEXT|None}
  {"type": "steal", "player": P, "from": Q, "hack": I}     Q's I-th winning hack moves to P
  {"type": "hack_off", "votes": {BANNED_PLAYER: FINALIST}, "cards": N}
What the kit prints, copied from the card data when recorded (each optional), holds
every count to the cards: "kit" on new_account (New Account cards printed), "card",
"copies" and "deck_at_points" on negative and positive (the card's id, its copies, and
the cards of that kind printing those points), "white" on hack and hack_off (white
component and modifier cards printed).
"""

from __future__ import annotations

from typing import Any, Sequence

from pnp.core.shown import plural, singular
from scorekeeper.errors import InputError, RuleError, described, quoted
from scorekeeper.games.not_a_hack.state import (  # noqa: F401  (EVENTS, STATE_TYPES: for Rules.of)
    EVENTS,
    GAME,
    HACK_CARDS,
    NEGATIVE_POINTS,
    PLAYERS,
    POSITIVE_POINTS,
    RULE_ACCOUNTS,
    RULE_ACTION_CARDS,
    RULE_BANNED,
    RULE_HACK_OFF,
    RULE_IGNORE,
    RULE_JUDGE,
    RULE_OVER,
    RULE_PLAYERS,
    RULE_SPLIT,
    RULE_STEAL,
    RULE_TURNS,
    RULE_USED_UP,
    RULE_VOTE,
    RULE_WHITE,
    STATE_TYPES,
    Player,
    State,
)
from scorekeeper.games.not_a_hack.words import describe, notes  # noqa: F401  (these rules')
from scorekeeper.outcome import Outcome, Termination
from scorekeeper.view import number


def initial(names: Sequence[str]) -> State:
    """A new table, each player holding one New Account card (rules, “Complete Rules”: “Each player is given one white new account card”)."""
    if not PLAYERS[0] <= len(names) <= PLAYERS[1]:
        raise RuleError(RULE_PLAYERS, f"{plural(len(names), 'player')} cannot play")
    return State(tuple(Player(n) for n in names))


def apply(state: State, event: dict) -> State:
    """The state after `event`; RuleError (rule named) or InputError, never mutates."""
    if state.phase == "over":
        raise RuleError(RULE_OVER, "the game is over")
    handlers = {
        "hack": _hack,
        "negative": _negative,
        "banned": _banned,
        "new_account": _new_account,
        "positive": _positive,
        "steal": _steal,
        "hack_off": _hack_off,
        "used_up": _used_up,
    }
    kind: Any = event.get("type")  # whatever the event holds
    handler = handlers.get(kind)
    if handler is None:
        raise InputError(f"unknown event type {quoted(event.get('type'))}")
    return handler(state, event)


def _set(state: State, player: Player) -> State:
    i = state.seat(player.name)
    return state._replace(players=state.players[:i] + (player,) + state.players[i + 1 :])


def _active(state: State, name: str) -> Player:
    player = state.players[state.seat(name)]
    if player.banned:
        raise RuleError(RULE_BANNED, f"{name} is banned")
    return player


def _black_card(state: State, name: str) -> None:
    """Checks for a card drawn from the black pile: in play, by the player whose turn it is."""
    if state.phase == "hack-off":
        raise RuleError(RULE_IGNORE, "during the hack-off only a hack card counts")
    _active(state, name)
    whose = state.players[state.current].name
    if name != whose:
        raise RuleError(RULE_TURNS, f"it is {whose}'s turn to draw, not {name}'s")


def _next_turn(state: State) -> State:
    """Pass the draw to the next unbanned player; start the hack-off at two."""
    if len(state.unbanned()) <= 2:
        return state._replace(phase="hack-off", round=state.round + 1)
    n = len(state.players)
    nxt = next(
        i % n
        for i in range(state.current + 1, state.current + n + 1)
        if not state.players[i % n].banned
    )
    return state._replace(current=nxt, round=state.round + 1)


def _cards(event: dict) -> int:
    cards = event.get("cards")
    low, high = HACK_CARDS
    if not isinstance(cards, int) or not low <= cards <= high:
        raise InputError(f"a winning hack holds {low}..{high} white cards, got {described(cards)}")
    return cards


def _white(state: State, event: dict) -> int:
    """The white cards of a winning hack (`_cards`), if the kit has that many left to keep."""
    cards, white = _cards(event), event.get("white")
    kept = sum(sum(p.hacks) for p in state.players)
    if white is not None and kept + cards > white:
        raise RuleError(
            RULE_WHITE,
            f"the kit prints {plural(white, 'white card')} and "
            f"{kept} {'is' if singular(kept) else 'are'} already kept in winning "
            f"hacks: no {cards}-card hack is left",
        )
    return cards


def _hack(state: State, event: dict) -> State:
    if state.phase == "hack-off":
        raise RuleError(
            RULE_HACK_OFF,
            "the hack-off's winning hack is chosen by the banned "
            "players' votes: record it with hack-off",
        )
    _black_card(state, event["drawer"])
    winner = _active(state, event["winner"])
    if event["winner"] == event["drawer"]:
        raise RuleError(RULE_JUDGE, f"{event['drawer']} drew the hack and judges it")
    state = _set(state, winner._replace(hacks=winner.hacks + (_white(state, event),)))
    return _next_turn(state)


def _negative(state: State, event: dict) -> State:
    _black_card(state, event["player"])
    points = event["points"]
    low, high = NEGATIVE_POINTS
    if not isinstance(points, int) or not low <= points <= high:
        raise InputError(
            f"a negative action card loses {-high}..{-low} points, got {described(points)}"
        )
    return _next_turn(_keep_action(state, event))


def _keep_action(state: State, event: dict) -> State:
    """The action card of `event` set in front of its player, if the kit prints one more
    of it: of that card (`copies`) and of that kind with those points (`deck_at_points`)."""
    player, points, card = (
        state.players[state.seat(event["player"])],
        event["points"],
        event.get("card"),
    )
    kind = "negative" if points < 0 else "positive"
    copies, at_points = event.get("copies"), event.get("deck_at_points")
    if card is not None and copies is not None:
        kept = sum(p.cards.count(card) for p in state.players)
        if kept >= copies:
            what = event.get("name") or card
            raise RuleError(
                RULE_ACTION_CARDS,
                f"the only {what} card is already kept"
                if singular(copies)
                else f"all {copies} {what} cards are already kept",
            )
    if at_points is not None:
        kept = sum(p.actions.count(points) for p in state.players)
        if kept >= at_points:
            raise RuleError(
                RULE_ACTION_CARDS,
                f"the kit prints "
                f"{plural(at_points, kind + ' action card')} worth {number(points)}, "
                f"and {kept} {'is' if singular(kept) else 'are'} already kept",
            )
    return _set(
        state, player._replace(actions=player.actions + (points,), cards=player.cards + (card,))
    )


def accounts_in_play(players: int, kit: int | None = None) -> int:
    """New Account cards in play at `players` players: one each and one fewer than the
    players shuffled into the white pile (rules, “Complete Rules”), at most the `kit`'s."""
    dealt = 2 * players - 1
    return dealt if kit is None else min(dealt, kit)


def _banned(state: State, event: dict) -> State:
    _black_card(state, event["player"])
    player = state.players[state.seat(event["player"])]
    if player.accounts and event.get("counter", True):
        player = player._replace(accounts=player.accounts - 1, countered=player.countered + 1)
    else:  # banned: points final, hand (New Account cards included) discarded
        player = player._replace(banned=True, accounts=0)
    return _next_turn(_set(state, player))


def _new_account(state: State, event: dict) -> State:
    player = _active(state, event["player"])
    limit = accounts_in_play(len(state.players), event.get("kit"))
    held = sum(p.accounts for p in state.players)
    if held >= limit:
        raise RuleError(
            RULE_ACCOUNTS,
            f"at {plural(len(state.players), 'player')} the kit puts "
            f"{plural(limit, 'New Account card')} into play and "
            f"{'it is' if singular(held) else f'all {held} are'} held",
        )
    return _set(state, player._replace(accounts=player.accounts + 1))


def _positive(state: State, event: dict) -> State:
    _active(state, event["player"])
    points = event["points"]
    low, high = POSITIVE_POINTS
    if not isinstance(points, int) or not low <= points <= high:
        raise InputError(
            f"a positive action card gains {low}..{high} points, got {described(points)}"
        )
    return _keep_action(state, event)


def largest_hack(hacks: tuple[int, ...]) -> int:
    """Which winning hack a Steal takes when none is named: the largest (the first of
    equals), by its place in `hacks` (from 0)."""
    return hacks.index(max(hacks))


def _steal(state: State, event: dict) -> State:
    thief = _active(state, event["player"])
    victim = state.players[state.seat(event["from"])]
    if victim.banned:
        raise RuleError(RULE_STEAL, f"{victim.name} is banned: their hacks cannot be stolen")
    if victim.name == thief.name:
        raise RuleError(RULE_STEAL, "you cannot steal from yourself")
    if not victim.hacks:
        raise RuleError(RULE_STEAL, f"{victim.name} has no winning hack to steal")
    index = event.get("hack", largest_hack(victim.hacks))
    if not isinstance(index, int) or not 0 <= index < len(victim.hacks):
        raise InputError(
            f"{victim.name} has {plural(len(victim.hacks), 'winning hack')}; "
            f"there is no hack {index + 1}"
        )
    hack = victim.hacks[index]
    recorded = event.get("cards")
    if recorded is not None and recorded != hack:  # the size `steal` recorded with it
        raise InputError(
            f"the Steal records a {recorded}-card hack, but {victim.name}'s hack "
            f"{index + 1} holds {plural(hack, 'white card')}"
        )
    state = _set(state, victim._replace(hacks=victim.hacks[:index] + victim.hacks[index + 1 :]))
    return _set(state, thief._replace(hacks=thief.hacks + (hack,)))


def _hack_off(state: State, event: dict) -> State:
    if state.phase != "hack-off":
        raise RuleError(
            RULE_HACK_OFF,
            f"the hack-off starts when two unbanned players remain; {len(state.unbanned())} do",
        )
    finalists = state.unbanned()
    voters = [p.name for p in state.players if p.banned]
    votes = event.get("votes", {})
    if set(votes) != set(voters):
        raise RuleError(RULE_VOTE, f"every banned player votes once: {', '.join(voters)}")
    if any(choice not in finalists for choice in votes.values()):
        raise RuleError(RULE_VOTE, f"votes go to a finalist: {' or '.join(finalists)}")
    tally = {f: sum(1 for v in votes.values() if v == f) for f in finalists}
    top = max(tally.values())
    leaders = [f for f, n in tally.items() if n == top]
    state = state._replace(hack_offs=state.hack_offs + 1)
    if len(leaders) > 1:  # a split vote decides no hack: draw another hack card
        return state._replace(splits=state.splits + 1)
    winner = state.players[state.seat(leaders[0])]
    state = _set(state, winner._replace(hacks=winner.hacks + (_white(state, event),)))
    return _settle(state, tally)


def _settle(state: State, tally: dict[str, int]) -> State:
    totals = {p.name: p.total for p in state.players}
    best = max(totals.values())
    top = [n for n, t in totals.items() if t == best]
    if len(top) > 1:
        return state  # a tie in the totals: repeat the hack-off (rules, "In case of a tie")
    lines = (
        f"Hack-off {state.hack_offs}: votes "
        + ", ".join(f"{f} {n}" for f, n in tally.items())
        + ".",
        "Final totals (banned players included): "
        + ", ".join(f"{n} {number(t)}" for n, t in sorted(totals.items(), key=lambda x: -x[1]))
        + ".",
        f"Highest total: {top[0]} with {number(best)}.",
    )
    return state._replace(
        phase="over", result=Outcome(Termination.SCORED, (top[0],), "highest total", lines)
    )


def _used_up(state: State, event: dict) -> State:
    """The white cards are used up for good: the game ends with no winner (the
    rulebook's house clarification, RULE_USED_UP)."""
    totals = sorted(((p.total, p.name) for p in state.players), key=lambda t: -t[0])
    lines = (
        "The white cards are used up: no hack can ever be completed again, so no "
        "hack-off can be won.",
        "The game ends with no winner (rulebook, Clarifications: “What if the white "
        "cards run out for good?”).",
        "Totals when it ended (banned players included): "
        + ", ".join(f"{name} {number(total)}" for total, name in totals)
        + ".",
    )
    return state._replace(
        phase="over",
        result=Outcome(Termination.NO_WINNER, (), "the white cards are used up", lines),
    )


def outcome(state: State) -> Outcome | None:
    """The result once the hack-off has settled the game (termination SCORED: the
    highest total wins, rules "Winning"), or once the white cards are used up for good
    (NO_WINNER: the rulebook's house clarification, RULE_USED_UP), else None."""
    return state.result


def standing(state: State) -> Outcome:
    """Who leads on points now (banned players included; termination None until the
    hack-off settles the game)."""
    if state.result:
        return state.result
    totals = {p.name: p.total for p in state.players}
    best = max(totals.values())
    return Outcome(
        None, tuple(n for n, t in totals.items() if t == best), f"highest total, {number(best)}"
    )


# --- Words for the table (describe and notes: words.py) ----------------------------------


def status(state: State) -> dict:
    """A JSON-ready summary: the common keys (scorekeeper.game.STATUS_KEYS; `turn` is the
    turn number (each draw from the black pile is a turn, as the rules count them) and
    `current` the player who draws the black card, also given as `round` (kept for
    scripts) and `drawer`; `phase` is "play", "hack-off" or "over"), the finalists, and
    each player's points and state."""
    lead = standing(state)
    drawer = state.players[state.current].name if state.phase == "play" else None
    return {
        "game": GAME,
        "phase": state.phase,
        "over": state.phase == "over",
        "turn": state.round,
        "current": drawer,
        "round": state.round,
        "drawer": drawer,
        "finalists": state.unbanned() if state.phase != "play" else [],
        "splits": state.splits,
        "leaders": list(lead.winners),
        "lead_reason": lead.reason,
        "players": [
            {
                "name": p.name,
                "hacks": list(p.hacks),
                "actions": list(p.actions),
                "total": p.total,
                "new_accounts": p.accounts,
                "banned": p.banned,
            }
            for p in state.players
        ],
        "result": state.result.to_json() if state.result else None,
    }
