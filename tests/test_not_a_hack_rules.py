"""Not a Hack rules as scenarios (shared/rules/not-a-hack.txt), step by step."""

from __future__ import annotations

import pytest

from scorekeeper.errors import RuleError
from scorekeeper.games.not_a_hack import rules as nah
from scorekeeper.outcome import Termination


def run(state, *events):
    for e in events:
        state = nah.apply(state, e)
    return state


def hack(drawer, winner, cards=2):
    return {"type": "hack", "drawer": drawer, "winner": winner, "cards": cards}


def banned(p):
    return {"type": "banned", "player": p}


def totals(state):
    return {p.name: p.total for p in state.players}


def test_player_count_must_be_3_to_5():
    for names in (["A", "B"], ["A", "B", "C", "D", "E", "F"]):
        with pytest.raises(RuleError, match="3 to 5 players"):
            nah.initial(names)


def test_a_won_hack_scores_one_point_per_white_card_and_the_draw_passes():
    state = run(nah.initial(["Ana", "Ben", "Cleo"]), hack("Ana", "Ben", 2), hack("Ben", "Cleo", 3))
    assert totals(state) == {"Ana": 0, "Ben": 2, "Cleo": 3}
    assert state.players[state.current].name == "Cleo"
    with pytest.raises(RuleError, match="it is Cleo's turn to draw, not Ana's"):
        nah.apply(state, hack("Ana", "Ben"))
    with pytest.raises(RuleError, match="Cleo drew the hack and judges it"):
        nah.apply(state, hack("Cleo", "Cleo"))


def test_action_cards_change_points_and_totals_can_go_negative():
    state = run(
        nah.initial(["Ana", "Ben", "Cleo"]),
        {"type": "negative", "player": "Ana", "points": -3},
        {"type": "positive", "player": "Cleo", "points": 2},
    )
    assert totals(state) == {"Ana": -3, "Ben": 0, "Cleo": 2}
    assert state.players[state.current].name == "Ben"  # a black action card used Ana's draw


def test_steal_moves_a_winning_hack_with_its_points():
    state = run(
        nah.initial(["Ana", "Ben", "Cleo"]),
        hack("Ana", "Ben", 3),
        {"type": "steal", "player": "Cleo", "from": "Ben"},
    )
    assert totals(state) == {"Ana": 0, "Ben": 0, "Cleo": 3}


def test_a_new_account_card_counters_a_ban():
    state = run(nah.initial(["Ana", "Ben", "Cleo", "Dev"]), banned("Ana"))
    assert not state.players[0].banned and state.players[0].accounts == 0
    state = run(state, hack("Ben", "Ana"), hack("Cleo", "Ana"), hack("Dev", "Ana"), banned("Ana"))
    assert state.players[0].banned and state.players[0].total == 6


def test_stealing_from_a_banned_player_is_refused():
    state = run(
        nah.initial(["Ana", "Ben", "Cleo", "Dev"]),
        hack("Ana", "Ben"),
        {"type": "new_account", "player": "Ben"},
    )
    state = run(state, banned("Ben"), hack("Cleo", "Dev"), hack("Dev", "Ana"), hack("Ana", "Cleo"))
    # Ben had two accounts: one used, one left; ban him again
    state = run(state, banned("Ben"))
    assert not state.players[1].banned
    state = run(state, hack("Cleo", "Ana"), hack("Dev", "Ana"), hack("Ana", "Cleo"), banned("Ben"))
    assert state.players[1].banned
    with pytest.raises(RuleError, match="Ben is banned: their hacks cannot be stolen"):
        nah.apply(state, {"type": "steal", "player": "Ana", "from": "Ben"})


def test_banned_players_may_do_nothing_but_vote():
    state = run(
        nah.initial(["Ana", "Ben", "Cleo", "Dev"]), {"type": "new_account", "player": "Ana"}
    )
    state = state._replace(
        players=(state.players[0]._replace(accounts=0, banned=True),) + state.players[1:], current=1
    )
    for event in (
        {"type": "positive", "player": "Ana", "points": 2},
        {"type": "new_account", "player": "Ana"},
        {"type": "steal", "player": "Ana", "from": "Ben"},
        hack("Ben", "Ana"),
    ):
        with pytest.raises(RuleError, match="Ana is banned"):
            nah.apply(state, event)


