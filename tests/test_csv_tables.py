"""Card tables in CSV files (issue 25, item 5): each kind of bad cell, header and file is
one line naming the file, the spreadsheet's row (the header is row 1) and the column
(letter and name), as `pnp validate` prints every other problem; cells are read by the
same schema as TOML (numbers, booleans, lists separated by "|"); tables with nested
fields are refused in one line naming them."""

from __future__ import annotations

import csv
import io
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.core.errors import Problem, column_letters
from pnp.core.paths import SHIPPED_DATA_DIR
from pnp.data.csv_tables import read_sheet
from pnp.data.schema import Field, int_range
from pnp.data.tables import TableSpec, read_tables
from pnp.export_data import export_data


@pytest.fixture
def sheet(tmp_path) -> Path:
    """A copy of the card data whose Hack Attack reads its [[attack]] table from
    attack.csv (written by export-data), attack.toml removed; returns attack.csv."""
    data = tmp_path / "card_data"
    shutil.copytree(SHIPPED_DATA_DIR, data)
    export_data("hack-attack", data, tmp_path / "out")
    game = data / "hack-attack"
    shutil.copy(tmp_path / "out" / "hack-attack" / "csv" / "attack.csv", game / "attack.csv")
    (game / "attack.toml").unlink()
    with open(game / "game.toml", "a", encoding="utf-8") as f:
        f.write('\n[tables]\nattack = "attack.csv"\n')
    return game / "attack.csv"


def _rows(path: Path) -> list[list[str]]:
    return list(csv.reader(io.StringIO(path.read_text(encoding="utf-8-sig"), newline="")))


def _save(path: Path, rows: list[list[str]]) -> None:
    text = io.StringIO(newline="")
    csv.writer(text).writerows(rows)
    path.write_text(text.getvalue(), encoding="utf-8")


def _set(path: Path, row: int, column: str, value: str) -> str:
    """Set the cell of spreadsheet row `row` in the column named `column`; return that
    row's id."""
    rows = _rows(path)
    rows[row - 1][rows[0].index(column)] = value
    _save(path, rows)
    return rows[row - 1][0]


def _validate(sheet: Path) -> tuple[int, list[str]]:
    result = CliRunner().invoke(
        main, ["validate", "--game", "hack-attack", "--data", str(sheet.parent.parent)]
    )
    return result.exit_code, result.output.splitlines()


AT = "Error: hack-attack/attack.csv"


def test_an_attack_table_in_a_csv_file_validates_and_reads_the_same_values(sheet):
    assert _validate(sheet)[0] == 0
    tables = read_tables(sheet.parent, _attack_spec(), {"attack": sheet})
    first = tables.entries[0]
    assert first.values["icons"] == ["backups", "social-engineering", "device-security"]
    assert (first.values["count"], first.source.line, first.source.column_of("icons")) == (2, 2, 4)


def _attack_spec() -> tuple[TableSpec, ...]:
    from pnp.games.hack_attack.cards import TABLES

    return tuple(s for s in TABLES if s.table == "attack")


def test_a_bad_number_names_its_row_and_column(sheet):
    card = _set(sheet, 3, "count", "two")
    assert _validate(sheet) == (
        1,
        [
            f"{AT}, row 3, column C 'count': card '{card}': expected copies printed, "
            "1..20, got 'two'",
            "Error: hack-attack: 1 problem found.",
        ],
    )


def test_a_decimal_is_not_a_whole_number(sheet):
    card = _set(sheet, 2, "count", "2.5")
    assert _validate(sheet)[1][0] == (
        f"{AT}, row 2, column C 'count': card '{card}': expected copies printed, 1..20, got '2.5'"
    )


def test_an_unknown_column_is_named_once_at_row_1(sheet):
    rows = _rows(sheet)
    _save(sheet, [[*rows[0], "colour"], *[[*r, "#000000"] for r in rows[1:]]])
    assert _validate(sheet) == (
        1,
        [
            f"{AT}, row 1, column F 'colour': unknown column; allowed columns: art, count, "
            "icons, id, name, text",
            "Error: hack-attack: 1 problem found.",
        ],
    )


def test_a_missing_required_column_is_named_once_not_on_every_row(sheet):
    _save(sheet, [r[:3] + r[4:] for r in _rows(sheet)])  # no icons column
    assert _validate(sheet) == (
        1,
        [
            f"{AT}, row 1: no column 'icons' (exactly 3 category ids); every [[attack]] row "
            "needs one",
            "Error: hack-attack: 1 problem found.",
        ],
    )


def test_an_empty_cell_is_an_absent_field(sheet):
    card = _set(sheet, 4, "text", "")
    assert _validate(sheet)[1] == [
        f"{AT}, row 4, column E 'text': card '{card}': empty; expected what the attack "
        "does, 1..140 characters",
        "Error: hack-attack: 1 problem found.",
    ]


