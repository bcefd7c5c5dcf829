"""Faults found replaying real games (issue 10, item 5), each played through the command
line with CliRunner and checked on its whole output: notes that say what happened, one
word for a turn, every count held to the kit, refusals that give the real reason,
counts in correct singular and plural, and one minus sign ("−") for negative numbers."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from scorekeeper.cli import main
from scorekeeper.errors import RuleError
from scorekeeper.games import rules_packages
from scorekeeper.games.not_a_hack import cards as nah_cards
from scorekeeper.games.not_a_hack import rules as nah
from scorekeeper.view import counted, number


@pytest.fixture
def sk(tmp_path):
    db = tmp_path / "score.sqlite3"

    def run(*args):
        return CliRunner().invoke(main, ["--db", str(db), *args], env={})

    run.db = db
    return run


def refused(result, message: str) -> None:
    """`result` is a refusal (exit 1) whose whole output is `message`."""
    assert (result.exit_code, result.output) == (1, f"Error: {message}\n")


# --- The minus sign and the plural, shared by every game -------------------------------


def test_one_minus_sign_for_negative_numbers_and_counts():
    assert [number(n) for n in (-12, -1, 0, 3)] == ["−12", "−1", "0", "3"]
    assert [counted(n, "point") for n in (-3, -1, 0, 1, 2)] == [
        "−3 points",
        "−1 point",
        "0 points",
        "1 point",
        "2 points",
    ]
    assert counted(1, "Hero", "Heroes") == "1 Hero" and counted(2, "Hero", "Heroes") == "2 Heroes"


@pytest.mark.parametrize("game", list(rules_packages()))
def test_one_player_is_one_player(sk, game):
    result = sk("new", game, "Ana")
    assert result.exit_code == 1
    assert result.output.startswith("Error: 1 player cannot play — rule: ")


# --- Not a Hack ----------------------------------------------------------------------

NAH_HEAD = "  Player  Hacks (cards)  Actions  Total  Accounts\n"


def test_a_ban_let_stand_is_not_called_countered_and_a_countered_one_is(sk):
    sk("new", "not-a-hack", "Ana", "Ben", "Cleo", "Dev")
    sk("negative", "ana", "3")
    result = sk("banned", "ben", "--no-counter")
    assert result.exit_code == 0
    assert result.output == (
        "Ben drew a Banned card.\n"
        "automatic: Ben holds 1 New Account card but lets the ban stand\n"
        "automatic: Ben is banned: their 0 points are final\n"
        "Not a Hack — game 1, turn 3: Cleo draws the black card\n"
        + NAH_HEAD
        + "  Ana             0 (0)       −3     −3         1\n"
        "  Ben             0 (0)        0      0         0  banned\n"
        "  Cleo            0 (0)        0      0         1\n"
        "  Dev             0 (0)        0      0         1\n"
        "Leading: Ben, Cleo, Dev (highest total, 0).\n"
    )
    result = sk("banned", "cleo")
    assert result.output.splitlines()[:2] == [
        "Cleo drew a Banned card.",
        "automatic: Cleo's New Account card counters the ban (both discarded)",
    ]


def test_a_banned_players_negative_total_is_printed_with_the_minus_sign(sk):
    sk("new", "not-a-hack", "Ana", "Ben", "Cleo", "Dev")
    sk("negative", "ana", "neg-password-in-repo")
    for drawer, winner in (("ben", "cleo"), ("cleo", "dev"), ("dev", "cleo")):
        assert sk("hack", drawer, winner).exit_code == 0
    result = sk("banned", "ana", "--no-counter")
    assert result.output.splitlines()[:3] == [
        "Ana drew a Banned card.",
        "automatic: Ana holds 1 New Account card but lets the ban stand",
        "automatic: Ana is banned: their −2 points are final",
    ]


def test_status_and_history_say_turn_and_label_the_hack_off(sk):
    sk("new", "not-a-hack", "Ana", "Ben", "Cleo")
    sk("hack", "ana", "ben", "3")
    sk("banned", "ben", "--no-counter")
    sk("hack-off", "--vote", "ben=cleo")
    history = sk("history")
    assert history.exit_code == 0
    assert history.output == (
        "  1. turn 1 (Ana): Ana drew a hack and chose Ben's (3 cards, 3 points)\n"
        "  2. turn 2 (Ben): Ben drew a Banned card\n"
        "     automatic: Ben holds 1 New Account card but lets the ban stand\n"
        "     automatic: Ben is banned: their 3 points are final\n"
        "     automatic: two unbanned players remain: Ana and Cleo play the final hack-off; "
        "banned players vote\n"
        "  3. hack-off: votes Ben → Cleo: Cleo's hack of 2 white cards wins the vote\n"
        "     automatic: Hack-off 1: votes Ana 0, Cleo 1.\n"
        "     automatic: Final totals (banned players included): Ben 3, Cleo 2, Ana 0.\n"
        "     automatic: Highest total: Ben with 3.\n"
    )
    sk("new", "not-a-hack", "Ana", "Ben", "Cleo")
    sk("hack", "ana", "ben")
    status = sk("status")
    assert status.output == (
        "Not a Hack — game 2, turn 2: Ben draws the black card\n"
        + NAH_HEAD
        + "  Ana             0 (0)        0      0         1\n"
        "  Ben             1 (2)        0      2         1\n"
        "  Cleo            0 (0)        0      0         1\n"
        "Leading: Ben (highest total, 2).\n"
    )
    assert (
        sk("history").output
        == "  1. turn 1 (Ana): Ana drew a hack and chose Ben's (2 cards, 2 points)\n"
    )


def test_new_account_cards_held_are_held_to_what_the_kit_puts_into_play(sk):
    sk("new", "not-a-hack", "Ana", "Ben", "Cleo", "Dev")  # 4 dealt + 3 shuffled in: 7
    for _ in range(3):
        assert sk("new-account", "ana").exit_code == 0
    before = sk.db.read_bytes()
    refused(
        sk("new-account", "ben"),
        "at 4 players the kit puts 7 New Account cards into play and all 7 are held — "
        "rule: each player is given one New Account card and one fewer than the number "
        "of players are shuffled into the white pile (rules, “Complete Rules”); legal now: "
        "hack, negative or banned (Ana); positive (anyone); used-up (the table)",
    )
    assert sk.db.read_bytes() == before
    sk("banned", "ana")  # one is discarded
    assert sk("new-account", "ben").exit_code == 0


def test_action_cards_kept_are_held_to_the_copies_the_kit_prints(sk):
    sk("new", "not-a-hack", "Ana", "Ben", "Cleo")
    assert sk("negative", "ana", "neg-wrong-terminal").output.startswith(
        "Ana: Wrong Terminal, −3.\n"
    )
    assert sk("negative", "ben", "neg-public-bucket").exit_code == 0
    refused(
        sk("negative", "cleo", "3"),
        "the kit prints 2 negative action cards worth −3, and 2 are already kept — rule: "
        "an action card is set in front of the player, so no more are kept than the kit "
        "prints (rules, “Set this card in front of that player”)",
    )
    sk("positive", "ana", "pos-cve-named")
    refused(
        sk("positive", "cleo", "your very own cve"),
        "the only Your Very Own CVE card is already kept — rule: an action card is set "
        "in front of the player, so no more are kept than the kit prints (rules, “Set "
        "this card in front of that player”)",
    )
    assert sk("positive", "cleo", "+3").exit_code == 0  # Backups Actually Worked
    refused(
        sk("positive", "cleo", "3"),
        "the kit prints 2 positive action cards worth 3, and 2 are already kept — rule: "
        "an action card is set in front of the player, so no more are kept than the kit "
        "prints (rules, “Set this card in front of that player”)",
    )


def test_the_verbs_copy_the_kits_counts_from_the_card_data():
    assert nah_cards.printed("new_account") == 9
    assert nah_cards.at_points("negative", -2) == 11 and nah_cards.at_points("positive", 3) == 2
    assert nah_cards.white_points() == nah_cards.printed("component") + nah_cards.printed(
        "modifier"
    )
    assert nah.accounts_in_play(3, 9) == 5 and nah.accounts_in_play(5, 8) == 8


def test_white_cards_kept_in_winning_hacks_are_held_to_the_kit():
    state = nah.apply(
        nah.initial(["Ana", "Ben", "Cleo"]),
        {"type": "hack", "drawer": "Ana", "winner": "Ben", "cards": 2, "white": 4},
    )
    with pytest.raises(
        RuleError,
        match="the kit prints 4 white cards and 2 are already kept "
        "in winning hacks: no 3-card hack is left",
    ):
        nah.apply(
            state, {"type": "hack", "drawer": "Ben", "winner": "Cleo", "cards": 3, "white": 4}
        )


# --- Hack Back -----------------------------------------------------------------------


@pytest.fixture
def back(sk):
    """A's Server Room Cat (#1, 8 VC: activation Defend Ally 1), B's Log Goblin (#2, 12
    VC: activation Defend 1, Draw 1), C's Tailgater (#3, 11 VC); A's turn."""
    sk("new", "hack-back", "A", "B", "C")
    sk("hero", "a", "server-room-cat")
    sk("hero", "b", "log-goblin")
    sk("hero", "c", "tailgater")
    return sk


def test_a_played_defend_ally_card_on_an_opponents_hero_is_refused_as_not_friendly(back):
    refused(
        back("play", "a", "security-intern", "-t", "2"),
        "Hero #2 (Log Goblin) is B's, not a friendly Hero: Defend Ally targets a Hero A "
        "controls — rule: when a card played from hand uses Defend Ally, any friendly "
        "Hero is eligible (rules, “When a card played from hand uses Defend Ally”)",
    )
    refused(
        back("play", "a", "helpdesk-hero", "-t", "3"),
        "Hero #3 (Tailgater) is C's, not a friendly Hero: Defend targets a Hero A "
        "controls — rule: Defend must target a friendly Hero (rules, “Defend”)",
    )
    refused(
        back("activate", "a", "1", "-t", "1"),
        "Hero #1 (Server Room Cat) is the activating Hero: Defend Ally targets another "
        "friendly Hero — rule: Defend Ally must target a friendly Hero other than the "
        "activating Hero (rules, “Defend Ally”)",
    )
    assert back("play", "a", "security-intern", "-t", "1").output.startswith(
        "A played Security Intern: Defend Ally 1 on #1.\n"
    )


def test_activating_an_opponents_hero_says_whose_it_is_before_counting_targets(back):
    refused(
        back("activate", "a", "2", "-t", "1"),
        "Hero #2 (Log Goblin) is B's — rule: you activate a Hero you control (rules, "
        "“Activate Hero”)",
    )
    refused(
        back("activate", "b", "2", "-t", "1"),
        "it is A's turn, not B's — rule: players take turns clockwise from the lowest "
        "opening Hero (rules, step 5); legal now: draw, play or activate (A)",
    )


def test_target_counts_are_in_plain_singular_and_plural(back):
    refused(
        back("play", "a", "log-goblin", "-t", "1"),
        "Log Goblin's Play instructions take no target, got 1 target",
    )
    refused(
        back("play", "a", "tailgater", "-t", "2", "-t", "3"),
        "Tailgater's Play instructions take 1 target, got 2 targets",
    )
    refused(
        back("play", "a", "chaos-monkey", "-t", "2", "-t", "3", "-t", "1"),
        "Chaos Monkey's Play instructions take 2 targets, got 3 targets",
    )
    refused(
        back("activate", "a", "1", "-t", "none", "--place", "rootkit"),
        "1 Hero to place but the instructions grant 0 Victory Points",
    )


def test_an_eliminated_player_is_told_they_are_out(sk):
    sk("new", "hack-back", "A", "B", "C")
    sk("hero", "a", "server-room-cat")
    sk("hero", "b", "air-gapped-mainframe")  # #2 at 24 VC
    sk("hero", "c", "tailgater")
    for args in (
        ("play", "a", "ddos", "-t", "2"),
        ("play", "a", "ddos", "-t", "2"),
        ("draw", "b"),
        ("draw", "b"),
        ("play", "c", "ddos", "-t", "2"),
    ):
        assert sk(*args).exit_code == 0
    result = sk("play", "c", "ddos", "-t", "2")  # 40 VC: B is out
    assert result.output == (
        "C played DDoS Cannon: Attack 4 on #2.\n"
        "automatic: End of C's turn 3:\n"
        "automatic: 1. Heroes at 40 VC or more are discarded: #2 Air-Gapped Mainframe (B, "
        "40 VC).\n"
        "automatic: 2. Players with no Hero left are eliminated: B.\n"
        "automatic: 3. No surviving Hero is at 0 VC or lower.\n"
        "automatic: 4. 2 players remain; play goes on.\n"
        "Hack Back — game 1, turn 4: A's turn, action 1 of 2\n"
        "    #  Hero             Owner  Printed   VC\n"
        "    1  Server Room Cat  A            8    8\n"
        "    3  Tailgater        C           11   11\n"
        "Out: B\n"
        "Closest to winning: A (lowest Hero at 8 VC).\n"
    )
    out = (
        "B is out of the game (no Hero left); it is A's turn — rule: a player with no "
        "Heroes remaining loses; eliminated players are skipped in turn order (rules, "
        "“Eliminate players”); legal now: draw, play or activate (A)"
    )
    for args in (("draw", "b"), ("play", "b", "ddos", "-t", "1"), ("activate", "b", "2")):
        refused(sk(*args), out)


def test_a_game_everyone_lost_in_the_opening_is_over_before_any_turn(sk):
    sk("new", "hack-back", "Ana", "Ben")
    sk("no-hero", "ana")
    result = sk("no-hero", "ben")
    assert result.output == (
        "Ben could not supply a Hero.\n"
        "automatic: Nobody could supply a Hero: everyone loses (rules, opening).\n"
        "Everyone loses\n"
    )
    assert sk("status").output == (
        "Hack Back — game 1: over in the opening, before any turn\nOut: Ana, Ben\nEveryone loses.\n"
    )


def test_a_negative_vc_is_printed_with_the_minus_sign_while_typed_input_takes_either(back):
    back("play", "a", "air-gapped-mainframe", "-t", "#1")
    result = back("play", "a", "air-gapped-mainframe", "-t", "1")
    assert result.output == (
        "A played Air-Gapped Mainframe: Defend 5 on #1.\n"
        "automatic: End of A's turn 1:\n"
        "automatic: 1. Heroes at 40 VC or more are discarded: none.\n"
        "automatic: 2. Players with no Hero left are eliminated: none.\n"
        "automatic: 3. Lowest Hero at 0 VC or lower: #1 Server Room Cat (A) at −2. A wins.\n"
        "Winner: A (lowest Hero at 0 VC or lower)\n"
    )
    assert back("status").output == (
        "Hack Back — game 1: over after turn 1\n"
        "    #  Hero             Owner  Printed   VC\n"
        "    1  Server Room Cat  A            8   −2\n"
        "    2  Log Goblin       B           12   12\n"
        "    3  Tailgater        C           11   11\n"
        "Winner: A (lowest Hero at 0 VC or lower).\n"
    )


# --- Hack Attack: Defense ------------------------------------------------------------


def test_a_failed_attack_says_the_discarded_tech_is_not_replaced(sk):
    sk("new", "hack-attack", "Ana", "Ben", "Cleo")
    result = sk("attack", "phishing-email", "passwords")
    assert result.exit_code == 0
    assert result.output == (
        "Attack icons: Social Engineering, Social Engineering, Passwords; revealed: Passwords.\n"
        "  Passwords covers icon 3 (Passwords)\n"
        "1 of 3 icons covered, 2 needed: the defense fails.\n"
        "Ana first discards unprotected Tech vulnerable to Phishing Email; then every player "
        "discards their highest-value unprotected Tech card (their choice on a tie) and does "
        "not draw a replacement. Everyone takes their Defense cards back.\n"
        "Ana drew Phishing Email: the defense failed.\n"
        "Hack Attack: Defense — game 1, turn 1: Ana's turn\n"
        "  Player  Tech  Points  User Errors  Total\n"
        "▶ Ana        0       0            0      0\n"
        "  Ben        0       0            0      0\n"
        "  Cleo       0       0            0      0\n"
        "Ana, Ben and Cleo share the lead with 0. 4 Protected Tech start the final round.\n"
    )


def test_negative_totals_are_printed_with_the_minus_sign(sk):
    sk("new", "hack-attack", "Ana", "Ben")
    sk("user-error", "ana", "2")
    sk("user-error", "ben", "1")
    assert sk("status").output == (
        "Hack Attack: Defense — game 1, turn 1: Ana's turn\n"
        "  Player  Tech  Points  User Errors  Total\n"
        "▶ Ana        0       0            2     −2\n"
        "  Ben        0       0            1     −1\n"
        "Ben leads with −1. 4 Protected Tech start the final round.\n"
    )
    assert sk("result", "--explain").output == (
        "The game is not over yet; standing now:\n"
        "Leading: Ben (highest total)\n"
        "Each player scores the points on their Protected Tech, minus 1 per User Error "
        "(unprotected Tech scores nothing).\n"
        "  Ana: no Protected Tech = 0, minus 2 User Errors = −2\n"
        "  Ben: no Protected Tech = 0, minus 1 User Error = −1\n"
        "Highest total: Ben with −1.\n"
    )
