"""SVG art the PDF cannot hold or svglib cannot finish (issue 42, items 1b and 2): an
XML declaration naming an unknown encoding (a LookupError traceback), numbers a PDF
cannot hold (stroke-width 1e308, scale(1e308), nan and inf, a 1e-300 viewBox: passed
validate and crashed build, or wrote "nan" into the PDF), and a 529-byte <style> sheet
of descendant combinators over 50 nested groups (svglib's CSS matching never ended).
Each is one line at the card's `art` line, exit status 1, from validate and build
alike, within seconds; and, for any style sheet and any numbers, a file that passes the
checks converts and draws into a PDF."""

from __future__ import annotations

import io
import math
import re
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reportlab.graphics import renderPDF
from reportlab.pdfgen.canvas import Canvas

from pnp.core.errors import ImageRefused
from pnp.data import svg_cache, svg_numbers
from pnp.data.svg_checks import MAX_STYLE_STEPS, check_svg_bytes
from tests.bounded import within
from tests.test_art import add_art, run

HEAD = '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">'
NUMBER = "it holds a number a PDF cannot hold ("
#: seconds a verb may take on one bad picture before the test calls it hung
HUNG = 60

CASES = {
    "unknown-encoding": (
        f'<?xml version="1.0" encoding="x-unknown-enc"?>\n{HEAD}<rect width="9" height="9"/></svg>',
        "not an SVG: its XML declaration names an encoding Python does not know "
        "('x-unknown-enc'); save it as UTF-8",
    ),
    "stroke-width": (
        f'{HEAD}<rect width="9" height="9" stroke="black" stroke-width="1e308"/></svg>',
        NUMBER + "1e+308 in stroke-width)",
    ),
    "scale": (
        f'{HEAD}<g transform="scale(1e308)"><rect width="9" height="9"/></g></svg>',
        NUMBER + "1e+308 in a transform",
    ),
    "nan-attribute": (f'{HEAD}<rect x="nan" width="9" height="9"/></svg>', NUMBER + "nan in x)"),
    "nan-points": (
        f'{HEAD}<polygon points="0,0 nan,5 5,5"/></svg>',
        NUMBER + "nan in a path's coordinates)",
    ),
    "inf-path": (
        f'{HEAD}<path d="M 0 0 L 1e400 5 L 5 5 z"/></svg>',
        NUMBER + "inf in a path's coordinates)",
    ),
    "scale-zero": (
        f'{HEAD}<g transform="scale(0)"><rect width="9" height="9"/></g></svg>',
        "it has a transform that squashes its shapes flat (scale(0)",
    ),  # found by the hypothesis test below: reportlab divided by zero
    "tiny-viewbox": (
        '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" '
        'viewBox="0 0 1e-300 1e-300"><rect width="9" height="9"/></svg>',
        "in a transform (or the viewBox's scale)); keep every number finite",
    ),
    "nested-scales": (
        HEAD
        + '<g transform="scale(1e6)">' * 3
        + '<rect width="9" height="9"/>'
        + "</g>" * 3
        + "</svg>",
        "in a transform",
    ),  # fmt: skip
    "negative-dashes": (
        f'{HEAD}<path d="M0 0 L10 10" stroke="black" stroke-dasharray="-1 2"/></svg>',
        "its stroke-dasharray '-1 2' is no dash pattern",
    ),  # found by a review: reportlab's setDash refused it in build, a traceback
    "zero-dashes": (
        f"{HEAD}<style>path{{stroke-dasharray:0 0}}</style>"
        '<path d="M0 0 L10 10" stroke="black"/></svg>',
        "its stroke-dasharray '0 0' is no dash pattern",
    ),
    "tiny-root": (
        '<svg xmlns="http://www.w3.org/2000/svg" width="1e-300" height="1e-300">'
        '<rect width="1" height="1"/></svg>',
        "too small to scale to a card",
    ),
    "nested-not": (
        f"{HEAD}<style>rect" + ":not(" * 500 + "g" + ")" * 500 + "{fill:blue}</style>"
        '<rect width="1" height="1"/></svg>',
        "its <style> nests selectors or rules too deeply",
    ),  # a RecursionError in the bound itself
    "nested-media": (
        f"{HEAD}<style>"
        + "@media screen{" * 2000
        + "rect{fill:red}"
        + "}" * 2000
        + '</style><rect width="1" height="1"/></svg>',
        "its <style> nests selectors or rules too deeply",
    ),  # fmt: skip
    "style-combinators": (
        f"{HEAD}<style>g g g g g g g g g rect {{fill:red}}</style>"
        + "<g>" * 50
        + '<rect width="1" height="1"/>'
        + "</g>" * 50
        + "</svg>",
        "its <style> selectors would take too long to match: over 500,000 tests",
    ),  # fmt: skip
}


