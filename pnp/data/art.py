"""Card art in the data: the `art` key any card table, deck table or [back] table may
hold, read into an `ArtSpec` (the image checked, its path inside the game folder).

    art = "art/smart-tv.png"                          # a window-less, full-bleed picture
    art = { file = "art/smart-tv.png", window = [6, 30, 51.5, 24], fit = "contain" }

Keys of the table form (lengths in mm):
  file    the image, relative to the game folder; it must resolve inside the folder.
  window  [left, top, width, height] in mm from the trim's top-left corner: the art sits
          in that window on the face; without it the art fills the card to the bleed.
  fit     "cover" (the default: fill the window or card, cropping) or "contain" (all of
          the image, letterboxed).
  focus   [x, y], 0..1 from the image's left and top edge: the point kept in view when
          `cover` crops (default [0.5, 0.5], the centre).
  bleed   mm of bleed the image already carries on each side (default 0; full-bleed art
          with less than the build's bleed gets the rest made by extending its edges).
  alone   true: the image is the whole face and the face's own design is not printed
          (default: true for a full-bleed back, false otherwise).
  area    true: the picture goes in the art area its face keeps for a picture (every
          face kind of a shipped game has one, at every card size), fitted to it; no
          window. An icon table's pictures (pnp.data.icons) are placed so.
  colour  "#RRGGBB", SVG art only: every filled or stroked shape of the SVG is painted in
          that colour (its transparency kept), e.g. an icon in its category's colour.
A file ending in .svg is SVG art (pnp.data.svg: checked, then drawn as vectors); any
other is a raster image (pnp.data.images).
Source: issue 12 and shared/DESIGN.md, "Card faces" (art); issue 28 item 1 (SVG).
"""

from __future__ import annotations

import errno
import math
import os
import re
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnp.core.errors import ImageRefused, Problem
from pnp.core.file_kinds import kind_of
from pnp.core.shown import described, quoted
from pnp.data.models import Origin
from pnp.data.schema import Field
from pnp.data.svg import SvgInfo, is_svg_path, probe_svg

if TYPE_CHECKING:  # pnp.data.images (Pillow) is loaded for the first raster picture
    from pnp.data.images import ImageInfo

FITS = ("cover", "contain")
MAX_ART_BLEED_MM = 10.0
MAX_WINDOW_MM = 500.0  # larger than any card: a window value past it is a typo
KEYS = ("file", "window", "fit", "focus", "bleed", "alone", "area", "colour")
_HEX = re.compile(r"#[0-9A-Fa-f]{6}")

ART_FIELD = Field(
    "art",
    "art",
    'an image path such as "art/smart-tv.png", or a table '
    '{ file = ..., window = [left, top, width, height], fit = "cover" or '
    '"contain", focus = [x, y], bleed = mm, alone = true, area = true, '
    'colour = "#RRGGBB" (SVG) }',
    required=False,
)


@dataclass(frozen=True)
class ArtSpec:
    """One image a face prints: the `file` as written, the checked `image`, its `fit`,
    `focus` (fractions from the image's left and top edge), its own `bleed_mm`, the
    `window_mm` (left, top, width, height from the trim's top-left, mm; None: full
    bleed), whether it is printed `alone` (None: the default for where it is), the
    `colour` ("#RRGGBB") an SVG is painted in (None: its own colours), whether it goes in
    its face's art `area` (pnp.layout.face.Face.art_area) and the `origin`
    of the `art` key, for messages. `image` is an ImageInfo, or an SvgInfo for SVG."""

    file: str
    image: ImageInfo | SvgInfo
    fit: str = "cover"
    focus: tuple[float, float] = (0.5, 0.5)
    bleed_mm: float = 0.0
    window_mm: tuple[float, float, float, float] | None = None
    alone: bool | None = None
    colour: str | None = None
    area: bool = False
    origin: Origin | None = field(default=None, compare=False)

    @property
    def vector(self) -> bool:
        """True for SVG art (drawn as vectors: no dpi, no bleed made from pixels)."""
        return isinstance(self.image, SvgInfo)

    @property
    def full_bleed(self) -> bool:
        """True when the art fills the card to the bleed (no window, no art area)."""
        return self.window_mm is None and not self.area

    def prints_alone(self, back: bool) -> bool:
        """Whether the image is the whole face: `alone` if set, else true only for a
        full-bleed image on a back."""
        return self.alone if self.alone is not None else (back and self.full_bleed)


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _wrong_numbers(value: Any, names: tuple[str, ...], ok, allowed: str) -> str | None:
    """What is wrong with `value` as a list of len(names) finite numbers each passing
    `ok(name, number)` (`allowed` says the range in words), or None when nothing is."""
    if not isinstance(value, list) or len(value) != len(names):
        return f"expected {len(names)} numbers, got {described(value)}"
    for name, v in zip(names, value):
        if not _number(v):
            return f"{name} is not a finite number, got {described(v)}"
        if not ok(name, v):
            return f"{name} {v:g} is outside {allowed}"
    return None


