"""Benchmark: peak memory and wall time of `pnp export --format tts` against a bare
pypdfium2 script (bench/bare_pypdfium2_render.py) rendering the same faces PDF at the
same dpi, whole processes run alternately, ratio pair by pair (issue 41: TTS peak memory
<= 1.5x the script's).

    python bench/bench_tts.py [--game hack-attack] [--dpi 300] [--repeats 9]

Reported: the median and range [min–max] of the paired ratios export/bare, of wall time
and of peak memory, and each side's median peak: each child's own maximum resident set
size, read by a small parent of its own (bench/common.py: run_once), not the benchmark's.

The faces PDF is the one the export rasterises (pnp.export_tts.write_tts: one page per
distinct face, at trim size), written once beforehand with the export's own code, at
the dpi the export settles on (it lowers --dpi until every sheet fits 4096 px).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import REPO, compile_packages, paired_runs, ratios, spread


def faces_pdf(game: str, dpi: int, folder: Path) -> tuple[Path, int]:
    """(the faces PDF the TTS export of `game` rasterises, the dpi it uses)."""
    from pnp.export import ExportOptions, prepare
    from pnp.export_tts import fitting_dpi, tts_decks
    from pnp.render.single import distinct_sides, write_single

    job = prepare(ExportOptions(game, "tts", dpi, folder))
    used = fitting_dpi(tts_decks(job.groups, job.trim_mm), job.trim_mm, dpi)
    path = folder / "faces.pdf"
    write_single(path, job.kit, job.data, job.frame, distinct_sides(job.groups), 0.0, job.name)
    return path, used


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="hack-attack")
    parser.add_argument("--dpi", type=int, default=300)
    parser.add_argument("--repeats", type=int, default=9)
    args = parser.parse_args()
    compile_packages()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        pdf, used = faces_pdf(args.game, args.dpi, folder)
        reference = [
            sys.executable,
            str(REPO / "bench" / "bare_pypdfium2_render.py"),
            str(pdf),
            str(used),
        ]
        product = [
            sys.executable,
            "-c",
            "from pnp.cli import main; main()",
            "export",
            "--game",
            args.game,
            "--format",
            "tts",
            "--dpi",
            str(args.dpi),
            "--out",
            str(folder / "out"),
        ]
        pairs = paired_runs(reference, product, args.repeats)
    print(f"{args.game}, tts at {used} dpi, {args.repeats} pairs (bare pypdfium2, export):")
    print(
        f"  wall s: bare {statistics.median(r.wall for r, _ in pairs):.2f}, export "
        f"{statistics.median(p.wall for _, p in pairs):.2f}; ratio {spread(ratios(pairs))}"
    )
    print(
        f"  peak MiB: bare {statistics.median(r.peak_mb for r, _ in pairs):.1f}, export "
        f"{statistics.median(p.peak_mb for _, p in pairs):.1f}; ratio "
        f"{spread(ratios(pairs, 'peak_mb'))} (goal: at most 1.50)"
    )


if __name__ == "__main__":
    main()
