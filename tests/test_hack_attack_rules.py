"""Hack Attack: Defense rules as scenarios taken from the rules file and the rulebook,
asserted step by step (shared/rules/hack-attack-defense.txt)."""

from __future__ import annotations

import pytest

from scorekeeper.errors import InputError, RuleError
from scorekeeper.games.hack_attack import rules as ha
from scorekeeper.outcome import Termination

BK, DS, HN, PW, SE, SM, WILD = (
    "backups",
    "device-security",
    "home-network",
    "passwords",
    "social-engineering",
    "social-media",
    "reality-check",
)
RANSOMWARE = (BK, SE, DS)
PHISHING = (SE, SE, PW)


def play(names, *events):
    state = ha.initial(names)
    for e in events:
        state = ha.apply(state, e)
    return state


def protect(player, points, card=None, copies=None):
    return {"type": "protect", "player": player, "points": points, "card": card, "copies": copies}


END = {"type": "end_turn"}


# --- Attacks: "More players, more matches" ---------------------------------------------


@pytest.mark.parametrize("players, needed", [(2, 1), (3, 2), (4, 2), (5, 3), (6, 3)])
def test_icons_to_cover_by_player_count(players, needed):
    assert ha.defend(RANSOMWARE, [], players).needed == needed


@pytest.mark.parametrize(
    "players, revealed, holds",
    [
        (2, [BK, PW], True),  # 1 of 3 is enough at 2 players
        (3, [BK, PW, SM], False),  # only Backups covered: 1 of 2 needed
        (4, [BK, SE, PW, PW], True),  # 2 of 2
        (5, [BK, SE, PW, PW, SM], False),  # Device Security uncovered, all 3 needed
        (6, [BK, SE, DS, PW, PW, SM], True),
    ],
)
def test_ransomware_infection_by_player_count(players, revealed, holds):
    assert ha.defend(RANSOMWARE, revealed, players).holds is holds


def test_reality_check_covers_any_icon():
    result = ha.defend(RANSOMWARE, [WILD, WILD, WILD], 5)
    assert result.holds and len(result.covered) == 3


def test_a_repeated_icon_needs_its_own_card():
    assert len(ha.defend(PHISHING, [SE, SE, SE, PW, PW], 5).covered) == 3
    one_se = ha.defend(PHISHING, [SE, PW, BK, BK, BK], 5)
    assert len(one_se.covered) == 2 and not one_se.holds


def test_matching_is_exact_where_a_greedy_count_fails():
    # A greedy pass gives the Reality Check to the first icon (Backups) and then the
    # Backups card has nothing left to cover: 1 icon. The matching finds 2.
    result = ha.defend((BK, SE, DS), [WILD, BK], 3)
    assert result.holds
    assert {(result.icons[i], result.revealed[c]) for i, c in result.covered} == {
        (BK, BK),
        (SE, WILD),
    } or {(result.icons[i], result.revealed[c]) for i, c in result.covered} == {
        (BK, BK),
        (DS, WILD),
    }


def test_explanation_says_which_card_covered_which_icon():
    lines = ha.defend(RANSOMWARE, [DS, BK], 3).explain()
    assert lines == [
        "Attack icons: backups, social-engineering, device-security; revealed: "
        "device-security, backups.",
        "  backups covers icon 1 (backups)",
        "  device-security covers icon 3 (device-security)",
        "2 of 3 icons covered, 2 needed: the defense holds.",
    ]


def test_more_cards_than_players_is_refused():
    with pytest.raises(RuleError, match="Everyone picks one card"):
        ha.defend(RANSOMWARE, [BK, SE, DS], 2)


def test_attack_needs_three_known_icons():
    with pytest.raises(RuleError, match="three Defense icons"):
        ha.defend((BK, SE), [BK], 2)
    with pytest.raises(InputError, match="unknown Attack icon 'firewall'"):
        ha.defend((BK, SE, "firewall"), [BK], 2)


