"""Benchmark: wall time and peak memory of `pnp build`, against a bare reportlab loop.

Run on demand (not part of the test suite):

    python bench/bench_build.py            # hack-attack kit + 100 / 1,000 / 10,000 cards
    python bench/bench_build.py --quick    # skips the 10,000-card run

Each row is the product (`pnp build`) against the reference (the reportlab loop, drawing
as many cards), run alternately, reference then build, for --repeats pairs (5 by
default), every run a fresh Python process (interpreter start included) timed from
outside (bench/common.py: paired_runs). The ratio build/reference is taken pair by pair,
so a change of load on the machine lands on both sides of it; the table gives each
side's median seconds and the median and range [min–max] of the paired ratios. Peak
memory is the largest maximum resident set size of each side's processes, with the
ratio build/reference of those peaks.

The synthetic databases repeat the real hack-attack cards under new ids, one copy each,
in the real mix of card types. The reference draws, per card, a rounded rectangle, a
title and a wrapped paragraph on the same 9-up A4 grid. The real kit's row pairs its
whole build (cards, player aids, rules and booklet) with the reference drawing as many
cards as the kit prints.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import compile_packages, paired_runs, ratios, spread  # noqa: E402

from pnp.core.paths import SHIPPED_DATA_DIR  # noqa: E402

DATA = SHIPPED_DATA_DIR / "hack-attack"
FILES = {
    "tech": "tech.toml",
    "defense": "defense.toml",
    "reality_check": "defense.toml",
    "attack": "attack.toml",
    "user_error": "user_error.toml",
}

BUILD_CHILD = """
from pathlib import Path
from pnp.build import BuildOptions, build
report = build(BuildOptions("hack-attack", data_dir=Path({data!r}), out_dir=Path({out!r})))
"""

REFERENCE_CHILD = """
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph
n = {n}
c = Canvas({out!r}, pagesize=(210 * mm, 297 * mm))
style = ParagraphStyle("body", fontName="Helvetica", fontSize=9, leading=11)
w, h = 63.5 * mm, 88.9 * mm
for i in range(n):
    slot = i % 9
    if i and slot == 0:
        c.showPage()
    x = 6.25 * mm + (slot % 3) * 66.5 * mm
    y = 297 * mm - 12 * mm - (slot // 3 + 1) * 91.9 * mm
    c.roundRect(x, y, w, h, 3 * mm)
    c.setFont("Helvetica-Bold", 13)
    c.drawCentredString(x + w / 2, y + h - 15 * mm, f"Card number {{i}}")
    p = Paragraph(f"Keep three copies of your data on two kinds of storage, with one copy "
                  f"off-site or in the cloud. Card {{i}}.", style)
    p.wrapOn(c, w - 6 * mm, h)
    p.drawOn(c, x + 3 * mm, y + 20 * mm)
c.showPage()
c.save()
"""


def synthetic(folder: Path, n_cards: int) -> Path:
    """Write a hack-attack database of exactly `n_cards` one-copy cards into folder/hack-attack:
    the real Attacks once each, then the other real cards under new ids, well mixed; the
    rest of the real game folder (settings, rulebook, player aids) as it is. The tables are
    written tersely (ids `c0`, `c1`..., no spaces around `=`), so that even at 10,000 cards
    each stays under the 1 MiB pnp reads of a data file (pnp.data.files.MAX_FILE_BYTES)."""
    import tomllib

    target = folder / "hack-attack"
    shutil.copytree(DATA, target)  # the card tables are all rewritten below
    real = []
    tables: dict[str, list[dict]] = {t: [] for t in FILES}
    for table, name in FILES.items():
        for card in tomllib.loads((DATA / name).read_text())[table]:
            if table == "attack":  # Tech cards name Attacks by id: keep those ids
                tables[table].append({**card, "count": 1})
            else:
                real += [(table, card)] * card["count"]
    stride = 37  # coprime with the copy count, so every slice mixes the card types
    for i in range(n_cards - len(tables["attack"])):
        table, card = real[(i * stride) % len(real)]
        tables[table].append({**card, "id": f"c{i}", "count": 1})
    out: dict[str, str] = {}
    for table, cards in tables.items():
        out.setdefault(FILES[table], "")
        for card in cards:
            out[FILES[table]] += (
                f"[[{table}]]\n"
                + "".join(f"{k}={json.dumps(v, ensure_ascii=False)}\n" for k, v in card.items())
                + "\n"
            )
    for name, text in out.items():
        (target / name).write_text(text, encoding="utf-8")
    return folder


REPEATS = 5


def kit_cards() -> int:
    """Cards the real hack-attack kit prints (every copy of every card, no player aids)."""
    import tomllib

    return sum(
        card.get("count", 1)
        for table, name in FILES.items()
        for card in tomllib.loads((DATA / name).read_text())[table]
    )


def measure(label: str, n: int, reference: str, product: str, repeats: int) -> None:
    """Run the reference and the product code alternately, `repeats` pairs of fresh
    interpreters, and print their row."""
    pairs = paired_runs([sys.executable, "-c", reference], [sys.executable, "-c", product], repeats)
    ref_s = statistics.median(ref.wall for ref, _ in pairs)
    build_s = statistics.median(prod.wall for _, prod in pairs)
    ref_mb = max(ref.peak_mb for ref, _ in pairs)
    build_mb = max(prod.peak_mb for _, prod in pairs)
    print(
        f"{label:<30}{n:>7}{ref_s:>8.3f}{build_s:>9.3f}  {spread(ratios(pairs)):<19}"
        f"{ref_mb:>7.1f}{build_mb:>9.1f}{build_mb / ref_mb:>8.2f}x",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="skip the 10,000-card run")
    parser.add_argument(
        "--repeats",
        type=int,
        default=REPEATS,
        help=f"reference/build pairs per row (default {REPEATS})",
    )
    args = parser.parse_args()
    if args.repeats < 1:
        parser.error("--repeats must be at least 1")
    sizes = [100, 1000] + ([] if args.quick else [10000])
    compile_packages()
    print(
        f"{args.repeats} pair{'s' * (args.repeats != 1)} a row, run alternately (reference, "
        "build), each a fresh process;\ntime ratio = build/reference pair by pair: median "
        "[min–max]; MB = peak RSS, the largest of each side's runs."
    )
    print(
        f"{'run':<30}{'cards':>7}{'ref s':>8}{'build s':>9}  {'time ratio':<19}"
        f"{'ref MB':>7}{'build MB':>9}{'MB ratio':>9}"
    )
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        n = kit_cards()
        measure(
            "hack-attack kit (all PDFs)",
            n,
            REFERENCE_CHILD.format(n=n, out=str(tmp / "ref.pdf")),
            BUILD_CHILD.format(data=str(DATA.parent), out=str(tmp / "out")),
            args.repeats,
        )
        for n in sizes:
            data = synthetic(tmp / f"data{n}", n)
            measure(
                "synthetic hack-attack kit",
                n,
                REFERENCE_CHILD.format(n=n, out=str(tmp / f"ref{n}.pdf")),
                BUILD_CHILD.format(data=str(data), out=str(tmp / f"o{n}")),
                args.repeats,
            )


if __name__ == "__main__":
    main()
