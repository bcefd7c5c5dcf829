"""Fold-and-glue sheets (issue 44, item 1): `--layout gutterfold` prints each front beside
its back on one single-sided page, the back mirrored across a dashed fold line so that
folding puts it exactly behind its front, with crop marks on the outer edges only.
Checked as numbers for every named card size on every named paper, and read back from
built PDFs: a whole kit (Hack Back, whose decks have backs of their own) and a proof on
a paper that folds across, where the backs are turned half round."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from pypdf import PdfReader
from pypdf.generic import ContentStream

from pnp.cli import main
from pnp.core.errors import LayoutError
from pnp.core.paths import SHIPPED_DATA_DIR
from pnp.core.sizes import CARD_SIZES_MM, PAPER_MM
from pnp.core.units import mm_to_pt
from pnp.games.hack_back.faces import KIT as HB_KIT
from pnp.games.hack_back.loader import load_hack_back
from pnp.layout.crop_marks import unguided_edges
from pnp.layout.gutterfold import Fold, best_fold, compute_fold, fold_guides, fold_on
from pnp.layout.imposition import CROP_MARK_CLEARANCE_MM, Rect, SheetSpec
from pnp.render.sheets import FOLD_LINE_WIDTH_PT, sheet_layout
from tests.test_imposition import specs

MM = mm_to_pt(1)
TOL = 0.01 * MM  # 0.01 mm


def _mirrored(fold: Fold, r: Rect) -> Rect:
    """`r` mirrored across the fold line, computed from the line itself."""
    x1, y1, x2, y2 = fold.fold_line
    if fold.axis == "vertical":
        return Rect(2 * x1 - r.x - r.w, r.y, r.w, r.h)
    return Rect(r.x, 2 * y1 - r.y - r.h, r.w, r.h)


def _check_fold(fold: Fold) -> None:
    """Every front's back is its mirror across the fold, in its own slot on the other
    half; every card with its bleed lies inside the printer margin and clear of the fold
    line; no two cards overlap; the marks lie outside the block and guide every front."""
    g = fold.grid
    fronts = [fold.front_slot(i) for i in range(fold.per_sheet)]
    backs = [fold.back_slot(s) for s in fronts]
    assert sorted(fronts + backs) == sorted(g.slot(i) for i in range(g.per_sheet))
    x, y, _, _ = fold.fold_line
    cells = []
    for front, back in zip(fronts, backs):
        f, b = g.trim(*front), g.trim(*back)
        assert tuple(fold.back_trim(f)) == pytest.approx(tuple(b), abs=1e-9)
        assert tuple(b) == pytest.approx(tuple(_mirrored(fold, f)), abs=TOL)
        if fold.axis == "vertical":  # the fold in the middle of the gutter between them
            assert f.x + f.w + g.bleed <= x - g.gutter / 2 + 1e-6
            assert b.x - g.bleed >= x + g.gutter / 2 - 1e-6
        else:
            assert b.top + g.bleed <= y - g.gutter / 2 + 1e-6
            assert f.y - g.bleed >= y + g.gutter / 2 - 1e-6
        cells += [f.inset(-g.bleed), b.inset(-g.bleed)]
    for c in cells:
        assert g.margin - 1e-6 <= c.x and c.x + c.w <= g.page_w - g.margin + 1e-6
        assert g.margin - 1e-6 <= c.y and c.top <= g.page_h - g.margin + 1e-6
    for i, a in enumerate(cells):
        for b in cells[i + 1 :]:
            assert min(a.x + a.w, b.x + b.w) - max(a.x, b.x) <= 1e-6 or (
                min(a.top, b.top) - max(a.y, b.y) <= 1e-6
            )
    guides = fold_guides(fold, fold.per_sheet)
    block = g.block.inset(-CROP_MARK_CLEARANCE_MM * MM)
    for m in guides.marks:
        xs, ys = sorted((m[0], m[2])), sorted((m[1], m[3]))
        assert (
            ys[0] >= block.top - 1e-6
            or ys[1] <= block.y + 1e-6
            or xs[0] >= block.x + block.w - 1e-6
            or xs[1] <= block.x + 1e-6
        ), m
    assert unguided_edges(g, fronts, guides.marks, guides.cut_lines) == []
    flipped = [
        _ends(_mirrored(fold, Rect(m[0], m[1], 0, 0)), _mirrored(fold, Rect(m[2], m[3], 0, 0)))
        for m in guides.marks
    ]
    kept = [_ends(m[:2], m[2:]) for m in guides.marks]
    for a, b in ((flipped, kept), (kept, flipped)):  # the halves' marks meet when folded
        for m in a:
            assert any(max(abs(u - v) for u, v in zip(m, n)) <= TOL for n in b), m


def _ends(a, b) -> tuple[float, ...]:
    """A segment from its two ends (x, y, ...), the lower-left end first."""
    first, second = sorted([tuple(a[:2]), tuple(b[:2])])
    return (*first, *second)


@pytest.mark.parametrize("paper", sorted(PAPER_MM))
@pytest.mark.parametrize("size", sorted(CARD_SIZES_MM) + ["poker-landscape", "tarot-landscape"])
def test_every_back_mirrors_its_front_across_the_fold_on_every_paper_and_size(paper, size):
    fold = compute_fold(SheetSpec(paper=paper, card_size=size, layout="gutterfold"))
    _check_fold(fold)
    for sideways in (False, True):  # the ways it did not choose hold no more cards
        for axis in ("vertical", "horizontal"):
            other = fold_on(SheetSpec(paper=paper, card_size=size), sideways, axis)
            if other is not None:
                _check_fold(other)
                assert other.per_sheet <= fold.per_sheet


@settings(max_examples=120, deadline=None)
@given(specs)
def test_any_sheet_options_fold_exactly_or_are_refused_naming_what_fits(spec):
    spec = replace(spec, layout="gutterfold")
    if best_fold(spec) is None:
        with pytest.raises(LayoutError, match="does not fit"):
            compute_fold(spec)
    else:
        _check_fold(compute_fold(spec))


def test_poker_on_a4_folds_four_cards_on_the_page_turned_sideways_at_hand_computed_mm():
    fold = compute_fold(SheetSpec(layout="gutterfold"))
    g = fold.grid
    assert (fold.axis, fold.sideways, fold.per_sheet, g.cols, g.rows) == ("vertical", True, 4, 4, 2)
    assert (g.page_w, g.page_h) == pytest.approx((297 * MM, 210 * MM))
    # block: 4 x (63.5 + 1) + 3 x 2 = 264 mm wide, so 16.5 mm of paper left and right
    assert g.trim(0, 0).x == pytest.approx(17 * MM, abs=TOL)
    assert g.trim(*fold.back_slot((0, 0))).x == pytest.approx((297 - 17 - 63.5) * MM, abs=TOL)
    assert fold.fold_line == pytest.approx((148.5 * MM, 2 * MM, 148.5 * MM, 208 * MM))


def test_a_card_too_big_to_fold_is_refused_naming_the_sizes_and_papers_that_fit():
    spec = SheetSpec(paper="a5", card_size="jumbo", bleed_mm=5, margin_mm=8, layout="gutterfold")
    with pytest.raises(LayoutError) as caught:
        compute_fold(spec)
    message = str(caught.value)
    assert message.startswith(
        "a jumbo card (88.9 x 127 mm) with 5 mm bleed and its back beside it does not fit "
        "a5 paper, upright or sideways, inside a 8 mm margin (--layout gutterfold); "
    )
    sizes = re.search(r"on a5 these card sizes fit: ([a-z, -]+);", message).group(1).split(", ")
    papers = re.search(r"a jumbo card fits ([a-z0-9, ]+) \(", message).group(1).split(", ")
    assert sizes == [s for s in CARD_SIZES_MM if best_fold(replace(spec, card_size=s))]
    assert papers == [p for p in PAPER_MM if best_fold(replace(spec, paper=p))]
    assert "jumbo" not in sizes and "a5" not in papers and {"poker", "a4"} <= set(sizes + papers)


# ---------------------------------------------------------------- read back from PDFs


def _cards_on(reader: PdfReader, page: int, ops) -> list[tuple[tuple[float, ...], Rect, object]]:
    """Each card drawn on a page whose operations are `ops`, in drawing order: its `cm`
    matrix, the clip of its bleed and the first form it draws."""
    xobjects = reader.pages[page]["/Resources"].get("/XObject", {})
    found, depth = [], 0
    for i, (args, op) in enumerate(ops):
        depth += {b"q": 1, b"Q": -1}.get(op, 0)
        following = [o for _, o in ops[i + 1 : i + 4]]
        if depth == 1 and op == b"re" and following in ([b"W", b"n", b"cm"], [b"W*", b"n", b"cm"]):
            clip = Rect(*(float(v) for v in args))
            form, inner = None, 1
            for operands, o in ops[i + 4 :]:
                inner += {b"q": 1, b"Q": -1}.get(o, 0)
                if inner == 0:
                    break
                if o == b"Do" and form is None:
                    form = xobjects.raw_get(operands[0]).idnum
            matrix = tuple(float(v) for v in ops[i + 3][0])
            found.append((matrix, clip, form))
    return found


def _fold_line(ops) -> tuple[float, ...]:
    """The dashed line of a page (its `d` set inside a q ... Q, then `n m l S`), and that
    there is one, as wide as FOLD_LINE_WIDTH_PT."""
    names = [op for _, op in ops]
    at = names.index(b"d")
    assert names[at + 1 : at + 6] == [b"n", b"m", b"l", b"S", b"Q"]
    width = next(float(a[0]) for a, op in reversed(ops[:at]) if op == b"w")
    assert width == FOLD_LINE_WIDTH_PT
    assert names.count(b"d") == 1
    return tuple(float(v) for v in ops[at + 2][0] + ops[at + 3][0])


def _marks(ops) -> list[tuple[float, float, float, float]]:
    """The segments `m l` drawn at the page's top level: the crop marks (as
    tests.pdfread.segments finds them)."""
    found, depth = [], 0
    for (a, op1), (b, op2) in zip(ops, ops[1:]):
        depth += {b"q": 1, b"Q": -1}.get(op1, 0)
        if depth == 0 and op1 == b"m" and op2 == b"l":
            found.append((float(a[0]), float(a[1]), float(b[0]), float(b[1])))
    assert found
    return found


def _check_pages(path, bleed_pt: float) -> list[tuple[int, object]]:
    """Every page: the fronts come first, then one back per front that has one, each the
    front's trim mirrored across the fold line read from the page to 0.01 mm, turned
    half round across a horizontal fold; every crop mark lies beyond the cards. Returns
    each back's (front form, back form), in order."""
    reader = PdfReader(str(path))
    pairs = []
    for page in range(len(reader.pages)):
        ops = ContentStream(reader.pages[page].get_contents(), reader).operations
        x1, y1, x2, y2 = _fold_line(ops)
        vertical = abs(x1 - x2) < 1e-6
        cards = _cards_on(reader, page, ops)
        fronts = [
            c for c in cards if (c[1].x + c[1].w / 2 < x1 if vertical else c[1].y + c[1].h / 2 > y1)
        ]
        backs = cards[len(fronts) :]
        assert cards[: len(fronts)] == fronts and len(backs) == len(fronts)
        for (fm, fclip, fform), (bm, bclip, bform) in zip(fronts, backs):
            front, back = fclip.inset(bleed_pt), bclip.inset(bleed_pt)
            assert fm[:4] == (1, 0, 0, 1) and (fm[4], fm[5]) == pytest.approx((front.x, front.y))
            if vertical:
                assert bm[:4] == (1, 0, 0, 1)
                assert (back.x + back.w - x1, back.y) == pytest.approx(
                    (x1 - front.x, front.y), abs=TOL
                )
            else:  # the back turned half round: its origin at its trim's top-right corner
                assert bm[:4] == (-1, 0, 0, -1) and (bm[4], bm[5]) == pytest.approx(
                    (back.x + back.w, back.top)
                )
                assert (back.x, y1 - back.y) == pytest.approx((front.x, front.top - y1), abs=TOL)
            pairs.append((fform, bform))
        block = [c[1] for c in cards]
        for m in _marks(ops):
            assert not any(
                min(m[0], m[2]) < r.x + r.w
                and max(m[0], m[2]) > r.x
                and min(m[1], m[3]) < r.top
                and max(m[1], m[3]) > r.y
                for r in block
            ), m
    return pairs


