"""`pnp export-data --format csv` (issue 25, item 5): every flat table of every game goes
out as a CSV file and back in through game.toml's `[tables]` without loss — the same card
models (origins aside) and the same cards.pdf — and each table that cannot be a CSV file
is named in one line."""

from __future__ import annotations

import dataclasses
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.build import BuildOptions, build
from pnp.cli import main
from pnp.core.games import find_game
from pnp.core.paths import SHIPPED_DATA_DIR
from pnp.data.models import Origin, Source
from pnp.data.toml_source import TomlFile, read_toml
from tests.fourth_game import register
from tests.fourth_game.kit import DATA_DIR as FOURTH_DATA

SHIPPED = ("hack-attack", "hack-back", "not-a-hack")
GAMES = (*SHIPPED, "coin-flip")
_HEADER = re.compile(r"^\s*\[\[?\s*([A-Za-z0-9_.-]+)\s*\]\]?\s*(#.*)?$")


def _data_of(game: str) -> Path:
    return FOURTH_DATA if game == "coin-flip" else SHIPPED_DATA_DIR


def _export(game: str, data: Path, out: Path):
    return CliRunner().invoke(
        main,
        ["export-data", "--game", game, "--format", "csv", "--data", str(data), "--out", str(out)],
    )


def _without(text: str, tables: set[str]) -> str:
    """TOML `text` without the `[[table]]`s (and `[table]`s) named in `tables`."""
    kept, skipping = [], False
    for line in text.split("\n"):
        if m := _HEADER.match(line):
            skipping = m.group(1) in tables
        if not skipping:
            kept.append(line)
    return "\n".join(kept)


def _rebuilt(game: str, tmp_path: Path) -> tuple[Path, Path, list[str]]:
    """(a copy of the game's data, a copy whose flat tables are read from the CSV files
    export-data wrote, those tables' names)."""
    original = tmp_path / "toml"
    shutil.copytree(_data_of(game) / game, original / game)
    result = _export(game, original, tmp_path / "out")
    assert result.exit_code == 0, result.output
    sheets = sorted((tmp_path / "out" / game / "csv").glob("*.csv"))
    tables = [p.stem for p in sheets]
    folder = tmp_path / "csv" / game
    shutil.copytree(original / game, folder)
    for sheet in sheets:
        shutil.copy(sheet, folder / sheet.name)
    for path in folder.glob("*.toml"):
        if path.name == "game.toml":
            continue
        text = _without(path.read_text(encoding="utf-8"), set(tables))
        path.write_text(text, encoding="utf-8")
        parsed = read_toml(path)
        assert isinstance(parsed, TomlFile), parsed
        if not parsed.data:  # nothing left in it
            path.unlink()
    with open(folder / "game.toml", "a", encoding="utf-8") as f:
        f.write("\n[tables]\n" + "".join(f'{t} = "{t}.csv"\n' for t in tables))
    return original, folder.parent, tables


