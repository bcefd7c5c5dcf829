"""SVG files converted by svglib (`convert`), and what it made of them kept on disk: a
picture is converted once per file content, not once per build or per command (issue 41
item 4, "pictures cost nothing twice"). pnp.data.svg asks here before it checks and
converts a file, and stores what it converted.

Where: pnp.core.disk_cache's folder ($HACKPACK_CACHE_DIR, else the user's cache folder),
under svg/<version>/.
Key: the SHA-256 of the file's bytes, in a folder named by `converter_version` (svglib's
version, reportlab's, and CODE_VERSION, ours: raise it whenever pnp.data.svg's checks or
its conversion change, or this file's format), so a new svglib or new checks never read
an old entry. A file's name, place or modification time are not part of the key.

An entry is one file: its first line the SHA-256 of the rest, then a line of JSON with
the drawing's size (pt), then the drawing in JSON as a tree of reportlab shapes, each
node a class named in `_classes` and its attributes (numbers, strings, None, lists;
tuples marked as such), read only when the drawing is wanted. JSON rather than pickle:
reading an entry builds only those classes and runs nothing the file names, and an
entry that is cut short, garbled or names anything else is a miss.

Beside each drawing, the PDF operators of the forms pnp.render.svg_art made of it, one
file per variant (colour and ink saver: "<key>.<variant>.ops"), kept only when they name
no resource of their document (numbers and operators alone: no font, no graphics state;
an RGB canvas's forms, never a CMYK one's). A warm build then copies each form's
operators into its PDF and neither rebuilds the drawing nor imports reportlab's graphics
(which load platypus). CODE_VERSION covers svg_art's recolouring too.

Safety: entries are written and read as pnp.core.disk_cache writes and reads them, whole
or not at all, so builds running at once each read a whole entry or none; a missing,
damaged, truncated or unreadable entry is a miss (the file is converted again and the
entry written anew), and a cache folder that cannot be written is passed over. None of
it is ever reported: the cache only saves time, and what is printed is the same with or
without it.
"""

from __future__ import annotations

import hashlib
import importlib.util
import io
import json
import os
import re
from pathlib import Path
from typing import Any

from pnp.core.disk_cache import (
    ENV_DIR,
    cache_folder,
    read_checked,
    read_headed,
    write_checked,
    write_headed,
)
from pnp.core.errors import ImageRefused
from pnp.core.records import NamedTuple
from pnp.data import svg_numbers

#: pnp's own part of the converter's version (see the module docstring)
CODE_VERSION = 3
#: the most files kept, drawings and their forms' operators (pnp.core.disk_cache.prune)
KEEP = 8192
#: svglib's Path subclasses, stored as the plain Path they draw as: their overrides of
#: getProperties() (no stroke; no fill nor stroke for a clip path) become attributes.
_FLATTENED = {("svglib.svglib", "NoStrokePath"), ("svglib.svglib", "ClippingPath")}
_SHAPES = ("Drawing", "Group", "Path", "Rect", "Circle", "Ellipse", "Line", "PolyLine",
           "Polygon")  # fmt: skip
_COLOURS = ("Color", "CMYKColor", "PCMYKColor")
_NUMBERS = {float, int}


class _NotStored(Exception):
    """The drawing holds something this cache does not keep: it is not written."""


class Entry(NamedTuple):
    """One converted SVG: its size in points and `tree`, its drawing as `_encode` makes
    it, or the JSON text of that as read from an entry (None when it could not be stored;
    pnp.data.svg then converts the file again to draw it)."""

    width_pt: float
    height_pt: float
    tree: Any = None


def _svglib_version() -> str:
    """svglib's version, from its dist-info folder's name, without importing it (its
    import loads lxml, tinycss2 and cssselect2); the size and time of its module when no
    dist-info is found beside it."""
    spec = importlib.util.find_spec("svglib")
    if spec is None or not spec.origin:
        return "none"
    package = Path(spec.origin).parent
    try:
        for entry in os.scandir(package.parent):
            name = entry.name
            if name.lower().startswith("svglib-") and name.endswith(".dist-info"):
                return name[len("svglib-") : -len(".dist-info")]
        info = os.stat(package / "svglib.py")
    except OSError:
        return "unknown"
    return f"{info.st_size}-{info.st_mtime_ns}"


_version: str | None = None


