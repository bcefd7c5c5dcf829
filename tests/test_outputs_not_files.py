"""Nothing is overwritten that is not a regular file (issue 42, item 4): as root,
`scorekeeper stats --csv /dev/full` replaced the device with a plain file, and a FIFO
likewise. Every output a user names, of every verb, is refused (one `Error:` line,
exit status 1) when a folder, a FIFO or a device stands where a file goes, and the
thing standing there is left as it was. The FIFOs and devices are made in the test's
own temporary folder (os.mkfifo, os.mknod), never the machine's /dev; a device needs
root (CI runs as root) and is skipped elsewhere."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main as pnp
from scorekeeper.cli import main as scorekeeper

KINDS = ["folder", "fifo", "device"]


def make(path: Path, kind: str) -> int:
    """Make a `kind` at `path`; its st_mode type (stat.S_IFMT)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "folder":
        path.mkdir()
    elif kind == "fifo":
        os.mkfifo(path)
    else:
        try:  # a character device like /dev/full (major 1, minor 7), here
            os.mknod(path, stat.S_IFCHR | 0o600, os.makedev(1, 7))
        except PermissionError:
            pytest.skip("making a device needs root")
    return stat.S_IFMT(os.lstat(path).st_mode)


#: verb -> (its words, given the output folder; the output file under that folder)
PNP_VERBS = {
    "build": (lambda out: ["build", "--game", "hack-attack", "--out", out], "hack-attack/cards.pdf"),
    "export": (
        lambda out: ["export", "--game", "hack-attack", "--format", "pdf-single", "--out", out],
        "hack-attack/cards-single.pdf",
    ),
    "preview": (
        lambda out: ["preview", "--game", "hack-attack", "--card", "smart-tv", "--out", out],
        "hack-attack/preview/smart-tv-front.png",
    ),
    "calibrate": (lambda out: ["calibrate", "--out", out], "calibration.pdf"),
    "simulate": (
        lambda out: ["simulate", "--game", "hack-attack", "--games", "2", "--workers", "1", "--out", out],
        "hack-attack/balance.pdf",
    ),
}  # fmt: skip


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("verb", list(PNP_VERBS))
def test_each_pnp_output_refuses_what_is_not_a_regular_file(tmp_path, verb, kind):
    words, name = PNP_VERBS[verb]
    out = tmp_path / "out"
    target = out / name
    before = make(target, kind)
    result = CliRunner().invoke(pnp, words(str(out)))
    assert result.exit_code == 1, result.output
    errors = [line for line in result.output.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1 and str(target) in errors[0], result.output
    assert "not a regular file" in errors[0] or "is a folder" in errors[0], errors[0]
    assert stat.S_IFMT(os.lstat(target).st_mode) == before  # left as it was


@pytest.mark.parametrize("kind", ["fifo", "device"])
def test_a_folder_output_refuses_what_is_not_a_folder(tmp_path, kind):
    """export-data writes the folder csv/: a FIFO or a device there stays."""
    out = tmp_path / "out"
    target = out / "hack-attack" / "csv"
    before = make(target, kind)
    result = CliRunner().invoke(
        pnp, ["export-data", "--game", "hack-attack", "--format", "csv", "--out", str(out)]
    )
    assert result.exit_code == 1, result.output
    assert result.output.startswith("Error: ") and str(target) in result.output
    assert stat.S_IFMT(os.lstat(target).st_mode) == before


@pytest.mark.parametrize("kind", KINDS)
def test_stats_csv_refuses_what_is_not_a_regular_file(tmp_path, kind):
    db = tmp_path / "t.sqlite3"
    runner = CliRunner()
    assert (
        runner.invoke(scorekeeper, ["--db", str(db), "new", "hack-attack", "Ana", "Ben"]).exit_code
        == 0
    )
    target = tmp_path / "stats.csv"
    before = make(target, kind)
    result = runner.invoke(scorekeeper, ["--db", str(db), "stats", "--csv", str(target)])
    assert result.exit_code == 1, result.output
    assert result.output.startswith(f"Error: cannot write stats.csv: '{target}' is ")
    assert len(result.output.strip().splitlines()) == 1
    assert stat.S_IFMT(os.lstat(target).st_mode) == before


@pytest.mark.parametrize("kind", ["fifo", "device"])
def test_the_pages_qr_codes_refuse_what_is_not_a_regular_file(tmp_path, kind):
    """serve --lan writes its links' QR codes beside the database."""
    from scorekeeper.errors import StoreError
    from scorekeeper.web.keys import write_private

    target = tmp_path / "t-record.png"
    before = make(target, kind)
    with pytest.raises(StoreError, match="not a regular file"):
        write_private(target, b"png")
    assert stat.S_IFMT(os.lstat(target).st_mode) == before


@pytest.mark.parametrize("kind", ["fifo", "device", "link"])
@pytest.mark.parametrize(
    "words, inside",
    [
        (["export", "--game", "hack-attack", "--format", "png"], "png/smart-tv-front.png"),
        (["export-data", "--game", "hack-attack", "--format", "csv"], "csv/tech.csv"),
    ],
)
def test_a_folder_replaced_whole_keeps_what_is_not_a_regular_file(tmp_path, words, inside, kind):
    """Found by a review: an export's png/ or csv/ folder is replaced whole, so a FIFO,
    a device or a link in it was deleted with it. Such a folder is now refused."""
    out = tmp_path / "out"
    target = out / "hack-attack" / inside
    if kind == "link":
        target.parent.mkdir(parents=True)
        target.symlink_to(tmp_path / "elsewhere.csv")
        before = stat.S_IFLNK
    else:
        before = make(target, kind)
    result = CliRunner().invoke(pnp, [*words, "--out", str(out)])
    assert result.exit_code == 1, result.output
    assert result.output.startswith(f"Error: cannot replace the folder '{target.parent}': ")
    assert stat.S_IFMT(os.lstat(target).st_mode) == before
