"""pnp.toml, a person's defaults (issue 25, item 6): the command line wins over
./pnp.toml, which wins over the user's file (the folder HACKPACK_CONFIG_DIR names),
which wins over the option's own default; every key is checked by the option's own
click type, and a bad file is one line naming file:line, exit 1, nothing written."""

from __future__ import annotations

from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from pnp.cli import main
from pnp.cli.config_files import ENV_DIR
from pnp.cli.defaults import KEYS
from pnp.core.sizes import PAPER_MM
from pnp.core.units import mm_to_pt
from tests.pdfread import placements

KNOWN = "a3, a4, a5, letter, legal, tabloid, or WxH in mm (300x450mm)"

A4_PT = (595.276, 841.89)
LETTER_PT = (612.0, 792.0)


@pytest.fixture
def folders(tmp_path, monkeypatch):
    """(the working folder, the user's config folder), both empty; the test runs in the
    first and HACKPACK_CONFIG_DIR names the second."""
    work, user = tmp_path / "work", tmp_path / "config"
    work.mkdir()
    user.mkdir()
    monkeypatch.chdir(work)
    monkeypatch.setenv(ENV_DIR, str(user))
    return work, user


def _pnp(*args: str):
    return CliRunner().invoke(main, list(args))


def _kit(out: Path) -> tuple[tuple[float, float], int, float]:
    """(page size in pt, cards on the first sheet, how far its back page is shifted right
    in mm) of out/hack-attack/cards.pdf. A full sheet's backs sit in the mirrored columns
    of its fronts, so with no offset their mean x is the fronts' mean x."""
    reader = PdfReader(str(out / "hack-attack" / "cards.pdf"))
    size = tuple(round(float(v), 3) for v in reader.pages[0].mediabox.upper_right)
    front, back = placements(reader, 0), placements(reader, 1)
    mean = lambda cards: sum(c.origin[0] for c in cards) / len(cards)  # noqa: E731
    return size, len(front), round((mean(back) - mean(front)) * 25.4 / 72, 3)


def test_command_line_then_working_folder_then_user_file_then_built_in(folders):
    work, user = folders
    (user / "pnp.toml").write_text('paper = "letter"\nmargin = 10\nback_offset = [1.5, 0]\n')
    (work / "pnp.toml").write_text('paper = "a4"\nback_offset = [-2, 0]  # my printer\n')
    both = f"Defaults from ./pnp.toml, then {user / 'pnp.toml'}"
    runs = {}

    def run(name: str, *args: str, named: str | None) -> None:
        result = _pnp("build", "--game", "hack-attack", "--out", name, *args)
        assert result.exit_code == 0, result.output
        first = result.output.splitlines()[0]
        assert first == named if named else first.startswith("hack-attack: 155 cards")
        runs[name] = _kit(work / name)

    run("both files", named=both)
    run("command line", "--paper", "letter", "--margin", "2", "--back-offset", "0", "0", named=both)
    (work / "pnp.toml").unlink()
    run("user file", named=f"Defaults from {user / 'pnp.toml'}")
    (user / "pnp.toml").unlink()
    run("built in", named=None)  # no file read, none named
    assert runs == {
        # ./pnp.toml's paper and offset win over the user's; the user's margin (10 mm:
        # two columns on A4) holds where ./pnp.toml says nothing of it
        "both files": (A4_PT, 6, -2.0),
        "command line": (LETTER_PT, 9, 0.0),  # the command line wins over both
        "user file": (LETTER_PT, 4, 1.5),
        "built in": (A4_PT, 9, 0.0),
    }


def test_help_shows_the_files_values_as_the_defaults(folders):
    work, _ = folders
    (work / "pnp.toml").write_text('paper = "letter"\nbleed = 1.5\n')
    shown = " ".join(_pnp("build", "--help").output.split())
    assert (
        "--paper [a3|a4|a5|letter|legal|tabloid|WxH] Paper: a named one or a custom WxH in "
        "mm (300x450mm). [default: letter]"
    ) in shown
    assert "Bleed in mm. [default: 1.5]" in shown


