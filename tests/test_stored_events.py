"""Stored events pass the checks of the command that records them (issue 23, item 1):
a log row damaged to hold a value its command would refuse (a count out of range, a
card name holding an escape code) is a one-line error naming the row, exit 1, and the
file is left as it was; a card that today's card data no longer prints is a warning,
never a reason to refuse a saved game."""

from __future__ import annotations

import json
import sqlite3

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.cli import main


def run(db, *args):
    return CliRunner().invoke(main, ["--db", str(db), *args], env={})


def damage(db, row: int, path: str, value) -> None:
    """Set `path` ("$.count") of log row `row`'s event to the JSON `value`, as a hand
    edit of the file would."""
    with sqlite3.connect(db) as conn:
        conn.execute(
            "UPDATE log SET event = json_set(event, ?, json(?)) WHERE id = ?",
            (path, json.dumps(value), row),
        )
    conn.close()


#: One short game of each kind, every command's range per field (as the README and each
#: verb's help give them): (verb arguments to play, the row and field to damage, range).
GAMES = {
    "hack-attack": (
        ["new hack-attack Ana Ben", "protect Ana laptop", "user-error Ben 2"],
        {"points": (1, (1, 9)), "count": (2, (1, 20))},
    ),
    "not-a-hack": (
        [
            "new not-a-hack Ana Ben Cleo",
            "hack Ana Ben 3",
            "negative Ben 2",
            "positive Cleo 1",
            "steal Cleo Ben --hack 1",
        ],
        {"cards": (1, (1, 3)), "points": (2, (-9, -1)), "hack": (4, (0, 98))},
    ),  # from 0
    "hack-back": (
        [
            "new hack-back Ana Ben",
            "hero Ana script-kiddie",
            "hero Ben tailgater",
            "activate Ana 1 -t 2",
        ],
        {"vc": (1, (0, 39)), "hero": (3, (1, 2**63 - 1))},
    ),
}


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """game id -> the bytes of a database holding its short game."""
    out = {}
    for game, (commands, _) in GAMES.items():
        db = tmp_path_factory.mktemp(game) / "score.sqlite3"
        for command in commands:
            result = run(db, *command.split())
            assert result.exit_code == 0, (command, result.output)
        out[game] = db.read_bytes()
    return out


def _refused_as_damaged(db, row: int, before: bytes) -> str:
    for verb in ("status", "history", "result"):
        result = run(db, verb)
        assert result.exit_code == 1, (verb, result.output)
        lines = result.output.splitlines()
        assert len(lines) == 1 and lines[0].startswith("Error: ")
        assert f"game 1, event {row} is damaged" in lines[0]
        assert "Traceback" not in result.output
    assert db.read_bytes() == before
    return lines[0]


@pytest.mark.parametrize("count", [21, 1000, 10**23, 0, -1])
def test_a_user_error_count_the_command_refuses_is_refused_when_read(played, tmp_path, count):
    db = tmp_path / "score.sqlite3"
    db.write_bytes(played["hack-attack"])
    damage(db, 2, "$.count", count)
    before = db.read_bytes()
    line = _refused_as_damaged(db, 2, before)
    assert "outside 1..20" in line and str(count)[:10] in line


def test_a_user_error_count_in_range_but_beyond_the_deck_is_refused_by_the_rule(played, tmp_path):
    db = tmp_path / "score.sqlite3"
    db.write_bytes(played["hack-attack"])
    damage(db, 2, "$.count", 15)  # 1..20 is the command's range; the deck has 14
    line = _refused_as_damaged(db, 2, db.read_bytes())
    assert "the deck has 14 User Error cards" in line


