"""`pnp export`: PNGs, Tabletop Simulator decks and single-face PDFs, all rasterised from
or written by the one card drawing (pnp.render.single), checked on the real card data:
pixel sizes to the pixel, dpi in the file, PNG pixels equal to the pdf-single page,
names and counts of every printed copy, page boxes to 0.01 mm, TTS sheet limits and the
saved object, atomic replacement, and the command line's errors."""

from __future__ import annotations

import json
import os
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlparse

import click
import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner
from PIL import Image, ImageChops
from pypdf import PdfReader

import pnp.export
import pnp.render.raster
from pnp.build import BuildOptions, frame_for, game_folder
from pnp.cli import main as pnp_main
from pnp.core.errors import PnpError
from pnp.core.games import find_game
from pnp.core.paths import SHIPPED_DATA_DIR
from pnp.core.sizes import CARD_SIZES_MM
from pnp.export import ExportOptions, export
from pnp.layout.kit import PrintGroup
from pnp.validate import validate

MM_PER_PT = 25.4 / 72


def groups_of(game: str, **options) -> list[PrintGroup]:
    """The print groups a build of `game` prints (independently of pnp.export)."""
    kit = find_game(game)
    data, _, _ = validate(kit, game_folder(kit, SHIPPED_DATA_DIR), frame_for(BuildOptions(game)))
    return kit.print_groups(data, options.get("deck_format"), options.get("players"))


def expected_names(groups) -> list[tuple[str, str | None, object, PrintGroup]]:
    """(front file, back file or None, card, group) of every printed copy, in print order:
    `<id>-<n>-front.png` numbered across the groups when a card prints more than once."""
    totals = Counter(c.id for g in groups for c in g.copies)
    seen: Counter = Counter()
    out = []
    for group in groups:
        for card in group.copies:
            seen[card.id] += 1
            stem = card.id if totals[card.id] == 1 else f"{card.id}-{seen[card.id]}"
            back = f"{stem}-back.png" if group.back is not None else None
            out.append((f"{stem}-front.png", back, card, group))
    return out


def without_back(monkeypatch, game: str, label: str) -> None:
    """Make `game`'s kit print the group called `label` with no back."""
    kit = find_game(game)
    original = kit.print_groups

    def groups(*args, **kwargs):
        return [g._replace(back=None) if g.label == label else g for g in original(*args, **kwargs)]

    monkeypatch.setattr(kit, "print_groups", groups)


@pytest.fixture(scope="module")
def png300(tmp_path_factory):
    """hack-attack exported as PNG (300 dpi, poker, 0.5 mm bleed) and as pdf-single."""
    out = tmp_path_factory.mktemp("out")
    report = export(ExportOptions("hack-attack", "png", 300, out))
    export(ExportOptions("hack-attack", "pdf-single", out_dir=out))
    return report, out / "hack-attack"


def test_png_pixel_size_is_exact_for_the_dpi_and_stored_in_the_file(png300):
    report, folder = png300
    assert report.written.card_px == (762, 1062)  # (63.5 + 1) / 25.4 * 300 = 761.8
    with Image.open(folder / "png" / "smart-tv-1-front.png") as image:
        assert (image.size, image.mode) == ((762, 1062), "RGB")
        assert image.info["dpi"] == pytest.approx((300, 300), abs=0.02)  # 11811 px/m


def test_png_size_rounds_each_axis_where_one_scale_would_not(tmp_path):
    # bridge + 1.5 mm bleed at 96 dpi: 227.3 x 347.3 px; pdfium's render(scale) would
    # take ceil() of both, 228 x 348
    report = export(
        ExportOptions("hack-attack", "png", 96, tmp_path, card_size="bridge", bleed_mm=1.5)
    )
    w_mm, h_mm = CARD_SIZES_MM["bridge"]
    size = round((w_mm + 3) / 25.4 * 96), round((h_mm + 3) / 25.4 * 96)
    assert size == (227, 347) and report.written.card_px == size
    folder = tmp_path / "hack-attack" / "png"
    with Image.open(folder / "aid-your-turn-1-back.png") as image:
        # PNG stores pixels per metre: 96 dpi is 3780 px/m, read back as 96.012
        assert image.size == size and image.info["dpi"] == pytest.approx((96, 96), abs=0.02)
    export(
        ExportOptions(
            "hack-attack", "pdf-single", out_dir=tmp_path, card_size="bridge", bleed_mm=1.5
        )
    )
    document = pdfium.PdfDocument(str(tmp_path / "hack-attack" / "cards-single.pdf"))
    page = document[0]
    rendered = pnp.render.raster.render_page(page, *size)  # the pdf-single page, same size
    page.close()
    document.close()
    first = expected_names(groups_of("hack-attack"))[0][0]
    with Image.open(folder / first) as image:
        assert ImageChops.difference(image, rendered).getbbox() is None


