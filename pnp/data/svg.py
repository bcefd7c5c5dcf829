"""SVG card art, checked before svglib sees it: `probe_svg(path)` reads the file once,
refuses anything unsafe or that svglib cannot draw as designed (`ImageRefused`, one
reason for the user, with the SVG's own line when there is one), and describes it
(`SvgInfo`: its size in points, as svglib measures it). `drawing(info)` gives the
reportlab Drawing to print, a fresh one each time, from the same conversion. A file's
bytes are checked and converted once per content: pnp.data.svg_cache keeps what svglib
made of them on disk, so a second build (or `pnp validate`) neither checks nor converts
them again, and never imports svglib.

Safety (in this order; the parser is the standard library's expat, driven by hand):
- at most MAX_SVG_BYTES bytes, MAX_SVG_ELEMENTS elements (counting what every <use>
  copies, so a nest of <use> cannot multiply the drawing) and MAX_SVG_DEPTH levels;
- no DOCTYPE at all, hence no ENTITY (billion laughs, XXE) and no external DTD: expat's
  handlers refuse the declaration as it begins, before anything is expanded;
- no external reference: every href (plain or xlink) is a same-document "#id", every
  url(...) in an attribute or a <style> is url(#id), no @import, no <?xml-stylesheet?>;
- no <script>, no on* event attribute, no <foreignObject>, no <image> (SVG art is
  vectors only: an embedded picture, data: URI included, is refused; use a PNG);
- features svglib cannot draw as designed are refused by name (UNSUPPORTED): filters,
  masks, patterns, markers, gradients (they would not follow `colour`, --ink-saver or
  CMYK), animation (<animate>, <set>: never printed, and able to swap an href) and text
  (drawn in a stand-in font; convert text to paths);
- the root is an <svg> element of the SVG namespace with a size above 0.
Source: issue 28 item 1 ("SVG becomes a supported art format ... size limits, no external
references or entities, no scripts, a clear error for an unsupported feature").
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any

from pnp.core.errors import ImageRefused
from pnp.core.file_kinds import kind_of
from pnp.core.records import NamedTuple
from pnp.data import svg_cache
from pnp.data.svg_checks import MAX_SVG_BYTES, check_svg_bytes, too_large

SUFFIXES = (".svg",)
CACHE_SIZE = 256


_cache: dict[tuple, SvgInfo] = {}


class SvgInfo(NamedTuple):
    """A checked SVG file: `path` as given to `probe_svg`; `width_pt` x `height_pt` its
    size as svglib draws it (points, above 0); `stamp` (st_size, st_mtime_ns); `notes`
    and `warnings` as an ImageInfo's (none today). `width_px`/`height_px` give the size
    again (in points) so pnp.layout.art fits it like a picture; `format` is "SVG"."""

    path: Path
    width_pt: float
    height_pt: float
    stamp: tuple
    notes: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()
    format: str = "SVG"
    key: str = ""  # the content's key in pnp.data.svg_cache

    @property
    def width_px(self) -> float:
        """The width used for fitting (pt; an SVG has no pixels)."""
        return self.width_pt

    @property
    def height_px(self) -> float:
        """The height used for fitting (pt)."""
        return self.height_pt


def is_svg_path(path: Path | str) -> bool:
    """Whether `path` names SVG art (its suffix, any case, is one of SUFFIXES)."""
    return Path(path).suffix.lower() in SUFFIXES


def _stamp(path: Path) -> tuple:
    """(st_size, st_mtime_ns) of a regular file within MAX_SVG_BYTES, else ImageRefused."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise ImageRefused("the file does not exist") from None
    except OSError as exc:
        raise ImageRefused(f"cannot read the file: {exc.strerror or exc}") from None
    if not stat.S_ISREG(info.st_mode):
        raise ImageRefused(f"it is {kind_of(info.st_mode)}, not an image file")
    if info.st_size > MAX_SVG_BYTES:  # refused before a byte is read
        raise ImageRefused(too_large(info.st_size))
    return (info.st_size, info.st_mtime_ns)