def resolve_art_path(file: str, folder: Path, base: Path | None = None) -> Path:
    """The image `file` names, resolved (links followed) inside the game `folder` (`base`:
    the folder resolved, when the caller has it). Raises ImageRefused when it is
    absolute, empty, leads outside the folder, does not exist or is not a regular file
    (checked before anything opens it)."""
    if not file.strip() or "\x00" in file:
        raise ImageRefused(
            "the image path is empty"
            if not file.strip()
            else "the image path holds a NUL character"
        )
    path = Path(file)
    if path.is_absolute() or (path.drive or path.root):
        raise ImageRefused(
            "the image path must be relative to the game folder, "
            f'such as "art/{path.name or "card.png"}"'
        )
    base = base or folder.resolve()
    real = os.path.realpath(base / path)  # as Path.resolve, which then stats it too:
    try:  # that one stat tells a link loop, and the file's kind once it is inside
        found: os.stat_result | OSError = os.stat(real)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise ImageRefused(f"cannot follow the path: Symlink loop from {real!r}") from None
        found = exc
    resolved = Path(real)
    if not resolved.is_relative_to(base):
        raise ImageRefused(
            "the image must be inside the game folder "
            f"{quoted(str(base))}; {quoted(file)} leads outside it"
        )
    if isinstance(found, FileNotFoundError):
        raise ImageRefused("the file does not exist")
    if isinstance(found, OSError):
        raise ImageRefused(f"cannot read the file: {found.strerror or found}")
    mode = found.st_mode
    if not stat.S_ISREG(mode):  # a FIFO would block the reader; a folder is no image
        raise ImageRefused(f"it is {kind_of(mode)}, not an image file")
    return resolved


#: While `art_problems_aside` runs: where parse_art puts its problems (the card is then
#: read without its picture), so the rest of the data loads and validation can check
#: every other picture's resolution in the same round.
_ASIDE: ContextVar[list | None] = ContextVar("pnp_art_problems_aside", default=None)


@contextmanager
def art_problems_aside() -> Iterator[list[Problem]]:
    """Within the block, a picture with a problem is left off its card and its problems
    are collected instead of failing the load; yields the list they go to."""
    kept: list[Problem] = []
    token = _ASIDE.set(kept)
    try:
        yield kept
    finally:
        _ASIDE.reset(token)


def parse_art(value: Any, origin: Origin, folder: Path) -> tuple[ArtSpec | None, list[Problem]]:
    """See `_parse_art`; within `art_problems_aside`, (None, []) for a picture with
    problems, which go to the block's list."""
    spec, problems = _parse_art(value, origin, folder)
    aside = _ASIDE.get()
    if aside is not None and problems:
        aside.extend(problems)
        return None, []
    return spec, problems


