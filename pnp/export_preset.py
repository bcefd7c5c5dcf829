"""`pnp export --preset NAME`: a kit's files as one print shop asks for them
(pnp.presets), written into out/<game>/<preset id>/ atomically as every export is.

- A "pdf" preset (DriveThruCards): `cards.pdf`, one card face a page at the trim plus
  the shop's bleed, each card's front followed by its back (pnp.render.single's print
  order), TrimBox on each card's trim and BleedBox the page, in the preset's colour.
- A "png" preset (The Game Crafter, MakePlayingCards): a folder per deck (a print
  group: `<deck slug>/`), holding each distinct front once as `NNN-<card id>.png` (NNN
  from 001 in print order), the deck's back as `back.png`, and `quantities.csv` (file,
  card, copies) for the quantities the shop's uploader asks for; every image exactly the
  shop's pixel size (trim plus bleed at the preset's dpi), sRGB, tagged with the sRGB
  profile, the dpi stored.
Both write `UPLOAD.txt`: the shop, the product, the sizes, the order, what the upload
still needs and where the preset's numbers come from. A CMYK preset's PDF is checked
against the shop's total-ink limit, or written under it (`press_for`), and is PDF/X
when the preset names a standard (pnp.render.pdfx).
Nothing here draws a card: faces are drawn by pnp.render.single and rasterised by
pnp.render.raster, as the other exports do. Lengths: mm (`_mm`), points, pixels (`_px`).
Source: issue 27, item 1 ("Shop presets"); issue 44 item 4 ("Press files").
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from contextlib import closing
from dataclasses import replace
from pathlib import Path
from typing import Any

from pnp.core.errors import PnpError
from pnp.drawn_apart import draw_apart
from pnp.export_tts import deck_slugs
from pnp.layout.kit import PrintGroup, front_key
from pnp.presets import Preset
from pnp.render.raster import ProgressFactory, encode_png, rasterise
from pnp.render.single import BACK, FRONT, distinct_sides, print_order

PDF_NAME = "cards.pdf"
UPLOAD_NOTE = "UPLOAD.txt"


def press_for(shop: Preset | None, colour: str, ink_limit: bool) -> tuple[Any, Any]:
    """(how CMYK is written: a pnp.render.cmyk.Press, None for RGB; the total-ink check
    of the faces: a pnp.render.ink_check.InkCheck, or None) for an export with the preset
    `shop` (None: none) in `colour`: a CMYK preset's PDF is PDF/X when it names a
    standard, and either checked against its ink limit or, with `ink_limit`
    (--ink-limit), written under it. PnpError for `ink_limit` without a CMYK preset that
    publishes a limit."""
    if ink_limit and (shop is None or shop.colour != "cmyk" or shop.ink_limit is None):
        what = (
            "needs a CMYK --preset whose shop publishes a total-ink limit (drivethrucards)"
            if shop is None
            else f"is for CMYK files: {shop.shop}'s ink limit: {shop.ink_limit_source}"
        )
        raise PnpError(f"--ink-limit {what}")
    if colour != "cmyk":
        return None, None
    from pnp.render.cmyk import Press
    from pnp.render.ink_check import for_preset

    if shop is None:
        return Press(), None
    limit = shop.ink_limit if ink_limit else None
    press = Press(limit, shop.pdf_x is not None, shop.ink_limit)
    return press, for_preset(shop, ink_limit)


def deck_files(groups: Sequence[PrintGroup]) -> list[tuple[str, list[tuple[str, str, int]]]]:
    """(deck folder, [(file name, card id, copies), ...]) for every print group: its
    distinct fronts in print order as `NNN-<card id>.png` (001, 002, ...), then
    `back.png` (card id "back", copies = the deck's copies) when the group prints a
    back. Folder names are the groups' labels as slugs, unique ("cards", "cards-2")."""
    decks = []
    for group, folder in zip(groups, deck_slugs(groups)):
        copies: dict[str, int] = {}
        for card in group.copies:
            copies[card.id] = copies.get(card.id, 0) + 1
        files = [(f"{n:03d}-{cid}.png", cid, k) for n, (cid, k) in enumerate(copies.items(), 1)]
        if group.back is not None:
            files.append(("back.png", "back", len(group.copies)))
        decks.append((folder, files))
    return decks


def quantities_csv(files: Sequence[tuple[str, str, int]]) -> str:
    """A deck's quantities.csv: a header `file,card,copies` and a row per file."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(("file", "card", "copies"))
    writer.writerows(files)
    return out.getvalue()


def upload_note(preset: Preset, size_name: str, game_name: str, copies: int) -> str:
    """UPLOAD.txt: what was written for `preset` and what the upload still needs."""
    size = preset.size(size_name)
    file_size = (
        f"{size.file_px[0]} x {size.file_px[1]} px at {preset.dpi} dpi"
        if size.file_px
        else f"{size.file_in[0]:g} x {size.file_in[1]:g} in"
        if size.file_in
        else ""
    )
    lines = [
        f"{game_name} for {preset.shop} (pnp export --preset {preset.id})",
        "",
        f"Product: {size.product} ({size_name} cards), {copies} cards.",
        f"Each file: the trim plus {preset.bleed_mm:g} mm bleed on every side, {file_size}; "
        f"text and symbols inside the {preset.safe_mm:g} mm safe zone; "
        f"colour {preset.colour.upper()}.",
        f"Order: {preset.order}.",
        "",
        "Still to do before uploading:",
        *(f"- {need}" for need in preset.still_needs),
        "",
        "Where these numbers come from:",
        *(f"- {s.url} (read {s.read}): {s.what}" for s in preset.sources),
        "",
    ]
    return "\n".join(lines)


def write_shop_pdf(
    preset: Preset, size_name: str, job: Any, staging: Path, progress: ProgressFactory
) -> dict[str, Any]:
    """`<preset id>/cards.pdf` and UPLOAD.txt: every printed copy, its front page then
    its back page (a blank page for a copy printed without a back), each page the trim
    plus the preset's bleed. `job` is a pnp.export.Job; returns the fields of the
    pnp.export.Written it makes. OSError if it cannot be written."""
    root = staging / preset.id
    root.mkdir()
    pages = job.draw(
        root / PDF_NAME, print_order(job.groups), job.frame.bleed, f"{job.name} — {preset.shop}"
    )
    (root / UPLOAD_NOTE).write_text(
        upload_note(preset, size_name, job.name, job.copies), encoding="utf-8"
    )
    no_back = sum(len(g.copies) for g in job.groups if g.back is None)
    return {"files": 2, "pages": pages, "no_back": no_back}


def write_shop_png(
    preset: Preset, size_name: str, job: Any, staging: Path, progress: ProgressFactory
) -> dict[str, Any]:
    """`<preset id>/<deck>/` folders (`deck_files`) of PNGs at the shop's pixel size
    (ShopSize.file_px), sRGB-tagged with the preset's dpi stored, each distinct face
    drawn, rasterised and encoded once; quantities.csv per deck and UPLOAD.txt. `job` is a
    pnp.export.Job; returns the fields of the pnp.export.Written it makes. OSError if a
    file cannot be written."""
    from pnp.data.icc import srgb_profile_bytes

    size = preset.size(size_name).file_px
    assert size is not None  # a png preset names each size's pixels (tests/test_presets)
    root = staging / preset.id
    root.mkdir()
    decks = deck_files(job.groups)
    paths: dict[tuple[str, str | None], list[Path]] = {}
    for group, (folder, files) in zip(job.groups, decks):
        (root / folder).mkdir()
        (root / folder / "quantities.csv").write_text(quantities_csv(files), encoding="utf-8")
        keys = {card.id: front_key(card) for card in group.copies}  # one deck: one front each
        for name, card_id, _copies in files:
            key = (BACK, group.back) if name == "back.png" else (FRONT, keys[card_id])
            paths.setdefault(key, []).append(root / folder / name)
    sides = distinct_sides(job.groups)
    faces = staging / "faces.pdf"
    draw_apart(job, faces, sides, job.frame.bleed, job.name)
    total = sum(len(p) for p in paths.values())
    icc = srgb_profile_bytes()
    with (
        progress(total, f"{job.kit.id}: {preset.shop} PNGs") as bar,
        closing(rasterise(faces, size)) as pages,
    ):
        for index, image in pages:
            encoded = encode_png(image, preset.dpi, icc)
            for path in paths[sides[index].key]:
                path.write_bytes(encoded)
            bar.update(len(paths[sides[index].key]))
    faces.unlink()
    (root / UPLOAD_NOTE).write_text(
        upload_note(preset, size_name, job.name, job.copies), encoding="utf-8"
    )
    no_back = sum(len(g.copies) for g in job.groups if g.back is None)
    folders = tuple(
        (folder, len(files), sum(k for name, _, k in files if name != "back.png"))
        for folder, files in decks
    )
    return {
        "files": total,
        "pages": len(sides),
        "dpi": preset.dpi,
        "card_px": size,
        "no_back": no_back,
        "folders": folders,
    }


def for_preset(options: Any) -> Any:
    """`options` (pnp.export.ExportOptions) with a preset's file type, bleed, dpi and
    colour in place of `format`, `bleed_mm`, `dpi` and `colour` (the same options when no
    preset is named); PnpError for an unknown preset."""
    if options.preset is None:
        return options
    from pnp.presets import preset

    shop = preset(options.preset)
    fmt = "pdf-single" if shop.files == "pdf" else "png"
    return replace(options, format=fmt, bleed_mm=shop.bleed_mm, dpi=shop.dpi, colour=shop.colour)
