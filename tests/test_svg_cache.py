"""The SVG conversion cache (issue 41 item 4, pnp.data.svg_cache): a picture is converted
once per file content; a second build converts nothing, an edited SVG is converted
again, a damaged or deleted cache is rebuilt without a word, and two builds at once give
the same PDFs. Every test keeps its cache in its own tmp_path (HACKPACK_CACHE_DIR) and
starts with an empty in-process memo, as a new process would."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pnp.build import BuildOptions, build
from pnp.core.disk_cache import ENV_DIR
from pnp.core.paths import SHIPPED_DATA_DIR
from pnp.data import svg, svg_alongside, svg_cache

REPO = Path(__file__).resolve().parent.parent
GAME = "hack-attack"
ICONS = SHIPPED_DATA_DIR / GAME / "icons"
CHILD = (
    "import sys; from pathlib import Path; from pnp.build import BuildOptions, build; "
    f"build(BuildOptions({GAME!r}, data_dir=Path(sys.argv[1]), out_dir=Path(sys.argv[2])))"
)


def distinct_icons(folder: Path) -> int:
    """How many different file contents the game's icon folder holds."""
    return len({hashlib.sha256(p.read_bytes()).digest() for p in folder.glob("*.svg")})


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    """An empty cache folder of this test's own, and no SVG known to this process; every
    picture converted in this process, where these tests count them (none is handed to
    the rule files' process: tests/test_svg_alongside.py)."""
    folder = tmp_path / "cache"
    monkeypatch.setenv(ENV_DIR, str(folder))
    monkeypatch.setattr(svg, "_cache", {})
    monkeypatch.setattr(svg, "_trees", {})
    monkeypatch.setattr(svg_alongside, "prefetch", lambda paths: None)
    return folder


@pytest.fixture
def data(tmp_path) -> Path:
    """A writable copy of the hack-attack folder; returns the data folder holding it."""
    shutil.copytree(SHIPPED_DATA_DIR / GAME, tmp_path / "data" / GAME)
    return tmp_path / "data"


def converted_by_build(data: Path, out: Path) -> tuple[int, bytes]:
    """(SVG files converted, the cards PDF's bytes) of one build, as by a new process:
    the in-process memo is emptied first."""
    svg._cache.clear()
    svg._trees.clear()
    before = svg_cache.conversions
    build(BuildOptions(GAME, data_dir=data, out_dir=out))
    return svg_cache.conversions - before, (out / GAME / "cards.pdf").read_bytes()


def entries(cache: Path) -> list[Path]:
    return sorted(cache.glob("svg/*/*.json"))


def test_the_tests_never_write_the_users_cache():
    assert Path(svg_cache.cache_folder()).is_relative_to(Path(os.environ[ENV_DIR]))
    from platformdirs import user_cache_dir

    assert not Path(svg_cache.cache_folder()).is_relative_to(user_cache_dir("hackpack"))


def test_a_second_build_converts_nothing(cache, data, tmp_path):
    first, pdf = converted_by_build(data, tmp_path / "a")
    assert first == distinct_icons(ICONS) == len(entries(cache))
    assert first > 50
    again, pdf_again = converted_by_build(data, tmp_path / "b")
    assert again == 0
    assert pdf_again == pdf


def test_a_warm_build_holds_no_drawing_in_memory(cache, data, tmp_path):
    first, pdf = converted_by_build(data, tmp_path / "a")
    assert len(svg._trees) == first  # converted now: kept for the forms made of them
    again, pdf_again = converted_by_build(data, tmp_path / "b")
    assert (again, svg._trees, pdf_again) == (0, {}, pdf)  # the forms' operators were kept
    for kept in cache.glob("svg/*/*.ops"):  # the forms are made from the entries again
        kept.unlink()
    third, pdf_third = converted_by_build(data, tmp_path / "c")
    assert (third, svg._trees, pdf_third) == (0, {}, pdf)


def test_validate_and_build_read_one_conversion(cache, data, tmp_path):
    from click.testing import CliRunner

    from pnp.cli import main

    def validated() -> int:
        svg._cache.clear()
        svg._trees.clear()
        before = svg_cache.conversions
        done = CliRunner().invoke(main, ["validate", "--game", GAME, "--data", str(data)])
        assert done.exit_code == 0, done.output
        return svg_cache.conversions - before

    assert validated() == distinct_icons(ICONS)  # the checks convert each picture once
    assert converted_by_build(data, tmp_path / "a")[0] == 0  # and the build reads that
    assert validated() == 0


def test_an_edited_svg_is_converted_again(cache, data, tmp_path):
    first, pdf = converted_by_build(data, tmp_path / "a")
    icon = sorted((data / GAME / "icons").glob("*.svg"))[0]
    text = icon.read_text(encoding="utf-8")
    assert text.count("</svg>") == 1
    square = '<rect x="0" y="0" width="256" height="256"/></svg>'
    icon.write_text(text.replace("</svg>", square), encoding="utf-8")
    again, pdf_again = converted_by_build(data, tmp_path / "b")
    assert again == 1
    assert len(entries(cache)) == first + 1
    assert pdf_again != pdf  # the edit is printed, not an old conversion