def test_png_pixels_equal_the_pdf_single_page_rendered_by_pypdfium2(png300):
    _, folder = png300
    names = expected_names(groups_of("hack-attack"))
    document = pdfium.PdfDocument(str(folder / "cards-single.pdf"))
    try:
        for copy in (0, 1, len(names) - 1):  # pages 2k (front) and 2k+1 (back)
            front, back, _, _ = names[copy]
            for page_index, name in ((2 * copy, front), (2 * copy + 1, back)):
                page = document[page_index]
                bitmap = page.render(scale=300 / 72)  # 762 x 1062 here: ceil == round
                rendered = bitmap.to_pil().convert("RGB")
                bitmap.close()
                page.close()
                with Image.open(folder / "png" / name) as image:
                    assert image.size == rendered.size == (762, 1062)
                    assert ImageChops.difference(image, rendered).getbbox() is None, name
    finally:
        document.close()


def test_png_names_and_counts_one_front_and_one_back_per_printed_copy(png300):
    report, folder = png300
    names = expected_names(groups_of("hack-attack"))
    files = sorted(os.listdir(folder / "png"))
    assert files == sorted(n for front, back, _, _ in names for n in (front, back))
    assert report.copies == len(names) == 155 and report.written.files == 310
    singles = [card.id for _, _, card, _ in names if card.count == 1]
    assert singles and f"{singles[0]}-front.png" in files  # no suffix for one copy
    assert not any(f.startswith(f"{singles[0]}-1") for f in files)
    copies = Counter(card.id for _, _, card, _ in names)
    twice = next(i for i, n in copies.items() if n == 2)
    assert {f"{twice}-1-front.png", f"{twice}-2-front.png"} <= set(files)
    assert f"{twice}-3-front.png" not in files
    # every copy's bytes are the one encoded image of its face
    assert (folder / "png" / f"{twice}-1-front.png").read_bytes() == (
        folder / "png" / f"{twice}-2-front.png"
    ).read_bytes()


def test_each_back_png_is_its_own_deck_back(tmp_path):
    export(ExportOptions("hack-back", "png", 50, tmp_path))
    folder = tmp_path / "hack-back" / "png"
    names = expected_names(groups_of("hack-back"))
    backs: dict[str, set[bytes]] = {}
    for _, back, _, group in names:
        backs.setdefault(group.back, set()).add((folder / back).read_bytes())
    assert len(backs) == 6  # five decks and the player aids
    assert all(len(images) == 1 for images in backs.values())  # one back per deck
    assert len({next(iter(images)) for images in backs.values()}) == 6  # all different
    # a card in two decks gets each deck's back: same front, different backs
    shared = Counter(card.id for g in groups_of("hack-back") for card in set(g.copies))
    card_id = next(i for i, n in shared.items() if n > 1)
    copies = [(front, back, group.back) for front, back, card, group in names if card.id == card_id]
    decks = {deck for _, _, deck in copies}
    assert len(decks) > 1
    assert len({(folder / back).read_bytes() for _, back, _ in copies}) == len(decks)


