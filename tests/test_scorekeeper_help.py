"""Help a player can scan at the table (issue 10, item 4): `scorekeeper --help` grouped
under "Every game" and one section per registered game, `scorekeeper help GAME` with an
example per verb, --db and --game before or after the verb, and shell completion of
verbs, player names and card ids. Whole outputs, at an 80-column terminal."""

from __future__ import annotations

import shlex

import click
import pytest
from click.shell_completion import ShellComplete
from click.testing import CliRunner

from scorekeeper.cli import ANYWHERE, EVERY_GAME, command_sections, group_options_first, main
from scorekeeper.context import example_line, example_of
from scorekeeper.games import all_games
from tests.fourth_game import register

#: An 80-column terminal: click's help is 78 columns wide there.
WIDTH = 78


def run(*args, env=None):
    return CliRunner().invoke(
        main, list(args), env=env or {}, prog_name="scorekeeper", terminal_width=WIDTH
    )


@pytest.fixture
def sk(tmp_path):
    db = tmp_path / "score.sqlite3"

    def play(*args):
        return run("--db", str(db), *args)

    play.db = db
    return play


OPTIONS = """\
Usage: scorekeeper [OPTIONS] COMMAND [ARGS]...

  Keep score at the table for the Hack Pack's card games: start one with
  'new', record what happens with the game's own verbs, and ask for 'status'
  or 'result'.

Options:
  --db TEXT       Database file (default: scorekeeper.sqlite3 in your user
                  data folder; or set SCOREKEEPER_DB).
  --game INTEGER  Game id to use (default: the newest).
  --version       Show the version and exit.
  -h, --help      Show this message and exit.
"""

SECTIONS = """\
Every game:
  new          Start GAME (a game id or alias; a wrong one is answered...
  rematch      Start the chosen game again (the newest, or --game N): the...
  games        List the games, the newest (the current one) last, each...
  status       Who leads, each player's numbers, whose turn, and what is...
  moves        What can happen now: each move the rules make legal in the...
  history      Every event in force, in order, with what the rules did by...
  undo         Take back the last event (it can be redone until something...
  redo         Bring back the last undone event.
  export       The whole game as JSON: players and their colours, the...
  result       The winner(s) once the game is over, and why; before that,...
  stats        Across evenings: each player's games played, won outright...
  check        Settle a finished table of GAME without replaying it: each...
  help         One GAME's verbs (a game id or alias), each with a...
  serve        Serve the table as a live web page, to record moves by phone.

Hack Attack: Defense:
  protect      PLAYER Protects a Tech card, given by card id or name...
  user-error   PLAYER keeps COUNT User Error cards (−1 point each at the...
  attack       Record an Attack drawn by the player whose turn it is, and...
  end-turn     End the current player's turn; the final round and the end...
  defend       Check an Attack without recording it: ICONS is an Attack...

Hack Back:
  hero         Opening: PLAYER reveals a Hero, by card id or name, or by...
  no-hero      Opening: PLAYER cannot supply a Hero, and loses.
  draw         Action: PLAYER draws a card.
  play         Action: PLAYER plays CARD from hand and resolves its Play...
  activate     Action: PLAYER activates Hero HERO_NUMBER: its...

Not a Hack:
  hack         A turn: DRAWER drew a hack card and chose WINNER's...
  negative     PLAYER drew a negative action card (by id or name, or its...
  banned       PLAYER drew a Banned card (a New Account card they hold...
  new-account  PLAYER drew a New Account card from the white pile.
  positive     PLAYER drew a positive action card (by id or name, or its...
  steal        PLAYER plays a Steal card on VICTIM's winning hack.
  hack-off     The final hack-off: the banned players' votes; the winning...
  used-up      End the game with no winner: the white cards are used up...
"""

#: The points sheet's verbs, after every registered game's (scorekeeper.sheets).
SHEET_SECTION = """
Points sheet (a data-only game):
  points       PLAYER scores POINTS in the round in play (a whole number;...
  end-round    End the round in play, once points are recorded in it;...
  end-game     End the game and score it, in a game whose game.toml sets...
"""