def test_the_style_sheet_of_the_issue_is_529_bytes():
    assert len(CASES["style-combinators"][0].removeprefix(HEAD)) <= 529 + 60


def bounded(*args: str):
    """`pnp ARGS`: (its result, seconds), failing the test as a hang past HUNG s."""
    return within(HUNG, lambda: run(*args), f"pnp {args[0]} on the picture")


@pytest.mark.parametrize("case", list(CASES))
@pytest.mark.parametrize("verb", ["validate", "build"])
def test_each_is_one_line_at_the_art_line(data_copy, tmp_path, case, verb):
    body, message = CASES[case]
    (data_copy / "art").mkdir(exist_ok=True)
    (data_copy / "art" / "bad.svg").write_text(body)
    line = add_art(data_copy / "tech.toml", "smart-tv", '"art/bad.svg"')
    extra = ["--out", str(tmp_path / "out")] if verb == "build" else []
    result, took = bounded(verb, "--game", "hack-attack", "--data", str(data_copy.parent), *extra)
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    errors = [x for x in result.output.splitlines() if x.startswith("Error:")]
    assert errors[0].startswith(
        f"Error: hack-attack/tech.toml:{line}: card 'smart-tv', field 'art': 'art/bad.svg': "
    ), result.output
    assert message in errors[0], result.output
    assert len(errors) == 2  # the problem, then the count
    assert took < 30
    assert not (tmp_path / "out" / "hack-attack" / "cards.pdf").exists()


def test_a_style_sheet_of_classes_over_many_elements_is_accepted():
    """What drawing programs write (.st0 ... .st99 over thousands of paths) is cheap for
    svglib's matcher, which finds a class selector's elements by their class."""
    style = "<style>" + "".join(f".st{i}{{fill:#{i:06x}}}" for i in range(100)) + "</style>"
    paths = "".join(f'<rect class="st{i % 100}" width="1" height="1"/>' for i in range(5000))
    check_svg_bytes(f"{HEAD}{style}<g><g>{paths}</g></g></svg>".encode())


# --- any style sheet, any numbers -----------------------------------------------------

TAGS = st.sampled_from(["g", "rect", "path", "*", ".a", ".b", "#x", "rect.a", "g > rect"])
COMBINATORS = st.sampled_from([" ", " > ", " + ", " ~ "])


@st.composite
def selectors(draw) -> str:
    parts = draw(st.lists(TAGS, min_size=1, max_size=7))
    text = parts[0]
    for part in parts[1:]:
        text += draw(COMBINATORS) + part
    if draw(st.booleans()):
        text += f":not({draw(TAGS)} {draw(TAGS)})"
    return text


NUMBERS = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from(["1e308", "1e-300", "nan", "-inf", "1e21", "3.4e38", "0", "-0"]),
    st.integers(-(10**12), 10**12),
)


@st.composite
def svgs(draw) -> str:
    depth = draw(st.integers(0, 60))
    sheet = ",".join(draw(st.lists(selectors(), min_size=1, max_size=4)))
    x, w, sw, k = (draw(NUMBERS) for _ in range(4))
    leaf = (
        f'<rect class="a" id="x" x="{x}" width="{w}" height="5" stroke="red" stroke-width="{sw}"/>'
    )
    groups = draw(
        st.lists(
            st.sampled_from(["", f"scale({k})", f"translate({k} 1)"]),
            min_size=depth,
            max_size=depth,
        )
    )
    opened = "".join(f'<g transform="{t}">' if t else "<g>" for t in groups)
    return f"{HEAD}<style>{sheet} {{fill:blue}}</style>{opened}{leaf}{'</g>' * depth}</svg>"  # fmt: skip


