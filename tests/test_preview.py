"""`pnp preview` (issue 25, item 3): one card face as a PNG of the trim plus the bleed at
the dpi asked for (read back from the file), drawn by the one painter (its pixels equal
`pnp export --format png`'s), for every registered game; the back of the deck asked
for; the face's own problems stop it, the rest of the data's are counted; one line for
an unknown card (with the closest ids), an unknown deck or a card not in the deck; the
kit is not written; `--open` starts the system viewer or says there is none."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image, ImageChops, ImageStat

import pnp.core.paths
from pnp.build import game_folder
from pnp.cli import main as pnp_main
from pnp.core.games import find_game, game_ids
from pnp.core.sizes import CARD_SIZES_MM
from pnp.export import ExportOptions, export
from tests.datafiles import edit_data


def run(*args: str, **kwargs):
    return CliRunner().invoke(pnp_main, ["preview", *args], **kwargs)


def loaded(game: str):
    """(kit, data) of `game`'s shipped data."""
    kit = find_game(game)
    return kit, kit.load(game_folder(kit, pnp.core.paths.SHIPPED_DATA_DIR))


def files_under(folder: Path) -> list[str]:
    """Every file under `folder`, relative to it, sorted."""
    return sorted(
        str(Path(root, name).relative_to(folder))
        for root, _, names in os.walk(folder)
        for name in names
    )


def px(length_mm: float, dpi: int) -> int:
    return round(length_mm / 25.4 * dpi)


