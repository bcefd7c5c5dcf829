"""The fourth game end to end, registered by the test alone: `pnp validate`, `pnp build`
(read back from the PDF) and a scored game with a tie at the table, with no line of the
product changed (tests/fourth_game holds its data, kit and rules)."""

from __future__ import annotations

import json
import shutil

import pdfplumber
from click.testing import CliRunner
from pypdf import PdfReader

from pnp.cli import main as pnp_main
from scorekeeper.cli import main as sk_main
from tests.fourth_game import register
from tests.fourth_game.kit import DATA_DIR
from tests.pdfread import placements


def test_coin_flip_validates_builds_and_is_scored_to_a_tie(tmp_path, monkeypatch):
    register(monkeypatch)
    pnp = lambda *args: CliRunner().invoke(pnp_main, [*args, "--data", str(DATA_DIR)])  # noqa: E731
    checked = pnp("validate", "--game", "coin-flip")
    assert (checked.exit_code, checked.output) == (0, "coin-flip: OK — 3 distinct cards, 12 copies\n")
    built = pnp("build", "--game", "coin-flip", "--out", str(tmp_path / "out"))
    assert built.exit_code == 0, built.output
    assert built.output.splitlines()[:2] == ["coin-flip: 12 cards — 12 Coin",
                                             "  3x3 cards per a4 sheet, 2 sheets, duplex, flip on long edge"]
    cards = tmp_path / "out" / "coin-flip" / "cards.pdf"
    reader = PdfReader(str(cards))
    assert [len(placements(reader, i)) for i in range(len(reader.pages))] == [9, 9, 3, 3]
    with pdfplumber.open(cards) as pdf:
        assert pdf.pages[0].extract_text().count("Penny") == 6
        assert "COIN FLIP" in pdf.pages[1].extract_text()
    with pdfplumber.open(tmp_path / "out" / "coin-flip" / "rules.pdf") as pdf:
        assert "Quarter (3 points) 2" in pdf.pages[0].extract_text()

    db = str(tmp_path / "score.sqlite3")
    sk = lambda *args: CliRunner().invoke(sk_main, ["--db", db, *args])  # noqa: E731
    assert sk("new", "coin-flip", "Ana", "Ben").exit_code == 0
    for player, points in (("ana", "3"), ("ben", "1"), ("ana", "1"), ("ben", "3")):
        assert sk("coin", player, points).exit_code == 0
    assert sk("stop").exit_code == 0
    result = json.loads(sk("result", "--json").output)
    assert (result["winners"], result["reason"], result["termination"]) == (
        ["Ana", "Ben"], "shared win", "scored")


def test_coin_flip_data_is_checked_by_the_shared_reader(tmp_path, monkeypatch):
    register(monkeypatch)
    shutil.copytree(DATA_DIR, tmp_path / "data")
    coins = tmp_path / "data" / "coin-flip" / "coins.toml"
    coins.write_text(coins.read_text().replace("points = 1", "points = 7")
                     + '\n[[coinz]]\nid = "x"\n')
    result = CliRunner().invoke(pnp_main, ["validate", "-g", "coin-flip", "--data",
                                           str(tmp_path / "data")])
    assert result.exit_code == 1
    assert "card 'penny', field 'points': expected 1..3, got 7" in result.output
    assert "unknown table [[coinz]]; this file holds [[coin]] tables" in result.output