def test_export_takes_bleed_card_size_and_out_from_the_file(folders):
    work, _ = folders
    (work / "pnp.toml").write_text('bleed = 2\ncard_size = "bridge"\nout = "prints"\n')
    result = _pnp("export", "--game", "hack-attack", "--format", "pdf-single")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == "Defaults from ./pnp.toml"
    page = PdfReader(str(work / "prints" / "hack-attack" / "cards-single.pdf")).pages[0]
    w, h = (float(v) for v in page.mediabox.upper_right)
    assert (w, h) == pytest.approx((mm_to_pt(57.15 + 4), mm_to_pt(88.9 + 4)), abs=0.01)


def test_calibrate_leaves_a_single_sided_duplex_to_its_own_default(folders):
    _, user = folders
    (user / "pnp.toml").write_text('duplex = "none"\npaper = "letter"\n')
    result = _pnp("calibrate", "--out", "sheet")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[1].startswith(
        "calibration sheet for letter, flip on long edge"
    )


@pytest.mark.parametrize(
    "text, line",
    [
        (
            'paper = "a6"\n',
            "./pnp.toml:1: field 'paper': unknown paper 'a6'; known: a3, a4, a5, letter, legal, tabloid, or WxH in mm (300x450mm)",
        ),
        (
            "paper = 4\n",
            "./pnp.toml:1: field 'paper': expected one of "
            + ", ".join(f'"{p}"' for p in PAPER_MM)
            + ' or a custom "WxH" in mm, got 4',
        ),
        (
            '# mine\ncard_size = "huge"\n',
            "./pnp.toml:2: field 'card_size': unknown card size 'huge'; known: "
            "poker, bridge, mini, tarot, mini-euro, euro, square, domino, jumbo, any with -landscape, or WxH in mm (63.5x88.9mm)",
        ),
        (
            "duplex = true\n",
            './pnp.toml:1: field \'duplex\': expected one of "long", "short", "none", got true',
        ),
        ("bleed = 10.5\n", "./pnp.toml:1: field 'bleed': must be 0..10 mm, got 10.5"),
        ("bleed = -1\n", "./pnp.toml:1: field 'bleed': must be 0..10 mm, got -1"),
        (
            'bleed = "1"\n',
            "./pnp.toml:1: field 'bleed': expected a number of mm written without quotes (like 0.5), got '1'",
        ),
        ("margin = 101\n", "./pnp.toml:1: field 'margin': must be 0..100 mm, got 101"),
        (
            "back_offset = [0, 11]\n",
            "./pnp.toml:1: field 'back_offset': must be -10..10 mm, got 11",
        ),
        (
            "back_offset = 1\n",
            "./pnp.toml:1: field 'back_offset': expected [DX, DY], two numbers of mm, got 1",
        ),
        (
            "back_offset = [1, 2, 3]\n",
            "./pnp.toml:1: field 'back_offset': expected [DX, DY], two numbers of mm, got an array of 3 items",
        ),
        (
            'out = "  "\n',
            "./pnp.toml:1: field 'out': the folder path is empty; name a folder ('.' for this one)",
        ),
        ("data = 3\n", "./pnp.toml:1: field 'data': expected a folder path in quotes, got 3"),
        (
            'papr = "a4"\n',
            "./pnp.toml:1: unknown key 'papr' (did you mean paper?); pnp.toml takes the keys "
            "game, paper, card_size, layout, duplex, back_offset, bleed, gutter, margin, corners, dpi, preset, out, data, lang",
        ),
        (
            '\n[build]\npaper = "a4"\n',
            "./pnp.toml:2: unknown table [build]; pnp.toml takes the keys "
            "game, paper, card_size, layout, duplex, back_offset, bleed, gutter, margin, corners, dpi, preset, out, data, lang",
        ),
        ("gutter = 101\n", "./pnp.toml:1: field 'gutter': must be 0..100 mm, got 101"),
        ("dpi = 20\n", "./pnp.toml:1: field 'dpi': must be 50..1200, got 20"),
        (
            "dpi = 300.5\n",
            "./pnp.toml:1: field 'dpi': 300.5 is not a whole number (write it like 12)",
        ),
        (
            'dpi = "300"\n',
            "./pnp.toml:1: field 'dpi': expected a whole number written without quotes "
            "(like 300), got '300'",
        ),
        (
            'preset = "kinkos"\n',
            "./pnp.toml:1: field 'preset': 'kinkos' is not one of 'drivethrucards', "
            "'thegamecrafter', 'makeplayingcards'.",
        ),
        ("game = 3\n", "./pnp.toml:1: field 'game': expected a game's id in quotes, got 3"),
        (
            'game = " "\n',
            "./pnp.toml:1: field 'game': the game is empty; name one, such as hack-attack",
        ),
        ('paper = "a4\n', "./pnp.toml:1:12: TOML syntax error: Illegal character '\\n'"),
        (
            "bleed = 1e0\n",
            "./pnp.toml:1:9: the number 1e0 is written in a form the data does not take: write "
            "whole numbers and decimals in plain digits (10, -2, 0.5), without _, exponents, "
            "hex, octal, binary, inf or nan",
        ),
    ],
)
def test_a_bad_file_is_one_line_naming_file_and_line_and_nothing_is_written(folders, text, line):
    work, _ = folders
    (work / "pnp.toml").write_text(text)
    for verb in (
        ["build", "--game", "hack-attack"],
        ["export", "--game", "hack-attack", "--format", "png"],
    ):
        result = _pnp(*verb, "--out", "out")
        assert (result.exit_code, result.output) == (1, f"Error: {line}\n")
    assert not (work / "out").exists()


