"""`scorekeeper check GAME ENTRY...` for every game, end to end with CliRunner: the whole
output and the exit code of a win, a tie, a tie-breaker and an impossible table, the
scenarios taken from the official rules (shared/rules/). No database is created."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from scorekeeper.cli import main

M = "\u2212"  # the minus every output prints


@pytest.fixture
def check(tmp_path):
    db = tmp_path / "score.sqlite3"

    def run(game, *entries):
        result = CliRunner().invoke(main, ["--db", str(db), "check", game, *entries])
        assert not db.exists()
        return result.exit_code, result.output

    return run


def refused(message: str, rule: str = "") -> tuple[int, str]:
    return 1, f"Error: {message}" + (f" — rule: {rule}" if rule else "") + "\n"


#: How a usage error of `check` starts: click's usage line and its hint.
USAGE = "Usage: main check [OPTIONS] GAME ENTRIES...\nTry 'main check --help' for help.\n\n"


def malformed(message: str) -> tuple[int, str]:
    """An entry that does not follow the notation: a usage error (exit 2)."""
    return 2, f"{USAGE}Error: {message}\n"


# --- Hack Back: the end-of-turn checks (rules, “After both actions fully resolve”) ----

HB_CHECKS = "The end-of-turn checks, in the rules' order:\n"
HB_NOTHING_DISCARDED = (
    "1. Heroes at 40 VC or more are discarded: none.\n"
    "2. Players with no Hero left are eliminated: none.\n"
)
HB_CHECK_3_ENDS = "4. Not reached: check 3 ended the game.\n"


def test_hack_back_opposing_heroes_at_minus_3_and_minus_1_the_minus_3_wins(check):
    # rules: “Opposing Heroes at −3 and −1: The controller of the −3-VC Hero wins.”
    assert check("hack-back", "Ana=-3", "Ben=\u22121") == (
        0,
        (
            "Winner: Ana (lowest Hero at 0 VC or lower)\n"
            f"Heroes in play after both actions: Ana #1 at {M}3; Ben #2 at {M}1.\n"
            + HB_CHECKS
            + HB_NOTHING_DISCARDED
            + f"3. Heroes at 0 VC or lower: #1 Hero (Ana) at {M}3, #2 Hero (Ben) at {M}1; the "
            f"lowest is #1 Hero (Ana) at {M}3. Ana wins.\n" + HB_CHECK_3_ENDS
        ),
    )


def test_hack_back_opposing_heroes_both_at_minus_3_tie(check):
    # rules: “Opposing Heroes both at −3: The game is a tie.”
    assert check("hack-back", "Ana=-3,12", "Ben=-3") == (
        0,
        (
            "Tie: Ana, Ben (tie on the lowest Hero)\n"
            f"Heroes in play after both actions: Ana #1 at {M}3, #2 at 12; Ben #3 at {M}3.\n"
            + HB_CHECKS
            + HB_NOTHING_DISCARDED
            + f"3. Heroes at 0 VC or lower: #1 Hero (Ana) at {M}3, #3 Hero (Ben) at {M}3, all at "
            f"the lowest, {M}3 — opposing players share it: a tie.\n" + HB_CHECK_3_ENDS
        ),
    )


def test_hack_back_one_player_s_two_heroes_sharing_the_lowest_vc_is_a_win_not_a_tie(check):
    # rules: “If opposing players share that lowest VC, the game is a tie” — only opposing.
    assert check("hack-back", "Ana=-3,-3", "Ben=5") == (
        0,
        (
            "Winner: Ana (lowest Hero at 0 VC or lower)\n"
            f"Heroes in play after both actions: Ana #1 at {M}3, #2 at {M}3; Ben #3 at 5.\n"
            + HB_CHECKS
            + HB_NOTHING_DISCARDED
            + f"3. Heroes at 0 VC or lower: #1 Hero (Ana) at {M}3, #2 Hero (Ana) at {M}3, all at "
            f"the lowest, {M}3. Ana wins.\n" + HB_CHECK_3_ENDS
        ),
    )


def test_hack_back_heroes_at_40_and_0_the_40_is_discarded_first_and_the_0_wins(check):
    # rules: “Heroes at 40 and 0: Discard the 40-VC Hero; the remaining 0-VC Hero can win.”
    assert check("hack-back", "Ana=40", "Ben=0") == (
        0,
        (
            "Winner: Ben (lowest Hero at 0 VC or lower)\n"
            "Heroes in play after both actions: Ana #1 at 40; Ben #2 at 0.\n"
            + HB_CHECKS
            + "1. Heroes at 40 VC or more are discarded: #1 Hero (Ana, 40 VC).\n"
            "2. Players with no Hero left are eliminated: Ana.\n"
            "3. Lowest Hero at 0 VC or lower: #2 Hero (Ben) at 0. Ben wins.\n" + HB_CHECK_3_ENDS
        ),
    )


def test_hack_back_heroes_at_40_and_10_the_last_player_wins_by_check_4(check):
    # rules: “Heroes at 40 and 10: Discard the 40-VC Hero” — Ana's only Hero: Ben is left.
    assert check("hack-back", "Ana=40", "Ben=10", "--json") == (
        0,
        json.dumps(
            {
                "final": True,
                "winners": ["Ben"],
                "reason": "last player standing",
                "explanation": [
                    "Heroes in play after both actions: Ana #1 at 40; Ben #2 at 10.",
                    "The end-of-turn checks, in the rules' order:",
                    "1. Heroes at 40 VC or more are discarded: #1 Hero (Ana, 40 VC).",
                    "2. Players with no Hero left are eliminated: Ana.",
                    "3. No surviving Hero is at 0 VC or lower.",
                    "4. Ben is the only player left and wins.",
                ],
                "termination": "last-player",
                "variants": {},
            },
            indent=2,
        )
        + "\n",
    )


def test_the_rules_40_and_10_example_is_not_final_and_says_every_check(check):
    # rules: “Heroes at 40 and 10: ... continue playing with the 10-VC Hero.”
    goes_on = (
        "Not final: play goes on with {} (the game ends only when a surviving Hero is "
        "at 0 VC or lower or at most one player is left (rules, “Check for a VC "
        "winner”, “Check for the last player”))."
    )
    assert check("hack-back", "Ana=40,10", "Ben=12") == (
        0,
        "\n".join(
            [
                "Leading: Ana (lowest Hero at 10 VC; not final: play goes on)",
                "Heroes in play after both actions: Ana #1 at 40, #2 at 10; Ben #3 at 12.",
                "The end-of-turn checks, in the rules' order:",
                "1. Heroes at 40 VC or more are discarded: #1 Hero (Ana, 40 VC).",
                "2. Players with no Hero left are eliminated: none.",
                "3. No surviving Hero is at 0 VC or lower.",
                "4. 2 players remain; play goes on.",
                goes_on.format("Ana, Ben"),
            ]
        )
        + "\n",
    )
    code, output = check("hack-back", "Ana=40", "Ben=12", "Cleo=5")
    assert (
        code == 0 and output.splitlines()[4] == "2. Players with no Hero left are eliminated: Ana."
    )
    assert output.splitlines()[-1] == goes_on.format("Ben, Cleo")
    code, output = check("hack-back", "Ana=40", "Ben=12", "Cleo=5", "--json")
    assert code == 0 and json.loads(output)["final"] is False


def test_hack_back_everyone_discarded_everyone_loses(check):
    code, output = check("hack-back", "Ana=41", "Ben=45", "Cleo=none")
    assert (code, output.splitlines()[0], output.splitlines()[-1]) == (
        0,
        "Everyone loses",
        "4. No player is left: everyone loses.",
    )
    assert output.splitlines()[1] == (
        "Heroes in play after both actions: Ana #1 at 41; Ben #2 at 45; Cleo none (already out)."
    )


@pytest.mark.parametrize(
    "entries, expected",
    [
        (
            ("Ana=-3", "Ben=none"),
            refused(
                "only Ana has a Hero in play",
                "a game with one player (or none) left ended at an "
                "earlier turn's checks (rules, “Check for the last player”)",
            ),
        ),
        (
            ("Solo=-3",),
            refused(
                "1 player cannot play",
                "Hack Back supports two or more players (rules, opening "
                "lines); the kit seats up to 14 (game.toml): its shared deck of 70 cards deals five "
                "cards to that many",
            ),
        ),
        (
            ("Ana=-16", "Ben=3"),
            refused(
                "a Hero's VC after both actions must be \u221215..55 (1..39 at the start of the turn, "
                "changed by two actions of the printed cards), got -16"
            ),
        ),
        (
            ("Ana=56", "Ben=3"),
            refused(
                "a Hero's VC after both actions must be \u221215..55 (1..39 at the start of the turn, "
                "changed by two actions of the printed cards), got 56"
            ),
        ),
        (
            ("Ana=", "Ben=3"),
            malformed(
                "cannot read 'Ana=': write NAME=VC,VC,... with the VC of each of the player's Heroes "
                "in play after both actions, e.g. Ana=-3,12 Ben=-3 (Ben=none for a player already "
                "out)"
            ),
        ),
    ],
)
def test_hack_back_impossible_or_unfinished_tables_are_refused_with_the_rule(
    check, entries, expected
):
    assert check("hack-back", *entries) == expected


# --- Not a Hack: the final hack-off (rules, “Winning”) ---------------------------------

NAH_HACK_OFF = (
    "Final hack-off: Ana and Ben (the two unbanned players); banned player voting: Cleo.\n"
)


def test_not_a_hack_the_highest_total_wins_banned_players_included(check):
    # rules: “the player (including banned players) with the highest ... point total wins”
    assert check("not-a-hack", "Ana=3", "Ben=3", "Cleo=5:banned") == (
        0,
        (
            "Winner: Cleo (highest total)\n"
            + NAH_HACK_OFF
            + "Final totals (banned players included): Cleo 5, Ana 3, Ben 3.\n"
            "Highest total: Cleo with 5.\n"
        ),
    )


def test_not_a_hack_the_least_negative_total_wins(check):
    # rules: “with the highest (or least negative) point total wins”
    assert check("not-a-hack", "Ana=-2", "Ben=\u22125", "Cleo=-1:banned") == (
        0,
        (
            "Winner: Cleo (highest total)\n"
            + NAH_HACK_OFF
            + f"Final totals (banned players included): Cleo {M}1, Ana {M}2, Ben {M}5.\n"
            f"Highest total: Cleo with {M}1.\n"
        ),
    )


def test_not_a_hack_a_tie_repeats_the_hack_off_between_the_finalists(check):
    # rules: “In case of a tie repeat the hack off by drawing a new black hack card.”
    assert check("not-a-hack", "Ana=5", "Ben=3", "Cleo=5:banned") == (
        0,
        (
            "Sharing the lead: Ana, Cleo (tied on 5: the hack-off is repeated between Ana and "
            "Ben)\n"
            + NAH_HACK_OFF
            + "Final totals (banned players included): Ana 5, Cleo 5, Ben 3.\n"
            "Tied on 5: Ana and Cleo. In case of a tie the hack-off is repeated with a new hack "
            "card: Ana and Ben play it again, Cleo votes.\n"
        ),
    )


def test_not_a_hack_a_tie_is_not_final_for_scripts(check):
    code, output = check("not-a-hack", "Ana=5", "Ben=5", "Cleo=1:banned", "Dan=2:BANNED", "--json")
    data = json.loads(output)
    assert (code, data["final"], data["termination"], data["winners"]) == (
        0,
        False,
        None,
        ["Ana", "Ben"],
    )
    assert data["explanation"][-1] == (
        "Tied on 5: Ana and Ben. In case of a tie the hack-off "
        "is repeated with a new hack card: Ana and Ben play it "
        "again, Cleo and Dan vote."
    )


@pytest.mark.parametrize(
    "entries, expected",
    [
        (
            ("Ana=3", "Ben=3", "Cleo=5"),
            refused(
                "the final hack-off is played by two unbanned players; this table has 3 (Ana, Ben, "
                "Cleo)",
                "when two unbanned players remain the final hack-off decides the game "
                "(rules, “Winning”)",
            ),
        ),
        (
            ("Ana=3", "Ben=3:banned", "Cleo=5:banned"),
            refused(
                "the final hack-off is played by two unbanned players; this table has 1 (Ana)",
                "when two unbanned players remain the final hack-off decides the game "
                "(rules, “Winning”)",
            ),
        ),
        (
            ("Ana=200", "Ben=3", "Cleo=200:banned"),
            refused(
                "the totals add up to 403, but the kit's cards add up to \u221236..267",
                "points come from white cards kept in winning hacks and from action cards, so no "
                "more are kept than the kit prints (rules, “keeps those white component cards as "
                "points”, “Set this card in front of that player”)",
            ),
        ),
        (
            ("Ana=3", "Ben=3"),
            refused("2 players cannot play", "Not a Hack is for 3 to 5 players (rules, title)"),
        ),
        (
            ("Ana=3", "Ben=3", "Cleo=-37:banned"),
            refused(
                "a Not a Hack total must be \u221236..267 (what the kit's cards add up to), got -37"
            ),
        ),
        (
            ("Ana=3", "Ben=3", "Cleo=5:out"),
            malformed(
                "cannot read 'Cleo=5:out': write NAME=TOTAL, with :banned after a banned player's "
                "total, e.g. Ana=3 Ben=-2 Cleo=5:banned"
            ),
        ),
    ],
)
def test_not_a_hack_impossible_tables_are_refused_with_the_rule(check, entries, expected):
    assert check("not-a-hack", *entries) == expected


# --- Hack Attack: Defense: scoring (rules, “When a player Protects their fourth Tech”) --

HA_SCORING = (
    "Each player scores the points on their Protected Tech, minus 1 per User Error "
    "(unprotected Tech scores nothing).\n"
)


def test_hack_attack_highest_total_wins_and_none_means_no_protected_tech(check):
    assert check("hack-attack", "Ana=5,4,3,2", "Ben=none/2") == (
        0,
        (
            "Winner: Ana (highest total)\n"
            "Ana has 4 Protected Tech, the end of the game at 2 players: after everyone else's "
            "last turn the table is scored.\n"
            + HA_SCORING
            + "  Ana: 5 + 4 + 3 + 2 = 14, minus 0 User Errors = 14\n"
            f"  Ben: no Protected Tech = 0, minus 2 User Errors = {M}2\n"
            "Highest total: Ana with 14.\n"
        ),
    )


@pytest.mark.parametrize("typed", ["Ben=none", "Ben=NONE/0", "Ben= none /0", "Ben=/0"])
def test_hack_attack_no_protected_tech_is_read_alike_in_each_form(check, typed):
    assert check("hack-attack", "Ana=5,4,3,2", typed) == check(
        "hack-attack", "Ana=5,4,3,2", "Ben=none/0"
    )


def test_hack_attack_tie_breaker_fewest_protected_tech(check):
    # rules: “Highest total wins. Tie-breaker: the tied player with the fewest Protected Tech”
    assert check("hack-attack", "Ana=5,4,3,2/1", "Ben=5,5,3", "Cleo=4,3,2/2") == (
        0,
        (
            "Winner: Ben (tie-breaker: fewest Protected Tech)\n"
            "Ana has 4 Protected Tech, the end of the game at 3 players: after everyone else's "
            "last turn the table is scored.\n"
            + HA_SCORING
            + "  Ana: 5 + 4 + 3 + 2 = 14, minus 1 User Error = 13\n"
            "  Ben: 5 + 5 + 3 = 13, minus 0 User Errors = 13\n"
            "  Cleo: 4 + 3 + 2 = 9, minus 2 User Errors = 7\n"
            "Tied on 13: Ana and Ben. Tie-breaker: fewest Protected Tech — Ana 4, Ben 3.\n"
            "Ben wins the tie-breaker with 3 Protected Tech.\n"
        ),
    )


def test_hack_attack_still_tied_share_the_win(check):
    # rules: “Still tied? Share the win.” (the end at 3 Protected Tech with 5–6 players)
    code, output = check("hack-attack", "Ana=5,4,3", "Ben=5,4,3", "Cleo=5,4,3", "Dan=1", "Eve=1")
    lines = output.splitlines()
    assert (code, lines[0], lines[1], lines[-1]) == (
        0,
        "Shared win: Ana, Ben, Cleo",
        (
            "Ana, Ben and Cleo have 3 Protected Tech, the end of the game at 5 players: after "
            "everyone else's last turn the table is scored."
        ),
        "Still tied with 3 Protected Tech each: Ana, Ben and Cleo share the win.",
    )


@pytest.mark.parametrize(
    "entries, expected",
    [
        (
            ("Ana=5,4,3", "Ben=2/1"),
            refused(
                "nobody has 4 Protected Tech (most: Ana with 3): the game is not over",
                "the game ends only after a player Protects their fourth Tech card (third with 5–6 "
                "players) and every other player takes one last turn (rules, “The game ends on the "
                "fourth Protected Tech card”)",
            ),
        ),
        (
            ("Ana=5,4,3,2", "Ben=0/0"),
            refused(
                "Tech points must be 1..5 (the deck's range), got 0; "
                "for a player with no Protected Tech write "
                "Ben=none/0"
            ),
        ),
        (
            ("Ana=5,4,3,2", "Ben=nothing"),
            malformed(
                "cannot read 'Ben=nothing': write NAME=POINTS,POINTS/USER_ERRORS, e.g. Ana=5,3,2/1; "
                "Ben=none/2 for a player with no Protected Tech; /USER_ERRORS may be left out when 0"
            ),
        ),
    ],
)
def test_hack_attack_impossible_tables_are_refused_with_the_rule(check, entries, expected):
    assert check("hack-attack", *entries) == expected


# --- Every game ----------------------------------------------------------------------


def test_the_help_of_check_gives_each_game_s_notation(tmp_path):
    output = CliRunner().invoke(main, ["check", "--help"]).output
    assert (
        "hack-attack: write NAME=POINTS,POINTS/USER_ERRORS, e.g. Ana=5,3,2/1; Ben=none/2 "
        "for a player with no Protected Tech; /USER_ERRORS may be left out when 0."
        in " ".join(output.split())
    )
    assert "hack-back: write NAME=VC,VC,..." in output
    assert "not-a-hack: write NAME=TOTAL, with :banned" in output