def test_help_groups_the_commands_under_every_game_and_each_game(monkeypatch):
    """The shipped games' help, whatever game the run registers besides (the next test
    has a fourth game's)."""
    import pnp.core.games

    monkeypatch.setattr(pnp.core.games, "GAMES", [])
    result = run("--help")
    assert result.exit_code == 0, result.output
    assert (
        result.output
        == OPTIONS
        + "\n"
        + SECTIONS
        + SHEET_SECTION
        + """
One game's verbs, each with an example: 'scorekeeper help GAME' (GAME:
hack-attack, hack-back, not-a-hack); a data-only game's points sheet:
'scorekeeper help --data DIR GAME'. --db and --game may also follow the verb.
"""
    )
    assert run("-h").output == result.output


def test_help_without_a_game_is_the_grouped_help():
    assert run("help").output == run("--help").output


def test_a_registered_fourth_game_gets_its_own_section_and_help_page(monkeypatch):
    register(monkeypatch, "coin-flip", "tests.fourth_game.table")
    assert [title for title, _ in command_sections()] == [
        EVERY_GAME,
        "Hack Attack: Defense",
        "Hack Back",
        "Not a Hack",
        "Coin Flip",
        "Points sheet (a data-only game)",
    ]
    result = run("--help")
    assert result.exit_code == 0, result.output
    assert (
        result.output
        == OPTIONS
        + "\n"
        + SECTIONS
        + """
Coin Flip:
  coin         PLAYER takes a coin worth POINTS (1 to 3) on their turn.
  stop         Stop play: the game ends and the highest total wins.
"""
        + SHEET_SECTION
        + """
One game's verbs, each with an example: 'scorekeeper help GAME' (GAME:
hack-attack, hack-back, not-a-hack, coin-flip); a data-only game's points
sheet: 'scorekeeper help --data DIR GAME'. --db and --game may also follow the
verb.
"""
    )
    page = run("help", "coin-flip")
    assert (page.exit_code, page.output) == (
        0,
        """\
Coin Flip (coin-flip)
Start a game: scorekeeper new coin-flip NAME NAME...

  coin  PLAYER takes a coin worth POINTS (1 to 3) on their turn.
          scorekeeper coin Ana 2
  stop  Stop play: the game ends and the highest total wins.
          scorekeeper stop

Every game: new, rematch, games, status, moves, history, undo, redo, export,
result, stats, check, help, serve (scorekeeper --help).
""",
    )


def test_help_game_shows_each_verb_with_an_example_by_id_or_alias():
    result = run("help", "hack-attack")
    assert result.exit_code == 0, result.output
    assert (
        result.output
        == """\
Hack Attack: Defense (hack-attack)
Start a game: scorekeeper new hack-attack NAME NAME... [--first NAME]
[--variant NAME[=N]]...

  protect     PLAYER Protects a Tech card, given by card id or name (e.g.
              laptop) or by its points.
                scorekeeper protect Ana laptop
  user-error  PLAYER keeps COUNT User Error cards (−1 point each at the end).
                scorekeeper user-error Ben 2
  attack      Record an Attack drawn by the player whose turn it is, and
              decide it: ATTACK is a card id or name, or three icons separated
              by commas; REVEALED are the Defense cards shown (categories, or
              wild), one per player at most.
                scorekeeper attack phishing-email passwords wild
  end-turn    End the current player's turn; the final round and the end are
              handled for you.
                scorekeeper end-turn
  defend      Check an Attack without recording it: ICONS is an Attack id or
              three icons joined by commas; REVEALED are the Defense cards
              shown (categories, or wild).
                scorekeeper defend phishing-email passwords wild --players 3

Official variants, chosen at new (and given to check) with --variant:
  faster      Protect any number of Tech cards on your turn, not one (rules,
              “Faster variant: let players Protect any number of Tech cards on
              their turn”)
  cover=1..3  The table covers N of an Attack's 3 icons (1 easier, 3 harder)
              whatever the player count (rules, “Variant: for an easier or
              harder game, lower or raise the number of icons the table must
              cover”)

Every game: new, rematch, games, status, moves, history, undo, redo, export,
result, stats, check, help, serve (scorekeeper --help).
"""
    )
    assert run("help", "HAD").output == result.output  # pnp's alias, any case