# --- Turns and Protect -------------------------------------------------------------------


def test_protect_once_per_turn_and_only_on_your_turn():
    state = play(["Ana", "Ben"], protect("Ana", 3))
    with pytest.raises(RuleError, match="one Tech card per turn"):
        ha.apply(state, protect("Ana", 2))
    with pytest.raises(RuleError, match="it is Ana's turn, not Ben's"):
        ha.apply(state, protect("Ben", 2))
    state = ha.apply(state, END)
    assert state.players[state.current].name == "Ben"
    assert ha.apply(state, protect("Ben", 2)).players[1].points == 2


def test_a_card_cannot_be_protected_more_often_than_the_deck_holds_it():
    state = play(
        ["Ana", "Ben"], protect("Ana", 3, "laptop", 2), END, protect("Ben", 3, "laptop", 2), END
    )
    with pytest.raises(RuleError, match="all 2 laptop cards are already Protected"):
        ha.apply(state, protect("Ana", 3, "laptop", 2))


@pytest.mark.parametrize("names", [["Solo"], [f"P{i}" for i in range(7)]])
def test_player_count_outside_2_to_6_is_refused(names):
    with pytest.raises(RuleError, match="2–6 players"):
        ha.initial(names)


# --- The endgame: "The game ends on the fourth Protected Tech card" ------------------------


def test_fourth_protected_tech_starts_the_final_round_in_seating_order():
    names = ["Ana", "Ben", "Cleo", "Dev"]
    state = ha.initial(names)
    # Three full rounds with Cleo Protecting each time, then her fourth in round four.
    for _ in range(3):
        for name in names:
            if name == "Cleo":
                state = ha.apply(state, protect("Cleo", 2))
            state = ha.apply(state, END)
    state = ha.apply(ha.apply(state, END), END)  # Ana's and Ben's turns of round four
    before = state
    state = ha.apply(state, protect("Cleo", 2))
    assert ha.notes(before, state) == [
        "Cleo has 4 Protected Tech: the final round starts — after this turn, Dev, Ana and "
        "Ben each take one last turn"
    ]
    assert ha.remaining_last_turns(state) == ["Dev", "Ana", "Ben"]
    for expected_turn, left in (
        ("Dev", ["Dev", "Ana", "Ben"]),
        ("Ana", ["Ana", "Ben"]),
        ("Ben", ["Ben"]),
    ):
        state = ha.apply(state, END)
        assert state.players[state.current].name == expected_turn
        assert ha.remaining_last_turns(state) == left
        assert ha.outcome(state) is None
    state = ha.apply(state, END)  # Ben's last turn ends: Cleo plays no more
    assert state.over and ha.outcome(state).winners == ("Cleo",)
    with pytest.raises(RuleError, match="the game is over"):
        ha.apply(state, END)


def test_third_protected_tech_ends_it_at_five_players():
    names = ["A", "B", "C", "D", "E"]
    state = ha.initial(names)
    for _ in range(2):
        state = ha.apply(state, protect("A", 1))
        for _ in names:
            state = ha.apply(state, END)
    state = ha.apply(state, protect("A", 1))
    assert ha.remaining_last_turns(state) == ["B", "C", "D", "E"]


def test_a_second_player_reaching_the_target_adds_no_turns():
    state = play(
        ["Ana", "Ben"],
        protect("Ana", 1),
        END,
        protect("Ben", 1),
        END,
        protect("Ana", 1),
        END,
        protect("Ben", 1),
        END,
        protect("Ana", 1),
        END,
        protect("Ben", 1),
        END,
        protect("Ana", 1),
    )  # Ana's 4th: Ben gets one last turn
    state = ha.apply(ha.apply(state, END), protect("Ben", 1))  # Ben's 4th, final round
    assert ha.remaining_last_turns(state) == ["Ben"]
    state = ha.apply(state, END)
    assert state.over
    assert ha.outcome(state).reason == "shared win"
    assert ha.outcome(state).termination is Termination.SCORED
    assert ha.standing(state).termination is None  # a standing decides nothing


