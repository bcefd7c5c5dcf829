"""Print-shop presets: what DriveThruCards, The Game Crafter and MakePlayingCards ask an
upload to be, read from shops.toml beside this module (data, so a designer can read
and cite it): card sizes offered, bleed and safe zone (mm), resolution (dpi), file type
("pdf": one PDF, a face a page; "png": a PNG per distinct face, per deck), colour mode,
file order, the sources the numbers come from, what the upload still needs, the total-ink
limit the shop publishes (or why there is none) and the PDF/X standard and output
profile a PDF preset is written to and the shop names.
`pnp export --preset NAME` writes a preset's files (pnp.export_preset); `pnp validate
--preset NAME` checks a kit against one without writing anything.
Source: issue 27, item 1 ("Shop presets").
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from pnp.core.errors import PnpError
from pnp.core.shown import quoted
from pnp.core.sizes import card_mm, card_size_name


@dataclass(frozen=True)
class ShopSize:
    """A card size a shop prints: our size name (pnp.core.sizes.CARD_SIZES_MM), the
    shop's product name, and the shop's own file size: `file_px` (width, height) in
    pixels for an image preset, `file_in` (width, height) in inches for a PDF one,
    each the trim plus the bleed on both sides."""

    name: str
    product: str
    file_px: tuple[int, int] | None = None
    file_in: tuple[float, float] | None = None


@dataclass(frozen=True)
class Source:
    """Where a preset's numbers come from: the page (`url`), the day it was read
    (ISO date) and what it says."""

    url: str
    read: str
    what: str


@dataclass(frozen=True)
class Preset:
    """One shop's upload: `id` (the --preset value), the shop's name, `files` ("pdf" or
    "png"), `colour` ("cmyk" or "rgb"), the bleed and the safe zone's inset from the
    trim in mm, the resolution in dpi (of the images; of the art's check in a PDF), the
    sizes offered by our size name, the file order in words, what the upload still
    needs (sentences), the sources, the total ink (C + M + Y + K, %) the shop allows
    (`ink_limit`; None when it publishes none) and `ink_limit_source` (where it is
    published, or that it is not), the PDF/X standard the PDF is written to (`pdf_x`,
    None: plain PDF) and the output profile the shop names (`profile_named`)."""

    id: str
    shop: str
    files: str
    colour: str
    bleed_mm: float
    safe_mm: float
    dpi: int
    sizes: dict[str, ShopSize]
    order: str
    still_needs: tuple[str, ...]
    sources: tuple[Source, ...]
    ink_limit: int | None = None
    ink_limit_source: str = ""
    pdf_x: str | None = None
    profile_named: str | None = None

    def size(self, name: str) -> ShopSize:
        """The shop's product for our card size `name` (pnp.core.sizes: its mm decide, so
        "63.5x88.9mm" is poker); PnpError naming the sizes the shop prints when it prints
        no card of that size."""
        trim = card_mm(name)
        for ours, product in self.sizes.items():
            if card_mm(ours) == trim:
                return product
        offered = ", ".join(self.sizes)
        raise PnpError(
            f"{self.shop} (--preset {self.id}) prints no {card_size_name(name)} cards here: "
            f"its preset offers {offered} (choose one with --card-size)"
        )


def _preset(key: str, raw: dict) -> Preset:
    sizes = {
        name: ShopSize(
            name,
            spec["product"],
            tuple(spec["file_px"]) if "file_px" in spec else None,
            tuple(spec["file_in"]) if "file_in" in spec else None,
        )
        for name, spec in raw["sizes"].items()
    }
    return Preset(
        key,
        raw["shop"],
        raw["files"],
        raw["colour"],
        float(raw["bleed_mm"]),
        float(raw["safe_mm"]),
        int(raw["dpi"]),
        sizes,
        raw["order"],
        tuple(raw["still_needs"]),
        tuple(Source(s["url"], s["read"], s["what"]) for s in raw["sources"]),
        int(raw["ink_limit"]) if "ink_limit" in raw else None,
        raw["ink_limit_source"],
        raw.get("pdf_x"),
        raw.get("profile_named"),
    )


@lru_cache(maxsize=1)
def presets() -> dict[str, Preset]:
    """Every preset of shops.toml, by id, in the file's order."""
    text = resources.files(__package__).joinpath("shops.toml").read_text(encoding="utf-8")
    return {key: _preset(key, raw) for key, raw in tomllib.loads(text).items()}


PRESET_IDS = ("drivethrucards", "thegamecrafter", "makeplayingcards")


def preset(name: str) -> Preset:
    """The preset called `name`; PnpError naming the known ones otherwise."""
    known = presets()
    if name not in known:
        raise PnpError(f"unknown preset {quoted(name)}; known: {', '.join(known)}")
    return known[name]