def converter_version() -> str:
    """The converter's version, svglib-<v>_reportlab-<v>_pnp-<CODE_VERSION>, found once
    per process."""
    global _version
    if _version is None:
        import reportlab

        _version = f"svglib-{_svglib_version()}_reportlab-{reportlab.Version}_pnp-{CODE_VERSION}"
    return _version


#: SVG files svglib has converted in this process (the tests count them: a build whose
#: pictures are all in this cache converts none).
conversions = 0


def convert(data: bytes) -> Any:
    """svglib's Drawing of `data`, checked by pnp.data.svg (its log kept quiet: every
    refusal is pnp.data.svg's). ImageRefused when svglib fails or finds no size."""
    global conversions
    import logging  # here: svglib loads it anyway

    from svglib.svglib import svg2rlg

    conversions += 1
    log = logging.getLogger("svglib.svglib")
    level, log.level = log.level, logging.CRITICAL
    try:
        drawing = svg2rlg(io.BytesIO(data), resolve_entities=False)
    except Exception as exc:  # noqa: BLE001 - svglib's own failure, reported as such
        raise ImageRefused(f"svglib could not draw it ({type(exc).__name__}: {exc})") from None
    finally:
        log.level = level
    if drawing is None:
        raise ImageRefused("svglib could not read it as SVG")
    if not (drawing.width > 0 and drawing.height > 0):
        raise ImageRefused(
            "it has no size: give the <svg> a width and height, or a viewBox, above 0"
        )
    small = svg_numbers.SMALLEST_PT
    if not (drawing.width >= small and drawing.height >= small):
        raise ImageRefused(
            f"it is {drawing.width:g} x {drawing.height:g} pt: too small to scale to a card; "
            f"give the <svg> a width and height of {small:g} pt or more"
        )
    wrong = svg_numbers.unprintable_number(drawing)
    if wrong:
        raise ImageRefused(wrong)
    return drawing


#: (what decides the cache folder: $HACKPACK_CACHE_DIR, $XDG_CACHE_HOME, $HOME; the
#: entries' folder), worked out again only when one of those changes
_folder: tuple[tuple, str] | None = None


def _entry_path(digest: str, suffix: str = ".json") -> str:
    """The file of the entry of `digest` (its drawing), or of what is kept beside it
    (`suffix`: a form's operators); joined as text, the entries' folder found once."""
    global _folder
    setting = tuple(map(os.environ.get, (ENV_DIR, "XDG_CACHE_HOME", "HOME")))
    if _folder is None or _folder[0] != setting:
        _folder = setting, os.path.join(cache_folder(), "svg", converter_version())
    return os.path.join(_folder[1], digest + suffix)


def content_key(data: bytes) -> str:
    """The key of an SVG file's bytes: their SHA-256, in hex."""
    return hashlib.sha256(data).hexdigest()


def kept(key: str) -> bool:
    """Whether an entry of `key` (content_key) is stored; not read, so it may still
    prove damaged when it is (`load`)."""
    return os.path.isfile(_entry_path(key))


def load(key: str) -> Entry | None:
    """The entry of `key` (content_key), or None: none, damaged or unreadable. Only its
    size is read now; its drawing when one is wanted (`drawing`)."""
    entry = read_headed(_entry_path(key))
    if entry is None:
        return None
    size, tree = entry
    try:
        width, height = float(size["width_pt"]), float(size["height_pt"])
    except (ValueError, TypeError, KeyError):
        return None
    if not (width > 0 and height > 0) or not tree:
        return None
    return Entry(width, height, tree)


def _well_formed(tree: Any) -> bool:
    """Whether `tree` is a drawing as `_encode` writes it: every object a class an entry
    may name (the names of _SHAPES and _COLOURS, checked without importing them) with
    attributes by name, every tuple marked."""
    known = set(_SHAPES + _COLOURS)
    pending = [tree]
    while pending:
        value = pending.pop()
        if type(value) is list:
            if not set(map(type, value)) <= _NUMBERS:
                pending.extend(v for v in value if type(v) in (list, dict))
        elif type(value) is dict:
            if value.keys() == {"t"} and type(value["t"]) is list:
                pending.append(value["t"])
            elif value.keys() == {"c", "a"} and value["c"] in known and type(value["a"]) is dict:
                pending.extend(value["a"].values())
            else:
                return False
    return True


