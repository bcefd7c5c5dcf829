"""`pnp diff OLD_DIR NEW_DIR --game G` (issue 25, item 7): a readable change log between
two copies of the shipped card data, card by card and field by field, for every game
(shared code reading each game's tables), with game.toml's settings; exit 0, and a bad
folder is one line, exit 1."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from pnp.cli import main
from pnp.core.games import find_game, game_ids
from pnp.core.paths import SHIPPED_DATA_DIR
from pnp.layout.kit import card_kind
from tests.fourth_game import register
from tests.fourth_game.kit import DATA_DIR as COIN_DATA


@pytest.fixture
def versions(tmp_path) -> tuple[Path, Path]:
    """(old, new): two copies of the whole card data folder."""
    old, new = tmp_path / "old", tmp_path / "new"
    shutil.copytree(SHIPPED_DATA_DIR, old)
    shutil.copytree(SHIPPED_DATA_DIR, new)
    return old, new


def _edit(path: Path, before: str, after: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(before) == 1, before
    path.write_text(text.replace(before, after), encoding="utf-8")


def _block(text: str, header_line: int) -> str:
    """The TOML table that starts at `header_line` (1-based), up to the next header."""
    lines = text.splitlines(keepends=True)[header_line - 1 :]
    end = next((i for i, s in enumerate(lines[1:], 1) if re.match(r"\s*\[\[?\w", s)), len(lines))
    return "".join(lines[:end]).rstrip("\n") + "\n"


def _diff(*args: str):
    return CliRunner().invoke(main, ["diff", *map(str, args)])


def test_cards_added_removed_and_changed_field_by_field_with_game_toml(versions):
    old, new = versions
    tech, game = new / "hack-attack" / "tech.toml", new / "hack-attack" / "game.toml"
    _edit(
        tech,
        'id = "smart-tv"\nname = "Smart TV"\ncount = 2\npoints = 1',
        'id = "smart-tv"\nname = "Smart TV"\ncount = 2\npoints = 2',
    )
    _edit(
        tech,
        'defenses = ["device-security"]\nvulnerable_to = ["iot-botnet", "malicious-app"]',
        'defenses = ["device-security", "home-network"]\nvulnerable_to = ["iot-botnet", "malicious-app"]',
    )
    _edit(tech, "listens for voice commands", "listens for every voice command")
    text = tech.read_text()
    start = text.index('[[tech]]\nid = "games-console"')
    tech.write_text(text[:start] + text[text.index("[[tech]]", start + 1) :])
    tech.write_text(
        tech.read_text()
        + '\n[[tech]]\nid = "smart-fridge"\nname = "Smart Fridge"\ncount = 1\npoints = 2\ndefenses = ["home-network"]\nvulnerable_to = ["iot-botnet"]\ndescription = "Orders milk by itself."\n'
    )
    added_at = (
        tech.read_text().splitlines().index('id = "smart-fridge"')
    )  # its header: the line before
    _edit(
        new / "hack-attack" / "attack.toml", 'name = "Phishing Email"', 'name = "Phishing E-mail"'
    )
    _edit(game, "players = { min = 2, max = 6 }", "players = { min = 2, max = 5 }")
    _edit(game, 'colour = "#7FCBF2"', 'colour = "#0000FF"')
    _edit(game, 'tech = "TECH"', 'tech = "TEK"')
    result = _diff(old, new, "--game", "hack-attack")
    assert (result.exit_code, result.output.splitlines()) == (
        0,
        [
            f"hack-attack: {old / 'hack-attack'} → {new / 'hack-attack'}",
            "smart-tv: points 1 → 2; defenses [device-security] → [device-security, "
            "home-network]; description changed (+'every', 'commands' → 'command')",
            f"smart-fridge: added (Tech, tech.toml:{added_at})",
            "phishing-email: name 'Phishing Email' → 'Phishing E-mail'",
            "games-console: removed (Tech, tech.toml:30)",
            "game.toml: players.max 6 → 5; category[social-media].colour '#7FCBF2' → "
            "'#0000FF'; labels.tech 'TECH' → 'TEK'",
            "2 changed, 1 added, 1 removed; game.toml: 3 changes",
        ],
    )


def test_deck_lists_effects_and_long_text(versions):
    old, new = versions
    decks, cards = new / "hack-back" / "decks.toml", new / "hack-back" / "cards.toml"
    _edit(
        decks,
        '[[deck]]\nid = "red-team"\nname = "Red Team"\ncolour = "#D55E00"\nemblem = "skull"\ncards = [\n  { card = "script-kiddie", count = 2 },\n  { card = "phishing-lure", count = 2 },\n  { card = "captcha-gremlin", count = 1 },\n',
        '[[deck]]\nid = "red-team"\nname = "Red Team"\ncolour = "#D55E00"\nemblem = "shield"\ncards = [\n  { card = "script-kiddie", count = 1 },\n  { card = "phishing-lure", count = 2 },\n  { card = "rubber-duck-debugger", count = 1 },\n',
    )
    _edit(
        cards,
        'play = [{ kind = "draw", cards = 1 }]\nactivate = [{ kind = "defend_ally", vc = 1 }]\nflavor = "Sleeps on the warm rack. Sheds straight into the fans."',
        'play = [{ kind = "draw", cards = 2 }]\nactivate = [{ kind = "defend_ally", vc = 1 }, { kind = "draw", cards = 1 }]\nflavor = "A cat. It knows what it did, and it would do it all again tomorrow."',
    )
    result = _diff(old / "hack-back", new / "hack-back", "-g", "hack-back")
    assert (result.exit_code, result.output.splitlines()) == (
        0,
        [
            f"hack-back: {old / 'hack-back'} → {new / 'hack-back'}",
            "server-room-cat: play[draw].cards 1 → 2; activate[draw] added (cards 1); flavor changed",
            "deck red-team: emblem 'skull' → 'shield'; cards[script-kiddie].count 2 → 1; "
            "cards[rubber-duck-debugger] added (count 1); cards[captcha-gremlin] removed",
            "2 changed, 0 added, 0 removed; game.toml: 0 changes",
        ],
    )


def test_a_cards_picture_is_compared_by_its_contents(versions):
    old, new = versions
    for root, colour, size in ((old, "red", 400), (new, "blue", 400)):
        (root / "not-a-hack" / "art").mkdir()
        Image.new("RGB", (size, size), colour).save(root / "not-a-hack" / "art" / "a.png")
        _edit(
            root / "not-a-hack" / "black.toml",
            'id = "hack-breach"\n',
            'id = "hack-breach"\nart = "art/a.png"\n',
        )
    _edit(
        new / "not-a-hack" / "black.toml",
        'id = "hack-got-admin"\n',
        'id = "hack-got-admin"\nart = { file = "art/a.png", fit = "contain" }\n',
    )
    Image.new("RGB", (400, 300), "white").save(new / "not-a-hack" / "art" / "b.png")
    _edit(new / "not-a-hack" / "game.toml", "[back]\n", '[back]\nart_white = "art/b.png"\n')
    result = _diff(old, new, "--game", "not-a-hack")
    assert result.output.splitlines()[1:] == [
        "hack-breach: art.picture changed",
        "hack-got-admin: art added ('art/a.png')",
        "game.toml: back.art_white added ('art/b.png')",
        "2 changed, 0 added, 0 removed; game.toml: 1 change",
    ]
    Image.new("RGB", (500, 500), "blue").save(new / "not-a-hack" / "art" / "a.png")
    assert _diff(old, new, "--game", "not-a-hack").output.splitlines()[1] == (
        "hack-breach: art.picture changed (400×400 → 500×500 px)"
    )


def test_no_changes_and_either_kind_of_folder(versions):
    old, new = versions
    for a, b in ((old, new), (old / "hack-attack", new), (old, new / "hack-attack")):
        result = _diff(a, b, "--game", "hack-attack")
        assert (result.exit_code, result.output) == (
            0,
            f"hack-attack: {old / 'hack-attack'} → {new / 'hack-attack'}\nno changes\n",
        )


@pytest.mark.parametrize("game", game_ids())
def test_every_game_names_a_card_added(versions, game):
    """Shared code for every registered game: the first card's table copied under a new
    id is one card added (with HACKPACK_FOURTH_GAME=1, Coin Flip too, whose kit declares
    no tables: its card models are compared)."""
    old, new = versions
    kit = find_game(game)
    card = kit.printed_cards(kit.load(new / kit.id))[0]
    path = new / kit.id / Path(card.source.file).name
    text = path.read_text(encoding="utf-8")
    copy = _block(text, card.source.line).replace(f'id = "{card.id}"', 'id = "diff-copy"')
    path.write_text(text.rstrip("\n") + "\n\n" + copy, encoding="utf-8")
    header = len(text.rstrip("\n").splitlines()) + 2
    table = re.match(r"\s*\[\[?(\w+)", text.splitlines()[card.source.line - 1]).group(1)
    kind = next((s.kind for s in kit.tables(new / kit.id) if s.table == table), card_kind(card))
    result = _diff(old, new, "--game", game)
    assert (result.exit_code, result.output.splitlines()[1:]) == (
        0,
        [
            f"diff-copy: added ({kind}, {path.name}:{header})",
            "0 changed, 1 added, 0 removed; game.toml: 0 changes",
        ],
    )


def test_a_kit_without_tables_is_compared_by_its_card_models(tmp_path, monkeypatch):
    register(monkeypatch)
    old, new = tmp_path / "old", tmp_path / "new"
    shutil.copytree(COIN_DATA, old)  # whole data folders: its loader wants its folder's name
    shutil.copytree(COIN_DATA, new)
    _edit(
        new / "coin-flip" / "coins.toml",
        'name = "Penny"\ncount = 6\npoints = 1',
        'name = "Penny"\ncount = 5\npoints = 2',
    )
    _edit(
        new / "coin-flip" / "coins.toml",
        'motto = "The big one."',
        'motto = "The biggest one of all, and the shiniest."',
    )
    result = _diff(old, new, "--game", "coin-flip")
    assert (result.exit_code, result.output.splitlines()[1:]) == (
        0,
        [
            "penny: count 6 → 5; points 1 → 2",
            "quarter: motto changed",  # seven words for two: too many to show
            "2 changed, 0 added, 0 removed; game.toml: 0 changes",
        ],
    )


def test_a_bad_folder_is_one_line_and_bad_data_every_problem(versions, tmp_path):
    old, new = versions
    (tmp_path / "a-file").write_text("x")
    (tmp_path / "empty").mkdir()
    for folder, line in (
        (tmp_path / "missing", f"'{tmp_path / 'missing'}': no such folder"),
        (tmp_path / "a-file", f"'{tmp_path / 'a-file'}' is a file, not a folder"),
        (
            tmp_path / "empty",
            f"'{tmp_path / 'empty'}' holds neither a game.toml nor a hack-attack/ folder",
        ),
    ):
        for args in ((folder, new), (old, folder)):
            result = _diff(*args, "--game", "hack-attack")
            assert (result.exit_code, result.output) == (1, f"Error: {line}\n")
    _edit(
        new / "hack-attack" / "tech.toml",
        'id = "smart-tv"\nname = "Smart TV"\ncount = 2\npoints = 1',
        'id = "smart-tv"\nname = "Smart TV"\ncount = 2\npoints = 12',
    )
    (new / "hack-attack" / "game.toml").write_text("name = \n")
    result = _diff(old, new, "--game", "hack-attack")
    tech = new / "hack-attack" / "tech.toml"
    assert (result.exit_code, result.output) == (  # as pnp validate lists them
        1,
        f"Error: {new / 'hack-attack' / 'game.toml'}:1:8: TOML syntax error: Invalid value\n"
        f"Error: {tech}:25: card 'smart-tv', field 'points': expected 1..9, got 12\n"
        "Error: 2 problems found.\n",
    )
    shutil.copy(old / "hack-attack" / "tech.toml", tech)
    result = _diff(old, new, "--game", "hack-attack")
    assert (result.exit_code, result.output) == (
        1,
        f"Error: {new / 'hack-attack' / 'game.toml'}:1:8: TOML syntax error: Invalid value\n"
        "Error: 1 problem found.\n",
    )
    result = _diff(old, new)  # data folders: which game?
    assert (result.exit_code, result.output.splitlines()[-1]) == (
        2,
        "Error: Missing option '--game': name the game, or give two game folders (each "
        "holding a game.toml)",
    )


def test_a_table_moved_into_a_csv_file_is_compared_card_by_card(versions, tmp_path):
    """A version whose Tech table is a spreadsheet (game.toml's [tables]) is read as its
    loader reads it: the one changed cell is the one change."""
    old, new = versions
    exported = CliRunner().invoke(
        main, ["export-data", "--game", "hack-attack", "--format", "csv", "--out", tmp_path]
    )
    assert exported.exit_code == 0, exported.output
    folder = new / "hack-attack"
    sheet = (tmp_path / "hack-attack" / "csv" / "tech.csv").read_text(encoding="utf-8-sig")
    assert sheet.count("\nsmart-tv,Smart TV,2,1,") == 1
    (folder / "tech.csv").write_text(
        sheet.replace("\nsmart-tv,Smart TV,2,1,", "\nsmart-tv,Smart TV,2,3,"), encoding="utf-8"
    )
    (folder / "tech.toml").unlink()
    with (folder / "game.toml").open("a", encoding="utf-8") as f:
        f.write('\n[tables]\ntech = "tech.csv"\n')
    result = _diff(old, new, "--game", "hack-attack")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[1:] == [
        "smart-tv: points 1 → 3",
        "game.toml: tables added (tech 'tech.csv')",
        "1 changed, 0 added, 0 removed; game.toml: 1 change",
    ]
