"""Issue 9 for `pnp`: no traceback, no hang and no silent change on any input.

Each test is one kind of fault, tried on every game (or every file kind) it can reach:
unbounded input (nesting, special files, huge files and numbers), values echoed whole,
text that would print differently from what was written, files read from outside the
game's folder, and the rulebook's page count."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from pnp.cli import main
from pnp.core.games import game_ids
from pnp.core.paths import SHIPPED_DATA_DIR
from pnp.data.files import MAX_FILE_BYTES
from pnp.data.rulebook import MAX_RULEBOOK_BYTES
from pnp.fonts import REGULAR, register_all
from pnp.layout.text import wrap
from tests.datafiles import edit_data, first_card_file

GAMES = game_ids()
FIRST_FILE = {game: first_card_file(game) for game in GAMES}


@pytest.fixture
def data(tmp_path):
    target = tmp_path / "card_data"
    shutil.copytree(SHIPPED_DATA_DIR, target)
    return target


def _run(*args):
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def _errors(result) -> list[str]:
    assert result.exit_code == 1, result.output
    lines = result.output.splitlines()
    assert all(line.startswith("Error: ") for line in lines), lines
    return lines


def test_the_shipped_files_are_far_under_the_size_limits():
    for game in GAMES:
        for path in (SHIPPED_DATA_DIR / game).iterdir():
            limit = MAX_RULEBOOK_BYTES if path.suffix == ".md" else MAX_FILE_BYTES
            assert path.stat().st_size < limit / 8, path


# -- 1. Unbounded input -------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(
    "value", ["[" * 2000 + "]" * 2000, "{a = " * 5000 + "1" + "}" * 5000, "[" * 40 + "]" * 40]
)
def test_deep_nesting_is_refused_in_one_line(data, game, value):
    path = data / game / FIRST_FILE[game]
    path.write_text(path.read_text(encoding="utf-8") + f"\nx = {value}\n", encoding="utf-8")
    lines = _errors(_run("validate", "--game", game, "--data", data))
    assert lines[0] == (
        f"Error: {path.relative_to(data)}: values nested more than 32 levels deep (arrays or "
        "inline tables inside one another)"
    )


@pytest.mark.parametrize("game", GAMES)
def test_a_number_too_long_to_read_is_a_syntax_error_not_a_traceback(data, game):
    path = data / game / FIRST_FILE[game]
    path.write_text(
        path.read_text(encoding="utf-8") + "\nx = " + "9" * 5000 + "\n", encoding="utf-8"
    )
    lines = _errors(_run("validate", "--game", game, "--data", data))
    assert (
        lines[0]
        == f"Error: {path.relative_to(data)}: TOML syntax error: a number has too many digits to read"
    )


def _special(kind: str, path):
    path.unlink()
    if kind == "fifo":
        os.mkfifo(path)
        return "a named pipe (FIFO)"
    if kind == "folder":
        path.mkdir()
        return "a folder"
    os.symlink(f"/dev/{kind}", path)
    return "a device"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("kind", ["fifo", "zero", "urandom", "folder"])
@pytest.mark.parametrize("name", ["game.toml", "first", "rulebook.md"])
def test_special_files_are_refused_before_they_are_opened(data, game, kind, name):
    path = data / game / (FIRST_FILE[game] if name == "first" else name)
    what = _special(kind, path)
    lines = _errors(_run("validate", "--game", game, "--data", data))
    assert (
        f"Error: {path.relative_to(data)}: cannot read file: it is {what}, not a regular file"
        in lines
    )


@pytest.mark.parametrize("name, limit", [("tech.toml", "1,024 KiB"), ("rulebook.md", "256 KiB")])
def test_a_file_over_its_size_limit_is_refused(data, name, limit):
    path = data / "hack-attack" / name
    with open(path, "a", encoding="utf-8") as f:
        f.write("\n#" + "x" * (MAX_FILE_BYTES + 10) + "\n")
    lines = _errors(_run("build", "--game", "hack-attack", "--data", data, "--out", data))
    assert lines[0] == (
        f"Error: {path.relative_to(data)}: refused: the file is larger than the {limit} a data "
        "file may hold"
    )


# -- 2. Errors echoed whole ----------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_a_huge_array_is_described_not_printed(data, game):
    path = data / game / FIRST_FILE[game]
    line = edit_data(path, 'name = "', "name = [" + "1," * 300_000 + '] # "')
    lines = _errors(_run("validate", "--game", game, "--data", data))
    bad = [x for x in lines if f":{line}:" in x]
    assert bad and bad[0].endswith("got an array of 300,000 items"), bad
    assert max(map(len, lines)) < 400
    edit_data(path, "1," * 300_000, "1," * 1_000_000)  # 2 MB: over the size limit
    assert _errors(_run("validate", "--game", game, "--data", data))[0].endswith(
        "refused: the file is larger than the 1,024 KiB a data file may hold"
    )


def test_long_values_typed_or_written_are_shortened_with_their_length(data, tmp_path):
    long = "x" * 10_000
    result = _run("build", "--game", long)
    assert result.exit_code == 2 or result.exit_code == 1
    assert "(10,000 characters)" in result.output and len(result.output) < 500
    out = tmp_path / ("o" * 5000)
    result = _run("build", "--game", "hack-attack", "--out", out)
    assert "characters)" in result.output and max(map(len, result.output.splitlines())) < 400
    path = data / "hack-attack" / "game.toml"
    line = edit_data(path, 'colour = "#', f'colour = "{long}" # "#')
    lines = _errors(_run("validate", "--game", "hack-attack", "--data", data))
    assert f"game.toml:{line}:" in lines[0] and lines[0].endswith("(10,000 characters)")
    assert max(map(len, lines)) < 400


def test_a_long_unknown_key_and_card_id_are_shortened(data):
    path = data / "hack-attack" / "tech.toml"
    edit_data(path, 'id = "smart-tv"', 'id = "' + "a" * 5000 + '"\n' + "k" * 5000 + " = 1")
    lines = _errors(_run("validate", "--game", "hack-attack", "--data", data))
    assert max(map(len, lines)) < 400
    assert any("(5,000 characters)" in x for x in lines)


# -- 6. Text that prints differently from what was written ---------------------------


def test_card_text_breaks_at_any_whitespace_and_at_soft_hyphens():
    register_all()
    assert wrap("a\tb\r\nc\u2003d  e", REGULAR, 9, 500) == ("a b", "c d e")
    assert wrap("no\u00a0break", REGULAR, 9, 500) == ("no\u00a0break",)
    # a soft hyphen prints only where the line breaks at it
    assert wrap("extra\u00adordinary", REGULAR, 9, 500) == ("extraordinary",)
    narrow = wrap("an extra\u00adordinary\u00adly long word", REGULAR, 9, 60)
    assert narrow == ("an extra-", "ordinaryly", "long word")
    # a zero-width space is a break point that prints nothing
    assert wrap("one\u200btwo", REGULAR, 9, 500) == ("onetwo",)
    # a word too wide for the box fits once broken at its soft hyphens
    assert wrap("extraordinaryextraordinary", REGULAR, 9, 60) is None
    assert wrap("extraordinary\u00adextraordinary", REGULAR, 9, 60) is not None


def test_tabs_and_soft_hyphens_in_card_text_print_as_the_rulebook_prints_them(data, tmp_path):
    path = data / "hack-attack" / "tech.toml"
    edit_data(
        path,
        "Runs apps, listens for voice commands",
        "Runs\tapps, listens for voice com\u00admands",
    )
    result = _run("build", "--game", "hack-attack", "--data", data, "--out", tmp_path)
    assert result.exit_code == 0, result.output
    page = PdfReader(tmp_path / "hack-attack" / "cards.pdf").pages[0].extract_text()
    assert "Runs apps, listens for voice" in page and "commands" in page
    assert "\u00ad" not in page and "\t" not in page and "com-" not in page


@pytest.mark.parametrize("char", ["\u0001", "\u007f", "\u202e", "\ufeff"])
def test_invisible_control_characters_in_card_text_are_named(data, char):
    path = data / "hack-attack" / "tech.toml"
    line = edit_data(path, "Runs apps,", f"Runs\\u{ord(char):04X}apps,")
    lines = _errors(_run("validate", "--game", "hack-attack", "--data", data))
    assert lines[0] == (
        f"Error: {path.relative_to(data)}:{line}: card 'smart-tv', field 'description': holds the "
        f"invisible control character '\\u{ord(char):04X}' (U+{ord(char):04X}),"
        " which prints nothing; remove it"
    )


@pytest.mark.parametrize("game", GAMES)
def test_a_byte_order_mark_is_accepted_in_every_file(data, game, tmp_path):
    for path in (data / game).iterdir():
        if path.is_file():  # every data file (the icon table too), not the icons/ folder
            path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    result = _run("build", "--game", game, "--data", data, "--out", tmp_path)
    assert result.exit_code == 0, result.output


# -- 7. Reading outside the data folder ----------------------------------------------


@pytest.mark.parametrize("name", ["rulebook.md", "tech.toml", "game.toml"])
def test_a_link_out_of_the_games_folder_is_refused(data, tmp_path, name):
    path = data / "hack-attack" / name
    secret = tmp_path / "secret.txt"
    secret.write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    path.unlink()
    path.symlink_to(secret)
    lines = _errors(_run("validate", "--game", "hack-attack", "--data", data))
    assert (
        f"Error: {path.relative_to(data)}: refused: it is a link to {secret}, outside the game's folder "
        f"{path.parent}; copy the file into the folder instead"
    ) in lines


def test_a_link_inside_the_games_folder_is_followed(data, tmp_path):
    folder = data / "hack-attack"
    (folder / "drafts").mkdir()
    (folder / "rulebook.md").rename(folder / "drafts" / "rulebook.md")
    (folder / "rulebook.md").symlink_to(folder / "drafts" / "rulebook.md")
    assert _run("validate", "--game", "hack-attack", "--data", data).exit_code == 0


# -- 8. Small output faults ----------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_rulebook_has_an_even_page_count_for_duplex_copies(built, game, paper):
    report = built(paper, game=game)
    pages = len(PdfReader(report.paths[1]).pages)
    assert pages % 2 == 0 and report.pages["rules.pdf"] == pages


@pytest.mark.parametrize("game", GAMES)
def test_ids_have_a_length_limit_so_lists_of_known_ids_stay_short(data, game):
    path = data / game / FIRST_FILE[game]
    line = edit_data(path, 'id = "', 'id = "' + "x" * 5000 + "-")
    lines = _errors(_run("validate", "--game", game, "--data", data))
    assert re.search(
        rf":{line}: .*field 'id': an id is at most 48 characters, got 5,0\d\d$", lines[0]
    ), lines
    assert max(map(len, lines)) < 400


@pytest.mark.parametrize(
    "args",
    [
        ["build", "-g", "hack-attack", "--paper", "L"],
        ["build", "-g", "hack-attack", "--bleed", "L"],
        ["build", "-g", "hack-attack", "--card-size", "L"],
        ["build", "-g", "hack-attack", "--players", "L"],
        ["build", "-g", "hack-attack", "--back-offset", "L", "1"],
        ["build", "-g", "hack-attack", "--L"],
        ["validate", "-g", "L"],
        ["L"],
        ["build", "-g", "hack-attack", "L"],
    ],
)
def test_click_usage_errors_quote_long_values_shortened(args):
    result = _run(
        *[("x" * 10_000 if a == "L" else "--" + "x" * 10_000 if a == "--L" else a) for a in args]
    )
    assert result.exit_code in (1, 2)
    assert "characters)" in result.output
    assert max(map(len, result.output.splitlines())) < 300


def test_a_data_folder_behind_a_link_loop_says_why_it_cannot_be_opened(tmp_path):
    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    lines = _errors(_run("validate", "--game", "hack-attack", "--data", tmp_path / "a"))
    assert lines == [
        f"Error: no card data for hack-attack: cannot open "
        f"'{tmp_path / 'a' / 'hack-attack'}': Too many levels of symbolic links"
    ]
    lines = _errors(_run("build", "--game", "hack-attack", "--out", tmp_path / "a"))
    assert lines == [
        f"Error: cannot write the kit to '{tmp_path / 'a' / 'hack-attack'}': "
        "Too many levels of symbolic links"
    ]


def test_a_paragraph_too_long_to_lay_out_in_linear_time_is_refused(data):
    path = data / "not-a-hack" / "rulebook.md"
    lines = path.read_text(encoding="utf-8").split("\n")
    path.write_text("\n".join(lines + ["", " ".join(["word"] * 1001)]), encoding="utf-8")
    assert _errors(_run("validate", "--game", "not-a-hack", "--data", data))[0] == (
        f"Error: {path.relative_to(data)}:{len(lines) + 2}: a paragraph of 1,001 words; split it (at most 1,000 "
        "words, about three pages)"
    )


# -- 5. Output encodings and terminals ------------------------------------------------


def _pnp(args, tmp_path, stdout=subprocess.PIPE, **env):
    return subprocess.run(
        [sys.executable, "-c", "from pnp.cli import main; main()", *args],
        stdout=stdout,
        stderr=subprocess.PIPE,
        cwd=tmp_path,
        env={**os.environ, **env},
        timeout=120,
    )


@pytest.mark.parametrize("encoding", ["cp1252", "ascii", "latin-1"])
def test_build_completes_on_any_output_encoding(tmp_path, encoding):
    out = tmp_path / "Łukasz’s kits"
    done = _pnp(
        ["build", "--game", "hack-back", "--out", str(out)], tmp_path, PYTHONIOENCODING=encoding
    )
    assert done.returncode == 0, done.stderr
    text = done.stdout.decode(encoding)
    assert "hack-back: 183 cards" in text and "\\u0141ukasz" in text
    assert (out / "hack-back" / "cards.pdf").exists()
    bad = _pnp(["build", "--game", "nope-Ł"], tmp_path, PYTHONIOENCODING=encoding)
    assert bad.returncode == 1 and b"Traceback" not in bad.stderr


def test_a_kit_written_is_exit_0_even_when_its_summary_cannot_be_printed(tmp_path):
    with open("/dev/full", "w") as full:
        done = _pnp(
            ["build", "--game", "hack-attack", "--out", str(tmp_path)], tmp_path, stdout=full
        )
        checked = _pnp(["validate", "--game", "hack-attack"], tmp_path, stdout=full)
    assert done.returncode == 0
    assert done.stderr.decode() == (
        "The kit was written, but its summary could not be printed (No space left on device).\n"
    )
    assert (tmp_path / "hack-attack" / "booklet.pdf").exists()
    assert checked.returncode == 1  # nothing was made, and nothing was said
    assert checked.stderr.decode() == (
        "Error: the output could not be written (No space left on device)\n"
    )


def test_a_closed_pipe_is_no_traceback(tmp_path):
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader went away before the first line
    try:
        done = _pnp(
            ["build", "--game", "hack-attack", "--out", str(tmp_path)], tmp_path, stdout=write_end
        )
        checked = _pnp(["validate", "--game", "hack-attack"], tmp_path, stdout=write_end)
    finally:
        os.close(write_end)
    assert done.returncode == 0 and done.stderr == b""
    assert (tmp_path / "hack-attack" / "cards.pdf").exists()
    assert checked.returncode == 1 and checked.stderr == b""


# -- Found by a break-it session after the fixes ------------------------------------


@pytest.mark.parametrize(
    "game, file, old",
    [
        ("hack-attack", "tech.toml", 'name = "Smart TV"'),
        ("hack-attack", "game.toml", 'protect_with = "PROTECT WITH"'),
        ("not-a-hack", "white.toml", 'text = "the office coffee machine"'),
    ],
)
@pytest.mark.parametrize("blank", ["\\u200b", "\\u00ad\\u00ad", " \\u00a0\\u2060 "])
def test_text_that_prints_nothing_is_refused_like_an_empty_one(data, game, file, old, blank):
    key = old.split(" = ")[0]
    line = edit_data(data / game / file, old, f'{key} = "{blank}"')
    lines = _errors(_run("validate", "--game", game, "--data", data))
    assert any(f"{file}:{line}:" in x and "expected " in x for x in lines), lines


@pytest.mark.parametrize(
    "effect, message",
    [
        ("{ cards = 1 }", "no kind; expected kind = one of attack, defend, defend_ally"),
        ("{ kind = 5, cards = 1 }", "unknown effect kind 5; known: attack"),
    ],
)
def test_an_effect_without_a_proper_kind_says_so(data, effect, message):
    line = edit_data(data / "hack-back" / "cards.toml", '{ kind = "draw", cards = 1 }', effect)
    lines = _errors(_run("validate", "--game", "hack-back", "--data", data))
    assert any(f"cards.toml:{line}:" in x and message in x for x in lines), lines


def test_too_many_effects_is_one_line_not_one_per_icon(data):
    line = edit_data(
        data / "hack-back" / "cards.toml",
        'activate = [{ kind = "draw", cards = 1 }]',
        "activate = [" + '{ kind = "draw", cards = 1 }, ' * 200 + "]",
    )
    lines = _errors(_run("validate", "--game", "hack-back", "--data", data))
    assert lines == [
        f"Error: {Path('hack-back', 'cards.toml')}:{line}: card "
        "'rubber-duck-debugger', field 'activate': expected 0..2 effects, got 200",
        "Error: hack-back: 1 problem found.",
    ]


@pytest.mark.parametrize("first, shown", [('"no-such-card"', "'no-such-card'"), ("5", "5")])
def test_a_bad_item_in_an_array_of_tables_is_named_by_its_index(data, first, shown):
    line = edit_data(data / "hack-back" / "decks.toml", "cards = [", f"cards = [{first}, ")
    lines = _errors(_run("validate", "--game", "hack-back", "--data", data))
    assert (
        f"Error: {Path('hack-back', 'decks.toml')}:{line}: deck 'red-team', field "
        f"'cards[0]': expected a table in an array of {{ card = \"ID\", count = N }} tables, "
        f"got {shown}"
    ) in lines


def test_printed_paths_are_exact_and_one_line(tmp_path):
    out = tmp_path / "a\nb\x1b[31m"
    result = _run("build", "--game", "hack-attack", "--out", out)
    assert result.exit_code == 0
    assert (
        f"  {tmp_path}/a\\u000Ab\\u001B[31m/hack-attack/cards.pdf  (36 pages)"
        in result.output.splitlines()
    )


@pytest.mark.parametrize("option", ["--out", "--data"])
@pytest.mark.parametrize("value", ["", "  "])
def test_an_empty_folder_option_is_refused_not_taken_as_this_folder(tmp_path, option, value):
    result = _run("build", "--game", "hack-attack", option, value)
    assert result.exit_code == 2
    assert "the folder path is empty" in result.output
    assert not (tmp_path / "hack-attack").exists()


@pytest.mark.parametrize(
    "players, message",
    [
        (
            "99",
            "the individual format gives each player a deck: the data has 5, so at most 5 players, not 99; the shared format deals to up to 14",
        ),
        ("0", "Hack Back is for 2 or more players, got 0"),
        ("9" * 5000, "--players is too large (5,000 digits)"),
    ],
)
def test_players_out_of_range_is_named_once_by_the_kit(tmp_path, players, message):
    result = _run("build", "--game", "hack-back", "--players", players, "--out", tmp_path)
    assert result.output == f"Error: {message}\n" and result.exit_code == 1


@pytest.mark.parametrize("line", ["#### Deep", "###### h", "```", "~~~ python"])
def test_markdown_beyond_the_subset_is_refused_not_printed_literally(data, line):
    path = data / "hack-attack" / "rulebook.md"
    lines = path.read_text(encoding="utf-8").split("\n")
    path.write_text("\n".join(lines[:3] + [line] + lines[3:]), encoding="utf-8")
    assert _errors(_run("validate", "--game", "hack-attack", "--data", data))[0].startswith(
        f"Error: {path.relative_to(data)}:4: "
    )