def drawn(drawing) -> bytes:
    """`drawing` written into a PDF page, as a form is drawn (pnp.render.svg_art)."""
    out = io.BytesIO()
    canvas = Canvas(out)
    renderPDF.draw(drawing, canvas, 0, 0)
    canvas.showPage()
    canvas.save()
    return out.getvalue()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(svgs())
def test_any_sheet_and_numbers_are_refused_or_drawn_quickly(text):
    start = time.monotonic()
    try:
        check_svg_bytes(text.encode())
        drawing = svg_cache.convert(text.encode())
    except ImageRefused:
        return
    finally:
        assert time.monotonic() - start < 20, "the checks and svglib took too long"
    pdf = drawn(drawing)
    assert not re.search(rb"(?i)(?<![/A-Za-z])(nan|inf)(?![A-Za-z])", pdf), "a number no PDF holds"
    assert svg_numbers.unprintable_number(drawing) is None


def test_the_bound_counts_combinators_over_the_nesting():
    """A descendant combinator multiplies the tests by the nesting's depth: one under the
    bound passes, one more level of combinator over it is refused."""
    depth = 30
    body = "<g>" * depth + '<rect width="1" height="1"/>' + "</g>" * depth
    # rect elements: 1; per combinator: the deepest nesting (31)
    ok = f"{HEAD}<style>g g g rect{{fill:red}}</style>{body}</svg>"
    check_svg_bytes(ok.encode())
    assert (depth + 1) ** 3 < MAX_STYLE_STEPS < (depth + 1) ** 4
    refused = f"{HEAD}<style>g g g g rect{{fill:red}}</style>{body}</svg>"
    with pytest.raises(ImageRefused, match="would take too long"):
        check_svg_bytes(refused.encode())
    assert math.isfinite(depth)


def test_simulate_reads_no_picture(data_copy, tmp_path):
    """`pnp simulate` plays the cards and prints none: it checks no picture (a broken one
    included), and converts none (issue 42: pictures only when the verb needs them)."""
    icons = sorted((data_copy / "icons").glob("*.svg"))
    icons[0].write_text(CASES["style-combinators"][0])
    before = svg_cache.conversions
    result = run(
        "simulate", "--game", "hack-attack", "--data", str(data_copy.parent), "--games", "4",
        "--workers", "1", "--no-pdf", "--json",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert svg_cache.conversions == before
    refused = run("validate", "--game", "hack-attack", "--data", str(data_copy.parent))
    assert refused.exit_code == 1 and "would take too long to match" in refused.output


def test_preview_reads_only_its_own_cards_picture(data_copy, tmp_path):
    """`pnp preview` of one card checks and converts that card's picture (and the
    backs'), not another card's: a broken picture elsewhere neither stops nor slows it;
    `validate` still finds it."""
    icons = (data_copy / "icons.toml").read_text(encoding="utf-8")
    broken = next(
        line.split(" = ")[1].strip('"')
        for line in icons.splitlines()
        if line.startswith("smart-tv = ")
    )
    (data_copy / "icons" / f"{broken}.svg").write_text(CASES["style-combinators"][0])
    before = svg_cache.conversions
    result = run(
        "preview", "--game", "hack-attack", "--data", str(data_copy.parent), "--card", "laptop",
        "--out", str(tmp_path / "out"),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert (tmp_path / "out" / "hack-attack" / "preview" / "laptop-front.png").is_file()
    assert svg_cache.conversions - before <= 4  # laptop's picture and the backs'
    refused = run("preview", "--game", "hack-attack", "--data", str(data_copy.parent),
                  "--card", "smart-tv", "--out", str(tmp_path / "out"))  # fmt: skip
    assert refused.exit_code == 1 and "would take too long to match" in refused.output
