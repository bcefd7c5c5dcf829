"""Every example in the official Hack Back rules, played at the table with the printed
cards (issue 10, item 2): each game goes from `scorekeeper new` to `result` through the
verbs a table types, with real card ids, and each player's cards fit the printed deck
that player plays (individual decks, card_data/hack-back/decks.toml).

Source: shared/rules/hack-back.txt, "For example:" after the end-of-turn checks, and
"Crossing a threshold during the first action does not end the game". Opposing Heroes
at or below 0 at the same check need an instruction that lowers an opponent's Hero; only
an Attack may target an opponent's Hero, so the kit's Patch Tuesday plays "Attack −4:
every Hero loses 4 VC".
"""

from __future__ import annotations

import json
from collections import Counter

from click.testing import CliRunner

from pnp.core.paths import SHIPPED_DATA_DIR
from pnp.games.hack_back.loader import load_hack_back
from scorekeeper.cli import main

DATA = load_hack_back(SHIPPED_DATA_DIR / "hack-back")
DECKS = {d.id: dict(d.cards) for d in DATA.decks}


class Table:
    """A table of the score keeper on its own database: `do(*verb)` must succeed, and
    every card a player reveals, plays or places is counted against their deck."""

    def __init__(self, tmp_path, decks: dict[str, str]):
        self.db = tmp_path / "score.sqlite3"
        self.decks = decks
        self.used = {p: Counter() for p in decks}
        self.do("new", "hack-back", *decks)

    def run(self, *args: str):
        return CliRunner().invoke(main, ["--db", str(self.db), *args], env={})

    def do(self, *args: str) -> str:
        result = self.run(*args)
        assert result.exit_code == 0, result.output
        verb, rest = args[0], args[1:]
        if verb in ("hero", "play"):
            self.used[rest[0]][rest[1]] += 1
        for i, arg in enumerate(args):
            if arg == "--place":
                self.used[rest[0]][args[i + 1]] += 1
        return result.output

    def vc(self) -> dict[int, int]:
        """VC of every Hero in play, by Hero number."""
        status = json.loads(self.run("status", "--json").output)
        return {h["hero"]: h["vc"] for h in status["heroes"]}

    def check_decks(self) -> None:
        """Each player used no more copies of a card than their printed deck holds."""
        for player, deck in self.decks.items():
            for card, n in self.used[player].items():
                assert n <= DECKS[deck].get(card, 0), (player, deck, card, n)


def defend_ana_to_3(t: Table) -> None:
    """Two turns each, from Ana's (Ben only draws): two VPN Hoppers take Ana's Hero #1
    from 9 to 5 VC, two Pen Testers take it to 3 and Ben's #2 from 10 to 12."""
    t.do("play", "Ana", "vpn-hopper", "-t", "1")  # 9 -> 7
    t.do("play", "Ana", "vpn-hopper", "-t", "1")  # 7 -> 5
    t.do("draw", "Ben")
    t.do("draw", "Ben")
    t.do("play", "Ana", "pen-tester", "-t", "2", "-t", "1")  # Ben 10 -> 11; Ana 5 -> 4
    t.do("play", "Ana", "pen-tester", "-t", "2", "-t", "1")  # Ben 11 -> 12; Ana 4 -> 3
    t.do("draw", "Ben")
    t.do("draw", "Ben")


def test_opposing_heroes_at_minus_3_and_minus_1_the_minus_3_wins(tmp_path):
    """Rules: "Opposing Heroes at −3 and −1: The controller of the −3-VC Hero wins."
    Ana plays Blue Team, Ben Grey Hats."""
    t = Table(tmp_path, {"Ana": "blue-team", "Ben": "grey-hats"})
    t.do("hero", "Ana", "server-room-cat")  # #1, 8 VC: Ana goes first
    t.do("hero", "Ben", "security-intern")  # #2, 10 VC
    t.do("play", "Ana", "helpdesk-hero", "-t", "1")  # Defend 1: 8 -> 7
    t.do("draw", "Ana")
    t.do("play", "Ben", "backup-wizard", "-t", "2")  # Defend 3: 10 -> 7
    t.do("play", "Ben", "on-call-sysadmin", "-t", "2")  # Defend 3: 7 -> 4
    assert t.vc() == {1: 7, 2: 4}
    t.do("play", "Ana", "firewall-whisperer", "-t", "1")  # Defend 2: 7 -> 5
    t.do("draw", "Ana")
    t.do("play", "Ben", "pen-tester", "-t", "1", "-t", "2")  # Ana 5 -> 6; Ben 4 -> 3
    t.do("draw", "Ben")
    assert t.vc() == {1: 6, 2: 3}
    t.do("play", "Ana", "air-gapped-mainframe", "-t", "1")  # Defend 5: 6 -> 1
    last = t.do("play", "Ana", "patch-tuesday")  # every Hero loses 4
    assert "Ana played Patch Tuesday: every Hero loses 4 VC (Attack \u22124)." in last
    assert t.vc() == {1: -3, 2: -1}
    assert t.run("result").output == "Winner: Ana (lowest Hero at 0 VC or lower)\n"
    assert t.run("result", "--explain").output.splitlines()[1:] == [
        "End of Ana's turn 5:",
        "1. Heroes at 40 VC or more are discarded: none.",
        "2. Players with no Hero left are eliminated: none.",
        "3. Heroes at 0 VC or lower: #1 Server Room Cat (Ana) at \u22123, #2 Security "
        "Intern (Ben) at \u22121; the lowest is #1 Server Room Cat (Ana) at \u22123. Ana wins.",
    ]
    t.check_decks()