@settings(
    max_examples=60,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_every_ranged_field_of_every_game_is_held_to_its_commands_range(played, tmp_path, data):
    game = data.draw(st.sampled_from(sorted(GAMES)))
    field = data.draw(st.sampled_from(sorted(GAMES[game][1])))
    row, (low, high) = GAMES[game][1][field]
    value = data.draw(st.one_of(st.integers(max_value=low - 1), st.integers(min_value=high + 1)))
    db = tmp_path / f"{game}-{field}.sqlite3"
    db.write_bytes(played[game])
    damage(db, row, f"$.{field}", value)
    line = _refused_as_damaged(db, row, db.read_bytes())
    assert f"field {field!r}" in line


@pytest.mark.parametrize("text", ["\x1b[31mRed", "Lap\x07top", "\u202eRTL", "", "x" * 141])
@pytest.mark.parametrize("game,row", [("hack-attack", 1), ("not-a-hack", 2), ("hack-back", 1)])
def test_a_recorded_card_name_no_card_could_print_is_refused_when_read(
    played, tmp_path, text, game, row
):
    db = tmp_path / "score.sqlite3"
    db.write_bytes(played[game])
    damage(db, row, "$.name", text)
    line = _refused_as_damaged(db, row, db.read_bytes())
    assert "field 'name'" in line and "\x1b" not in line and "\x07" not in line


@pytest.mark.parametrize("game,row", [("hack-attack", 1), ("not-a-hack", 2), ("hack-back", 2)])
def test_a_card_since_retuned_away_is_a_warning_and_the_game_is_kept(played, tmp_path, game, row):
    db = tmp_path / "score.sqlite3"
    db.write_bytes(played[game])
    damage(db, row, "$.card", "card-retuned-away")
    for verb in ("status", "result"):
        assert run(db, verb).exit_code == 0
    result = run(db, "history")
    assert result.exit_code == 0
    assert result.stderr == (
        f"Warning: game 1, event {row} names the card 'card-retuned-away', which today's "
        "card data does not print (a deck retuned since this game was saved?); it is kept "
        "as recorded.\n"
    )
    assert run(db, "history").output.count("Warning:") == 1


def test_a_hack_back_hero_whose_card_was_retuned_is_activated_with_its_card_now(played, tmp_path):
    db = tmp_path / "score.sqlite3"
    db.write_bytes(played["hack-back"])
    damage(db, 2, "$.card", "tailgater-old")  # Ben's Hero #2, revealed before a retune
    assert run(db, "draw", "Ana").exit_code == 0  # Ana's second action: Ben's turn
    result = run(db, "activate", "Ben", "2", "-t", "1")
    assert (result.exit_code, result.output) == (
        1,
        (
            "Error: Hero #2 was revealed as the card 'tailgater-old', which today's card data "
            "does not print (a deck retuned since?); add --card with the card it is now\n"
        ),
    )
    result = run(db, "activate", "Ben", "2", "-t", "1", "--card", "tailgater")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Ben activated Hero #2 Tailgater: Attack 1 on #1")


@pytest.mark.parametrize(
    "effect, why",
    [
        ({"kind": "defend", "amount": -9}, "amount is -9, outside 1..9"),
        ({"kind": "draw", "amount": 9}, "amount is 9, outside 1..3"),
        ({"kind": "victory_point", "amount": -5}, "amount is -5, outside 0..0"),
        ({"kind": "attack", "amount": 0}, "amount is 0, outside"),
        ({"kind": "attack"}, "amount is missing"),
        ({"kind": "attack", "amount": None}, "amount is null, not a whole number"),
    ],
)
def test_a_hack_back_instruction_is_held_to_what_its_kind_may_print(played, tmp_path, effect, why):
    db = tmp_path / "score.sqlite3"
    db.write_bytes(played["hack-back"])
    damage(db, 3, "$.effects", [effect])
    line = _refused_as_damaged(db, 3, db.read_bytes())
    assert f"field 'effects'[0].{why}" in line and "TypeError" not in line


def test_a_steal_recording_another_size_than_the_hack_it_takes_is_refused(played, tmp_path):
    db = tmp_path / "score.sqlite3"
    db.write_bytes(played["not-a-hack"])
    damage(db, 4, "$.cards", 2)  # Ben's hack 1 holds 3 white cards
    line = _refused_as_damaged(db, 4, db.read_bytes())
    assert "the Steal records a 2-card hack, but Ben's hack 1 holds 3 white cards" in line


def test_an_activation_whose_printed_vc_is_not_its_heros_is_refused(played, tmp_path):
    db = tmp_path / "score.sqlite3"
    db.write_bytes(played["hack-back"])
    damage(db, 3, "$.printed", 3)
    line = _refused_as_damaged(db, 3, db.read_bytes())
    assert "Hero #1 was revealed at 9 printed VC, not 3" in line


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_nan_or_infinity_in_a_stored_event_is_not_json(played, tmp_path, constant):
    db = tmp_path / "score.sqlite3"
    db.write_bytes(played["hack-attack"])
    with sqlite3.connect(db) as conn:
        conn.execute(
            "UPDATE log SET event = ? WHERE id = 2",
            (
                f'{{"type": "user_error", "player": "Ben", "count": 2, "deck": 14, '
                f'"note": {constant}}}',
            ),
        )
    conn.close()
    line = _refused_as_damaged(db, 2, db.read_bytes())
    assert "not JSON" in line
    assert run(db, "export").exit_code == 1
