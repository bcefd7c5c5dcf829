"""`pnp build` end to end: the files, the summary, determinism, and atomic failure."""

from __future__ import annotations

import errno
import os
import re

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

import pnp.build
import pnp.render.rulebook
import pnp.staging
from pnp.build import OUTPUTS, BuildOptions, build
from pnp.cli import main
from pnp.core.disk_cache import ENV_DIR
from pnp.core.errors import DataError, PnpError
from pnp.core.units import mm_to_pt


def test_cli_build_writes_four_pdfs_and_prints_a_summary(tmp_path):
    result = CliRunner().invoke(main, ["build", "--game", "hack-attack", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == (
        "hack-attack: 155 cards — 51 Tech, 60 Defense, 4 Reality Check, "
        "14 Attack, 14 User Error, 12 Player aid"
    )
    assert lines[1] == "  3x3 cards per a4 sheet, 18 sheets, duplex, flip on long edge"
    assert lines[2] == f"  {tmp_path / 'hack-attack' / 'cards.pdf'}  (36 pages)"
    assert re.fullmatch(
        rf"  {re.escape(str(tmp_path / 'hack-attack' / 'rules.pdf'))}  \(\d+ pages\)", lines[3]
    )
    assert lines[5] == f"  {tmp_path / 'hack-attack' / 'print-me-first.pdf'}  (1 page)"
    assert lines[6] == "  art: 95 distinct images embedded, each once"  # the cards' pictures
    assert re.fullmatch(r"  built in \d+\.\d\d s", lines[7])
    assert sorted(p.name for p in (tmp_path / "hack-attack").iterdir()) == [
        "booklet.pdf",
        "cards.pdf",
        "print-me-first.pdf",
        "rules.pdf",
    ]


def test_builds_are_byte_identical(tmp_path):
    a = build(BuildOptions("hack-attack", out_dir=tmp_path / "a"))
    b = build(BuildOptions("hack-attack", out_dir=tmp_path / "b"))
    for pa, pb in zip(a.paths, b.paths):
        assert pa.read_bytes() == pb.read_bytes(), pa.name


def _snapshot(folder):
    return {p.name: p.read_bytes() for p in folder.iterdir()}


def test_bad_data_leaves_the_previous_kit_untouched(tmp_path, data_copy):
    out = tmp_path / "out"
    build(BuildOptions("hack-attack", data_dir=data_copy.parent, out_dir=out))
    before = _snapshot(out / "hack-attack")
    tech = data_copy / "tech.toml"
    tech.write_text(tech.read_text().replace("points = 1", "points = 0", 1))
    with pytest.raises(
        DataError,
        match=r"tech\.toml:\d+: card 'smart-tv', field 'points': "
        r"expected 1\.\.9, got 0",
    ):
        build(BuildOptions("hack-attack", data_dir=data_copy.parent, out_dir=out))
    assert _snapshot(out / "hack-attack") == before


def test_a_full_disk_mid_build_is_one_error_line_and_leaves_the_previous_kit_untouched(
    tmp_path, monkeypatch
):
    out = tmp_path / "out"
    build(BuildOptions("hack-attack", out_dir=out))
    before = _snapshot(out / "hack-attack")
    monkeypatch.setenv(ENV_DIR, str(tmp_path / "cache"))  # the booklet is laid out, not kept

    def disk_full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(pnp.render.rulebook, "FormPageCanvas", disk_full)
    result = CliRunner().invoke(main, ["build", "--game", "hack-attack", "--out", str(out)])
    assert result.exit_code == 1
    assert result.output == (
        f"Error: cannot write the kit to '{out / 'hack-attack'}': No space "
        "left on device; the previous files are unchanged\n"
    )
    assert _snapshot(out / "hack-attack") == before  # no staging folder left behind either


def test_the_next_build_removes_staging_folders_a_killed_build_left_behind(tmp_path):
    target = tmp_path / "hack-attack"
    killed = [target / ".building-999999999-x1", target / ".building-old"]
    running = target / f".building-{os.getppid()}-x2"  # a live process: its build goes on
    for folder in killed + [running]:
        (folder / "partial").mkdir(parents=True)
    build(BuildOptions("hack-attack", out_dir=tmp_path))
    assert sorted(p.name for p in target.iterdir()) == [running.name, *sorted(OUTPUTS)]


def test_cli_reports_bad_data_without_traceback_and_exit_1(tmp_path, data_copy):
    (data_copy / "attack.toml").write_text("[[attack]\nid = 'x'\n")
    result = CliRunner().invoke(
        main,
        ["build", "--game", "hack-attack", "--data", str(data_copy.parent), "--out", str(tmp_path)],
    )
    assert result.exit_code == 1
    assert re.search(r"attack\.toml:1:\d+: TOML syntax error", result.output)
    assert "Traceback" not in result.output
    assert not (tmp_path / "hack-attack" / "cards.pdf").exists()


def test_cli_reports_a_card_size_that_does_not_fit(tmp_path):
    result = CliRunner().invoke(
        main, ["build", "--game", "hack-attack", "--margin", "75", "--out", str(tmp_path)]
    )
    assert result.exit_code == 1
    assert (
        "Error: a poker card (63.5 x 88.9 mm) with 0.5 mm bleed does not fit a4 paper inside "
        "a 75.0 mm margin: over by 4.50 mm in width and 0.00 mm in height" in result.output
    )


def test_letter_booklet_is_landscape_letter_and_rules_are_half_letter(built):
    report = built("letter")
    rules = PdfReader(str(report.paths[1]))
    booklet = PdfReader(str(report.paths[2]))
    w, h = (float(v) for v in rules.pages[0].mediabox.upper_right)
    assert (w, h) == pytest.approx((mm_to_pt(139.7), mm_to_pt(215.9)), abs=0.03)
    w, h = (float(v) for v in booklet.pages[0].mediabox.upper_right)
    assert (w, h) == pytest.approx((792, 612), abs=0.03)
    assert len(booklet.pages) == -(-len(rules.pages) // 4) * 2


def test_publish_is_all_or_nothing(tmp_path, monkeypatch):
    staging, target = tmp_path / "staging", tmp_path / "kit"
    staging.mkdir()
    target.mkdir()
    for name in ("a", "b", "c"):
        (staging / name).write_text("new " + name)
        (target / name).write_text("old " + name)
    real_replace = pnp.staging.os.replace

    def failing_replace(src, dst):
        if str(src).endswith("/c"):
            raise OSError(28, "No space left on device")
        real_replace(src, dst)

    monkeypatch.setattr(pnp.staging.os, "replace", failing_replace)
    with pytest.raises(PnpError, match="No space left on device; the previous files are unchanged"):
        pnp.staging.publish(staging, target, ("a", "b", "c"))
    assert {p.name: p.read_text() for p in target.iterdir()} == {
        "a": "old a",
        "b": "old b",
        "c": "old c",
    }


@pytest.mark.parametrize(
    "make, status, message",
    [
        (lambda out: out.write_text("x"), 1, "out' is a file, not a folder"),
        (
            lambda out: out.mkdir() or (out / "hack-attack").write_text("x"),
            1,
            "hack-attack' is a file, not a folder",
        ),
        (
            lambda out: (out / "hack-attack" / "rules.pdf").mkdir(parents=True),
            1,
            "rules.pdf' is a folder",
        ),
    ],
)
def test_unusable_output_folder_is_a_clear_error(tmp_path, make, status, message):
    out = tmp_path / "out"
    make(out)
    result = CliRunner().invoke(main, ["build", "--game", "hack-attack", "--out", str(out)])
    assert result.exit_code == status
    assert message in result.output
    assert "Traceback" not in result.output