def store(key: str, drawing: Any) -> Entry:
    """Keep `drawing` (svglib's, of the bytes of `key`) and return its Entry; an entry
    that cannot be written (a read-only or full disk) is passed over."""
    width, height = float(drawing.width), float(drawing.height)
    try:
        tree = _encode(drawing)
    except _NotStored:
        return Entry(width, height)
    head = {"width_pt": width, "height_pt": height}
    write_headed(Path(_entry_path(key)), head, json.dumps(tree).encode(), KEEP)
    return Entry(width, height, tree)


#: What a form's operators may hold: numbers, operators, arrays, white space; no name
#: (so no resource of one document: a font, a graphics state, a colour space).
_PLAIN_OPERATORS = re.compile(rb"[0-9A-Za-z.*\-\[\] \n]*")


def form_operators(key: str, variant: str) -> bytes | None:
    """The PDF operators of the form of the SVG of `key` drawn as `variant` says (its
    colour, ink saver), kept by `keep_form_operators`, as ASCII bytes of the characters
    `_PLAIN_OPERATORS` allows; None when there are none."""
    if not variant.isalnum():
        return None
    body = read_checked(_entry_path(key, f".{variant}.ops"))
    if body is None or not _PLAIN_OPERATORS.fullmatch(body):
        return None
    return body


def keep_form_operators(key: str, variant: str, operators: str) -> bool:
    """Keep the operators of a form (pnp.render.svg_art) when they name no resource
    (`_PLAIN_OPERATORS`): they are then the same in any document. Whether they were kept."""
    body = operators.encode("ascii", "replace")
    if not _PLAIN_OPERATORS.fullmatch(body) or not variant.isalnum():
        return False
    write_checked(Path(_entry_path(key, f".{variant}.ops")), body, KEEP)
    return True


def _encode(value: Any) -> Any:
    """The JSON form of a value of a drawing (see the module docstring); _NotStored for
    anything else."""
    kind = type(value)
    if value is None or kind in (bool, int, float, str):
        return value
    if kind is list:
        if set(map(type, value)) <= _NUMBERS:  # a path's points: kept as they are
            return value
        return [_encode(v) for v in value]
    if kind is tuple:
        return {"t": [_encode(v) for v in value]}
    attrs = dict(getattr(value, "__dict__", {}))
    name = kind.__name__
    if (kind.__module__, name) in _FLATTENED:
        attrs.update(value.getProperties())
        name = "Path"
    elif _classes().get(name) is not kind:
        raise _NotStored(name)
    attrs.pop("_attrMap", None)  # a Group's: made anew from its class when read
    if any(not isinstance(k, str) or k.startswith("_") for k in attrs):
        raise _NotStored(name)
    return {"c": name, "a": {k: _encode(v) for k, v in attrs.items()}}


_CLASSES: dict[str, type] = {}


def _classes() -> dict[str, type]:
    """The classes an entry may name, by name: reportlab's shapes and colours."""
    if not _CLASSES:
        from reportlab.graphics import shapes
        from reportlab.lib import colors

        _CLASSES.update({n: getattr(shapes, n) for n in _SHAPES})
        _CLASSES.update({n: getattr(colors, n) for n in _COLOURS})
    return _CLASSES


def drawing(tree: Any) -> Any:
    """A fresh reportlab Drawing made from `tree` (an Entry's: as stored, or the JSON
    text of it read from an entry), the caller's to change; None when it is damaged."""
    try:
        if isinstance(tree, bytes):
            tree = json.loads(tree)
            if not _well_formed(tree):
                return None
        made = _decode(tree, _classes())
    except (KeyError, TypeError, ValueError, AttributeError):
        return None
    return made if isinstance(made, _classes()["Drawing"]) else None


def _decode(value: Any, classes: dict[str, type]) -> Any:
    kind = type(value)
    if kind is list:
        if set(map(type, value)) <= _NUMBERS:
            return list(value)
        return [_decode(v, classes) for v in value]
    if kind is not dict:
        return value
    if "t" in value:
        return tuple(_decode(v, classes) for v in value["t"])
    cls = classes[value["c"]]
    made: Any = object.__new__(cls)
    attrs = {str(k): _decode(v, classes) for k, v in value["a"].items()}
    if issubclass(cls, classes["Group"]):
        attrs["_attrMap"] = cls._attrMap.clone()  # type: ignore[attr-defined]
    made.__dict__.update(attrs)
    return made
