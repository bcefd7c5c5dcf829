"""Benchmark: `pnp build` with full-bleed card art, against a bare reportlab script (issue 12, item 6).

Run on demand (not part of the test suite), from the repository root:

    python bench/bench_art.py                 # 5 paired rounds
    python bench/bench_art.py --repeats 9     # more rounds, tighter medians
    python bench/bench_art.py --keep DIR      # keep the workload, game folder and outputs

The workload (make_art_workload.py in ../shared/bench, the shared folder beside the
repository) is 72 distinct card fronts and one back: RGB PNGs at 300 dpi with 3 mm bleed
(821 x 1121 px, poker 63.5 x 88.9 mm trim). It is made once, into a temporary folder,
with the project's DejaVu fonts (pnp.fonts.FONT_DIR).

Three commands run, each in a fresh process (interpreter start included):
  A  the reference, ../shared/bench/bare_reportlab_images.py: A4, 3 x 3 poker cards
     abutting at the trim, each image clipped to trim plus outer bleed, crop marks, a
     back page mirrored for long-edge duplex after every front page, reportlab defaults
     (ASCII85 image streams).
  B  `pnp build` of a hack-attack game folder rewritten to print exactly those 72 cards,
     one copy each: every card's `art = { file = "art/card_NN.png", bleed = 3,
     alone = true }`, `[back] art = { file = "art/back.png", bleed = 3 }`, no player
     aids. Options: A4, 9 poker cards a page, duplex long, crop marks on, gutter 0 and
     the largest bleed that keeps 3 columns inside the printer margin (our grid gives
     every card its own bleed, so 3 mm bleed leaves a 0.75 mm margin; see BLEED_MM).
     `pnp build` also writes rules.pdf and booklet.pdf; that time is part of B.
  C  `pnp export --format png --dpi 300` of the same folder, when the command exists.

They are interleaved A B [C], A B [C], ... for --repeats rounds, so drift on a shared
machine hits every side alike; B/A and C/A are ratios within a round (paired), reported as
median [min-max]. Peak memory is each child's own maximum resident set size
(bench/common.py: run_once).

Goals (issue 12): B/A wall time <= 0.7 (median of the paired ratios) and B/A peak memory
<= 1.5. The output is a markdown table ready to paste into an issue note, plus the
command line used.
"""

from __future__ import annotations

import argparse
import itertools
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import REPO, SHARED, compile_packages, run_once, spread  # noqa: E402

from pnp.core.paths import SHIPPED_DATA_DIR  # noqa: E402
from pnp.fonts import FONT_DIR  # noqa: E402

MAKE_WORKLOAD = SHARED / "bench" / "make_art_workload.py"
REFERENCE = SHARED / "bench" / "bare_reportlab_images.py"
DATA = SHIPPED_DATA_DIR / "hack-attack"
FONTS = FONT_DIR
GAME = "hack-attack"
#: `pnp` from this checkout (the children start in REPO), not an installed console script's.
PNP = [sys.executable, "-c", "import sys; from pnp.cli import main; sys.argv[0] = 'pnp'; main()"]

#: pnp's grid gives each card its own bleed (no shared cut lines), so three poker cards
#: across A4 need 3 * (63.5 + 2 * bleed) + 2 * margin <= 210 mm: with the images' full
#: 3 mm bleed the margin is 0.75 mm (the reference prints as close to the edge).
BLEED_MM = 3.0
MARGIN_MM = 0.75
#: How many cards of each kind are kept (one copy each, 72 in all). hack-attack has 29
#: Tech tables; setup at 6 players needs >= 27 Tech and >= 29 Defense + Reality Check.
KEEP = {"tech": 29, "defense": 30, "reality_check": 1, "attack": 6, "user_error": 6}
FILES = {
    "tech": "tech.toml",
    "defense": "defense.toml",
    "reality_check": "defense.toml",
    "attack": "attack.toml",
    "user_error": "user_error.toml",
}
N_CARDS = 72


# --- the workload and the game folder -----------------------------------------------


def make_workload(folder: Path) -> Path:
    """Run the shared workload script into `folder` (fronts/, back/back.png)."""
    subprocess.run(
        [sys.executable, str(MAKE_WORKLOAD), str(folder), str(FONTS)],
        check=True,
        capture_output=True,
    )
    fronts = sorted((folder / "fronts").glob("*.png"))
    if len(fronts) != N_CARDS or not (folder / "back" / "back.png").is_file():
        raise SystemExit(f"the workload script made {len(fronts)} fronts, expected {N_CARDS}")
    return folder