def test_opposing_heroes_both_at_minus_3_tie(tmp_path):
    """Rules: "Opposing Heroes both at −3: The game is a tie." """
    t = Table(tmp_path, {"Ana": "blue-team", "Ben": "grey-hats"})
    t.do("hero", "Ana", "server-room-cat")
    t.do("hero", "Ben", "security-intern")
    t.do("play", "Ana", "helpdesk-hero", "-t", "1")  # 8 -> 7
    t.do("draw", "Ana")
    t.do("play", "Ben", "backup-wizard", "-t", "2")  # 10 -> 7
    t.do("play", "Ben", "on-call-sysadmin", "-t", "2")  # 7 -> 4
    t.do("play", "Ana", "firewall-whisperer", "-t", "1")  # 7 -> 5
    t.do("draw", "Ana")
    t.do("play", "Ben", "hack-back-vigilante", "-t", "1", "-t", "2")  # Ana +2, Ben -2
    assert t.vc() == {1: 7, 2: 2}
    t.do("play", "Ben", "pen-tester", "-t", "1", "-t", "2")  # Ana 7 -> 8; Ben 2 -> 1
    t.do("play", "Ana", "helpdesk-hero", "-t", "1")  # 8 -> 7
    t.do("play", "Ana", "two-factor-fanatic", "-t", "1")  # Defend Ally 2: 7 -> 5
    t.do("draw", "Ben")
    t.do("draw", "Ben")
    t.do("play", "Ana", "password-manager", "-t", "1")  # Defend 2: 5 -> 3
    t.do("play", "Ana", "security-intern", "-t", "1")  # Defend Ally 1: 3 -> 2
    t.do("draw", "Ben")
    t.do("draw", "Ben")
    t.do("play", "Ana", "helpdesk-hero", "-t", "1")  # 2 -> 1
    refused = t.run("play", "Ana", "patch-tuesday", "-t", "2")
    assert (refused.exit_code, refused.output) == (
        1,
        "Error: Patch Tuesday's Play instructions take no target, got 1 target\n",
    )
    t.do("play", "Ana", "patch-tuesday")
    assert t.vc() == {1: -3, 2: -3}
    assert t.run("result").output == "Tie: Ana, Ben (tie on the lowest Hero)\n"
    assert t.run("result", "--explain").output.splitlines()[-1] == (
        "3. Heroes at 0 VC or lower: #1 Server Room Cat (Ana) at \u22123, "
        "#2 Security Intern (Ben) at \u22123, all at the lowest, \u22123 \u2014 opposing "
        "players share it: a tie."
    )
    result = json.loads(t.run("result", "--json").output)
    assert (result["winners"], result["termination"]) == (["Ana", "Ben"], "win-condition")
    t.check_decks()


def test_heroes_at_40_and_0_the_0_vc_hero_wins(tmp_path):
    """Rules: "Heroes at 40 and 0: Discard the 40-VC Hero; the remaining 0-VC Hero can
    win." Ana (Red Team) pushes Ben's Hero to 40 with the same action that brings her
    own to 0; the 40 is discarded first, then Ana wins on the VC check."""
    t = Table(tmp_path, {"Ana": "red-team", "Ben": "blue-team"})
    t.do("hero", "Ana", "script-kiddie")  # #1, 9 VC
    t.do("hero", "Ben", "air-gapped-mainframe")  # #2, 24 VC
    t.do("play", "Ana", "vpn-hopper", "-t", "1")  # 9 -> 7
    t.do("play", "Ana", "ddos-cannon", "-t", "2")  # 24 -> 28
    t.do("draw", "Ben")
    t.do("draw", "Ben")
    t.do("play", "Ana", "vpn-hopper", "-t", "1")  # 7 -> 5
    t.do("play", "Ana", "apt-squad", "-t", "2")  # 28 -> 31
    t.do("draw", "Ben")
    t.do("draw", "Ben")
    t.do("play", "Ana", "zero-day-broker", "-t", "2")  # 31 -> 34
    t.do("play", "Ana", "pen-tester", "-t", "2", "-t", "1")  # Ben 34 -> 35; Ana 5 -> 4
    t.do("draw", "Ben")
    t.do("draw", "Ben")
    t.do("play", "Ana", "pen-tester", "-t", "2", "-t", "1")  # Ben 35 -> 36; Ana 4 -> 3
    t.do("play", "Ana", "security-intern", "-t", "1")  # Defend Ally 1: 3 -> 2
    t.do("draw", "Ben")
    t.do("draw", "Ben")
    t.do("play", "Ana", "phishing-lure", "-t", "2")  # 36 -> 38
    assert t.vc() == {1: 2, 2: 38}
    last = t.do("play", "Ana", "hack-back-vigilante", "-t", "2", "-t", "1")  # 38 -> 40, 2 -> 0
    assert "1. Heroes at 40 VC or more are discarded: #2 Air-Gapped Mainframe (Ben, 40 VC)." in last
    assert t.vc() == {1: 0}
    assert t.run("result").output == "Winner: Ana (lowest Hero at 0 VC or lower)\n"
    assert t.run("result", "--explain").output.splitlines()[3:] == [
        "2. Players with no Hero left are eliminated: Ben.",
        "3. Lowest Hero at 0 VC or lower: #1 Script Kiddie (Ana) at 0. Ana wins.",
    ]
    t.check_decks()


