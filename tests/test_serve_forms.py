"""The page's forms are read off each verb's click command, for every game alike (the
three games, a data-only game's points sheet and the test-only fourth game, which has
no Board of its own and is shown as its view's lines), and a form's answer becomes the
words the CLI takes: recorded through the CLI's own command, the same as typing them."""

from __future__ import annotations

import json

import click
import pytest
from click.testing import CliRunner

from scorekeeper.board import board_of
from scorekeeper.cli import main
from scorekeeper.web.forms import FormError, words_of
from scorekeeper.web.page import read_page, reported
from scorekeeper.web.runner import run
from tests.data_only_game import write_game
from tests.fourth_game import register

KINDS = {"choice", "search", "number", "flag", "text", "per-player"}
STARTS = {
    "hack-attack": ["new", "hack-attack", "Ana", "Ben", "Cy"],
    "hack-back": ["new", "hack-back", "Ana", "Ben", "Cy"],
    "not-a-hack": ["new", "not-a-hack", "Ana", "Ben", "Cy"],
    "coin-flip": ["new", "coin-flip", "Ana", "Ben", "Cy"],
}


def cli(db, *words):
    result = CliRunner().invoke(main, ["--db", str(db), *words], env={"COLUMNS": "100"})
    assert result.exit_code == 0, result.output
    return result.output


@pytest.fixture
def started(tmp_path, monkeypatch):
    """start(game) -> the database of a new table of `game` (any of STARTS, or
    "dice-night": a data-only game's points sheet)."""
    register(monkeypatch)

    def start(game):
        db = tmp_path / f"{game}.sqlite3"
        if game == "dice-night":
            cli(db, "new", "--data", str(write_game(tmp_path / "games")), game, "Ana", "Ben", "Cy")
        else:
            cli(db, *STARTS[game])
        return db

    return start


@pytest.mark.parametrize("game", [*STARTS, "dice-night"])
def test_every_verb_of_every_game_has_a_form_the_page_can_draw(started, game):
    db = started(game)
    page = read_page(main, db, None)
    assert page is not None
    verbs = {f.verb for f in page.forms}
    assert verbs == {str(v.name) for v in game_of(db).verbs}
    for form in page.forms:
        assert form.summary and len(form.summary) <= 73
        for field in form.fields:
            assert field.kind in KINDS, (form.verb, field)
            assert field.name != "as_json"
        assert words_of(form, {}, page.row.players) == ["--"]
    status = json.loads(cli(db, "status", "--json"))
    assert page.status == status


def test_a_player_box_starts_on_the_player_to_act_and_only_the_first(started):
    db = started("not-a-hack")
    cli(db, "hack", "Ana", "Ben", "2")
    forms = {f.verb: f for f in read_page(main, db, None).forms}
    hack = {f.name: f for f in forms["hack"].fields}
    assert hack["drawer"].default == "Ben" and hack["winner"].default == ""
    assert hack["cards"].kind == "number" and hack["cards"].default == "2"
    steal = {f.name: f for f in forms["steal"].fields}
    assert steal["player"].default == "Ben" and steal["victim"].default == ""
    assert steal["index"].option == "--hack" and steal["index"].label == "Hack"
    banned = {f.name: f for f in forms["banned"].fields}
    assert banned["no_counter"].kind == "flag" and banned["no_counter"].option == "--no-counter"


def test_cards_are_offered_by_name_and_heroes_by_number(started):
    db = started("hack-back")
    for player, card in (("Ana", "script-kiddie"), ("Ben", "sock-puppet"), ("Cy", "12")):
        cli(db, "hero", player, card)
    forms = {f.verb: f for f in read_page(main, db, None).forms}
    activate = {f.name: f for f in forms["activate"].fields}
    assert activate["hero_number"].choices == (
        ("1", "Script Kiddie (Ana)"),
        ("2", "Sock Puppet Account (Ben)"),
        ("3", "a 12-VC Hero (Cy)"),
    )
    assert activate["target"].repeat == 3 and activate["target"].option == "--target"
    play = {f.name: f for f in forms["play"].fields}
    assert play["card"].kind == "search"
    assert ("patch-tuesday", "Patch Tuesday") in play["card"].choices


def test_an_answer_becomes_the_words_typed_options_first(started):
    db = started("hack-attack")
    page = read_page(main, db, None)
    forms = {f.verb: f for f in page.forms}
    players = page.row.players
    attack = forms["attack"]
    shown = {f.name: f for f in attack.fields}["revealed"]
    assert ("wild", "Reality Check (wild)") in shown.choices
    words = words_of(
        attack, {"attack": ["phishing-email"], "revealed": ["wild", "", "passwords"]}, players
    )
    assert words == ["--", "phishing-email", "wild", "passwords"]
    user_error = forms["user-error"]
    assert words_of(user_error, {"player": ["Ben"], "count": ["-2"]}, players) == [
        "--",
        "Ben",
        "-2",
    ]
    with pytest.raises(FormError):
        words_of(user_error, {"player": ["x" * 121]}, players)
    with pytest.raises(FormError):
        words_of(attack, {"revealed": ["wild"] * 60}, players)


def test_the_points_sheet_asks_for_points_per_player(started):
    db = started("dice-night")
    page = read_page(main, db, None)
    points = next(f for f in page.forms if f.verb == "points")
    assert [f.kind for f in points.fields] == ["per-player"]
    words = words_of(
        points, {"entries:0": ["3"], "entries:1": [""], "entries:2": ["-1"]}, page.row.players
    )
    assert words == ["--", "Ana", "3", "Cy", "-1"]
    said = run(main, db, ["points", *words])
    assert said.ok, said.error
    assert said.lines[0] == "Ana scored 3, Cy −1."
    after = read_page(main, db, None)
    assert reported(said.lines, after) == ("Ana scored 3, Cy −1.",)
    assert [r.cells for r in after.board.rows] == [
        ("Ana", "3", "3"),
        ("Ben", "–", "0"),
        ("Cy", "−1", "−1"),
    ]


def test_a_game_without_a_board_is_shown_as_its_view(started):
    db = started("coin-flip")
    page = read_page(main, db, None)
    assert page.board.preformatted and not page.board.rows
    assert page.board.head == cli(db, "status").splitlines()[0]
    assert list(page.board.lines) == cli(db, "status").splitlines()[1:]


def test_each_board_is_the_status_json_in_cells(started):
    db = started("hack-attack")
    cli(db, "protect", "Ana", "laptop")
    cli(db, "user-error", "Ana")
    table = read_page(main, db, None)
    status = json.loads(cli(db, "status", "--json"))
    rows = table.board.rows
    assert [r.cells[0] for r in rows] == [p["name"] for p in status["players"]]
    assert rows[0].cells[1:] == ("1", "3", "1", "2") and rows[0].current and rows[0].leading
    assert rows[0].detail == "Laptop (3)"
    assert board_of(game_of(db), 1, status) == table.board


def game_of(db):
    from scorekeeper import session
    from scorekeeper.store import Store

    store = Store(db, create=False)
    try:
        return session.current(store, None).game
    finally:
        store.close()


def test_a_verb_the_cli_refuses_says_so_in_one_line(started):
    db = started("hack-attack")
    said = run(main, db, ["protect", "Ana", "no-such-card"])
    assert not said.ok and said.status == 1 and "no Tech card" in said.error
    usage = run(main, db, ["protect", "Ana"])
    assert usage.status == 2 and "Missing argument" in usage.error
    assert click.unstyle(said.error) == said.error