def test_a_group_printed_without_a_back_gets_no_back_png_and_blank_pdf_pages(tmp_path, monkeypatch):
    without_back(monkeypatch, "hack-attack", "Player aids")
    report = export(ExportOptions("hack-attack", "png", 50, tmp_path))
    files = set(os.listdir(tmp_path / "hack-attack" / "png"))
    assert "aid-your-turn-1-front.png" in files and "aid-your-turn-1-back.png" not in files
    assert report.written.no_back == 12 and report.written.files == 143 * 2 + 12
    single = export(ExportOptions("hack-attack", "pdf-single", out_dir=tmp_path))
    assert single.written.pages == 2 * 155 and single.written.no_back == 12
    reader = PdfReader(str(tmp_path / "hack-attack" / "cards-single.pdf"))
    assert reader.pages[-1].get_contents() is None or not reader.pages[-1].extract_text()
    assert "Drawn? Play at once" in reader.pages[-2].extract_text()


@pytest.mark.parametrize("card_size, bleed", [("poker", 0.5), ("tarot", 2.0)])
def test_pdf_single_has_a_page_per_face_at_trim_plus_bleed(tmp_path, card_size, bleed):
    report = export(
        ExportOptions(
            "hack-attack", "pdf-single", out_dir=tmp_path, card_size=card_size, bleed_mm=bleed
        )
    )
    reader = PdfReader(str(report.path))
    assert len(reader.pages) == 2 * 155 == report.written.pages
    w_mm, h_mm = CARD_SIZES_MM[card_size]
    for page in reader.pages:
        box = [float(v) * MM_PER_PT for v in page.mediabox]
        assert box[0] == box[1] == 0
        assert box[2] == pytest.approx(w_mm + 2 * bleed, abs=0.01)
        assert box[3] == pytest.approx(h_mm + 2 * bleed, abs=0.01)
    names = expected_names(groups_of("hack-attack"))
    assert names[0][2].name in reader.pages[0].extract_text()  # front, then its back
    assert "HACK ATTACK" in reader.pages[1].extract_text().upper()
    assert "/CropBox" not in reader.pages[0] or reader.pages[0].cropbox == reader.pages[0].mediabox


def _local(url: str) -> Path:
    parsed = urlparse(url)
    assert parsed.scheme == "file" and parsed.netloc == ""
    return Path(unquote(parsed.path))


def _check_tts(report, groups, trim_mm) -> dict:
    written = report.written
    cw, ch = (round(length / 25.4 * written.dpi) for length in trim_mm)
    assert written.card_px == (cw, ch)
    save = json.loads((report.path / written.save).read_text(encoding="utf-8"))
    states = save["ObjectStates"]
    assert len(states) == len(groups)
    for state, group in zip(states, groups):
        cards = state["ContainedObjects"] if state["Name"] == "DeckCustom" else [state]
        assert len(cards) == len(group.copies)  # copies printed
        assert [c["Nickname"] for c in cards] == [c.name or c.text for c in group.copies]
        if state["Name"] == "DeckCustom":
            assert state["DeckIDs"] == [c["CardID"] for c in cards]
            assert state["Nickname"] == group.label
        sheets = state["CustomDeck"] if state["Name"] == "DeckCustom" else cards[0]["CustomDeck"]
        for card in cards:
            key, index = divmod(card["CardID"], 100)
            sheet = sheets[str(key)]
            assert card["CustomDeck"] == {str(key): sheet}
            assert index < sheet["NumWidth"] * sheet["NumHeight"]
        for sheet in sheets.values():
            assert 2 <= sheet["NumWidth"] <= 10 and 2 <= sheet["NumHeight"] <= 7
            assert sheet["BackIsHidden"] is True and sheet["UniqueBack"] is False
            with Image.open(_local(sheet["FaceURL"])) as image:
                assert image.mode == "RGB" and max(image.size) <= 4096
                assert image.size == (sheet["NumWidth"] * cw, sheet["NumHeight"] * ch)
            with Image.open(_local(sheet["BackURL"])) as image:
                assert (image.mode, image.size) == ("RGB", (cw, ch))
    return save