def test_every_problem_of_both_files_is_listed(folders):
    work, user = folders
    (work / "pnp.toml").write_text("bleed = 11\nmargin = -1\n")
    (user / "pnp.toml").write_text('paper = "a6"\n')
    result = _pnp("build", "--game", "hack-attack")
    assert (result.exit_code, result.output) == (
        1,
        f"Error: {user / 'pnp.toml'}:1: field 'paper': unknown paper 'a6'; known: {KNOWN}\n"
        "Error: ./pnp.toml:1: field 'bleed': must be 0..10 mm, got 11\n"
        "Error: ./pnp.toml:2: field 'margin': must be 0..100 mm, got -1\n",
    )


def test_a_folder_in_the_files_place_and_an_empty_config_dir_are_one_line(folders, monkeypatch):
    work, _ = folders
    (work / "pnp.toml").mkdir()
    result = _pnp("validate", "--game", "hack-attack")
    assert (result.exit_code, result.output) == (
        1,
        "Error: ./pnp.toml: cannot read it: it is not a regular file\n",
    )
    (work / "pnp.toml").rmdir()
    monkeypatch.setenv(ENV_DIR, " ")
    result = _pnp("validate", "--game", "hack-attack")
    assert (result.exit_code, result.output) == (
        1,
        f"Error: {ENV_DIR} is set but empty: unset it or name a folder\n",
    )


def test_a_verb_without_these_options_does_not_read_the_file(folders):
    work, _ = folders
    (work / "pnp.toml").write_text("this is not toml\n")
    result = _pnp("diff", "a", "b", "--game", "hack-attack")
    assert (result.exit_code, result.output) == (1, "Error: 'a': no such folder\n")


def test_the_data_key_is_a_folder_like_data(folders, data_copy):
    work, _ = folders
    tech = data_copy / "tech.toml"
    tech.write_text(
        tech.read_text().replace('name = "Smart TV"\ncount = 2', 'name = "Smart TV"\ncount = 3')
    )
    (work / "pnp.toml").write_text(f'data = "{data_copy.parent}"\n')
    result = _pnp("validate", "--game", "hack-attack")
    assert (result.exit_code, result.output) == (
        0,
        "Defaults from ./pnp.toml\nhack-attack: OK — 94 distinct cards, 156 copies\n",  # one more
    )