def test_heroes_at_40_and_10_play_goes_on_with_the_10_vc_hero(tmp_path):
    """Rules: "Heroes at 40 and 10: Discard the 40-VC Hero; continue playing with the
    10-VC Hero." Ben (Insider Threat) controls both: his Sock Puppet Account's Victory
    Point placed Shadow Syndicate, which Ana (Red Team) attacks up to 40. Ben plays on
    with his 10-VC Hero until Ana wins."""
    t = Table(tmp_path, {"Ana": "red-team", "Ben": "insider-threat"})
    t.do("hero", "Ana", "script-kiddie")  # #1, 9 VC
    t.do("hero", "Ben", "sock-puppet-account")  # #2, 12 VC
    t.do("draw", "Ana")
    t.do("draw", "Ana")
    t.do("activate", "Ben", "2", "--place", "shadow-syndicate")  # #3 at 22; #2 12 -> 14
    t.do("play", "Ben", "helpdesk-hero", "-t", "2")  # 14 -> 13
    assert t.vc() == {1: 9, 2: 13, 3: 22}
    t.do("play", "Ana", "ddos-cannon", "-t", "3")  # 22 -> 26
    t.do("play", "Ana", "zero-day-broker", "-t", "3")  # 26 -> 29
    t.do("play", "Ben", "greybeard-mentor", "-t", "2")  # Defend Ally 3: 13 -> 10
    t.do("draw", "Ben")
    t.do("play", "Ana", "apt-squad", "-t", "3")  # 29 -> 32
    t.do("play", "Ana", "red-team-lead", "-t", "3")  # 32 -> 34
    t.do("draw", "Ben")
    t.do("draw", "Ben")
    t.do("play", "Ana", "phishing-lure", "-t", "3")  # 34 -> 36
    t.do("play", "Ana", "tailgater", "-t", "3")  # 36 -> 38
    t.do("draw", "Ben")
    t.do("draw", "Ben")
    t.do("play", "Ana", "tailgater", "-t", "3")  # 38 -> 40
    last = t.do("draw", "Ana")
    assert "1. Heroes at 40 VC or more are discarded: #3 Shadow Syndicate (Ben, 40 VC)." in last
    assert "2. Players with no Hero left are eliminated: none." in last
    assert "4. 2 players remain; play goes on." in last
    assert t.vc() == {1: 9, 2: 10}
    assert "Ben's turn" in t.run("status").output
    assert t.run("result").output.startswith("The game is not over")
    t.do("draw", "Ben")
    t.do("draw", "Ben")
    defend_ana_to_3(t)
    t.do("play", "Ana", "security-intern", "-t", "1")  # 3 -> 2
    t.do("play", "Ana", "hack-back-vigilante", "-t", "2", "-t", "1")  # Ben 14, Ana 0
    assert t.vc() == {1: 0, 2: 14}
    assert t.run("result").output == "Winner: Ana (lowest Hero at 0 VC or lower)\n"
    t.check_decks()


def test_crossing_0_during_the_first_action_decides_nothing(tmp_path):
    """Rules: "Crossing a threshold during the first action does not end the game or
    eliminate a Hero. The second action can change the outcome." """
    t = Table(tmp_path, {"Ana": "red-team", "Ben": "blue-team"})
    t.do("hero", "Ana", "script-kiddie")  # #1, 9 VC: activation Attack 1, then +2
    t.do("hero", "Ben", "security-intern")  # #2, 10 VC
    defend_ana_to_3(t)
    t.do("play", "Ana", "security-intern", "-t", "1")  # Defend Ally 1: 3 -> 2
    t.do("play", "Ana", "security-intern", "-t", "1")  # 2 -> 1
    t.do("draw", "Ben")
    t.do("draw", "Ben")
    first = t.do("play", "Ana", "security-intern", "-t", "1")  # Defend Ally 1: 1 -> 0
    assert "End of" not in first and t.vc()[1] == 0
    last = t.do("activate", "Ana", "1", "-t", "2")  # Attack 1 on Ben, then 0 -> 2
    assert "3. No surviving Hero is at 0 VC or lower." in last
    assert t.vc() == {1: 2, 2: 13}
    assert t.run("result").output.startswith("The game is not over")
    t.check_decks()
