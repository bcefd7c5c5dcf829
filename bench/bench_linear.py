"""Benchmark: is every stage of `pnp build` linear in its input? (issue 9)

Run on demand (not part of the test suite):

    python bench/bench_linear.py              # n = 4,000 against 2n, 3 pairs per shape
    python bench/bench_linear.py --n 6000     # near the largest rulebook the 256 KiB limit allows

For each shape of rulebook (a bullet list, a numbered list, paragraphs of 900 words, many
headings) and for a card table of many cards, builds Not a Hack with that input at n
and at 2n, alternately (n, 2n, n, 2n, …) in fresh processes, and reports the ratio
2n/n pair by pair: median and range. Linear work gives about 2; the interpreter's
start-up pulls it under 2; anything clearly over 2 grows faster than its input.
"""

from __future__ import annotations

import argparse
import re
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import compile_packages, timed_runs  # noqa: E402

from pnp.core.paths import SHIPPED_DATA_DIR  # noqa: E402

GAME = "not-a-hack"
PNP = "import sys; from pnp.cli import main; sys.argv[0] = 'pnp'; main()"


def _rulebook(shape: str, n: int) -> str:
    body = {
        "bullets": "".join(f"- item {i}\n" for i in range(n)),
        "numbered": "".join(f"{i + 1}. item {i}\n" for i in range(n)),
        "paragraphs": "".join(
            " ".join(f"word{i}" for i in range(j, min(n, j + 900))) + "\n\n"
            for j in range(0, n, 900)
        ),
        "headings": "".join(f"## Part {i}\n\nText.\n\n" for i in range(n // 4)),
    }[shape]
    return "# Long rules\n\n## Setup\n\nDeal.\n\n" + body


def _cards(folder: Path, n: int) -> None:
    """Add n copies of white.toml's first component card, under new ids."""
    white = folder / "white.toml"
    head, *tables = re.split(r"^\[\[component\]\]$", white.read_text(encoding="utf-8"), flags=re.M)
    first_id = tables[0].split('id = "')[1].split('"')[0]
    copies = "".join("[[component]]" + tables[0].replace(first_id, f"w{i}", 1) for i in range(n))
    white.write_text(head + copies + "".join("[[component]]" + t for t in tables), encoding="utf-8")


def _data(root: Path, shape: str, n: int) -> Path:
    data = root / f"{shape}-{n}"
    shutil.copytree(SHIPPED_DATA_DIR / GAME, data / GAME)
    if shape == "cards":
        _cards(data / GAME, n // 2)
    else:
        # game.toml's rulebook pictures follow these two sections (README, "Rulebook pictures")
        sections = "\n\n## The cards\n\nThe cards.\n\n## Setup\n\nSet up.\n"
        (data / GAME / "rulebook.md").write_text(_rulebook(shape, n) + sections, encoding="utf-8")
    return data


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=4000, help="the smaller input size")
    parser.add_argument("--pairs", type=int, default=3)
    args = parser.parse_args()
    compile_packages()
    root = Path(tempfile.mkdtemp(prefix="bench-linear-"))
    try:
        print(f"{'input':<10} {'n':>7} {'s at n':>8} {'s at 2n':>8}  ratio 2n/n: median [range]")
        for shape in ("bullets", "numbered", "paragraphs", "headings", "cards"):
            small, large = _data(root, shape, args.n), _data(root, shape, 2 * args.n)
            ratios, times = [], []
            for _ in range(args.pairs):
                pair = [
                    timed_runs(
                        [
                            sys.executable,
                            "-c",
                            PNP,
                            "build",
                            "--game",
                            GAME,
                            "--data",
                            str(d),
                            "--out",
                            str(root / "out"),
                        ],
                        1,
                    )[0]
                    for d in (small, large)
                ]
                times.append(pair)
                ratios.append(pair[1] / pair[0])
            print(
                f"{shape:<10} {args.n:>7} {statistics.median(t[0] for t in times):>8.2f} "
                f"{statistics.median(t[1] for t in times):>8.2f}  "
                f"{statistics.median(ratios):.2f} [{min(ratios):.2f}–{max(ratios):.2f}]"
            )
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
