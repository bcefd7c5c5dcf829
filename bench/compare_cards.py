"""Compare the text of two cards.pdf files word by word: what moved, and what changed size.

    python bench/compare_cards.py OLD/cards.pdf NEW/cards.pdf [--moved-pt 0.5]

What changed in the card data (cards added, removed, changed field by field) is
`pnp diff OLD_DIR NEW_DIR --game G`; this tool is for what only the printed PDFs show,
where the words landed. For "the output is unchanged apart from ..." claims after a
layout change (the same data, new layout code): every page's
words (pdfplumber, in reading order) are paired in order; a page whose words differ is
counted, and for pages that match it reports the largest shift under `--moved-pt`, the
words that moved more (with their shift in pt, right and down), and the words whose
size changed. Needs the test extras (pdfplumber).
"""

from __future__ import annotations

import argparse
import collections

import pdfplumber


def page_words(path: str) -> list[list[tuple[str, float, float, float]]]:
    """(text, x0, top, size) of every word, page by page (pt, top-down)."""
    with pdfplumber.open(path) as pdf:
        return [
            [
                (w["text"], w["x0"], w["top"], round(w["size"], 2))
                for w in page.extract_words(extra_attrs=["size"])
            ]
            for page in pdf.pages
        ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--moved-pt", type=float, default=0.5)
    args = parser.parse_args()
    old, new = page_words(args.old), page_words(args.new)
    moved: collections.Counter = collections.Counter()
    sized: collections.Counter = collections.Counter()
    other, small = 0, 0.0
    for a, b in zip(old, new):
        if [w[0] for w in a] != [w[0] for w in b]:
            other += 1
            continue
        for (text, x1, y1, s1), (_, x2, y2, s2) in zip(a, b):
            shift = max(abs(x2 - x1), abs(y2 - y1))
            if s1 != s2:
                sized[(text, s1, s2)] += 1
            elif shift > args.moved_pt:
                moved[(text, round(x2 - x1, 2), round(y2 - y1, 2))] += 1
            else:
                small = max(small, shift)
    print(f"pages: {len(old)} old, {len(new)} new; pages whose words differ: {other}")
    print(f"largest shift of the other words: {small:.2f} pt")
    for (text, s1, s2), n in sized.most_common():
        print(f"  size  {text!r}: {s1} -> {s2} pt, {n} times")
    for (text, dx, dy), n in moved.most_common():
        print(f"  moved {text!r}: {dx:+} pt right, {dy:+} pt down, {n} times")


if __name__ == "__main__":
    main()