def _toml_value(value) -> str:
    """A TOML literal for the str, int, float, bool and list values the card tables use."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        escaped = value.replace("\\", "\\\\").replace('"', '\\"')
        return f'"{escaped}"'
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    raise TypeError(f"no TOML form for {value!r}")


def make_game(workload: Path, data_root: Path) -> Path:
    """Write data_root/hack-attack: the real game rewritten to print exactly the 72
    workload cards, one copy each, each card's art its own image (copied into the game's
    art/ folder, since art must resolve inside the game folder), back.png on the back, no
    icons (game.toml's `icons` left out)."""
    game = data_root / GAME
    (game / "art").mkdir(parents=True)
    for name in ("rulebook.md",):
        shutil.copy(DATA / name, game)
    tables = {
        table: tomllib.loads((DATA / FILES[table]).read_text("utf-8"))[table] for table in KEEP
    }
    for table, n in KEEP.items():
        if len(tables[table]) < n:
            raise SystemExit(
                f"{DATA / FILES[table]} has {len(tables[table])} [[{table}]] "
                f"tables; this benchmark keeps {n}"
            )
    # Keep Defense cards of every category alike (taken in turn, category by category),
    # so that each Tech's defenses can be played.
    by_category: dict[str, list[dict]] = {}
    for card in tables["defense"]:
        by_category.setdefault(card["category"], []).append(card)
    tables["defense"] = [
        card for turn in itertools.zip_longest(*by_category.values()) for card in turn if card
    ]
    # Keep the Attacks the Tech cards name most, and point every Tech only at those.
    named = [a for t in tables["tech"] for a in t["vulnerable_to"]]
    attacks = sorted(tables["attack"], key=lambda a: -named.count(a["id"]))[: KEEP["attack"]]
    attacks.sort(key=lambda a: tables["attack"].index(a))
    kept_ids = [a["id"] for a in attacks]
    tables["attack"] = attacks
    for tech in tables["tech"]:
        tech["vulnerable_to"] = [a for a in tech["vulnerable_to"] if a in kept_ids] or kept_ids[:1]
    fronts = iter(sorted((workload / "fronts").glob("*.png")))
    text: dict[str, str] = {}
    for table in ("tech", "defense", "reality_check", "attack", "user_error"):
        for card in tables[table][: KEEP[table]]:
            image = next(fronts)
            shutil.copy(image, game / "art" / image.name)
            card = {k: v for k, v in card.items() if k != "art"} | {"count": 1}
            text[FILES[table]] = text.get(FILES[table], "") + (
                f"[[{table}]]\n"
                + "".join(f"{k} = {_toml_value(v)}\n" for k, v in card.items())
                + f'art = {{ file = "art/{image.name}", bleed = 3, alone = true }}\n\n'
            )
    for name, body in text.items():
        (game / name).write_text(body, encoding="utf-8")
    (game / "aids.toml").write_text("# no player aids in the art benchmark\n", encoding="utf-8")
    shutil.copy(workload / "back" / "back.png", game / "art" / "back.png")
    settings = (DATA / "game.toml").read_text("utf-8")
    # every card carries its own art, so the game's icons table (pictures) is left out
    lines = [line for line in settings.splitlines() if not line.startswith(("art", "icons"))]
    at = lines.index("[back]") + 1
    lines.insert(at, 'art = { file = "art/back.png", bleed = 3 }')
    (game / "game.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return data_root


# --- running, paired ------------------------------------------------------------------


@dataclass
class Side:
    """One command's runs: wall seconds and peak resident MB, one per round."""

    label: str
    walls: list[float] = field(default_factory=list)
    peaks: list[float] = field(default_factory=list)


def paired(commands: dict[str, list[str]], repeats: int) -> dict[str, Side]:
    """Run every command once per round, in the given order, for `repeats` rounds
    (A B C, A B C, ...): common.paired_runs for three commands."""
    sides = {label: Side(label) for label in commands}
    for r in range(repeats):
        for label, args in commands.items():
            run = run_once(args)
            sides[label].walls.append(run.wall)
            sides[label].peaks.append(run.peak_mb)
        print(
            f"  round {r + 1}/{repeats}: "
            + ", ".join(f"{k} {s.walls[-1]:.2f} s" for k, s in sides.items()),
            file=sys.stderr,
        )
    return sides


def ratios(top: list[float], bottom: list[float]) -> list[float]:
    """top over bottom, round by round (both sides of a round ran back to back)."""
    return [t / b for t, b in zip(top, bottom)]


def pdf_pages(path: Path) -> int:
    """Pages of a PDF (pypdfium2, a runtime dependency of pnp)."""
    import pypdfium2

    pdf = pypdfium2.PdfDocument(str(path))
    try:
        return len(pdf)
    finally:
        pdf.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5, help="paired rounds (default 5)")
    parser.add_argument(
        "--keep",
        type=Path,
        metavar="DIR",
        help="work in DIR (created) and keep it, instead of a temporary folder",
    )
    parser.add_argument("--no-export", action="store_true", help="skip C (pnp export)")
    args = parser.parse_args()
    if args.repeats < 1:
        parser.error("--repeats must be at least 1")
    compile_packages()
    if args.keep:
        args.keep.mkdir(parents=True, exist_ok=True)
        work, cleanup = args.keep.resolve(), None
    else:
        cleanup = tempfile.TemporaryDirectory(prefix="bench-art-")
        work = Path(cleanup.name)
    try:
        report(work, args)
    finally:
        if cleanup:
            cleanup.cleanup()


def report(work: Path, args) -> None:
    workload = make_workload(work / "workload")
    data = make_game(workload, work / "data")
    check = subprocess.run(
        [*PNP, "validate", "--game", GAME, "--data", str(data)],
        capture_output=True,
        text=True,
        cwd=REPO,
        check=False,
    )
    if check.returncode:
        raise SystemExit(
            f"pnp validate refused the benchmark's game folder:\n{check.stdout}{check.stderr}"
        )
    ref_pdf = work / "ref" / "out.pdf"
    ref_pdf.parent.mkdir(exist_ok=True)
    build_out, export_out = work / "build", work / "export"
    commands = {
        "A": [
            sys.executable,
            str(REFERENCE),
            str(workload / "fronts"),
            str(workload / "back" / "back.png"),
            str(ref_pdf),
        ],
        "B": [
            *PNP,
            "build",
            "--game",
            GAME,
            "--data",
            str(data),
            "--out",
            str(build_out),
            "--paper",
            "a4",
            "--card-size",
            "poker",
            "--bleed",
            f"{BLEED_MM:g}",
            "--gutter",
            "0",
            "--margin",
            f"{MARGIN_MM:g}",
            "--crop-marks",
            "--duplex",
            "long",
        ],
    }
    if not args.no_export:
        commands["C"] = [
            *PNP,
            "export",
            "--game",
            GAME,
            "--format",
            "png",
            "--dpi",
            "300",
            "--data",
            str(data),
            "--out",
            str(export_out),
        ]
    print(
        f"{len(commands)} commands x {args.repeats} rounds, interleaved {' '.join(commands)} ...",
        file=sys.stderr,
    )
    sides = paired(commands, args.repeats)

    cards = build_out / GAME / "cards.pdf"
    a_pages, b_pages = pdf_pages(ref_pdf), pdf_pages(cards)
    if b_pages != a_pages:
        print(
            f"warning: pnp's cards.pdf has {b_pages} pages, the reference {a_pages}: "
            "not the same 9-up job",
            file=sys.stderr,
        )
    a, b = sides["A"], sides["B"]
    rows = [
        (
            "A bare reportlab (reference)",
            a,
            f"{ref_pdf.stat().st_size:,} B out.pdf, {a_pages} pages",
            None,
        ),
        (
            "B `pnp build`",
            b,
            f"{cards.stat().st_size:,} B cards.pdf, {b_pages} pages"
            f" (+ rules.pdf {(build_out / GAME / 'rules.pdf').stat().st_size:,} B,"
            f" booklet.pdf {(build_out / GAME / 'booklet.pdf').stat().st_size:,} B)",
            (0.7, 1.5),
        ),
    ]
    if "C" in sides:
        pngs = sorted(export_out.rglob("*.png"))
        rows.append(
            (
                "C `pnp export --format png --dpi 300`",
                sides["C"],
                f"{len(pngs)} PNGs, {sum(p.stat().st_size for p in pngs):,} B",
                None,
            )
        )

    print()
    print(
        f"Art workload: {N_CARDS} distinct fronts + 1 back, RGB PNG 300 dpi, 821x1121 px "
        f"(poker + 3 mm bleed); {args.repeats} paired rounds, fresh processes; "
        f"pnp at --bleed {BLEED_MM:g} --gutter 0 --margin {MARGIN_MM:g}."
    )
    print()
    print(
        "| side | wall s, median [min–max] | wall ratio to A, paired | peak RSS MB, median "
        "[min–max] | peak ratio to A, paired | output |"
    )
    print("|---|---|---|---|---|---|")
    for label, side, output, goals in rows:
        if side is a:
            wall_ratio = peak_ratio = "1"
        else:
            wall_ratio = spread(ratios(side.walls, a.walls), ".2f")
            peak_ratio = spread(ratios(side.peaks, a.peaks), ".2f")
            if goals:
                wr = statistics.median(ratios(side.walls, a.walls))
                pr = statistics.median(ratios(side.peaks, a.peaks))
                wall_ratio += f" (goal ≤ {goals[0]}: {'met' if wr <= goals[0] else 'NOT met'})"
                peak_ratio += f" (goal ≤ {goals[1]}: {'met' if pr <= goals[1] else 'NOT met'})"
        print(
            f"| {label} | {spread(side.walls, '.2f')} | {wall_ratio} | "
            f"{spread(side.peaks, '.0f')} | {peak_ratio} | {output} |"
        )
    print()
    print("Commands (the paths are this run's temporary folder):")
    for label, command in commands.items():
        print(f"- {label}: `{shlex.join(command)}`")
    print(f"- this table: `{shlex.join([Path(sys.executable).name, *sys.argv])}`")


if __name__ == "__main__":
    main()