def _parse_art(value: Any, origin: Origin, folder: Path) -> tuple[ArtSpec | None, list[Problem]]:
    """Read an `art` value (a path, or a table of the keys in this module's docstring)
    of a table whose `origin` is given, with image paths relative to `folder`; the
    image is probed (pnp.data.images.probe). Returns (the ArtSpec, []) or (None, every
    problem), each at the `art` key's file:line."""
    bad = lambda message: (None, [origin.problem(message)])
    if isinstance(value, str):
        value = {"file": value}
    if not isinstance(value, dict):
        return bad(f"expected an image path or an art table, got {described(value)}")
    problems = [
        origin.problem(f"unknown key {quoted(k)} in the art table; allowed keys: {', '.join(KEYS)}")
        for k in value
        if k not in KEYS
    ]
    options: dict[str, Any] = {}
    fit = value.get("fit", "cover")
    if fit not in FITS:
        problems.append(origin.problem(f'fit is "cover" or "contain", got {described(fit)}'))
    options["fit"] = fit
    if "focus" in value:
        focus = value["focus"]
        wrong = _wrong_numbers(focus, ("x", "y"), lambda name, v: 0 <= v <= 1, "0..1")
        if wrong:
            problems.append(
                origin.problem(
                    f"focus is [x, y] with each 0..1 (from the image's left and top edge): {wrong}"
                )
            )
        else:
            options["focus"] = (float(focus[0]), float(focus[1]))
    if "bleed" in value:
        bleed = value["bleed"]
        if not _number(bleed) or not 0 <= bleed <= MAX_ART_BLEED_MM:
            problems.append(
                origin.problem(
                    f"bleed is the image's own bleed, 0..{MAX_ART_BLEED_MM:g}"
                    f" mm, got {described(bleed)}"
                )
            )
        else:
            options["bleed_mm"] = float(bleed)
    if "window" in value:
        window = value["window"]
        wrong = _wrong_numbers(
            window,
            ("left", "top", "width", "height"),
            lambda name, v: (
                (0 < v if name in ("width", "height") else 0 <= v) and v <= MAX_WINDOW_MM
            ),
            f"0..{MAX_WINDOW_MM:g} mm, width and height above 0",
        )
        if wrong:
            problems.append(
                origin.problem(
                    f"window is [left, top, width, height] in mm from the trim's top-left corner: "
                    f"{wrong}"
                )
            )
        else:
            options["window_mm"] = tuple(float(v) for v in window)
    if "alone" in value:
        if not isinstance(value["alone"], bool):
            problems.append(
                origin.problem(f"alone is true or false, got {described(value['alone'])}")
            )
        elif value["alone"] and "window" in value:
            problems.append(
                origin.problem(
                    "alone = true prints only the picture, so with a window the rest of the "
                    "card would be blank; drop the window (full bleed) or alone"
                )
            )
        else:
            options["alone"] = value["alone"]
    if "area" in value:
        if not isinstance(value["area"], bool):
            problems.append(
                origin.problem(f"area is true or false, got {described(value['area'])}")
            )
        elif value["area"] and ("window" in value or value.get("alone")):
            problems.append(
                origin.problem(
                    "area = true places the picture in its face's art area; "
                    + ("drop the window" if "window" in value else "drop alone")
                )
            )
        else:
            options["area"] = value["area"]
    file = value.get("file")
    if "colour" in value:
        hex_rgb = value["colour"]
        if not isinstance(hex_rgb, str) or not _HEX.fullmatch(hex_rgb):
            problems.append(
                origin.problem(f'colour is "#RRGGBB", such as "#1F6FB2", got {described(hex_rgb)}')
            )
        elif isinstance(file, str) and not is_svg_path(file):
            problems.append(
                origin.problem(
                    "colour repaints SVG art only; "
                    f"{quoted(file)} is a raster image: drop colour or use an .svg file"
                )
            )
        else:
            options["colour"] = hex_rgb.upper()
    if not isinstance(file, str):
        problems.append(
            origin.problem(
                'the art table needs file = "path/to/image.png"'
                + ("" if file is None else f", got {described(file)}")
            )
        )
        return None, problems
    try:
        path = resolve_art_path(file, folder)
        image: ImageInfo | SvgInfo = probe_svg(path) if is_svg_path(file) else _probe(path)
    except ImageRefused as exc:
        problems.append(origin.problem(f"{quoted(file)}: {exc}"))
        return None, problems
    if problems:
        return None, problems
    return ArtSpec(file, image, origin=origin, **options), []


def _probe(path: Path) -> ImageInfo:
    """pnp.data.images.probe, imported for the first raster picture: a kit of SVG
    pictures never loads Pillow."""
    from pnp.data.images import probe

    return probe(path)
