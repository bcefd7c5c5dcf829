"""Read card placements, crop marks and fonts back out of a written PDF (test helper).

Every card is drawn as `q <bleed rect> re W* n <translate to trim origin> cm ... Q`;
this finds those clip rectangles and translations in each page's content stream.

`plumbed(path)` is pdfplumber's reading of a file, parsed once per test process while
the file is unchanged (pdfplumber keeps each page's parsed objects): many tests read
the same built kit. Its pages are shared, so a test reads them and never changes them.

`parse_forms_once()` (called by tests/conftest.py) has pdfminer, which pdfplumber reads
with, parse each content stream of a file once: a card sheet draws the same form (a
face, an icon) many times, and pdfminer parsed the form's operators again at each use.

`share_parsed_pages(folder)` (a session fixture in tests/conftest.py) keeps each page
pdfplumber parses in a folder every xdist worker of the run shares, keyed by the file's
bytes: the shared kits are read by many tests, in both workers and after `plumbed` has
let them go, and a parsed page loads from there in a tenth of the time parsing takes.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import zlib
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pdfminer.pdfinterp
import pdfplumber
import pdfplumber.page
from pdfminer.psexceptions import PSEOF
from pypdf import PdfReader
from pypdf.generic import ContentStream


@dataclass(frozen=True)
class Placement:
    """One card on a page: its bleed rectangle and trim origin, in points."""

    bleed: tuple[float, float, float, float]
    origin: tuple[float, float]


def placements(reader: PdfReader, page_index: int) -> list[Placement]:
    """Cards placed on a page, in drawing order."""
    page = reader.pages[page_index]
    ops = ContentStream(page.get_contents(), reader).operations
    found = []
    for _, (a, _), _, _, (m, _) in _clip_then_move(ops):
        found.append(Placement(tuple(float(v) for v in a), (float(m[4]), float(m[5]))))
    return found


def _clip_then_move(ops):
    """(index, and the four operations) of every `re W n cm` at the top of a page-level
    `q` block: a card's clip and move. A clip nested deeper (a picture's window inside a
    card) is not a card."""
    depth = 0
    for i in range(len(ops) - 3):
        depth += {b"q": 1, b"Q": -1}.get(ops[i][1], 0)
        op1, op2, op3, op4 = (op for _, op in ops[i : i + 4])
        if depth == 1 and op1 == b"re" and op2 in (b"W", b"W*") and op3 == b"n" and op4 == b"cm":
            yield i, ops[i], ops[i + 1], ops[i + 2], ops[i + 3]


def segments(reader: PdfReader, page_index: int) -> list[tuple[float, float, float, float]]:
    """Straight segments `x1 y1 m x2 y2 l` drawn at the page's top level, outside every
    card's `q ... Q` block: the crop marks."""
    page = reader.pages[page_index]
    ops = ContentStream(page.get_contents(), reader).operations
    out = []
    depth = 0
    for i in range(len(ops) - 1):
        (a, op1), (b, op2) = ops[i : i + 2]
        depth += {b"q": 1, b"Q": -1}.get(op1, 0)
        if depth == 0 and op1 == b"m" and op2 == b"l":
            out.append((float(a[0]), float(a[1]), float(b[0]), float(b[1])))
    return out


def placed_forms(reader: PdfReader, page_index: int) -> list[tuple[Placement, int | None]]:
    """Each card placed on a page with the form XObject it draws (its object number),
    or None if it draws none: a back page's cards, told apart by the back they show."""
    page = reader.pages[page_index]
    xobjects = page["/Resources"].get("/XObject", {})
    ops = ContentStream(page.get_contents(), reader).operations
    found: list[tuple[Placement, int | None]] = []
    for i, (a, _), _, _, (m, _) in _clip_then_move(ops):
        form, depth = None, 1  # inside the card's q ... Q block
        for operands, op in ops[i + 4 :]:
            depth += {b"q": 1, b"Q": -1}.get(op, 0)
            if depth == 0:
                break
            if op == b"Do" and form is None:
                form = xobjects.raw_get(operands[0]).idnum
        found.append((Placement(tuple(float(v) for v in a), (float(m[4]), float(m[5]))), form))
    return found