def test_a_duplicate_id_names_both_rows(sheet):
    rows = _rows(sheet)
    rows[5][0] = rows[2][0]
    _save(sheet, rows)
    code, lines = _validate(sheet)
    assert code == 1
    assert lines[0] == (
        f"{AT}, row 6, column A 'id': card '{rows[2][0]}': duplicate id; first defined at "
        f"{sheet}, row 3"
    )


def test_a_bad_list_item_names_the_item(sheet):
    card = _set(sheet, 2, "icons", "backups | | device-security")
    assert _validate(sheet) == (
        1,
        [
            f"{AT}, row 2, column D 'icons': card '{card}', field 'icons[1]': expected text "
            "in exactly 3 category ids, got an empty item (items are separated by '|')",
            "Error: hack-attack: 1 problem found.",
        ],
    )


def test_a_list_item_is_checked_by_the_games_own_cross_checks_at_its_cell(sheet):
    card = _set(sheet, 2, "icons", "backups | firewall | device-security")
    assert _validate(sheet)[1][0] == (
        f"{AT}, row 2, column D 'icons': card '{card}': unknown category 'firewall'; known: "
        "backups, device-security, home-network, passwords, social-engineering, social-media"
    )


def test_a_file_not_in_utf8_names_the_cell_of_its_first_bad_byte(sheet):
    rows = _rows(sheet)
    rows[3][1] = "Caf\u00e9 Wi-Fi"
    text = io.StringIO(newline="")
    csv.writer(text).writerows(rows)
    sheet.write_bytes(text.getvalue().encode("latin-1"))  # as an old Excel "CSV" writes
    assert _validate(sheet) == (
        1,
        [
            f"{AT}, row 4, column B 'name': not UTF-8 text: byte 0xE9 cannot be decoded; "
            'save the file as UTF-8 (Excel: "CSV UTF-8"; LibreOffice: character set '
            '"Unicode (UTF-8)")',
            "Error: hack-attack: 1 problem found.",
        ],
    )


def test_a_name_that_does_not_fit_its_face_is_named_at_its_cell(sheet):
    card = _set(sheet, 3, "name", "W" * 28)
    code, lines = _validate(sheet)
    assert code == 1
    assert (
        f"{AT}, row 3, column B 'name': card '{card}': text does not fit its box: the word "
        f"'{'W' * 28}' is wider than the 57.5 mm text box even at 11.0 pt"
    ) in lines


def test_semicolons_excel_bom_blank_rows_and_quoted_line_breaks_are_read(tmp_path):
    path = tmp_path / "coins.csv"
    text = 'id;name;count;points;motto\r\npenny;Penny;6;1;"Small;\nchange."\r\n;;;;\r\n'
    path.write_bytes(text.encode("utf-8-sig"))
    sheet = read_sheet(path, "coin", COIN_FIELDS)
    assert not isinstance(sheet, Problem)
    assert [(r.line, r.raw) for r in sheet.rows] == [
        (2, {"id": "penny", "name": "Penny", "count": 6, "points": 1, "motto": "Small;\nchange."})
    ]


COIN_FIELDS = (
    Field("id", "id", "a kebab-case id"),
    Field("name", "str", "the printed name"),
    Field("count", "int", "copies printed, 1..12", check=int_range(1, 12)),
    Field("points", "int", "what the coin is worth, 1..3", check=int_range(1, 3)),
    Field("motto", "str", "one line", required=False),
)
FLAGGED = TableSpec(
    "coin", "coins.toml", (*COIN_FIELDS, Field("rare", "bool", "true or false", required=False))
)


def test_booleans_read_in_any_case_and_a_bad_one_is_named(tmp_path):
    path = tmp_path / "coins.csv"
    path.write_text(
        "id,name,count,points,rare\npenny,Penny,6,1,FALSE\ndime,Dime,2,2,True\n"
        "quarter,Quarter,1,3,yes\n",
        encoding="utf-8",
    )
    tables = read_tables(tmp_path, (FLAGGED,), {"coin": path})
    assert [e.values.get("rare") for e in tables.entries] == [False, True, None]
    assert [str(p) for p in tables.problems] == [
        f"{path}, row 4, column E 'rare': card 'quarter': expected true or false, got 'yes'"
    ]


def test_header_and_row_shape_problems(tmp_path):
    path = tmp_path / "coins.csv"
    path.write_text(
        "id,name,name,count,points\npenny,Penny,P,6,1\ndime,Dime,D,2,2,,shiny\n", encoding="utf-8"
    )
    tables = read_tables(tmp_path, (FLAGGED,), {"coin": path})
    assert [str(p) for p in tables.problems] == [
        f"{path}, row 1, column C 'name': the column 'name' is also column B",
        f"{path}, row 3, column G: a value in a column with no name in row 1; name the "
        "column or clear it",
    ]


