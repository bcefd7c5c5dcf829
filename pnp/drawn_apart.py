"""The faces PDF a raster export rasterises (PNG, a shop's PNGs, Tabletop Simulator),
drawn in a process of its own (pnp.render.alongside), so the memory drawing takes (the
kit's laid-out faces, reportlab's canvas and font tables: about 5 MiB for Hack Attack)
goes back to the system when that process ends, before pdfium and the pixels take
theirs: the export's peak is the larger of the two, not their sum (issue 41 item 4,
TTS export memory).

The drawing process checks each face as it first draws it, as `Job.draw` does; what it
found comes back (as pnp.checked_kits encodes a problem) and the export's own checks
adopt it (pnp.validate.FaceChecks.adopt), so the export reports the same warnings, and
refuses with the same errors (DataError), as when it draws the faces itself. Where no
process can be forked, the faces are drawn here, as before.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import Any

from pnp.checked_kits import decoded, encoded
from pnp.core.errors import DataError
from pnp.render.alongside import Alongside


def draw_apart(job: Any, path: Path, sides: Sequence, margin_pt: float, title: str) -> int:
    """`job.draw(path, sides, margin_pt, title)` (a pnp.export.Job) in a forked process:
    the page count; DataError listing every face error; OSError if the PDF cannot be
    written."""
    drawing = Alongside(partial(_draw, job, path, sides, margin_pt, title))
    drawing.send()
    answer = drawing.result()
    if job.checks is not None:
        job.checks.adopt([decoded(p) for p in answer["problems"]])
    if answer["refused"]:
        raise DataError([decoded(p) for p in answer["refused"]])
    return answer["pages"]


def _draw(job: Any, path: Path, sides: Sequence, margin_pt: float, title: str) -> dict:
    """In the drawing process: the page count, what the faces' checks found and, when
    the faces cannot be printed, the errors of the DataError saying so."""
    refused: list = []
    pages = 0
    try:
        pages = job.draw(path, sides, margin_pt, title)
    except DataError as exc:
        refused = [encoded(p) for p in exc.problems]
    found = job.checks.problems() if job.checks is not None else []
    return {"pages": pages, "problems": [encoded(p) for p in found], "refused": refused}
