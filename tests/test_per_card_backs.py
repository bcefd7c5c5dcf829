"""Per-card backs in the layout engine (issue 11, item 3): each card names its back, a
sheet mixes cards of several backs and every back lands behind its own front (long and
short edge, partial sheets, a card without a back leaving its cell blank); Hack Back's
decks share sheets unless --deck-sheets; the kit table and the summary list exactly what
was printed; Hack Back serves every player count its format can."""

from __future__ import annotations

import pdfplumber
import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from pnp.cli import main
from pnp.core.paths import SHIPPED_DATA_DIR
from pnp.games.hack_back.faces import KIT as HB_KIT
from pnp.games.hack_back.loader import load_hack_back
from pnp.layout.imposition import SheetSpec, back_trim, compute_grid
from pnp.layout.kit import PrintGroup
from pnp.render.sheets import new_canvas, sheet_layout, write_sheets
from tests.pdfread import placed_forms, placements

DATA = load_hack_back(SHIPPED_DATA_DIR / "hack-back")


def test_groups_share_sheets_unless_each_starts_its_own():
    groups = [
        PrintGroup("a", tuple("a" * 5), "A"),
        PrintGroup("b", tuple("b" * 7), "B"),
        PrintGroup("c", tuple("c" * 2), None),
    ]
    packed = sheet_layout(groups, 9)
    assert [len(s) for s in packed] == [9, 5]
    assert packed[0] == [("a", "A")] * 5 + [("b", "B")] * 4
    assert packed[1] == [("b", "B")] * 3 + [("c", None)] * 2
    assert [len(s) for s in sheet_layout(groups, 9, deck_sheets=True)] == [5, 7, 2]


def _back_at(forms_on_back, grid, front, duplex):
    """The form drawn on the back page at the place `front`'s back must land."""
    want = back_trim(grid, front, duplex, (0.0, 0.0))
    for placement, form in forms_on_back:
        if placement.origin == pytest.approx((want.x, want.y), abs=0.01):
            return form
    return "nothing"


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_every_back_lands_behind_its_own_front_on_mixed_sheets(kit, duplex):
    spec = SheetSpec(duplex=duplex)
    report = kit("hack-back", spec)
    grid = compute_grid(SheetSpec(**{**spec.__dict__, "card_size": "poker"}))
    sheets = sheet_layout(HB_KIT.print_groups(DATA), grid.per_sheet)
    assert report.sheets == len(sheets) == -(-sum(map(len, sheets)) // 9)  # no gaps
    reader = PdfReader(str(report.paths[0]))
    form_of: dict[str, set] = {}
    mixed = 0
    for n, sheet in enumerate(sheets):
        fronts = placements(reader, 2 * n)
        backs = placed_forms(reader, 2 * n + 1)
        assert len(fronts) == len(backs) == len(sheet)  # partial sheets too
        for (card, back_id), front in zip(sheet, fronts):
            x, y = front.origin
            trim = type(grid.trim(0, 0))(x, y, grid.card_w, grid.card_h)
            form_of.setdefault(back_id, set()).add(_back_at(backs, grid, trim, duplex))
        mixed += len({back for _, back in sheet}) > 1
    assert all(len(forms) == 1 for forms in form_of.values()), form_of  # one back each
    assert len({f for forms in form_of.values() for f in forms}) == len(form_of)
    assert mixed >= 4  # decks meet on shared sheets


def test_a_card_without_a_back_leaves_its_back_cell_blank(tmp_path):
    spec = SheetSpec(duplex="long", crop_marks=False)
    grid = compute_grid(spec)

    class Painter:
        def front(self, card):
            canvas.rect(0, 0, 10, 10)

        def back(self, back_id):
            canvas.rect(0, 0, 10, 10)

    canvas = new_canvas(tmp_path / "t.pdf", grid, "test")
    groups = [PrintGroup("with", ("a", "b", "c"), "A"), PrintGroup("without", ("d", "e"), None)]
    stats = write_sheets(canvas, grid, spec, groups, Painter())
    canvas.save()
    reader = PdfReader(str(tmp_path / "t.pdf"))
    assert (stats.sheets, stats.pages) == (1, 2)
    fronts, backs = placements(reader, 0), placements(reader, 1)
    assert len(fronts) == 5 and len(backs) == 3
    for front, back in zip(fronts[:3], backs):
        x, y = front.origin
        want = back_trim(
            grid, type(grid.trim(0, 0))(x, y, grid.card_w, grid.card_h), "long", (0.0, 0.0)
        )
        assert back.origin == pytest.approx((want.x, want.y), abs=0.01)


def test_deck_sheets_starts_every_deck_on_its_own_sheet(kit, tmp_path):
    spec = SheetSpec(deck_sheets=True)
    report = kit("hack-back", spec)
    per_deck = [-(-d.size // 9) for d in DATA.decks]
    assert report.sheets == sum(per_deck) + 2  # and two sheets of 10 aids (two a player)
    result = CliRunner().invoke(
        main, ["build", "--game", "hack-back", "--deck-sheets", "--out", str(tmp_path / "cli")]
    )
    assert result.exit_code == 0, result.output
    assert f"{sum(per_deck) + 2} sheets" in result.output


def _kit_table(folder) -> str:
    with pdfplumber.open(folder / "rules.pdf") as pdf:
        return " ".join(" ".join((page.extract_text() or "").split()) for page in pdf.pages)


def test_the_kit_table_and_summary_list_exactly_what_was_printed(tmp_path):
    result = CliRunner().invoke(
        main, ["build", "--game", "hack-back", "--players", "2", "--out", str(tmp_path / "two")]
    )
    assert result.exit_code == 0, result.output
    assert (
        result.output.splitlines()[0] == "hack-back: 74 cards — 35 Red Team, 35 Blue "
        "Team, 4 Player aids"
    )
    table = _kit_table(tmp_path / "two" / "hack-back")
    assert "Red Team deck 35" in table and "Blue Team deck 35" in table
    assert "Grey Hats" not in table and "Shared Deck" not in table
    assert "Player aids (two per player) 4" in table
    shared = CliRunner().invoke(
        main,
        ["build", "--game", "hack-back", "--format", "shared", "--out", str(tmp_path / "shared")],
    )
    table = _kit_table(tmp_path / "shared" / "hack-back")
    assert shared.exit_code == 0 and "Shared Deck (shared format) 70" in table
    assert "Red Team" not in table and "Player aids (two per player) 28" in table


@pytest.mark.parametrize(
    "args, message",
    [
        (["--format", "shared", "--players", "14"], None),
        (
            ["--format", "shared", "--players", "15"],
            "the shared deck has 70 cards: it deals 5-card "
            "hands to at most 14 players, not 15 (rules, Setup step 2)",
        ),
        (["--players", "5"], None),
        (
            ["--players", "6"],
            "the individual format gives each player a deck: the data has 5, so "
            "at most 5 players, not 6; the shared format deals to up to 14",
        ),
        (["--players", "1"], "Hack Back is for 2 or more players, got 1"),
    ],
)
def test_hack_back_serves_every_player_count_its_format_can(tmp_path, args, message):
    result = CliRunner().invoke(
        main, ["build", "--game", "hack-back", *args, "--out", str(tmp_path)]
    )
    if message is None:
        assert result.exit_code == 0, result.output
    else:
        assert (result.exit_code, result.output) == (1, f"Error: {message}\n")