def test_tts_decks_fit_the_limits_and_the_saved_object_names_every_copy(tmp_path):
    report = export(ExportOptions("hack-attack", "tts", 300, tmp_path))
    groups = groups_of("hack-attack")
    save = _check_tts(report, groups, CARD_SIZES_MM["poker"])
    # 92 distinct cards: a 10 x 7 sheet and the rest; 10 poker cards across at 4096 px
    assert report.written.decks[0].grids == ((10, 7), (6, 4))
    assert report.written.dpi == 163  # 10 x round(2.5 x 163) = 4080 px
    assert 10 * round(63.5 / 25.4 * 164) > 4096
    assert [s["Transform"]["posX"] for s in save["ObjectStates"]] == [0.0, 3.0]
    files = set(os.listdir(report.path))
    assert files == {
        "cards-1.png",
        "cards-2.png",
        "cards-back.png",
        "player-aids-1.png",
        "player-aids-back.png",
        "hack-attack.json",
    }


def test_tts_keeps_the_dpi_asked_when_it_fits_and_a_one_card_group_is_a_card(tmp_path, monkeypatch):
    kit = find_game("not-a-hack")
    original = kit.print_groups
    monkeypatch.setattr(
        kit,
        "print_groups",
        lambda *a, **k: [
            *original(*a, **k)[:1],
            PrintGroup("Lone card", (original(*a, **k)[1].copies[0],), None),
        ],
    )
    report = export(ExportOptions("not-a-hack", "tts", 60, tmp_path))
    groups = groups_of("not-a-hack")
    assert report.written.dpi == 60 and report.written.no_back == 1
    save = _check_tts(report, groups, CARD_SIZES_MM["poker"])
    assert [s["Name"] for s in save["ObjectStates"]] == ["DeckCustom", "Card"]
    with Image.open(report.path / "lone-card-back.png") as back:
        assert back.getextrema() == ((255, 255),) * 3  # white: no back printed


def test_tts_hack_back_individual_decks(tmp_path):
    report = export(ExportOptions("hack-back", "tts", 100, tmp_path))
    _check_tts(report, groups_of("hack-back"), CARD_SIZES_MM["poker"])
    assert [d.label for d in report.written.decks][:2] == ["Red Team", "Blue Team"]


def test_progress_counts_every_item(tmp_path):
    seen = {}

    class Recorder(pnp.render.raster.Progress):
        def __init__(self, total, label):
            self.total, self.done, self.label = total, 0, label
            seen[label] = self

        def update(self, n):
            self.done += n

    export(ExportOptions("not-a-hack", "png", 50, tmp_path), Recorder)
    export(ExportOptions("not-a-hack", "tts", 50, tmp_path), Recorder)
    assert len(seen) == 2 and all(p.done == p.total > 0 for p in seen.values())


def test_a_failed_export_leaves_the_previous_png_folder_as_it_was(tmp_path, monkeypatch):
    export(ExportOptions("not-a-hack", "png", 50, tmp_path))
    folder = tmp_path / "not-a-hack" / "png"
    before = {name: (folder / name).read_bytes() for name in os.listdir(folder)}
    calls = []

    def failing(image, dpi):
        calls.append(dpi)
        if len(calls) > 20:
            raise OSError(28, "No space left on device")
        return b"partial"

    monkeypatch.setattr(pnp.export, "encode_png", failing)
    with pytest.raises(PnpError, match="No space left on device; the previous files are unchanged"):
        export(ExportOptions("not-a-hack", "png", 60, tmp_path))
    after = {name: (folder / name).read_bytes() for name in os.listdir(folder)}
    assert after == before
    assert sorted(os.listdir(tmp_path / "not-a-hack")) == ["png"]  # no staging left


def run(*args):
    return CliRunner().invoke(pnp_main, ["export", *args])


@pytest.mark.parametrize("dpi", ["40", "5000", "nan"])
def test_cli_refuses_a_bad_dpi_in_one_line(tmp_path, dpi):
    result = run("--game", "hack-attack", "--format", "png", "--dpi", dpi, "--out", str(tmp_path))
    if dpi == "nan":  # not a whole number: click's usage error
        assert result.exit_code == 2 and "is not a whole number" in result.output
    else:
        assert (result.exit_code, result.output) == (
            1,
            f"Error: --dpi must be 50..1200, got {dpi}\n",
        )
    assert "Traceback" not in result.output and not os.listdir(tmp_path)


