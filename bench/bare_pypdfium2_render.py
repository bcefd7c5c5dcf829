"""The bare pypdfium2 floor for rasterising card faces: every page of a PDF rendered at
a dpi, one page at a time, each turned into a Pillow image and dropped, as simply as
pypdfium2 allows. The reference `pnp export --format tts` is paired against
(bench/bench_tts.py): the same faces PDF, the same dpi.

usage: python bench/bare_pypdfium2_render.py FACES.pdf DPI
"""

import sys

import pypdfium2 as pdfium

pdf = pdfium.PdfDocument(sys.argv[1])
scale = float(sys.argv[2]) / 72
for i in range(len(pdf)):
    page = pdf[i]
    image = page.render(scale=scale).to_pil()
    image.load()
    del image
    page.close()
pdf.close()