def test_help_game_for_hack_back_and_not_a_hack():
    assert (
        run("help", "hack-back").output
        == """\
Hack Back (hack-back)
Start a game: scorekeeper new hack-back NAME NAME...

  hero      Opening: PLAYER reveals a Hero, by card id or name, or by its
            printed VC.
              scorekeeper hero Ana script-kiddie
  no-hero   Opening: PLAYER cannot supply a Hero, and loses.
              scorekeeper no-hero Ben
  draw      Action: PLAYER draws a card.
              scorekeeper draw Ana
  play      Action: PLAYER plays CARD from hand and resolves its Play
            instructions.
              scorekeeper play Ana script-kiddie -t 2
  activate  Action: PLAYER activates Hero HERO_NUMBER: its instructions, then
            +2 VC.
              scorekeeper activate Ana 1 -t 2

Every game: new, rematch, games, status, moves, history, undo, redo, export,
result, stats, check, help, serve (scorekeeper --help).
"""
    )
    assert (
        run("help", "not-a-hack").output
        == """\
Not a Hack (not-a-hack)
Start a game: scorekeeper new not-a-hack NAME NAME... [--first NAME]

  hack         A turn: DRAWER drew a hack card and chose WINNER's submission
               of CARDS white cards (default 2), which WINNER keeps as points.
                 scorekeeper hack Ana Ben 2
  negative     PLAYER drew a negative action card (by id or name, or its
               points, e.g. 2).
                 scorekeeper negative Ben 2
  banned       PLAYER drew a Banned card (a New Account card they hold
               counters it).
                 scorekeeper banned Cleo
  new-account  PLAYER drew a New Account card from the white pile.
                 scorekeeper new-account Cleo
  positive     PLAYER drew a positive action card (by id or name, or its
               points, e.g. 2).
                 scorekeeper positive Ana pos-bug-bounty
  steal        PLAYER plays a Steal card on VICTIM's winning hack.
                 scorekeeper steal Ana Ben
  hack-off     The final hack-off: the banned players' votes; the winning hack
               scores its cards.
                 scorekeeper hack-off --vote Cleo=Ana
  used-up      End the game with no winner: the white cards are used up for
               good, so no hack can ever be completed again (the rulebook's
               clarification, “What if the white cards run out for good?”).
                 scorekeeper used-up

Every game: new, rematch, games, status, moves, history, undo, redo, export,
result, stats, check, help, serve (scorekeeper --help).
"""
    )


def test_help_for_an_unknown_game_lists_the_games():
    result = run("help", "chess")
    assert result.exit_code == 1
    assert result.output.startswith("Error: ") and "hack-attack" in result.output
    assert len(result.output.splitlines()) == 1


def test_a_verb_s_own_help_ends_with_its_example():
    result = run("protect", "--help")
    assert result.output.endswith("\n  Example: scorekeeper protect Ana laptop\n")


def test_every_command_has_help_text_and_one_section():
    ctx = main.make_context("scorekeeper", ["status"])
    listed = [c.name for _, commands in command_sections() for c in commands]
    assert sorted(listed) == main.list_commands(ctx)  # each once, none left out
    for _, commands in command_sections():
        for command in commands:
            assert command.help and len(command.help) > 20, command.name
            for param in command.params:
                if isinstance(param, click.Option):
                    assert param.help, (command.name, param.name)