def test_a_whole_kit_folds_with_each_decks_own_back_behind_each_card(kit):
    """Hack Back for two players: two decks with backs of their own and the player aids
    with theirs, sharing sheets."""
    report = kit("hack-back", SheetSpec(layout="gutterfold", duplex="none"), players=2)
    fold = report.fold
    assert (fold.axis, fold.per_sheet) == ("vertical", 4) and report.grid == fold.grid
    data = load_hack_back(SHIPPED_DATA_DIR / "hack-back")
    sheets = sheet_layout(HB_KIT.print_groups(data, None, 2), 4)
    assert report.sheets == report.pages["cards.pdf"] == len(sheets) == 19
    pairs = _check_pages(report.paths[0], fold.grid.bleed)
    backs = [back for sheet in sheets for _, back in sheet]
    assert len(pairs) == len(backs) == sum(report.counts.values()) == 74
    form_of: dict[str, set] = {}
    for back_id, (_, form) in zip(backs, pairs):
        form_of.setdefault(back_id, set()).add(form)
    assert all(len(forms) == 1 for forms in form_of.values()), form_of  # one back each
    assert len({f for forms in form_of.values() for f in forms}) == len(form_of) == 3


def test_a_paper_that_folds_across_turns_the_backs_half_round(tmp_path):
    """On 210 x 400 mm poker cards fold best across (6 a sheet, 3 x 2 fronts above the
    fold): a proof of a few cards through the command line, with five backs."""
    result = CliRunner().invoke(
        main,
        [
            "build",
            "--game",
            "hack-back",
            "--cards",
            "aid-*,script-kiddie,tailgater",
            "--paper",
            "210x400mm",
            "--layout",
            "gutterfold",
            "--out",
            str(tmp_path),
        ],
    )
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[2] == (
        "  3x2 cards per 210x400mm sheet, each beside its back, 4 sheets, single-sided: "
        "fold on the dashed line, glue, cut"
    )
    pairs = _check_pages(tmp_path / "hack-back" / "cards.pdf", 0.5 * MM)
    assert len(pairs) == 19 and len({back for _, back in pairs}) == 5  # 4 decks, the aids