@pytest.mark.parametrize("side", ["front", "back"])
@pytest.mark.parametrize("game", game_ids())
def test_the_png_is_the_trim_plus_twice_the_bleed_at_the_dpi_for_every_game(tmp_path, game, side):
    kit, data = loaded(game)
    card = kit.cards(data)[0]
    backs = {g.back for g in kit.print_groups(data) if card in g.copies} | (
        {g.back for g in kit.print_groups(data, "shared") if card in g.copies}
        if game == "hack-back"
        else set()
    )
    args = ["--game", game, "--card", card.id, "--dpi", "120", "--bleed", "1.5"]
    result = run(*args, *(["--back"] if side == "back" else []), "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    if side == "front":
        name = f"{card.id}-front.png"
    else:
        first = next(g.back for g in kit.print_groups(data) if card in g.copies)
        name = f"{card.id}-{first}-back.png" if len(backs) > 1 else f"{card.id}-back.png"
    path = tmp_path / kit.id / "preview" / name
    assert result.stdout == f"{path}\n"
    w_mm, h_mm = CARD_SIZES_MM[data.info.card_size]
    with Image.open(path) as image:
        assert image.size == (px(w_mm + 3, 120), px(h_mm + 3, 120))
        assert image.mode == "RGB"
        assert image.info["dpi"] == pytest.approx((120, 120), abs=0.02)
        assert ImageStat.Stat(image).extrema != [(255, 255)] * 3  # something is drawn
    assert files_under(tmp_path) == [f"{kit.id}/preview/{name}"]  # no kit, no temporary file


def test_a_card_size_and_no_bleed_give_that_trim_exactly(tmp_path):
    result = run(
        "-g", "hack-attack", "--card", "smart-tv", "--card-size", "bridge", "--bleed", "0",
        "--dpi", "96", "--out", str(tmp_path),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    with Image.open(tmp_path / "hack-attack" / "preview" / "smart-tv-front.png") as image:
        assert image.size == (px(57.15, 96), px(88.9, 96)) == (216, 336)


def test_its_pixels_are_the_exported_pngs_front_and_back(tmp_path):
    export(ExportOptions("hack-attack", "png", 72, tmp_path / "export"))
    exported = tmp_path / "export" / "hack-attack" / "png"
    for side, exported_name in (("front", "smart-tv-1-front.png"), ("back", "smart-tv-1-back.png")):
        result = run(
            "-g", "hack-attack", "--card", "smart-tv", "--dpi", "72", "--out", str(tmp_path / "p"),
            *(["--back"] if side == "back" else []),
        )  # fmt: skip
        assert result.exit_code == 0, result.output
        preview = tmp_path / "p" / "hack-attack" / "preview" / f"smart-tv-{side}.png"
        with Image.open(preview) as mine, Image.open(exported / exported_name) as theirs:
            assert mine.size == theirs.size == (px(64.5, 72), px(89.9, 72))
            assert ImageChops.difference(mine, theirs).getbbox() is None, side


def test_the_ink_saving_face_is_lighter(tmp_path):
    means = {}
    for flag in ("--full-ink", "--ink-saver"):
        result = run(
            "-g",
            "not-a-hack",
            "--card",
            "hack-breach",
            "--dpi",
            "60",
            flag,
            "--out",
            str(tmp_path / flag),
        )
        assert result.exit_code == 0, result.output
        with Image.open(result.stdout.strip()) as image:
            means[flag] = sum(ImageStat.Stat(image.convert("L")).mean)
    assert means["--ink-saver"] > means["--full-ink"] + 60  # a black card becomes pale


def _in_several_decks():
    """(a Hack Back card printed in two or more decks with different backs, those backs in
    print order, one deck that does not print it)."""
    kit, data = loaded("hack-back")
    groups = [*kit.print_groups(data), *kit.print_groups(data, "shared")]
    for card in kit.cards(data):
        backs = list(dict.fromkeys(g.back for g in groups if card in g.copies))
        if len(backs) >= 3:
            missing = next(g.back for g in groups if g.back is not None and card not in g.copies)
            return card.id, backs, missing
    raise AssertionError("no Hack Back card is in three decks")


def test_a_card_in_several_decks_shows_the_back_of_the_deck_asked_for(tmp_path):
    card, backs, _ = _in_several_decks()
    out = ["--out", str(tmp_path), "--dpi", "50"]
    first = run("-g", "hack-back", "--card", card, "--back", *out)
    assert first.exit_code == 0, first.output
    folder = tmp_path / "hack-back" / "preview"
    assert first.stdout == f"{folder / f'{card}-{backs[0]}-back.png'}\n"
    assert first.stderr == (
        f"Note: the back of deck '{backs[0]}'; card '{card}' is printed with other backs "
        f"too ({', '.join(backs[1:])}): --deck chooses\n"
    )
    shared = run("-g", "hack-back", "--card", card, "--back", "--deck", "Shared Deck", *out)
    assert shared.exit_code == 0 and shared.stderr == ""
    assert shared.stdout == f"{folder / f'{card}-shared-back.png'}\n"
    other = run("-g", "hack-back", "--card", card, "--back", "--deck", backs[1], *out)
    assert other.stdout == f"{folder / f'{card}-{backs[1]}-back.png'}\n"
    with (
        Image.open(folder / f"{card}-{backs[0]}-back.png") as a,
        Image.open(folder / f"{card}-{backs[1]}-back.png") as b,
    ):
        assert ImageChops.difference(a, b).getbbox() is not None  # the decks' backs differ


def test_unknown_cards_and_decks_are_one_line_each(tmp_path):
    card, _, missing = _in_several_decks()
    kit, data = loaded("hack-attack")
    ids = sorted(c.id for c in kit.printed_cards(data))
    out = ["--out", str(tmp_path)]
    cases = [
        (
            ["-g", "hack-attack", "--card", "smart-tvv"],
            "Error: hack-attack has no card 'smart-tvv'; did you mean smart-tv, smart-plug?",
        ),
        (
            ["-g", "hack-back", "--card", "ransomware"],
            "Error: hack-back has no card 'ransomware'; did you mean ransomware-crew?",
        ),
        (
            ["-g", "hack-attack", "--card", "qqqqqq"],
            f"Error: hack-attack has no card 'qqqqqq'; its cards are {', '.join(ids[:6])}, "
            f"… ({len(ids)} in all)",
        ),
        (
            ["-g", "hack-attack", "--card", "smart-tv", "--deck", "red", "--back"],
            "Error: hack-attack has no deck 'red'; its decks: back (cards), aid (Player aids)",
        ),
        (
            ["-g", "hack-back", "--card", card, "--deck", missing],
            f"Error: card '{card}' is not in deck '{missing}'; it is printed in "
            + ", ".join(f"{g.back} ({g.label})" for g in _groups_holding(card)),
        ),
        (
            ["-g", "no-such-game", "--card", "x"],
            f"Error: unknown game 'no-such-game'; known games: {', '.join(game_ids())}; "
            "a data-only game is found in its data folder: --data DIR",
        ),
        (
            ["-g", "hack-attack", "--card", "smart-tv", "--dpi", "40"],
            "Error: --dpi must be 50..1200, got 40",
        ),
    ]
    for args, line in cases:
        result = run(*args, *out)
        assert (result.exit_code, result.output) == (1, line + "\n"), args
    assert not os.listdir(tmp_path)


def _groups_holding(card_id: str):
    kit, data = loaded("hack-back")
    groups = {}
    for g in [*kit.print_groups(data), *kit.print_groups(data, "shared")]:
        if any(c.id == card_id for c in g.copies):
            groups.setdefault(g.back, g)
    return list(groups.values())


def test_the_faces_own_error_stops_it_and_the_others_are_counted(data_copy, tmp_path):
    line = edit_data(data_copy / "tech.toml", "rarely gets updated", "rarely 漢 gets updated")
    edit_data(data_copy / "defense.toml", 'how_to = "', 'how_to = "漢 ')  # another card
    (data_copy / "rulebook.md").write_text(
        (data_copy / "rulebook.md").read_text() + "\nA 漢 here.\n"
    )
    base = ["-g", "hack-attack", "--data", str(data_copy.parent), "--out", str(tmp_path / "out")]
    note = (
        "Note: 1 problem elsewhere in hack-attack's data, and the other faces were not "
        "checked: `pnp validate --game hack-attack` checks everything\n"
    )
    refused = run(*base, "--card", "smart-tv")
    assert refused.exit_code == 1 and refused.stdout == ""
    assert refused.stderr == (
        f"Error: hack-attack/tech.toml:{line}: card 'smart-tv', field 'description': the "
        "font has no glyph for '漢' (U+6F22)\nError: 1 problem found.\n" + note
    )
    assert not (tmp_path / "out").exists()
    drawn = run(*base, "--card", "smart-plug")  # its face is fine: drawn, the rest counted
    assert drawn.exit_code == 0, drawn.output
    assert (
        drawn.stdout == f"{tmp_path / 'out' / 'hack-attack' / 'preview' / 'smart-plug-front.png'}\n"
    )
    assert drawn.stderr == note


def test_data_that_does_not_load_lists_its_errors(data_copy, tmp_path):
    line = edit_data(data_copy / "defense.toml", 'how_to = "', "how_to = ")
    result = run("-g", "hack-attack", "--card", "smart-tv", "--data", str(data_copy.parent))
    assert result.exit_code == 1
    assert result.stderr.startswith(f"Error: hack-attack/defense.toml:{line}:")
    assert "TOML syntax error" in result.stderr and "Traceback" not in result.output


def test_the_faces_warnings_are_printed(data_copy, tmp_path):
    from tests.test_art import add_art, image

    w_px, h_px = px(64.5, 200), px(89.9, 200)  # full bleed at 200 dpi: under 300
    image(data_copy / "art" / "tv.png", (w_px, h_px))
    line = add_art(data_copy / "tech.toml", "smart-tv", '"art/tv.png"')
    result = run(
        "-g", "hack-attack", "--card", "smart-tv", "--dpi", "50",
        "--data", str(data_copy.parent), "--out", str(tmp_path),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert result.stderr.startswith(
        f"Warning: hack-attack/tech.toml:{line}: card 'smart-tv', field 'art': "
    )
    assert result.stderr.count("\n") == 1 and "dpi" in result.stderr


def test_a_preview_replaces_the_last_one_whole(tmp_path):
    args = ["-g", "hack-attack", "--card", "smart-tv", "--out", str(tmp_path)]
    path = tmp_path / "hack-attack" / "preview" / "smart-tv-front.png"
    assert run(*args, "--dpi", "50").exit_code == 0
    assert run(*args, "--dpi", "100").exit_code == 0
    with Image.open(path) as image:
        assert image.size == (px(64.5, 100), px(89.9, 100))
    assert os.listdir(path.parent) == [path.name]
    path.unlink()
    path.mkdir()  # something of the user's in the way: not replaced
    result = run(*args, "--dpi", "50")
    assert result.exit_code == 1
    assert result.output == (
        f"Error: cannot write smart-tv-front.png: '{path}' is a folder, not a regular file; "
        "nothing was written\n"
    )


def test_open_without_a_viewer_is_a_note(tmp_path):
    empty = tmp_path / "bin"
    empty.mkdir()
    result = run("-g", "hack-attack", "--card", "smart-tv", "--dpi", "50", "--open",
                 "--out", str(tmp_path / "out"), env={"PATH": str(empty)})  # fmt: skip
    path = tmp_path / "out" / "hack-attack" / "preview" / "smart-tv-front.png"
    assert result.exit_code == 0
    assert result.stdout == f"{path}\n"
    assert result.stderr == (
        f"Note: no image viewer to open it with (xdg-open was not found); it is at {path}\n"
    )


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="xdg-open is the Linux viewer")
def test_open_starts_the_system_viewer_with_the_png(tmp_path):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    seen = tmp_path / "seen.txt"
    viewer = bin_dir / "xdg-open"
    viewer.write_text(f'#!/bin/sh\nprintf "%s" "$1" > "{seen}.part" && mv "{seen}.part" "{seen}"\n')
    viewer.chmod(0o755)
    result = run("-g", "hack-attack", "--card", "smart-tv", "--dpi", "50", "--open",
                 "--out", str(tmp_path / "out"), env={"PATH": f"{bin_dir}:/usr/bin:/bin"})  # fmt: skip
    assert result.exit_code == 0 and result.stderr == ""
    deadline = time.monotonic() + 60  # a bound on a loaded machine, not a speed test
    while not seen.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert seen.read_text() == result.stdout.strip()


def test_a_preview_imports_neither_the_exporter_nor_the_simulator_nor_the_watcher():
    code = (
        "import sys\nfrom pnp.cli import main\n"
        "try:\n    main(['preview', '-g', 'hack-attack', '--card', 'smart-tv', '--dpi', '50',"
        " '--out', sys.argv[1]])\nexcept SystemExit:\n    pass\n"
        "print(' '.join(sorted(sys.modules)))"
    )
    import tempfile

    with tempfile.TemporaryDirectory() as out:
        done = subprocess.run(
            [sys.executable, "-c", code, out], capture_output=True, text=True, check=True
        )
    loaded_modules = set(done.stdout.splitlines()[-1].split())
    assert "pnp.preview" in loaded_modules
    # the rulebook writers, by name: the cards' SVG pictures load svglib, whose reportlab
    # graphics load reportlab.platypus themselves
    for other in (
        "pnp.export",
        "pnp.export_tts",
        "pnp.simulate",
        "pnp.render.rulebook",
        "pnp.render.booklet",
        "watchfiles",
    ):
        assert other not in loaded_modules, other


def test_a_missing_picture_stops_its_own_card_and_is_counted_for_the_others(data_copy, tmp_path):
    from tests.test_art import add_art

    line = add_art(data_copy / "tech.toml", "smart-tv", '"art/missing.png"')
    base = ["-g", "hack-attack", "--data", str(data_copy.parent), "--out", str(tmp_path)]
    refused = run(*base, "--card", "smart-tv")
    assert refused.exit_code == 1 and refused.stdout == ""
    lines = refused.stderr.splitlines()
    assert lines[0].startswith(
        f"Error: hack-attack/tech.toml:{line}: card 'smart-tv', field 'art': "
    )
    assert lines[1:] == ["Error: 1 problem found."]
    drawn = run(*base, "--card", "smart-plug")
    assert drawn.exit_code == 0, drawn.output
    assert drawn.stderr.startswith("Note: 1 problem elsewhere in hack-attack's data")