def test_an_empty_file_and_broken_quoting_are_one_line_each(tmp_path):
    path = tmp_path / "coins.csv"
    path.write_text("", encoding="utf-8")
    assert str(read_sheet(path, "coin", COIN_FIELDS)) == (
        f"{path}, row 1: row 1 must name the columns (the table's keys: id, name, count, "
        "points, motto); it is empty"
    )
    path.write_text('id,name,count,points\npenny,"Pen"ny,6,1\n', encoding="utf-8")
    assert str(read_sheet(path, "coin", COIN_FIELDS)) == (
        f"{path}, row 2: not a CSV file this reader understands: ',' expected after '\"'"
    )


def test_a_table_with_nested_fields_is_refused_in_one_line(tmp_path):
    data = tmp_path / "card_data"
    shutil.copytree(SHIPPED_DATA_DIR, data)
    game = data / "hack-back" / "game.toml"
    lines = game.read_text(encoding="utf-8").count("\n")
    with open(game, "a", encoding="utf-8") as f:
        f.write('\n[tables]\ncard = "cards.csv"\n')
    result = CliRunner().invoke(main, ["validate", "--game", "hack-back", "--data", str(data)])
    assert (result.exit_code, result.output.splitlines()) == (
        1,
        [
            f"Error: hack-back/game.toml:{lines + 3}: field 'tables.card': a CSV file cannot "
            "hold the [[card]] table: its fields 'play' and 'activate' hold tables (nested); "
            "keep it in cards.toml",
            "Error: hack-back: 1 problem found.",
        ],
    )


@pytest.mark.parametrize(
    "entry, message",
    [
        (
            'nope = "nope.csv"',
            "unknown card table; this game's tables: tech, defense, "
            "reality_check, attack, user_error, aid",
        ),
        ('tech = "tech.txt"', "expected a CSV file's path such as \"tech.csv\", got 'tech.txt'"),
        ('tech = "../tech.csv"', "refused: '../tech.csv' is not inside the game's folder"),
    ],
)
def test_a_bad_tables_entry_is_named_at_its_line(tmp_path, entry, message):
    data = tmp_path / "card_data"
    shutil.copytree(SHIPPED_DATA_DIR, data)
    game = data / "hack-attack" / "game.toml"
    lines = game.read_text(encoding="utf-8").count("\n")
    with open(game, "a", encoding="utf-8") as f:
        f.write(f"\n[tables]\n{entry}\n")
    result = CliRunner().invoke(main, ["validate", "--game", "hack-attack", "--data", str(data)])
    field = entry.split(" ")[0]
    assert result.output.splitlines() == [
        f"Error: hack-attack/game.toml:{lines + 3}: field 'tables.{field}': {message}",
        "Error: hack-attack: 1 problem found.",
    ]


def test_a_table_in_both_its_csv_and_its_toml_file_is_refused(sheet):
    shutil.copy(SHIPPED_DATA_DIR / "hack-attack" / "attack.toml", sheet.parent / "attack.toml")
    line = (
        (sheet.parent / "attack.toml").read_text(encoding="utf-8").split("\n").index("[[attack]]")
    )
    assert _validate(sheet)[1] == [
        f"Error: hack-attack/attack.toml:{line + 1}: field 'attack': the [[attack]] table is "
        "read from attack.csv (game.toml [tables]); keep it in one place: remove it here, or "
        "its line in [tables]",
        "Error: hack-attack: 1 problem found.",
    ]


def test_column_letters_run_past_z():
    assert [column_letters(n) for n in (1, 26, 27, 52, 703)] == ["A", "Z", "AA", "AZ", "AAA"]


def test_a_count_problem_names_the_csv_file_its_table_is_read_from(tmp_path):
    data = tmp_path / "card_data"
    shutil.copytree(SHIPPED_DATA_DIR, data)
    export_data("not-a-hack", data, tmp_path / "out")
    game = data / "not-a-hack"
    shutil.copy(tmp_path / "out" / "not-a-hack" / "csv" / "new_account.csv", game)
    white = game / "white.toml"
    text = white.read_text(encoding="utf-8")
    start = text.index("\n[[new_account]]\n")
    end = text.index("\n[[", start + 1)
    white.write_text(text[:start] + text[end:], encoding="utf-8")
    with open(game / "game.toml", "a", encoding="utf-8") as f:
        f.write('\n[tables]\nnew_account = "new_account.csv"\n')
    _set(game / "new_account.csv", 2, "count", "1")
    result = CliRunner().invoke(main, ["validate", "--game", "not-a-hack", "--data", str(data)])
    assert result.output.splitlines() == [
        "Error: not-a-hack/new_account.csv: field 'new_account': 1 New Account cards; 5 "
        "players need 9 (one each, plus one fewer shuffled into the white pile; rules, "
        "“Complete Rules”)",
        "Error: not-a-hack: 1 problem found.",
    ]