@pytest.mark.parametrize(
    "typed, message",
    [
        (["--duplex", "long"], "--duplex cannot go with --layout gutterfold"),
        (["--back-offset", "1", "0"], "--back-offset cannot go with --layout gutterfold"),
        (["--duplex", "none", "--back-offset", "0", "0"], "--duplex and --back-offset cannot"),
    ],
)
def test_duplex_options_typed_with_a_gutterfold_layout_are_a_usage_error(tmp_path, typed, message):
    args = ["build", "--game", "hack-back", "--layout", "gutterfold", "--out", str(tmp_path)]
    result = CliRunner().invoke(main, args + typed)
    assert result.exit_code == 2 and message in result.output
    assert not list(tmp_path.rglob("*.pdf"))


def test_a_pnp_toml_layout_and_the_duplex_options_typed_give_way_to_each_other(
    tmp_path, monkeypatch
):
    """The file's gutterfold outweighs its own duplex and back offset, and gives way to a
    typed --duplex; shown by the summary's sheet line (--cards: a proof of three cards)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "pnp.toml").write_text(
        'layout = "gutterfold"\nduplex = "short"\nback_offset = [1, 0]\n'
    )
    cards = "script-kiddie,tailgater,captcha-gremlin"
    base = ["build", "--game", "hack-back", "--cards", cards, "--out", "out"]
    folded = CliRunner().invoke(main, base)
    assert folded.exit_code == 0, folded.output
    assert "3 sheets, single-sided: fold on the dashed line" in folded.output
    duplexed = CliRunner().invoke(main, [*base, "--duplex", "short"])
    assert duplexed.exit_code == 0, duplexed.output
    assert "3x3 cards per a4 sheet, 2 sheets, duplex, flip on short edge" in duplexed.output


def test_the_shell_completes_the_layouts_and_offers_the_new_options():
    from click.shell_completion import ShellComplete

    def offered(words: list[str], incomplete: str) -> list[str]:
        completer = ShellComplete(main, {}, "pnp", "_PNP_COMPLETE")
        return [item.value for item in completer.get_completions(words, incomplete)]

    assert offered(["build", "--layout"], "") == ["grid", "gutterfold"]
    assert offered(["build", "--layout"], "g") == ["grid", "gutterfold"]
    assert offered(["build"], "--lay") == ["--layout"]
    assert offered(["build"], "--corn") == offered(["validate"], "--corn") == ["--corners"]