def test_cli_errors_for_missing_data_and_an_unwritable_output(tmp_path):
    (tmp_path / "file").write_text("x")
    result = run("-g", "hack-attack", "--format", "tts", "--out", str(tmp_path / "file"))
    assert result.exit_code == 1 and result.output.startswith("Error: cannot write")
    assert len(result.output.splitlines()) == 1
    result = run("-g", "hack-attack", "--format", "png", "--data", str(tmp_path))
    assert result.exit_code == 1 and result.output.startswith("Error: no card data for")
    result = run(
        "-g", "hack-attack", "--format", "png", "--deck-format", "shared", "--out", str(tmp_path)
    )
    assert result.exit_code == 1 and "--deck-format and --players" in result.output


def test_cli_all_games_and_the_summary(tmp_path):
    result = run("--all", "--format", "pdf-single", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    for game, copies in (("hack-attack", 155), ("hack-back", 183), ("not-a-hack", 352)):
        assert PdfReader(str(tmp_path / game / "cards-single.pdf")).get_num_pages() == 2 * copies
        assert (
            f"{game}: {copies} cards, one face a page, each front followed by its back"
            in result.output
        )
    result = run("-g", "not-a-hack", "--format", "tts", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == (
        "not-a-hack: 352 cards as 3 Tabletop Simulator decks at 163 dpi, "
        "lowered from 300 so every sheet fits 4096 px, 408x571 px a card "
        "(trim, no bleed)"
    )
    assert lines[1:4] == [
        "  black pile: 68 cards on 1 sheet (10x5) and a back",
        "  white pile: 274 cards on 4 sheets (10x7, 10x7, 10x7, 9x6) and a back",
        "  Player aids: 10 cards on 1 sheet (2x2) and a back",
    ]
    assert lines[-2].endswith("not-a-hack.json  (load it from Tabletop Simulator's Saved Objects)")


@dataclass(frozen=True)
class _Warning:
    text: str
    warning: bool = True
    level: str = "warning"

    def __str__(self) -> str:
        return self.text


def test_warnings_are_printed_and_do_not_stop_the_export(tmp_path, monkeypatch):
    import pnp.build

    real = pnp.build.validate_data  # export validates through pnp.build.load_for_drawing

    def with_warning(*args):
        data, blocks, printed, rest = real(*args)
        return data, blocks, printed, [*rest, _Warning("art/x.png: 150 dpi at this size")]

    monkeypatch.setattr(pnp.build, "validate_data", with_warning)
    result = run("-g", "hack-back", "--format", "pdf-single", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert "Warning: art/x.png: 150 dpi at this size" in result.output


def test_the_cli_offers_the_formats_and_dpi_range_the_library_checks():
    command = pnp_main.get_command(click.Context(pnp_main), "export")
    params = {p.name: p for p in command.params}
    assert tuple(params["output_format"].type.choices) == pnp.export.FORMATS
    dpi = params["dpi"].type
    assert (dpi.low, dpi.high, params["dpi"].default) == (
        pnp.export.MIN_DPI,
        pnp.export.MAX_DPI,
        pnp.export.DEFAULT_DPI,
    )
    with pytest.raises(PnpError, match="--dpi must be 50..1200, got 49"):
        export(ExportOptions("hack-attack", "png", 49))


@pytest.mark.parametrize(
    "fmt, name, make",
    [("pdf-single", "cards-single.pdf", "folder"), ("png", "png", "file"), ("tts", "tts", "file")],
)
def test_something_of_the_other_kind_in_the_way_is_refused_and_kept(tmp_path, fmt, name, make):
    from pnp.core.paths import SHIPPED_DATA_DIR

    target = tmp_path / "out" / "hack-attack" / name
    target.parent.mkdir(parents=True)
    if make == "folder":
        target.mkdir()
        (target / "notes.txt").write_text("mine")
    else:
        target.write_text("mine")
    result = CliRunner().invoke(
        pnp_main,
        [
            "export",
            "--game",
            "hack-attack",
            "--format",
            fmt,
            "--dpi",
            "50",
            "--data",
            str(SHIPPED_DATA_DIR),
            "--out",
            str(tmp_path / "out"),
        ],
    )
    assert result.exit_code == 1
    assert "cannot write the export" in result.output
    assert (target / "notes.txt" if make == "folder" else target).read_text() == "mine"
