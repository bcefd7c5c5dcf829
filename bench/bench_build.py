"""Benchmark: wall time and peak memory of `pnp build`, against the bare reportlab script.

Run on demand (not part of the test suite):

    python bench/bench_build.py            # hack-attack kit + 100 / 1,000 / 10,000 cards
    python bench/bench_build.py --quick    # skips the 10,000-card run

Each row is the product (`pnp build`) against the reference, the shared bare reportlab
script for a vector kit (../shared/bench/bare_reportlab_vector.py beside the repository:
fronts and mirrored backs, 9 poker cards an A4 page, crop marks, DejaVu Sans) at the same
card count, run alternately, reference then build, for --repeats pairs (9 by default),
every run a fresh Python process (interpreter start included) timed from outside
(bench/common.py: paired_runs). The ratio build/reference is taken pair by pair, so a
change of load on the machine lands on both sides of it; the table gives each side's
median seconds and the median and range [min–max] of the paired ratios, of time and of
peak memory (each child's own maximum resident set size; common.run_once).

The real kit's row pairs its whole default build (cards with every picture, player aids,
rules and booklet) with the reference drawing as many cards as the kit prints. The
synthetic databases repeat the real hack-attack cards under new ids, one copy each, in
the real mix of card types, each copy with the picture of the card it copies
(icons.toml's [cards] rewritten to the new ids).
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
from common import SHARED, compile_packages, paired_runs, ratios, spread  # noqa: E402

from pnp.core.paths import SHIPPED_DATA_DIR  # noqa: E402

DATA = SHIPPED_DATA_DIR / "hack-attack"
REFERENCE = SHARED / "bench" / "bare_reportlab_vector.py"
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


def synthetic(folder: Path, n_cards: int) -> Path:
    """Write a hack-attack database of exactly `n_cards` one-copy cards into folder/hack-attack:
    the real Attacks once each, then the other real cards under new ids, well mixed, each
    with the picture of the card it copies (icons.toml's [cards]); the rest of the real
    game folder (settings, rulebook, player aids, icons) as it is. The tables are
    written tersely (ids `c0`, `c1`..., no spaces around `=`), so that even at 10,000 cards
    each stays under the 1 MiB pnp reads of a data file (pnp.data.files.MAX_FILE_BYTES)."""
    import tomllib

    target = folder / "hack-attack"
    shutil.copytree(DATA, target)  # the card tables are all rewritten below
    icons = tomllib.loads((DATA / "icons.toml").read_text())["cards"]
    renamed = {
        card["id"]
        for table, name in FILES.items()
        if table != "attack"
        for card in tomllib.loads((DATA / name).read_text())[table]
    }
    pictures = {card: icon for card, icon in icons.items() if card not in renamed}
    real = []
    tables: dict[str, list[dict]] = {t: [] for t in FILES}
    for table, name in FILES.items():
        for card in tomllib.loads((DATA / name).read_text())[table]:
            if table == "attack":  # Tech cards name Attacks by id: keep those ids
                tables[table].append({**card, "count": 1})
            else:
                real += [(table, card)] * card["count"]
    stride = 37  # coprime with the copy count, so every slice mixes the card types
    first: dict[str, str] = {}  # a real id -> the first synthetic card copying it
    for i in range(n_cards - len(tables["attack"])):
        table, card = real[(i * stride) % len(real)]
        tables[table].append({**card, "id": f"c{i}", "count": 1})
        first.setdefault(card["id"], f"c{i}")
        first.setdefault(table, f"c{i}")  # the first of its table: for a card not copied
        if card["id"] in icons:
            pictures[f"c{i}"] = icons[card["id"]]
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
    write_pictures(target / "icons.toml", pictures)
    figures_of(target / "game.toml", {c["id"]: first.get(c["id"], first[t]) for t, c in real})
    return folder


def figures_of(path: Path, first: dict[str, str]) -> None:
    """The rulebook's card-anatomy figure (game.toml's [[rulebook.anatomy]] `card`) drawn
    from the synthetic card that copies each real card it names (or, in a deck too small
    to copy it, the first of its table), so the synthetic kit's rulebook has pictures as
    the real one does."""
    text = path.read_text(encoding="utf-8")
    for real, new in first.items():
        text = text.replace(f'card = "{real}"\n', f'card = "{new}"\n')
    path.write_text(text, encoding="utf-8")


def write_pictures(path: Path, pictures: dict[str, str]) -> None:
    """Replace the [cards] table of the icons.toml at `path` (card id = icon name) with
    `pictures` (the ids of the synthetic deck and of the player aids); the other tables
    stay as they are."""
    lines = path.read_text(encoding="utf-8").splitlines()
    start = lines.index("[cards]")
    end = next(i for i in range(start + 1, len(lines)) if lines[i].startswith("["))
    kept = [f"{card}={json.dumps(icon)}" for card, icon in pictures.items()]
    path.write_text("\n".join(lines[: start + 1] + kept + [""] + lines[end:]) + "\n", "utf-8")


REPEATS = 9


def kit_cards(folder: Path) -> int:
    """Cards the real hack-attack kit prints (every copy of every card and player aid),
    as its build reports them (one build into `folder`)."""
    from pnp.build import BuildOptions, build

    report = build(BuildOptions("hack-attack", data_dir=DATA.parent, out_dir=folder))
    return sum(report.counts.values())


def measure(label: str, n: int, folder: Path, product: str, repeats: int) -> None:
    """Run the reference at `n` cards and the product code alternately, `repeats` pairs of
    fresh interpreters, and print their row."""
    reference = [sys.executable, str(REFERENCE), str(folder / f"ref{n}.pdf"), str(n)]
    pairs = paired_runs(reference, [sys.executable, "-c", product], repeats)
    ref_s = statistics.median(ref.wall for ref, _ in pairs)
    build_s = statistics.median(prod.wall for _, prod in pairs)
    ref_mb = statistics.median(ref.peak_mb for ref, _ in pairs)
    build_mb = statistics.median(prod.peak_mb for _, prod in pairs)
    print(
        f"{label:<30}{n:>7}{ref_s:>8.3f}{build_s:>9.3f}  {spread(ratios(pairs)):<19}"
        f"{ref_mb:>8.1f}{build_mb:>10.1f}  {spread(ratios(pairs, 'peak_mb'))}",
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
        "build), each a fresh process;\nratio = build/reference pair by pair: median "
        "[min–max]; MiB = each child's own peak RSS, median of each side."
    )
    print(
        f"{'run':<30}{'cards':>7}{'ref s':>8}{'build s':>9}  {'time ratio':<19}"
        f"{'ref MiB':>8}{'build MiB':>10}  MiB ratio"
    )
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        n = kit_cards(tmp / "kit")
        measure(
            "hack-attack kit (all PDFs)",
            n,
            tmp,
            BUILD_CHILD.format(data=str(DATA.parent), out=str(tmp / "out")),
            args.repeats,
        )
        for n in sizes:
            data = synthetic(tmp / f"data{n}", n)
            measure(
                "synthetic hack-attack kit",
                n,
                tmp,
                BUILD_CHILD.format(data=str(data), out=str(tmp / f"o{n}")),
                args.repeats,
            )


if __name__ == "__main__":
    main()
