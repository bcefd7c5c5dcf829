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
    assert (checked.exit_code, checked.output) == (
        0,
        "coin-flip: OK — 3 distinct cards, 12 copies\n",
    )
    built = pnp("build", "--game", "coin-flip", "--out", str(tmp_path / "out"))
    assert built.exit_code == 0, built.output
    assert built.output.splitlines()[:2] == [
        "coin-flip: 12 cards — 12 Coin",
        "  3x3 cards per a4 sheet, 2 sheets, duplex, flip on long edge",
    ]
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
        ["Ana", "Ben"],
        "shared win",
        "scored",
    )


def test_coin_flip_data_is_checked_by_the_shared_reader(tmp_path, monkeypatch):
    register(monkeypatch)
    shutil.copytree(DATA_DIR, tmp_path / "data")
    coins = tmp_path / "data" / "coin-flip" / "coins.toml"
    coins.write_text(
        coins.read_text().replace("points = 1", "points = 7") + '\n[[coinz]]\nid = "x"\n'
    )
    result = CliRunner().invoke(
        pnp_main, ["validate", "-g", "coin-flip", "--data", str(tmp_path / "data")]
    )
    assert result.exit_code == 1
    assert "card 'penny', field 'points': expected 1..3, got 7" in result.output
    assert "unknown table [[coinz]]; this file holds [[coin]] tables" in result.output


def test_coin_flip_exports_every_format_and_is_simulated(tmp_path, monkeypatch):
    """The fourth game through every verb: PNG, TTS and pdf-single exports and a
    simulation whose every move its own score keeper rules applied."""
    register(monkeypatch)
    pnp = lambda *args: CliRunner().invoke(
        pnp_main,
        [
            *args,
            "--data",
            str(DATA_DIR),  # noqa: E731
            "--out",
            str(tmp_path),
        ],
    )
    for fmt, made in (
        ("png", "png"),
        ("tts", "tts/coin-flip.json"),
        ("pdf-single", "cards-single.pdf"),
    ):
        result = pnp("export", "--game", "coin-flip", "--format", fmt, "--dpi", "60")
        assert result.exit_code == 0, (fmt, result.output)
        assert (tmp_path / "coin-flip" / made).exists()
    assert len(list((tmp_path / "coin-flip" / "png").glob("*.png"))) == 24
    result = pnp("simulate", "--game", "coin-flip", "--games", "200", "--workers", "1", "--json")
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["game"] == "coin-flip" and summary["games"] == 200
    assert [c["players"] for c in summary["by_players"]] == [2, 3, 4]
    assert (tmp_path / "coin-flip" / "balance.pdf").exists()


def test_simulate_all_skips_a_game_without_a_simulator_with_a_note(monkeypatch):
    register(monkeypatch, simulator=None)
    result = CliRunner().invoke(
        pnp_main, ["simulate", "--all", "--games", "10", "--players", "3", "--no-pdf"]
    )
    assert result.exit_code == 0, result.output
    assert result.stderr == "Note: coin-flip has no simulator; --all skips it\n"
    assert [
        line.split(":")[0] for line in result.stdout.splitlines() if " games at each of " in line
    ] == ["hack-attack", "hack-back", "not-a-hack"]
