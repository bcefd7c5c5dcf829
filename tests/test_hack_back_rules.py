"""Hack Back rules as scenarios from the rules file (shared/rules/hack-back.txt),
asserted step by step, and a property: a symmetric table's outcome ignores seating."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.errors import InputError, RuleError
from scorekeeper.games.hack_back import rules as hb
from scorekeeper.outcome import Termination


def reveal(player, vc, name=None):
    return {"type": "reveal", "player": player, "vc": vc, "name": name, "card": None}


def fx(kind, amount=0):
    return {"kind": kind, "amount": amount}


def play(player, effects, targets):
    return {"type": "play", "player": player, "effects": effects, "targets": targets}


def activate(player, hero, effects=(), targets=(), place=()):
    return {
        "type": "activate",
        "player": player,
        "hero": hero,
        "effects": list(effects),
        "targets": list(targets),
        "place": list(place),
    }


def draw(player):
    return {"type": "draw", "player": player}


def run(state, *events):
    for e in events:
        state = hb.apply(state, e)
    return state


def table(*heroes, players=("Ana", "Ben"), current=0):
    """A table in play with Heroes given as (owner, vc)."""
    return hb.State(
        tuple(players),
        phase="play",
        current=current,
        heroes=tuple(
            hb.Hero(i + 1, owner, f"H{i + 1}", None, vc, vc) for i, (owner, vc) in enumerate(heroes)
        ),
    )


def vcs(state):
    return {h.uid: h.vc for h in state.in_play()}


# --- The opening ---------------------------------------------------------------------


def test_lowest_printed_vc_goes_first():
    state = run(
        hb.initial(["Ana", "Ben", "Cleo"]), reveal("Ana", 9), reveal("Ben", 6), reveal("Cleo", 12)
    )
    assert state.phase == "play" and state.players[state.current] == "Ben"


def test_only_tied_players_replace_and_removed_heroes_stay_out():
    state = run(
        hb.initial(["Ana", "Ben", "Cleo"]), reveal("Ana", 5), reveal("Ben", 5), reveal("Cleo", 9)
    )
    assert state.phase == "opening" and state.waiting == ("Ana", "Ben")
    assert [h.owner for h in state.in_play()] == ["Cleo"]
    with pytest.raises(RuleError, match="Cleo has no opening Hero to reveal now"):
        hb.apply(state, reveal("Cleo", 3))
    state = run(state, reveal("Ana", 9), reveal("Ben", 7))  # Ana now ties untied Cleo
    assert state.players[state.current] == "Ben"
    assert sorted(h.vc for h in state.in_play()) == [7, 9, 9]
    assert len(state.heroes) == 5 and sum(h.in_play for h in state.heroes) == 3


def test_a_repeated_tie_repeats_until_one_is_lowest():
    state = run(
        hb.initial(["Ana", "Ben"]),
        reveal("Ana", 5),
        reveal("Ben", 5),
        reveal("Ana", 6),
        reveal("Ben", 6),
    )
    assert state.phase == "opening" and state.waiting == ("Ana", "Ben")
    state = run(state, reveal("Ana", 8), reveal("Ben", 7))
    assert state.players[state.current] == "Ben"


def test_a_player_who_cannot_supply_a_hero_loses():
    state = run(
        hb.initial(["Ana", "Ben", "Cleo"]),
        reveal("Ana", 5),
        reveal("Ben", 5),
        reveal("Cleo", 9),
        reveal("Ana", 7),
        {"type": "no_hero", "player": "Ben"},
    )
    assert state.out == ("Ben",) and state.players[state.current] == "Ana"


def test_if_nobody_can_supply_a_hero_everyone_loses():
    state = run(
        hb.initial(["Ana", "Ben"]),
        reveal("Ana", 5),
        reveal("Ben", 5),
        {"type": "no_hero", "player": "Ana"},
        {"type": "no_hero", "player": "Ben"},
    )
    assert state.phase == "over" and hb.outcome(state).winners == ()
    assert hb.outcome(state).reason == "everyone loses"
    assert hb.outcome(state).termination is Termination.NO_PLAYERS


# --- Turns, actions and targets --------------------------------------------------------


def test_two_actions_then_the_next_player():
    state = run(table(("Ana", 10), ("Ben", 12)), draw("Ana"))
    assert state.actions == 1 and state.players[state.current] == "Ana"
    state = run(state, draw("Ana"))
    assert state.players[state.current] == "Ben" and state.turn == 2
    with pytest.raises(RuleError, match="it is Ben's turn, not Ana's"):
        hb.apply(state, draw("Ana"))


def test_activation_resolves_its_instructions_then_adds_2_vc():
    state = run(table(("Ana", 10), ("Ben", 12)), activate("Ana", 1, [fx("defend", 3)], [1]))
    assert vcs(state) == {1: 9, 2: 12}


def test_attack_may_target_any_hero_even_your_own():
    state = run(table(("Ana", 10), ("Ben", 12)), play("Ana", [fx("attack", 2)], [1]))
    assert vcs(state)[1] == 12


def test_defend_must_target_a_friendly_hero():
    with pytest.raises(RuleError, match="Defend must target a friendly Hero"):
        hb.apply(table(("Ana", 10), ("Ben", 12)), play("Ana", [fx("defend", 2)], [2]))


def test_defend_ally_on_activation_skips_the_activating_hero():
    state = table(("Ana", 10), ("Ana", 15), ("Ben", 12))
    with pytest.raises(RuleError, match="other than the activating Hero"):
        hb.apply(state, activate("Ana", 1, [fx("defend_ally", 3)], [1]))
    assert vcs(hb.apply(state, activate("Ana", 1, [fx("defend_ally", 3)], [2])))[2] == 12


def test_defend_ally_played_from_hand_may_target_any_friendly_hero():
    state = hb.apply(table(("Ana", 10), ("Ben", 12)), play("Ana", [fx("defend_ally", 3)], [1]))
    assert vcs(state)[1] == 7


def every(kind, amount):
    return {"kind": kind, "amount": amount, "every": True}


def test_an_attack_on_every_hero_reaches_every_hero_in_play_yours_included():
    state = table(
        ("Ana", 10), ("Ana", 15), ("Ben", 12), ("Cleo", 3), players=("Ana", "Ben", "Cleo")
    )
    assert vcs(hb.apply(state, play("Ana", [every("attack", -4)], [None]))) == {
        1: 6,
        2: 11,
        3: 8,
        4: -1,
    }
    assert vcs(hb.apply(state, play("Ana", [every("attack", 2)], [None]))) == {
        1: 12,
        2: 17,
        3: 14,
        4: 5,
    }


def test_a_defend_on_every_hero_reaches_only_friendly_heroes():
    state = table(("Ana", 10), ("Ana", 15), ("Ben", 12))
    assert vcs(hb.apply(state, play("Ana", [every("defend", 2)], [None]))) == {1: 8, 2: 13, 3: 12}
    # on an activation, Defend Ally on every Hero skips the activating one; then +2
    assert vcs(hb.apply(state, activate("Ana", 1, [every("defend_ally", 3)], [None]))) == {
        1: 12,
        2: 12,
        3: 12,
    }


def test_an_instruction_on_every_hero_takes_no_chosen_target():
    with pytest.raises(RuleError, match="reaches every Hero it may target; name no target"):
        hb.apply(table(("Ana", 10), ("Ben", 12)), play("Ana", [every("attack", -4)], [2]))


def test_a_lowering_attack_brings_opposing_heroes_to_a_tie_at_minus_3():
    """Rules, "Opposing Heroes both at −3: The game is a tie" — reached by play."""
    state = run(
        table(("Ana", 1), ("Ben", 1)), draw("Ana"), play("Ana", [every("attack", -4)], [None])
    )
    assert state.result.winners == ("Ana", "Ben") and state.result.tie


def test_an_instruction_without_a_legal_target_has_no_effect():
    state = table(("Ana", 10), ("Ben", 12))
    after = hb.apply(state, activate("Ana", 1, [fx("defend_ally", 3), fx("attack", 1)], [None, 2]))
    assert vcs(after) == {1: 12, 2: 13}
    with pytest.raises(RuleError, match="Attack 1 has a legal target"):
        hb.apply(state, play("Ana", [fx("attack", 1)], [None]))


def test_victory_point_places_an_additional_hero_who_can_act_at_once():
    state = run(
        table(("Ana", 10), ("Ben", 12)),
        activate(
            "Ana", 1, [fx("victory_point")], [None], [{"card": None, "name": "Spare", "vc": 6}]
        ),
    )
    assert vcs(state) == {1: 12, 2: 12, 3: 6}
    state = hb.apply(state, activate("Ana", 3, [fx("defend", 1)], [3]))
    assert vcs(state) == {1: 12, 2: 12, 3: 7}
    declined = hb.apply(
        table(("Ana", 10), ("Ben", 12)), activate("Ana", 1, [fx("victory_point")], [None], [])
    )
    assert len(declined.in_play()) == 2


def test_a_played_card_cannot_grant_a_victory_point():
    with pytest.raises(RuleError, match="Victory Point"):
        hb.apply(table(("Ana", 10), ("Ben", 12)), play("Ana", [fx("victory_point")], [None]))


def test_you_activate_only_your_own_heroes():
    with pytest.raises(RuleError, match="Hero #2 \\(H2\\) is Ben's"):
        hb.apply(table(("Ana", 10), ("Ben", 12)), activate("Ana", 2))


# --- End of turn: the rules' four examples and their order -----------------------------


def end(state):
    return hb.end_of_turn(state)


def test_example_heroes_at_40_and_0():
    state = end(table(("Ana", 0), ("Ben", 40)))
    assert hb.outcome(state).winners == ("Ana",)
    assert hb.outcome(state).termination is Termination.WIN_CONDITION
    assert state.checks[1] == "1. Heroes at 40 VC or more are discarded: #2 H2 (Ben, 40 VC)."


def test_example_heroes_at_40_and_10_play_goes_on():
    state = end(table(("Ana", 40), ("Ana", 10), ("Ben", 15)))
    assert state.phase == "play" and vcs(state) == {2: 10, 3: 15}
    assert state.players[state.current] == "Ben"


def test_example_opposing_heroes_at_minus_3_and_minus_1():
    state = end(table(("Ana", -1), ("Ben", -3)))
    assert hb.outcome(state).winners == ("Ben",)


def test_example_opposing_heroes_both_at_minus_3_tie():
    state = end(
        table(
            ("Ana", -3),
            ("Ben", -3),
            ("Cleo", -3),
            ("Dev", 5),
            players=("Ana", "Ben", "Cleo", "Dev"),
        )
    )
    result = hb.outcome(state)
    assert result.winners == ("Ana", "Ben", "Cleo") and result.reason == "tie on the lowest Hero"
    assert result.termination is Termination.WIN_CONDITION


def test_your_own_two_heroes_sharing_the_lowest_is_no_tie():
    assert hb.outcome(end(table(("Ana", -2), ("Ana", -2), ("Ben", 0)))).winners == ("Ana",)


def test_crossing_a_threshold_after_the_first_action_decides_nothing():
    state = run(
        table(("Ana", 2), ("Ben", 12)), play("Ana", [fx("defend", 3)], [1])
    )  # Ana's Hero at -1 ...
    assert state.phase == "play"
    state = hb.apply(state, play("Ana", [fx("attack", 2)], [1]))  # ... and back to 1
    assert state.phase == "play" and vcs(state)[1] == 1


def test_eliminated_players_are_skipped_in_turn_order():
    state = table(("Ana", 5), ("Ben", 38), ("Cleo", 7), players=("Ana", "Ben", "Cleo"))
    state = run(state, play("Ana", [fx("attack", 2)], [2]), draw("Ana"))
    assert state.out == ("Ben",) and state.players[state.current] == "Cleo"
    assert state.checks[2] == "2. Players with no Hero left are eliminated: Ben."


def test_the_last_player_left_wins():
    state = end(table(("Ana", 5), ("Ben", 41)))
    assert hb.outcome(state).winners == ("Ana",)
    assert hb.outcome(state).reason == "last player standing"
    assert hb.outcome(state).termination is Termination.LAST_PLAYER


def test_simultaneous_elimination_of_everyone_means_everyone_loses():
    state = end(table(("Ana", 40), ("Ben", 44), ("Cleo", 41), players=("Ana", "Ben", "Cleo")))
    assert state.out == ("Ana", "Ben", "Cleo")
    assert (
        hb.outcome(state).winners == ()
        and hb.outcome(state).explanation[-1] == "4. No player is left: everyone loses."
    )
    assert hb.outcome(state).termination is Termination.NO_PLAYERS


def test_nothing_after_the_game_is_over():
    with pytest.raises(RuleError, match="the game is over"):
        hb.apply(end(table(("Ana", 0), ("Ben", 9))), draw("Ben"))


def test_unknown_hero_number():
    with pytest.raises(InputError, match="no Hero #9 in play"):
        hb.apply(table(("Ana", 5), ("Ben", 9)), activate("Ana", 9))


@given(st.lists(st.integers(-6, 45), min_size=2, max_size=5), st.permutations(range(5)))
def test_a_symmetric_tables_outcome_does_not_depend_on_seating(values, order):
    """Each player has one Hero; reseating the players must give the same winners."""
    names = [f"P{i}" for i in range(len(values))]
    heroes = list(zip(names, values))
    seating = [names[i] for i in order if i < len(names)]
    first = end(table(*heroes, players=tuple(names)))
    second = end(table(*heroes, players=tuple(seating)))
    one, two = hb.outcome(first), hb.outcome(second)
    assert (one is None) == (two is None)
    if one:
        assert set(one.winners) == set(two.winners) and one.reason == two.reason
    else:
        assert set(first.out) == set(second.out)
