"""Spreadsheet formulas in the CSV files the tools write (issue 42, item 5): `pnp
export-data` wrote a card name such as `=cmd|' /C calc'!A0` raw into a CSV file with an
Excel byte-order mark. Every text cell a spreadsheet would run is now written with a
"'" before it, as `stats --csv` does, and pnp reads its own CSV back to the very same
text, whatever it is."""

from __future__ import annotations

import csv
import shutil

from hypothesis import given
from hypothesis import strategies as st

from pnp.core.games import find_game
from pnp.core.paths import SHIPPED_DATA_DIR
from pnp.core.sheet_cells import guarded, unguarded
from pnp.data.csv_tables import write_sheet
from tests.test_export_data import _export, _without

EVIL = "=cmd|' /C calc'!A0"


@given(st.text())
def test_any_text_reads_back_as_it_was_written(text):
    assert unguarded(guarded(text)) == text


@given(st.text(st.sampled_from("'=+-@\t\r0123456789.eE abc"), max_size=8))
def test_a_guarded_cell_never_starts_as_a_formula_unless_it_is_a_number(text):
    cell = guarded(text)
    if cell[:1] in ("=", "+", "-", "@", "\t", "\r"):
        float(cell)  # only a plain number is left bare: a spreadsheet reads a number


def test_numbers_stay_numbers_and_formulas_become_text():
    assert [guarded(t) for t in ("-3", "+2.5", "1e3", "-", "-3+1", EVIL, "'=x", "Ana")] == [
        "-3",
        "+2.5",
        "1e3",
        "'-",
        "'-3+1",
        "'" + EVIL,
        "''=x",
        "Ana",
    ]


def test_write_sheet_guards_every_cell(tmp_path):
    path = tmp_path / "t.csv"
    with open(path, "wb") as stream:
        write_sheet(
            ["id", "name"], [{"id": "a", "name": EVIL}, {"id": "b", "name": "@home"}], stream
        )
    rows = list(csv.reader(path.read_text(encoding="utf-8-sig").splitlines()))
    assert rows == [["id", "name"], ["a", "'" + EVIL], ["b", "'@home"]]


def test_export_data_guards_a_card_name_and_reads_it_back(tmp_path):
    """A Hack Attack card named like a formula goes to tech.csv as text and comes back
    from it with the same name, printed on the same cards."""
    data = tmp_path / "data"
    shutil.copytree(SHIPPED_DATA_DIR / "hack-attack", data / "hack-attack")
    tech = data / "hack-attack" / "tech.toml"
    text = tech.read_text(encoding="utf-8")
    assert 'name = "Smart TV"' in text
    tech.write_text(text.replace('name = "Smart TV"', f'name = "{EVIL}"'), encoding="utf-8")
    result = _export("hack-attack", data, tmp_path / "out")
    assert result.exit_code == 0, result.output
    sheet = (tmp_path / "out" / "hack-attack" / "csv" / "tech.csv").read_text(encoding="utf-8-sig")
    assert f"'{EVIL}" in sheet
    assert not any(line.split(",", 2)[1].startswith("=") for line in sheet.splitlines()[1:])
    # read back: tech.csv in place of tech.toml's [[tech]] tables
    game = data / "hack-attack"
    shutil.copy(tmp_path / "out" / "hack-attack" / "csv" / "tech.csv", game / "tech.csv")
    tech.write_text(_without(tech.read_text(encoding="utf-8"), {"tech"}), encoding="utf-8")
    with open(game / "game.toml", "a", encoding="utf-8") as f:
        f.write('\n[tables]\ntech = "tech.csv"\n')
    kit = find_game("hack-attack")
    names = {
        c.id: c.name for c in kit.printed_cards(kit.load(game)) if c.source.file.name == "tech.csv"
    }
    assert names["smart-tv"] == EVIL