def test_every_verb_of_every_game_declares_an_example_that_parses():
    for game in all_games():
        for verb in game.verbs:
            words = example_of(verb)
            assert words is not None, verb.name
            assert example_line(verb).startswith(f"scorekeeper {verb.name}")
            verb.make_context(verb.name, shlex.split(words))  # no usage error


def _two_games(sk):
    assert sk("new", "not-a-hack", "Ana", "Ben", "Cleo").exit_code == 0
    assert sk("new", "hack-attack", "Dora", "Eve").exit_code == 0


def test_game_and_db_options_before_or_after_the_verb(sk, tmp_path):
    _two_games(sk)
    before = run("--db", str(sk.db), "--game", "1", "status")
    assert before.exit_code == 0, before.output
    assert before.output.splitlines()[0] == "Not a Hack — game 1, turn 1: Ana draws the black card"
    assert run("status", "--db", str(sk.db), "--game", "1").output == before.output
    assert run("status", f"--db={sk.db}", "--game=1").output == before.output
    assert run("--db", str(sk.db), "status", "--game", "1").output == before.output
    assert sk("status").output.splitlines()[0].startswith("Hack Attack: Defense — game 2")
    json_after = sk("status", "--game", "1", "--json")
    assert json_after.exit_code == 0 and '"game": "not-a-hack"' in json_after.output


def test_options_after_the_verb_keep_negative_numbers_and_the_verb_s_own_options(sk):
    _two_games(sk)
    recorded = sk("negative", "ana", "-2", "--game", "1")
    assert recorded.exit_code == 0, recorded.output
    assert recorded.output.splitlines()[0] == "Ana: a negative action card, −2."
    refused = sk("steal", "ben", "ana", "--hack", "1", "--game", "1")
    assert (refused.exit_code, refused.output) == (
        1,
        "Error: Ana has 0 winning hacks; there is no hack 1\n",
    )
    vote = sk("hack-off", "--game", "1", "--vote", "--game")  # --vote's value stays its own
    assert vote.exit_code == 2 and vote.output.endswith(
        "\nError: write each vote as VOTER=FINALIST, got '--game'\n"
    )


def test_an_option_after_the_verb_without_its_value_or_after_a_double_dash(sk):
    _two_games(sk)
    missing = sk("status", "--game")
    assert missing.exit_code == 2
    assert missing.output.endswith("Error: Option '--game' requires an argument.\n")
    after_dashes = sk("status", "--", "--game", "1")
    assert after_dashes.exit_code == 2
    assert "Got unexpected extra arguments (--game 1)" in after_dashes.output


def test_a_verb_s_own_option_named_like_a_group_option_stays_its_own():
    own = click.Command("own", params=[click.Option(["--game"]), click.Argument(["x"])])
    ctx = main.make_context("scorekeeper", ["status"])
    args = ["--db", "d", "own", "a", "--game", "g", "--db", "e"]
    assert group_options_first(ctx, args, lambda name: own if name == "own" else None) == [
        "--db",
        "d",
        "--db",
        "e",
        "own",
        "a",
        "--game",
        "g",
    ]
    assert set(ANYWHERE) == {"--db", "--game"}


def complete(db, words: str, incomplete: str, env=None) -> list[str]:
    """What click's completion offers for `scorekeeper WORDS INCOMPLETE`, by the API."""
    completer = ShellComplete(main, {}, "scorekeeper", "_SCOREKEEPER_COMPLETE")
    args = ["--db", str(db), *shlex.split(words)] if db else shlex.split(words)
    return [item.value for item in completer.get_completions(args, incomplete)]


def test_bash_completion_of_a_player_name_through_the_environment(sk):
    _two_games(sk)
    result = CliRunner().invoke(
        main,
        [],
        prog_name="scorekeeper",
        env={
            "_SCOREKEEPER_COMPLETE": "bash_complete",
            "COMP_WORDS": "scorekeeper protect d",
            "COMP_CWORD": "2",
            "SCOREKEEPER_DB": str(sk.db),
        },
    )
    assert (result.exit_code, result.output) == (0, "plain,Dora\n")