@contextmanager
def plumbed(path) -> Iterator[pdfplumber.PDF]:
    """`with plumbed(path) as pdf:` as `with pdfplumber.open(path) as pdf:`, but the file
    is parsed once while unchanged (same size and modification time) and left open."""
    resolved = Path(path).resolve()
    stat = resolved.stat()
    key = (resolved, stat.st_mtime_ns, stat.st_size)
    pdf = _PLUMBED.pop(key, None) or pdfplumber.open(resolved)
    _PLUMBED[key] = pdf  # the most recently read last
    while len(_PLUMBED) > PLUMBED_KEPT:
        _PLUMBED.pop(next(iter(_PLUMBED))).close()
    yield pdf


#: Files kept parsed: the one or two a test reads again (page by page, or in two
#: helpers), not every file of the session: a parsed kit holds over 100 MB.
PLUMBED_KEPT = 2
_PLUMBED: OrderedDict[tuple[Path, int, int], pdfplumber.PDF] = OrderedDict()


_CONTENT_PARSER = pdfminer.pdfinterp.PDFContentParser


class _Parsed:
    """A content stream's (position, object) pairs, handed out as pdfminer's parser hands
    them to its interpreter (`nextobject`, then PSEOF)."""

    def __init__(self, objects: list):
        self._objects = iter(objects)

    def nextobject(self):
        for found in self._objects:
            return found
        raise PSEOF


def _parse_once(streams):
    """pdfminer's PDFContentParser(streams), for one stream the objects it parsed the
    first time, kept on the stream (which the document keeps while it is open): the
    interpreter only reads them, and parsing depends on the stream's bytes alone."""
    if len(streams) != 1:
        return _CONTENT_PARSER(streams)
    (stream,) = streams
    objects = stream.__dict__.get("_hackpack_parsed")
    if objects is None:
        parser, objects = _CONTENT_PARSER(streams), []
        while True:
            try:
                objects.append(parser.nextobject())
            except PSEOF:
                break
        stream._hackpack_parsed = objects
    return _Parsed(objects)


def parse_forms_once() -> None:
    """Have pdfminer's interpreter parse each content stream of an open file once (see
    the module's docstring); the pages read are the same, object for object."""
    pdfminer.pdfinterp.PDFContentParser = _parse_once


_PARSE_OBJECTS = pdfplumber.page.Page.parse_objects


def share_parsed_pages(folder: Path) -> None:
    """Have pdfplumber keep each page it parses in `folder` and read it from there when
    a file with the same bytes is opened again, in this process or another (see the
    module's docstring). A page whose objects cannot be pickled is parsed every time."""
    folder.mkdir(parents=True, exist_ok=True)

    def parse_objects(page):
        key = _file_digest(page.pdf) if type(page) is pdfplumber.page.Page else None
        if key is None:  # a cropped or filtered page, or a file read from memory
            return _PARSE_OBJECTS(page)
        kept = folder / f"{key}-{page.page_number}.pickle.z"
        try:
            return pickle.loads(zlib.decompress(kept.read_bytes()))
        except FileNotFoundError:
            pass
        objects = _PARSE_OBJECTS(page)
        try:
            data = zlib.compress(pickle.dumps(objects, pickle.HIGHEST_PROTOCOL), 1)
        except (TypeError, pickle.PicklingError, AttributeError):
            return objects  # something in it holds the open file
        partial = kept.with_name(f"{kept.name}.{os.getpid()}")
        partial.write_bytes(data)
        os.replace(partial, kept)  # whole or not there, for a worker reading at once
        return objects

    pdfplumber.page.Page.parse_objects = parse_objects


def _file_digest(pdf: pdfplumber.PDF) -> str | None:
    """A digest of the bytes of the open file `pdf` reads (read without moving its
    position; None for a stream that is not a file), computed once per open file."""
    if "_hackpack_digest" not in pdf.__dict__:
        try:
            fd = pdf.stream.fileno()
            data = os.pread(fd, os.fstat(fd).st_size, 0)
        except (AttributeError, OSError, ValueError):  # io.BytesIO has no file number
            pdf._hackpack_digest = None
        else:
            pdf._hackpack_digest = hashlib.sha256(data).hexdigest()[:32]
    return pdf._hackpack_digest
