"""Benchmark: wall time and peak memory of `pnp build`, against a bare reportlab loop.

Run on demand (not part of the test suite):

    python bench/bench_build.py            # hack-attack kit + 100 / 1,000 / 10,000 cards
    python bench/bench_build.py --quick    # skips the 10,000-card run

Every measurement is a fresh Python process (interpreter start included), timed
from outside: the median of --repeats runs (5 by default); peak memory is the
largest maximum resident set size of those processes. The
synthetic databases repeat the real hack-attack cards under new ids, one copy
each, in the real mix of card types. The reference draws, per card, a rounded
rectangle, a title and a wrapped paragraph on the same 9-up A4 grid.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import REPO, compile_packages, timed_runs  # noqa: E402
DATA = REPO / "card_data" / "hack-attack"
FILES = {"tech": "tech.toml", "defense": "defense.toml", "reality_check": "defense.toml",
         "attack": "attack.toml", "user_error": "user_error.toml"}

CHILD_FOOTER = """
import json, resource, sys
print(json.dumps({"peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""

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
    the real Attacks once each, then the other real cards under new ids, well mixed."""
    import tomllib
    target = folder / "hack-attack"
    target.mkdir(parents=True)
    shutil.copy(DATA / "game.toml", target)
    shutil.copy(DATA / "rulebook.md", target)
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
        tables[table].append({**card, "id": f"{card['id']}-{i}", "count": 1})
    out: dict[str, str] = {}
    for table, cards in tables.items():
        out.setdefault(FILES[table], "")
        for card in cards:
            out[FILES[table]] += f"[[{table}]]\n" + "".join(
                f"{k} = {json.dumps(v, ensure_ascii=False)}\n" for k, v in card.items()) + "\n"
    for name, text in out.items():
        (target / name).write_text(text, encoding="utf-8")
    return folder


REPEATS = 5


def run_child(code: str) -> tuple[float, float]:
    """(median wall seconds, peak MB) of REPEATS fresh interpreters running `code`."""
    wall, outputs = timed_runs([sys.executable, "-c", code + CHILD_FOOTER], REPEATS)
    return wall, max(json.loads(out.strip().splitlines()[-1])["peak_mb"] for out in outputs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="skip the 10,000-card run")
    parser.add_argument("--repeats", type=int, default=REPEATS, help="runs per row (median)")
    args = parser.parse_args()
    globals()["REPEATS"] = args.repeats
    sizes = [100, 1000] + ([] if args.quick else [10000])
    compile_packages()
    print(f"{'run':<34}{'cards':>7}{'wall s':>9}{'ms/card':>9}{'peak MB':>9}{'vs ref':>8}")
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        ref_72 = run_child(REFERENCE_CHILD.format(n=72, out=str(tmp / "ref.pdf")))
        _row("reference: bare reportlab loop", 72, *ref_72)
        wall, peak = run_child(BUILD_CHILD.format(data=str(DATA.parent), out=str(tmp / "out")))
        _row("hack-attack kit (cards+rules+booklet)", 137, wall, peak, ref_72[0] / 72)
        for n in sizes:
            ref = run_child(REFERENCE_CHILD.format(n=n, out=str(tmp / f"ref{n}.pdf")))
            _row("reference: bare reportlab loop", n, *ref)
            data = synthetic(tmp / f"data{n}", n)
            wall, peak = run_child(BUILD_CHILD.format(data=str(data), out=str(tmp / f"o{n}")))
            _row("synthetic hack-attack kit", n, wall, peak, ref[0] / n)


def _row(label: str, n: int, wall: float, peak: float, ref_per_card: float | None = None) -> None:
    ratio = f"{wall / n / ref_per_card:>7.2f}x" if ref_per_card else f"{'':>8}"
    print(f"{label:<34}{n:>7}{wall:>9.3f}{wall / n * 1000:>9.2f}{peak:>9.1f}{ratio}")


if __name__ == "__main__":
    main()