def read_bytes(path: Path, stamp: tuple | None = None) -> tuple[bytes, tuple]:
    """The bytes of the file at `path` and its stamp (`stamp`, when the caller has just
    taken it), unchecked; ImageRefused as `_stamp`."""
    stamp = stamp or _stamp(path)
    try:
        with open(path, "rb") as f:
            return f.read(MAX_SVG_BYTES + 1), stamp
    except OSError as exc:
        raise ImageRefused(f"cannot read the file: {exc.strerror or exc}") from None


def _read(path: Path) -> tuple[bytes, tuple]:
    data, stamp = read_bytes(path)
    check_svg_bytes(data)
    return data, stamp


def _converted(data: bytes) -> tuple[str, svg_cache.Entry, bool]:
    """(the key of `data`, what svglib makes of them, whether they were converted now):
    from pnp.data.svg_cache when these bytes were converted before (they passed the
    checks then, under the same converter version), else checked, converted and stored
    there. ImageRefused as `check_svg_bytes` and svg_cache.convert."""
    key = svg_cache.content_key(data)
    entry = svg_cache.load(key)
    if entry is not None:
        return key, entry, False
    check_svg_bytes(data)
    return key, svg_cache.store(key, svg_cache.convert(data)), True


def probe_svg(path: Path) -> SvgInfo:
    """Check the SVG file at `path` (already resolved inside the game folder) and
    describe it (once per file stamp in a process, once per file content while the
    cache keeps it). Raises ImageRefused: missing, not a regular file, unreadable, or
    breaking a rule of the module docstring."""
    key = (path, _stamp(path))
    if key not in _cache:  # a file probed once is not read again for each card
        data, stamp = read_bytes(path, key[1])
        content, entry, converted = _converted(data)
        if len(_cache) >= CACHE_SIZE:
            _trees.pop(next(iter(_cache)), None)
            del _cache[next(iter(_cache))]
        _cache[key] = SvgInfo(path, entry.width_pt, entry.height_pt, stamp, key=content)
        if converted:  # an entry read from the cache is read again when it is drawn
            _trees[key] = entry.tree
    return _cache[key]


#: The drawing of each file converted when it was probed, as pnp.data.svg_cache keeps
#: it, per (path, stamp): each form made from it gets fresh shapes of its own to
#: recolour, with no deep copy and no second conversion; dropped with its SvgInfo. A
#: file whose entry was read from the cache is not here: its entry is read again when
#: a form is made of it, which a warm build (the forms' operators kept too) never
#: does, so it holds none of the drawings (0.6 MiB for Hack Attack's pictures).
_trees: dict[tuple, Any] = {}


def drawing(info: SvgInfo) -> Any:
    """A fresh reportlab Drawing of `info`'s file (size `info.width_pt` x `height_pt`),
    the caller's to change: made from what was converted when it was probed, or from its
    entry in pnp.data.svg_cache, while the file's stamp (size, modification time) is
    unchanged, else from its bytes read and checked again. ImageRefused when the file changed since it was probed or breaks a
    rule now."""
    key = (info.path, info.stamp)
    if _stamp(info.path) == info.stamp:
        tree = _trees.get(key)
        if tree is None and info.key:
            entry = svg_cache.load(info.key)
            tree = entry.tree if entry is not None else None
        made = svg_cache.drawing(tree) if tree is not None else None
        if made is not None:
            return made
    data, stamp = _read(info.path)
    if stamp != info.stamp:
        raise ImageRefused("the file changed while the PDF was being written; build again")
    made = svg_cache.convert(data)
    if info.key and info.key == svg_cache.content_key(data):  # its entry was damaged
        tree = svg_cache.store(info.key, made).tree
        _trees[key] = tree
        fresh = svg_cache.drawing(tree) if tree is not None else None
        if fresh is not None:  # as every other build draws it: from the entry
            return fresh
    return made


def form_operators(info: SvgInfo, variant: str) -> bytes | None:
    """The PDF operators kept for the form of `info`'s file drawn as `variant`
    (pnp.data.svg_cache.form_operators) while the file's stamp is unchanged, else None.
    ImageRefused when the file is gone or unreadable."""
    if not info.key or _stamp(info.path) != info.stamp:
        return None
    return svg_cache.form_operators(info.key, variant)