def test_completion_offers_only_what_the_rules_make_legal_now(sk):
    """Completion asks the rules (issue 40): a player where the move lets them make it,
    a verb of the chosen game only while it is legal, another game's verbs never."""
    _two_games(sk)
    assert complete(sk.db, "protect", "") == ["Dora"]  # Dora's turn: Eve may not protect
    assert complete(sk.db, "user-error", "") == ["Dora", "Eve"]  # anyone may keep one
    assert complete(sk.db, "--game 1 hack", "") == ["Ana"]  # the drawer judges
    assert complete(None, f"hack --db {sk.db} --game 1 ana", "") == ["Ben", "Cleo"]
    assert complete(None, f"hack --db {sk.db} --game 1 ana", "c") == ["Cleo"]
    assert complete(sk.db, "", "he") == ["help"]  # Hack Back's hero: not this game's
    assert complete(sk.db, "--game 1", "h") == ["hack", "help", "history"]  # no hack-off yet
    assert complete(sk.db, "", "de") == ["defend"]  # a what-if, always offered
    assert complete(sk.db, "help", "hack-") == ["hack-attack", "hack-back"]
    assert sk("protect", "dora", "laptop").exit_code == 0
    assert complete(sk.db, "", "pro") == []  # Dora has Protected this turn
    assert complete(sk.db, "protect", "") == []


def test_completion_of_card_ids_and_heroes(sk):
    from scorekeeper.games.hack_attack import cards as attack_cards
    from scorekeeper.games.hack_back import cards as back_cards

    _two_games(sk)
    assert complete(sk.db, "protect dora", "lap") == ["laptop"]
    assert complete(sk.db, "protect dora", "SMART-") == [
        c for c in attack_cards.deck().tech if c.startswith("smart-")
    ]
    assert complete(sk.db, "attack phishing-email", "pass") == ["passwords"]
    assert complete(sk.db, "--game 1 positive ana", "pos-bug") == ["pos-bug-bounty"]
    copies = attack_cards.deck().tech["laptop"][2]
    assert sk("protect", "dora", "laptop").exit_code == 0 and sk("end-turn").exit_code == 0
    assert complete(sk.db, "protect eve", "lap") == (["laptop"] if copies > 1 else [])
    assert sk("new", "hack-back", "Fin", "Gus").exit_code == 0
    first = next(iter(back_cards.cards()))
    assert first in complete(sk.db, "hero fin", first[:4])
    assert sk("hero", "fin", "8").exit_code == 0  # revealed by its VC only
    assert sk("hero", "gus", "script-kiddie").exit_code == 0
    assert complete(sk.db, "activate fin", "") == ["1"]  # Fin's own Hero only
    eights = [c.id for c in back_cards.cards().values() if c.vc == 8]
    assert complete(sk.db, "activate fin 1 --card", "") == eights  # a card printing 8 VC
    assert complete(sk.db, "activate gus", "") == []  # not Gus's turn


def test_completion_without_a_database_offers_no_names_and_creates_nothing(tmp_path):
    db = tmp_path / "none.sqlite3"
    assert complete(db, "protect", "") == []
    assert not db.exists()


def test_completion_of_a_hack_off_vote_offers_each_banned_players_choices(sk):
    assert sk("new", "not-a-hack", "Ana", "Ben", "Cleo", "Dee").exit_code == 0
    assert sk("banned", "ana", "--no-counter").exit_code == 0
    assert sk("banned", "ben", "--no-counter").exit_code == 0  # Cleo and Dee remain
    assert complete(sk.db, "hack-off --vote", "") == ["Ana=Cleo", "Ana=Dee", "Ben=Cleo", "Ben=Dee"]
    assert complete(sk.db, "hack-off --vote ana=cleo --vote", "") == ["Ben=Cleo", "Ben=Dee"]
    assert complete(sk.db, "hack-off --vote", "b") == ["Ben=Cleo", "Ben=Dee"]
