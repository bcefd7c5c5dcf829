"""Micro-benchmark: pnp.render.images.ImageStore against reportlab's `canvas.drawImage`.

Run on demand (not part of the test suite), from the repository root:

    python bench/bench_images.py                # 7 paired rounds
    python bench/bench_images.py --repeats 11

The workload: 20 generated RGB PNGs of 821 x 1121 px (poker + 3 mm bleed at 300 dpi:
gradients, shapes, a little noise, saved by Pillow at its default level), each drawn 3
times at 69.5 x 94.9 mm, 9 a page on A4, into a plain reportlab Canvas (defaults).
Three commands, each a fresh process, interleaved A B C, A B C, ... (paired per round):
  A  reference: `canvas.drawImage(path, ...)` with reportlab's defaults (ASCII85).
  B  ImageStore, images drawn as they are: the PNGs pass through undecoded.
  C  ImageStore with 1 mm of generated bleed on every side: every image is decoded,
     extended and re-encoded (the slow path).
Each child reports its own time from before the first draw to the end of save()
("work"); the wall time includes the interpreter and imports. Ratios B/A and C/A are
taken within a round and given as median [min-max]; peak RSS is each child's own (bench/common.py: run_once).

Measured for the zlib setting (pnp.render.pixels.ZLIB_LEVEL/ZLIB_STRATEGY), one
821 x 1121 RGB image, bytes and ms to deflate (Pillow 13, zlib 1.3, this machine):

    image                    raw pixels, level 1   level 6          PNG rows + Z_RLE
    card art (flat colours)  73,900 B   4 ms       53,385 B  9 ms   93,189 B  13 ms
    photo-like (blurred)   1,628,085 B 29 ms    1,513,799 B 84 ms  828,774 B  50 ms
    photo decoded from JPEG 1,117,275 B 21 ms     983,628 B 43 ms  613,616 B  34 ms

PNG-predicted rows with RLE are the smallest on photographic art (smaller than level 6
on raw pixels, at ~60% of its time) and cost ~10 ms more than level 1 on flat art, where
every size is small; the level does not matter with Z_RLE.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import run_once  # noqa: E402 (after sys.path)

N_IMAGES, SIZE_PX, DRAWS_EACH = 20, (821, 1121), 3
MM = 72 / 25.4
CARD_W_PT, CARD_H_PT = 69.5 * MM, 94.9 * MM
A4_PT = (210 * MM, 297 * MM)


def make_images(folder: Path) -> list[Path]:
    """The 20 PNGs (see the docstring), the same every run."""
    from PIL import Image, ImageDraw, ImageFilter

    paths = []
    for i in range(N_IMAGES):
        rng = random.Random(i)
        w, h = SIZE_PX
        im = Image.merge(
            "RGB",
            [Image.linear_gradient("L").resize((w, h)).rotate(a) for a in (0, 90 + i, 180 - i)],
        )
        draw = ImageDraw.Draw(im)
        for _ in range(60):
            x, y, r = rng.randrange(w), rng.randrange(h), rng.randrange(10, 120)
            draw.ellipse(
                [x - r, y - r, x + r, y + r], fill=tuple(rng.randrange(256) for _ in range(3))
            )
        im = im.filter(ImageFilter.GaussianBlur(2))
        noise = Image.merge("RGB", [Image.effect_noise((w, h), 10) for _ in range(3)])
        im = Image.blend(im, noise, 0.06)
        path = folder / f"art_{i:02d}.png"
        im.save(path)
        paths.append(path)
    return paths


def slots():
    """Lower-left corners (pt) of the 9 cells of an A4 page, 3 x 3."""
    x0 = (A4_PT[0] - 3 * CARD_W_PT) / 2
    y0 = (A4_PT[1] - 3 * CARD_H_PT) / 2
    return [(x0 + c * CARD_W_PT, y0 + r * CARD_H_PT) for r in range(3) for c in range(3)]


def child(mode: str, folder: Path, out: Path) -> None:
    """Draw the workload in this process and print the work seconds."""
    from reportlab.pdfgen.canvas import Canvas

    if mode != "reference":
        from pnp.data.images import probe
        from pnp.layout.imposition import Rect
        from pnp.render.images import ImageStore
    paths = sorted(folder.glob("art_*.png"))
    start = time.perf_counter()
    canvas = Canvas(str(out), pagesize=A4_PT)
    store = ImageStore(canvas) if mode != "reference" else None
    cells = slots()
    jobs = [p for _ in range(DRAWS_EACH) for p in paths]
    for n, path in enumerate(jobs):
        x, y = cells[n % 9]
        if store is None:
            canvas.drawImage(str(path), x, y, CARD_W_PT, CARD_H_PT)
        else:
            extend = (MM,) * 4 if mode == "extend" else (0, 0, 0, 0)
            store.draw(probe(path), Rect(x, y, CARD_W_PT, CARD_H_PT), extend_pt=extend)
        if n % 9 == 8:
            canvas.showPage()
    canvas.save()
    print(f"{time.perf_counter() - start:.6f}")


def run(args: list[str]) -> tuple[float, float, float]:
    """(wall s, work s, peak RSS MiB) of one fresh process (common.run_once: its own peak,
    read by a small parent of its own)."""
    done = run_once(args)
    return done.wall, float(done.stdout.strip().splitlines()[-1]), done.peak_mb


def spread(values: list[float], fmt: str = ".2f") -> str:
    return (
        f"{format(statistics.median(values), fmt)} "
        f"[{format(min(values), fmt)}–{format(max(values), fmt)}]"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--child", choices=("reference", "store", "extend"), help=argparse.SUPPRESS)
    parser.add_argument("folder", nargs="?", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("out", nargs="?", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child, args.folder, args.out)
        return
    with tempfile.TemporaryDirectory(prefix="bench-images-") as tmp:
        folder = Path(tmp)
        make_images(folder)
        sides = {
            "A drawImage": "reference",
            "B ImageStore": "store",
            "C ImageStore + 1 mm bleed": "extend",
        }
        results = {label: [] for label in sides}
        for r in range(args.repeats):
            for label, mode in sides.items():
                out = folder / f"{mode}.pdf"
                results[label].append(
                    run([sys.executable, __file__, "--child", mode, str(folder), str(out)])
                    + (out.stat().st_size,)
                )
            print(
                f"  round {r + 1}/{args.repeats}: "
                + ", ".join(f"{k.split()[0]} {v[-1][1]:.2f} s" for k, v in results.items()),
                file=sys.stderr,
            )
        report(results, args.repeats)


def report(results: dict, repeats: int) -> None:
    ref = results["A drawImage"]
    print(
        f"\n{N_IMAGES} RGB PNGs {SIZE_PX[0]}x{SIZE_PX[1]} px, each drawn {DRAWS_EACH} times; "
        f"{repeats} paired rounds, fresh processes\n"
    )
    print(
        "| side | work s | work ratio to A | wall s | wall ratio to A | peak RSS MB | PDF bytes |"
    )
    print("|---|---|---|---|---|---|---|")
    for label, runs in results.items():
        walls, works, peaks, sizes = zip(*runs)
        work_ratio = spread([w / a[1] for w, a in zip(works, ref)])
        wall_ratio = spread([w / a[0] for w, a in zip(walls, ref)])
        print(
            f"| {label} | {spread(list(works))} | {work_ratio} | {spread(list(walls))} | "
            f"{wall_ratio} | {spread(list(peaks), '.0f')} | {sizes[-1]:,} |"
        )


if __name__ == "__main__":
    main()