def test_a_ban_in_a_three_player_game_starts_the_hack_off_at_once():
    start = run(nah.initial(["Ana", "Ben", "Cleo"]), hack("Ana", "Ben", 2))
    start = start._replace(players=tuple(p._replace(accounts=0) for p in start.players))
    state = nah.apply(start, banned("Ben"))
    assert state.phase == "hack-off" and state.unbanned() == ["Ana", "Cleo"]
    assert (
        "two unbanned players remain: Ana and Cleo play the final hack-off; banned players "
        "vote" in nah.notes(start, state)
    )
    with pytest.raises(RuleError, match="only a hack card counts"):
        nah.apply(state, {"type": "negative", "player": "Cleo", "points": -1})
    with pytest.raises(RuleError, match="every banned player votes once: Ben"):
        nah.apply(state, {"type": "hack_off", "votes": {}, "cards": 2})
    # Ana wins the vote: Ana 2, Ben 2 (banned), Cleo 0 -> a tie at the top: repeat
    state = nah.apply(state, {"type": "hack_off", "votes": {"Ben": "Ana"}, "cards": 2})
    assert state.phase == "hack-off"
    state = nah.apply(state, {"type": "hack_off", "votes": {"Ben": "Ana"}, "cards": 2})
    assert state.phase == "over" and nah.outcome(state).winners == ("Ana",)
    assert nah.outcome(state).explanation[-1] == "Highest total: Ana with 4."
    assert nah.outcome(state).termination is Termination.SCORED


def test_a_banned_player_can_end_with_the_highest_total():
    state = run(
        nah.initial(["Ana", "Ben", "Cleo"]),
        hack("Ana", "Ben", 3),
        hack("Ben", "Cleo", 1),
        hack("Cleo", "Ben", 3),
    )
    state = state._replace(players=tuple(p._replace(accounts=0) for p in state.players))
    state = run(state, banned("Ana"))  # Ana's turn again: she is banned, Ben has 6
    state = run(state, {"type": "hack_off", "votes": {"Ana": "Cleo"}, "cards": 2})
    assert nah.outcome(state).winners == ("Ben",)  # 6 beats Cleo's 3 after the hack-off


def test_a_split_vote_draws_a_new_hack_card():
    state = nah.initial(["A", "B", "C", "D"])
    state = state._replace(
        players=tuple(p._replace(banned=p.name in "AB", accounts=0) for p in state.players),
        phase="hack-off",
    )
    split = nah.apply(state, {"type": "hack_off", "votes": {"A": "C", "B": "D"}, "cards": 2})
    assert split.phase == "hack-off" and totals(split) == totals(state)
    assert split.splits == 1 and nah.status(split)["splits"] == 1
    assert nah.notes(state, split) == [
        "the vote is split (split vote 1 of this game): no hack wins, and the rules give no "
        "way out of a split vote; the rulebook's house rule: draw a new hack card, both "
        "finalists play again, and the banned players vote again until one hack has more "
        "votes (rulebook, Clarifications: “What if the banned players' vote is split evenly?”)"
    ]
    won = nah.apply(split, {"type": "hack_off", "votes": {"A": "C", "B": "C"}, "cards": 2})
    assert won.phase == "over" and nah.outcome(won).winners == ("C",)
    with pytest.raises(RuleError, match="votes go to a finalist: C or D"):
        nah.apply(state, {"type": "hack_off", "votes": {"A": "B", "B": "C"}, "cards": 2})


def test_a_ban_may_stand_even_with_a_new_account_card():
    state = nah.apply(
        nah.initial(["Ana", "Ben", "Cleo", "Dev"]),
        {"type": "banned", "player": "Ana", "counter": False},
    )
    assert state.players[0].banned and state.players[0].accounts == 0  # hand discarded


def test_nothing_after_the_end():
    state = run(nah.initial(["Ana", "Ben", "Cleo"]))
    state = state._replace(players=tuple(p._replace(accounts=0) for p in state.players))
    state = run(state, banned("Ana"), {"type": "hack_off", "votes": {"Ana": "Ben"}, "cards": 2})
    with pytest.raises(RuleError, match="the game is over"):
        nah.apply(state, {"type": "positive", "player": "Ben", "points": 1})