def test_user_errors_can_be_kept_by_anyone_at_any_time_before_the_end():
    state = play(["Ana", "Ben"], {"type": "user_error", "player": "Ben", "count": 2})
    assert state.players[1].user_errors == 2 and state.players[1].total == -2


# --- Scoring -------------------------------------------------------------------------------


def test_rulebook_example_tie_broken_by_fewest_protected_tech():
    outcome = ha.score([("Ana", (5, 4, 3, 2), 1), ("Ben", (5, 5, 3), 0), ("Cleo", (4, 3, 2), 2)])
    assert outcome.winners == ("Ben",)
    assert outcome.reason == "tie-breaker: fewest Protected Tech"
    assert outcome.explanation[1:] == (
        "  Ana: 5 + 4 + 3 + 2 = 14, minus 1 User Error = 13",
        "  Ben: 5 + 5 + 3 = 13, minus 0 User Errors = 13",
        "  Cleo: 4 + 3 + 2 = 9, minus 2 User Errors = 7",
        "Tied on 13: Ana and Ben. Tie-breaker: fewest Protected Tech — Ana 4, Ben 3.",
        "Ben wins the tie-breaker with 3 Protected Tech.",
    )


def test_still_tied_is_a_shared_win():
    outcome = ha.score([("Ana", (5, 3), 0), ("Ben", (4, 4), 0), ("Cleo", (2,), 0)])
    assert outcome.winners == ("Ana", "Ben") and outcome.reason == "shared win"
    assert (
        outcome.explanation[-1]
        == "Still tied with 2 Protected Tech each: Ana and Ben share the win."
    )


def test_negative_totals_the_least_negative_wins():
    outcome = ha.score([("Ana", (), 3), ("Ben", (), 1), ("Cleo", (1,), 4)])
    assert outcome.winners == ("Ben",)
    assert "  Ana: no Protected Tech = 0, minus 3 User Errors = −3" in outcome.explanation


def test_highest_total_wins_outright():
    outcome = ha.score([("Ana", (5, 4), 0), ("Ben", (5, 3), 0)])
    assert outcome.winners == ("Ana",) and outcome.reason == "highest total"


def test_no_more_cards_of_a_kind_are_revealed_than_the_kit_prints(tmp_path):
    """Found by a review (issue 40): six Reality Checks revealed at a table of six, though
    the kit prints four. The legal move says how many of each it takes (`most`), and the
    rules refuse more, with the kit's count."""
    from click.testing import CliRunner

    from scorekeeper.cli import main
    from scorekeeper.games import load_game
    from scorekeeper.games.hack_attack import cards

    run = lambda *w: CliRunner().invoke(main, ["--db", str(tmp_path / "db"), *w])  # noqa: E731
    assert run("new", "hack-attack", "A", "B", "C", "D", "E", "F").exit_code == 0
    wilds = cards.deck().defense["reality-check"]
    refused = run("attack", "sim-swap", *["wild"] * (wilds + 1))
    assert (refused.exit_code, refused.output) == (
        1,
        f"Error: {wilds + 1} revealed, but the kit prints {wilds} Reality Check cards — rule: "
        "each player reveals a Defense card from their hand, so no more of a category (or of "
        "Reality Checks) are revealed than the kit prints (rules, “Everyone picks one card”)\n",
    )
    assert run("attack", "sim-swap", *["wild"] * wilds).exit_code == 0
    game = load_game("hack-attack")
    state = game.start(["A", "B", "C", "D", "E", "F"])
    revealed = next(
        p for m in game.legal(state) if m.name == "attack" for p in m.params if p.name == "revealed"
    )
    assert {c.value: c.most for c in revealed.choices}["reality-check"] == wilds
    assert not revealed.allows(["reality-check"] * (wilds + 1))
    assert revealed.allows(["reality-check"] * wilds)