def test_damaged_and_missing_entries_are_rebuilt(cache, data, tmp_path):
    first, pdf = converted_by_build(data, tmp_path / "a")
    for kept in cache.glob("svg/*/*.ops"):  # so that every drawing is read again
        kept.unlink()
    stored = entries(cache)
    stored[0].write_bytes(b"\x00garbage")  # unreadable
    stored[1].write_bytes(stored[1].read_bytes()[:-40])  # cut short: its checksum fails
    size = stored[2].read_bytes().split(b"\n")[1]
    foreign = size + b'\n{"c": "Drawing", "a": {"contents": [{"c": "os.system", "a": {}}]}}'
    stored[2].write_bytes(hashlib.sha256(foreign).hexdigest().encode() + b"\n" + foreign)
    stored[3].unlink()
    again, pdf_again = converted_by_build(data, tmp_path / "b")
    assert again == 4  # the foreign entry names a class no entry may name
    assert pdf_again == pdf
    for path in stored[:4]:
        entry = svg_cache.load(path.stem)  # written anew, whole
        assert entry is not None and svg_cache.drawing(entry.tree) is not None
    shutil.rmtree(cache)
    assert converted_by_build(data, tmp_path / "c") == (first, pdf)


def test_a_cache_that_cannot_be_written_is_passed_over(cache, data, tmp_path):
    cache.write_text("a file where the folder should be")
    first, pdf = converted_by_build(data, tmp_path / "a")
    again, pdf_again = converted_by_build(data, tmp_path / "b")
    assert first == again == distinct_icons(ICONS)
    assert pdf_again == pdf


def test_two_builds_at_once_give_the_same_pdfs(cache, data, tmp_path):
    env = {**os.environ, ENV_DIR: str(cache)}
    children = [
        subprocess.Popen(
            [sys.executable, "-c", CHILD, str(data), str(tmp_path / name)],
            cwd=REPO,
            env=env,
            stderr=subprocess.PIPE,
        )
        for name in ("a", "b")
    ]
    for child in children:
        assert child.wait(timeout=120) == 0, child.stderr.read() if child.stderr else ""
        if child.stderr:
            child.stderr.close()
    pdfs = [(tmp_path / name / GAME / "cards.pdf").read_bytes() for name in ("a", "b")]
    assert pdfs[0] == pdfs[1]
    assert len(entries(cache)) == distinct_icons(ICONS)
    assert not list(cache.glob("svg/*/*.tmp"))  # no half-written entry left behind
    converted, pdf = converted_by_build(data, tmp_path / "c")
    assert (converted, pdf) == (0, pdfs[0])


def test_the_converter_version_names_svglib_and_reportlab():
    import reportlab
    from svglib import __version__ as svglib_version

    version = svg_cache.converter_version()
    assert version == (
        f"svglib-{svglib_version}_reportlab-{reportlab.Version}_pnp-{svg_cache.CODE_VERSION}"
    )


def test_a_warm_build_loads_neither_svglib_nor_reportlabs_graphics(cache, data, tmp_path):
    converted_by_build(data, tmp_path / "a")  # fills the cache
    probe = (
        CHILD + "; print(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('svglib', 'lxml') or m.startswith('reportlab.graphics')))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe, str(data), str(tmp_path / "b")],
        cwd=REPO,
        env={**os.environ, ENV_DIR: str(cache)},
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.strip() == "[]"
    forms = sorted(cache.glob("svg/*/*.ops"))
    assert len(forms) >= distinct_icons(ICONS)  # one per picture and colour at least
    assert all(f.name.endswith("full.ops") for f in forms)


@pytest.mark.parametrize("variant", ["ink saver", "cmyk"])
def test_forms_kept_for_one_variant_are_not_used_for_another(variant, cache, data, tmp_path):
    from pnp.export import ExportOptions, export
    from pnp.layout.imposition import SheetSpec

    def made(out: Path) -> bytes:
        svg._cache.clear()
        svg._trees.clear()
        if variant == "cmyk":
            report = export(
                ExportOptions(GAME, "pdf-single", out_dir=out, data_dir=data, colour="cmyk")
            )
            return report.path.read_bytes()
        options = BuildOptions(GAME, SheetSpec(), data_dir=data, out_dir=out, ink_saver=True)
        build(options)
        return (out / GAME / "cards.pdf").read_bytes()

    alone = made(tmp_path / "alone")  # its cache holds this variant only
    shutil.rmtree(cache)
    converted_by_build(data, tmp_path / "rgb")  # the plain RGB kit's forms are kept
    assert made(tmp_path / "after") == alone


def test_one_picture_under_two_names_is_one_form_in_a_pdf(cache, tmp_path):
    import io

    from reportlab.pdfgen.canvas import Canvas

    from pnp.render.svg_art import SvgStore

    icon = sorted(ICONS.glob("*.svg"))[0]
    other = sorted(ICONS.glob("*.svg"))[1]
    twin = tmp_path / "twin.svg"
    shutil.copy(icon, twin)
    store = SvgStore(Canvas(io.BytesIO()))
    first, again = (svg.probe_svg(p.resolve()) for p in (icon, twin))
    assert store.form(first) == store.form(again)
    assert store.form(svg.probe_svg(other.resolve())) != store.form(first)
    assert store.embedded == 2