def _plain(value):
    """`value` (a card model) as nested tuples of its fields, without its origins."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (
            type(value).__name__,
            tuple(
                (f.name, _plain(getattr(value, f.name)))
                for f in dataclasses.fields(value)
                if not isinstance(getattr(value, f.name), (Source, Origin))
            ),
        )
    if isinstance(value, (list, tuple)):
        return tuple(_plain(v) for v in value)
    if isinstance(value, dict):
        return tuple((k, _plain(v)) for k, v in value.items())
    return value


@pytest.mark.parametrize("game", GAMES)
def test_every_flat_table_goes_to_csv_and_back_to_the_same_cards_and_pdf(
    game, tmp_path, monkeypatch
):
    register(monkeypatch)
    original, rebuilt, tables = _rebuilt(game, tmp_path)
    assert tables  # every game has a flat table: its player aids at least
    kit = find_game(game)
    before = kit.printed_cards(kit.load(original / game))
    after = kit.printed_cards(kit.load(rebuilt / game))
    assert [_plain(c) for c in after] == [_plain(c) for c in before]
    read_from = {c.source.file.suffix for c in after}
    assert ".csv" in read_from  # the cards did come from the spreadsheets
    if game != "hack-back":  # every table of these is flat: no TOML card table is left
        assert read_from == {".csv"}
        left = sorted(p.name for p in (rebuilt / game).glob("*.toml"))
        icons = ["icons.toml"] if (original / game / "icons.toml").exists() else []
        assert left == ["game.toml", *icons]  # an icon table is no card table
    for data in (original, rebuilt):
        build(BuildOptions(game, data_dir=data, out_dir=tmp_path / "built" / data.name))
    pdf = [(tmp_path / "built" / d / game / "cards.pdf").read_bytes() for d in ("toml", "csv")]
    assert pdf[0] == pdf[1]  # byte for byte: every page drawn the same


def test_export_data_names_the_tables_it_cannot_write(tmp_path):
    result = _export("hack-back", SHIPPED_DATA_DIR, tmp_path / "out")
    folder = tmp_path / "out" / "hack-back" / "csv"
    assert (result.exit_code, result.output.splitlines()) == (
        0,
        [
            f"hack-back: wrote 1 table as CSV in {folder}",
            "  aid.csv  2 rows: id, name, lines",
            "  to read them instead: copy them into the game's folder, add to its game.toml",
            "    [tables]",
            '    aid = "aid.csv"',
            "  and remove those tables from their TOML files",
            "  not written: [[card]] (cards.toml): its fields 'play' and 'activate' hold tables "
            "(nested); it stays in TOML",
            "  not written: [[deck]] (decks.toml): its fields 'cards' and 'aside_at_two' hold "
            "tables (nested); it stays in TOML",
            "  not written: [shared] (decks.toml): it is one table, not rows of cards; it stays "
            "in TOML",
        ],
    )
    assert sorted(p.name for p in folder.iterdir()) == ["aid.csv"]
    raw = (folder / "aid.csv").read_bytes()
    assert raw.startswith(b"\xef\xbb\xbfid,name,lines\r\n")  # a BOM, so Excel reads UTF-8


def test_a_value_a_cell_cannot_hold_keeps_its_table_in_toml(tmp_path):
    data = tmp_path / "card_data"
    shutil.copytree(SHIPPED_DATA_DIR / "hack-attack", data / "hack-attack")
    path = data / "hack-attack" / "aids.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('"**Discard** down', '"**Discard** | down', 1), encoding="utf-8")
    result = _export("hack-attack", data, tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1] == (
        "  not written: [[aid]] (aids.toml): card 'aid-your-turn': field 'lines' holds the "
        "item '**Discard** | down to 4 Defense cards.', which a cell cannot (empty, "
        "spaces round it, or a '|' in it); it stays in TOML"
    )
    assert not (tmp_path / "out" / "hack-attack" / "csv" / "aid.csv").exists()


def test_export_data_replaces_the_folder_whole_and_refuses_bad_data(tmp_path, monkeypatch):
    register(monkeypatch)
    out = tmp_path / "out"
    (out / "coin-flip" / "csv").mkdir(parents=True)
    (out / "coin-flip" / "csv" / "old.csv").write_text("x\n", encoding="utf-8")
    data = tmp_path / "card_data"
    shutil.copytree(FOURTH_DATA / "coin-flip", data / "coin-flip")
    assert _export("coin-flip", data, out).exit_code == 0
    assert sorted(p.name for p in (out / "coin-flip" / "csv").iterdir()) == ["coin.csv"]
    coins = data / "coin-flip" / "coins.toml"
    coins.write_text(coins.read_text(encoding="utf-8").replace("count = 6", "count = 0"))
    result = _export("coin-flip", data, out)
    assert result.exit_code == 1
    assert "field 'count': expected 1..12, got 0" in result.output
    assert sorted(p.name for p in (out / "coin-flip" / "csv").iterdir()) == ["coin.csv"]


def test_the_readme_example_is_what_export_data_writes(tmp_path):
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Cards from a spreadsheet", 1)[1].split("\n## ", 1)[0]
    example = section.split("```csv\n", 1)[1].split("```", 1)[0].splitlines()
    assert _export("hack-attack", SHIPPED_DATA_DIR, tmp_path / "out").exit_code == 0
    written = (tmp_path / "out" / "hack-attack" / "csv" / "tech.csv").read_text(
        encoding="utf-8-sig"
    )
    assert example == written.splitlines()[: len(example)]


def test_written_into_the_game_folder_the_tables_lines_name_them_there(tmp_path, monkeypatch):
    register(monkeypatch)
    data = tmp_path / "card_data"
    shutil.copytree(FOURTH_DATA / "coin-flip", data / "coin-flip")
    result = _export("coin-flip", data, data)
    assert result.output.splitlines()[2:5] == [
        "  to read them instead: add to the game's game.toml",
        "    [tables]",
        '    coin = "csv/coin.csv"',
    ]
    (data / "coin-flip" / "coins.toml").unlink()
    with open(data / "coin-flip" / "game.toml", "a", encoding="utf-8") as f:
        f.write('\n[tables]\ncoin = "csv/coin.csv"\n')
    checked = CliRunner().invoke(main, ["validate", "--game", "coin-flip", "--data", str(data)])
    assert checked.output == "coin-flip: OK — 3 distinct cards, 12 copies\n"


@pytest.mark.parametrize("game", ["hack-attack", "hack-back", "not-a-hack"])
def test_a_shipped_game_is_copied_whole_to_edit_and_the_copy_validates(game, tmp_path):
    from pnp.core.games import data_folder

    out = tmp_path / "my-games"
    result = CliRunner().invoke(
        main, ["export-data", "-g", game, "--format", "folder", "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    source = data_folder(game)
    shipped = sorted(p.relative_to(source) for p in source.rglob("*") if p.is_file())
    copied = sorted(p.relative_to(out / game) for p in (out / game).rglob("*") if p.is_file())
    assert copied == shipped and len(copied) > 10
    assert all((out / game / p).read_bytes() == (source / p).read_bytes() for p in shipped)
    assert result.output.splitlines() == [
        f"{game}: copied {len(shipped)} files to {out / game}",
        f"  edit it, then: pnp build --game {game} --data {out}",
    ]
    assert sorted(p.name for p in out.iterdir()) == [game]  # nothing staged is left
    checked = CliRunner().invoke(main, ["validate", "-g", game, "--data", str(out)])
    assert checked.exit_code == 0, checked.output


def test_a_folder_copy_never_writes_over_a_game_folder(tmp_path):
    out = tmp_path / "my-games"
    (out / "hack-back").mkdir(parents=True)
    (out / "hack-back" / "cards.toml").write_text("# my edits\n", encoding="utf-8")
    result = CliRunner().invoke(
        main, ["export-data", "-g", "hack-back", "--format", "folder", "--out", str(out)]
    )
    assert (result.exit_code, result.stderr) == (
        1,
        f"Error: '{out / 'hack-back'}' already exists; export-data never writes over a game's "
        "folder: remove it or choose another --out\n",
    )
    assert [p.name for p in (out / "hack-back").iterdir()] == ["cards.toml"]
    assert sorted(p.name for p in out.iterdir()) == ["hack-back"]