def test_every_key_is_checked_by_its_options_own_type():
    """One type object for the option and the key: the file takes what the command line
    takes, with the same ranges and choices, on every verb whose option it sets."""
    from pnp.cli import VERBS

    ctx = click.Context(main)
    seen = set()
    for verb in VERBS:
        params = {p.name: p for p in main.get_command(ctx, verb).params}
        for key, spec in KEYS.items():
            param = params.get(spec.param)
            if param is None or verb in spec.not_for:
                continue
            seen.add(key)
            assert key == param.opts[0].removeprefix("--").replace("-", "_") or key in (
                "out",
                "data",
            )
            if spec.type is None:
                assert param.callback is not None and param.type == click.STRING
            else:
                assert param.type is spec.type and (param.nargs == 2) == spec.pair, (verb, key)
    assert seen == set(KEYS)


@pytest.fixture
def moon_base(folders) -> Path:
    """A pnp.toml naming the data-only game moon-base (`pnp new`) and its data folder,
    so no command below names the game."""
    work, _ = folders
    assert _pnp("new", "moon-base", "--dir", "games").exit_code == 0
    (work / "pnp.toml").write_text('game = "moon-base"\ndata = "games"\n')
    return work


def test_game_gutter_dpi_and_preset_come_from_the_file(moon_base):
    from PIL import Image

    with (moon_base / "pnp.toml").open("a") as file:
        file.write('gutter = 10\ndpi = 100\npreset = "drivethrucards"\n')
    result = _pnp("build", "--out", "out")  # the file's game, its gutter: 2 columns on A4
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[:3] == [
        "Defaults from ./pnp.toml",
        "moon-base: 23 cards — 8 action, 10 treasure, 5 Player aid",
        "  2x3 cards per a4 sheet, 4 sheets, duplex, flip on long edge",
    ]
    result = _pnp("validate")  # checked against the file's preset
    assert (result.exit_code, result.stdout.splitlines()[1]) == (
        0,
        "moon-base: OK for DriveThruCards (3.175 mm bleed, 3.175 mm safe zone, poker cards, "
        "total ink checked against 240 %) — 4 distinct cards, 23 copies",
    )
    result = _pnp("preview", "--card", "old-coin", "--out", "out")  # at the file's dpi
    assert result.exit_code == 0, result.output
    assert Image.open(result.stdout.strip()).size == (254, 354)  # 64.5 x 89.9 mm at 100 dpi


def test_a_typed_format_sets_the_files_preset_aside_and_a_typed_dpi_is_refused(moon_base):
    with (moon_base / "pnp.toml").open("a") as file:
        file.write('dpi = 100\npreset = "drivethrucards"\n')
    result = _pnp("export", "--format", "png", "--out", "out")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[1] == (
        "moon-base: 23 cards as PNG at 100 dpi, 254x354 px a card (trim + 0.5 mm bleed)"
    )
    result = _pnp("export", "--dpi", "150", "--out", "out")
    assert (result.exit_code, result.stderr.splitlines()[-1]) == (
        2,
        "Error: --preset drivethrucards (pnp.toml's preset) sets the shop's own file type, "
        "bleed, dpi and colour; leave out --dpi; or choose the files with --format",
    )
    assert not (moon_base / "out" / "moon-base" / "drivethrucards").exists()


def test_the_files_game_is_no_default_of_diff(moon_base):
    result = _pnp("diff", "games", "games")
    assert (result.exit_code, result.stderr.splitlines()[-1]) == (
        2,
        "Error: Missing option '--game': name the game, or give two game folders (each "
        "holding a game.toml)",
    )


@pytest.mark.parametrize("verb", ["build", "validate", "export", "preview", "icons", "simulate"])
def test_a_bad_game_or_dpi_does_not_stop_help(folders, verb):
    work, _ = folders
    (work / "pnp.toml").write_text("game = 3\ndpi = 0\n")
    result = _pnp(verb, "--help")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(f"Usage: main {verb} [OPTIONS]")
    assert result.stderr == (
        "Warning: ./pnp.toml:1: field 'game': expected a game's id in quotes, got 3\n"
        "Warning: ./pnp.toml:2: field 'dpi': must be 50..1200, got 0\n"
    )
