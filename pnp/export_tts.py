"""`pnp export --format tts`: a kit as Tabletop Simulator decks.

Each print group (a Hack Back deck, a Not a Hack pile, Hack Attack's deck, the player
aids) becomes one deck: its distinct card faces on deck sheets (`<slug>-<n>.png`, each
card once, copies refer to the same cell), one back image (`<slug>-back.png`), and a
saved object `<game>.json` that lays the decks side by side on the table.

Tabletop Simulator's limits, respected here: a sheet holds at most 10 columns x 7 rows
and at least 2 x 2 (the sizes its Custom Deck import accepts); with `BackIsHidden` the
back image is the face shown for hidden cards, so all 70 cells hold cards; a sheet
should be at most 4096 px on its longer side, so the dpi is lowered from the one asked
for until every sheet of the game fits (one dpi for the whole game, reported). Cards are
at trim size, no bleed: the table shows the whole image. Cells are whole pixels
(round(trim_mm / 25.4 · dpi)), with no gaps, RGB.
The saved object's fields follow the files Tabletop Simulator itself writes (ObjectStates
of DeckCustom and Card objects, CustomDeck sheets keyed by number, CardID = key·100 +
cell index); FaceURL and BackURL are file:/// URLs of the sheets where they are
published, so the JSON works from that folder.
"""

from __future__ import annotations

import hashlib
import json
import re
import unicodedata
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image

from pnp.core.errors import PnpError
from pnp.core.kit_words import kind_word, say, words_of
from pnp.drawn_apart import draw_apart
from pnp.fonts import release as release_fonts
from pnp.layout.kit import PrintGroup, front_key
from pnp.render import raster
from pnp.render.single import BACK, FRONT, distinct_sides

MAX_COLS, MAX_ROWS = 10, 7
MIN_COLS = MIN_ROWS = 2
MAX_SHEET_PX = 4096
#: The card TTS's card model is shaped like (width / height): a poker card. Other trims
#: are scaled across (Transform scaleX) so their images are not stretched.
TTS_CARD_RATIO = 63.5 / 88.9
DECK_SPACING = 3.0  # TTS table units between neighbouring decks' centres


@dataclass(frozen=True)
class Deck:
    """One Tabletop Simulator deck of an export, for the summary: its label, copies,
    sheet grids ((cols, rows) each) and file names (sheets, then the back)."""

    label: str
    copies: int
    grids: tuple[tuple[int, int], ...]
    files: tuple[str, ...]


@dataclass(frozen=True)
class TtsExport:
    """What `write_tts` wrote: files, distinct faces rasterised, the dpi used, a card's
    size in pixels, copies printed without a back (given a white back), the decks and
    the saved object's file name."""

    files: int
    faces: int
    dpi: int
    card_px: tuple[int, int]
    no_back: int
    decks: tuple[Deck, ...]
    save: str


@dataclass(frozen=True)
class Sheet:
    """One deck sheet: its distinct cards in cell order (left to right, top down) and
    its grid, `cols` x `rows` cells."""

    cards: tuple
    cols: int
    rows: int


@dataclass(frozen=True)
class TtsDeck:
    """A print group as a TTS deck: the group, its file-name `slug` and its sheets."""

    group: PrintGroup
    slug: str
    sheets: tuple[Sheet, ...]

    def sheet_names(self) -> list[str]:
        """The sheet images' names, `<slug>-1.png`, `<slug>-2.png`, ..."""
        return [f"{self.slug}-{n}.png" for n in range(1, len(self.sheets) + 1)]

    @property
    def back_name(self) -> str:
        """The back image's name, `<slug>-back.png`."""
        return f"{self.slug}-back.png"


def sheet_grid(n: int, trim_mm: tuple[float, float]) -> tuple[int, int]:
    """(cols, rows) of the sheet for `n` cards (1..70) of `trim_mm`: the fewest cells of
    MIN..MAX columns and rows that hold them, then the shorter longer side."""
    w, h = trim_mm
    fits = [
        (c * r, max(c * w, r * h), c, r)
        for c in range(MIN_COLS, MAX_COLS + 1)
        for r in range(MIN_ROWS, MAX_ROWS + 1)
        if c * r >= n
    ]
    _, _, cols, rows = min(fits)
    return cols, rows


def slug(label: str) -> str:
    """`label` as a file-name stem: ASCII letters and digits in lower case joined by "-"
    ("Player aids" -> "player-aids"); "deck" if nothing is left."""
    ascii_text = unicodedata.normalize("NFKD", label).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-") or "deck"


def tts_decks(groups: Sequence[PrintGroup], trim_mm: tuple[float, float]) -> list[TtsDeck]:
    """One TtsDeck per group (its distinct cards in order of first appearance, 70 to a
    sheet), each with a slug no other deck has ("cards", "cards-2", ...)."""
    decks = []
    per_sheet = MAX_COLS * MAX_ROWS
    for group, name in zip(groups, deck_slugs(groups)):
        distinct: dict[str, Any] = {}
        for card in group.copies:
            distinct.setdefault(front_key(card), card)
        cards = list(distinct.values())
        sheets = tuple(
            Sheet(
                tuple(cards[i : i + per_sheet]), *sheet_grid(len(cards[i : i + per_sheet]), trim_mm)
            )
            for i in range(0, len(cards), per_sheet)
        )
        decks.append(TtsDeck(group, name, sheets))
    return decks


def deck_slugs(groups: Sequence[PrintGroup]) -> list[str]:
    """Each group's label as a file-name `slug`, unique: a second "cards" is "cards-2"."""
    names: list[str] = []
    for group in groups:
        stem, n = slug(group.label), 1
        name = stem
        while name in names:
            n += 1
            name = f"{stem}-{n}"
        names.append(name)
    return names


def fitting_dpi(decks: Sequence[TtsDeck], trim_mm: tuple[float, float], dpi: int) -> int:
    """The highest dpi, at most `dpi`, at which every sheet is at most MAX_SHEET_PX on
    both sides (cells of whole pixels). PnpError if none is (cannot happen for the
    known card sizes: 10 x 7 tarot cards fit at 123 dpi)."""
    grids = {(s.cols, s.rows) for deck in decks for s in deck.sheets}
    for d in range(dpi, 0, -1):
        w, h = raster.pixels(trim_mm[0], d), raster.pixels(trim_mm[1], d)
        if all(c * w <= MAX_SHEET_PX and r * h <= MAX_SHEET_PX for c, r in grids):
            return d
    raise PnpError(f"the deck sheets do not fit {MAX_SHEET_PX} px at any dpi")


def write_tts(
    job: Any, staging: Path, target: Path, dpi: int, progress: raster.ProgressFactory
) -> TtsExport:
    """Write `staging/tts/`: the sheets, backs and `<game>.json` of every group of `job`
    (a pnp.export.Job; module docstring), rasterised from a temporary single-face PDF at
    trim size (`staging/faces.pdf`), page by page, each sheet given to its PNG one
    pixel row at a time (`_sheet_strips`), the fonts released once that PDF is written
    (pnp.fonts.release). The JSON's URLs name `target/tts/`, where pnp.export publishes
    the folder. OSError if a file cannot be written."""
    folder = staging / "tts"
    folder.mkdir()
    decks = tts_decks(job.groups, job.trim_mm)
    used_dpi = fitting_dpi(decks, job.trim_mm, dpi)
    cell = raster.pixels(job.trim_mm[0], used_dpi), raster.pixels(job.trim_mm[1], used_dpi)
    sides = distinct_sides(job.groups)
    pages = {side.key: i for i, side in enumerate(sides)}
    faces = staging / "faces.pdf"
    draw_apart(job, faces, sides, 0.0, job.name)
    release_fonts()  # the PDF is written: its fonts' memory goes to the rasterising
    import pypdfium2 as pdfium  # imported now, it takes its part of that memory too

    total = sum(len(s.cards) for d in decks for s in d.sheets) + len(decks)
    scratch = bytearray(cell[0] * cell[1] * 3)  # every card and back is drawn in it, in turn
    document = pdfium.PdfDocument(str(faces))
    try:
        with progress(total, f"{job.kit.id}: Tabletop Simulator at {used_dpi} dpi") as bar:
            for deck in decks:
                _write_deck(deck, (document, pages, scratch), cell, used_dpi, folder, bar)
    finally:
        document.close()
    save = f"{job.kit.id}.json"
    urls = (target.resolve() / "tts").as_uri()
    text = json.dumps(saved_object(job, decks, urls), indent=2, ensure_ascii=True)
    (folder / save).write_text(text + "\n", encoding="utf-8")
    summary = tuple(
        Deck(
            d.group.label,
            len(d.group.copies),
            tuple((s.cols, s.rows) for s in d.sheets),
            (*d.sheet_names(), d.back_name),
        )
        for d in decks
    )
    files = sum(len(d.files) for d in summary) + 1
    no_back = sum(len(g.copies) for g in job.groups if g.back is None)
    return TtsExport(files, len(sides), used_dpi, cell, no_back, summary, save)


def _face(document, page_index: int, cell: tuple[int, int], scratch: bytearray) -> Image.Image:
    page = document[page_index]
    try:
        return raster.render_page(page, *cell, scratch)
    finally:
        page.close()


def _write_deck(deck: TtsDeck, source: tuple, cell: tuple[int, int], dpi: int, folder: Path, bar):
    """Write `deck`'s sheets (`_sheet_strips`), then its back (white for a group printed
    without one); `source`: (the faces PDF, its page of each side, the pixels' buffer)."""
    document, pages, scratch = source
    w, h = cell
    for sheet, name in zip(deck.sheets, deck.sheet_names()):
        strips = _sheet_strips(sheet, document, pages, cell, scratch, bar)
        raster.write_png_strips(folder / name, (sheet.cols * w, sheet.rows * h), dpi, strips)
    back = deck.group.back
    image = (
        _face(document, pages[(BACK, back)], cell, scratch)
        if back is not None
        else Image.new("RGB", cell, "white")
    )
    (folder / deck.back_name).write_bytes(raster.encode_png(image, dpi))
    bar.update(1)


def _sheet_strips(
    sheet: Sheet, document, pages: dict, cell: tuple[int, int], scratch: bytearray, bar
) -> Iterator[bytes]:
    """The pixel rows of `sheet`, top to bottom, for raster.write_png_strips: each card
    rendered once, into one card's buffer, and kept packed (raster.render_packed) until
    its row of cards is given side by side, white after the last card. No more than one
    card's pixels, one row of packed cards and one band of it unpacked are held (a row
    of 10 poker cards at 163 dpi would be 6.7 MiB)."""
    w, h = cell
    for row in range(sheet.rows):
        packed = []
        for card in sheet.cards[row * sheet.cols : (row + 1) * sheet.cols]:
            page = document[pages[(FRONT, front_key(card))]]
            try:
                packed.append(raster.render_packed(page, w, h, scratch))
            finally:
                page.close()
            bar.update(1)
        yield from raster.side_by_side(packed, sheet.cols * w, h)


def card_name(card: Any) -> str:
    """What `card` is called on the table: the name printed on it (`name`, else
    `title`); a card printed without one (a Not a Hack hack prompt) by its printed
    `text`; else its id."""
    for attribute in ("name", "title", "text"):
        value = getattr(card, attribute, None)
        if isinstance(value, str) and value.strip():
            return value
    return card.id


def _guid(seed: str, used: set[str]) -> str:
    """A six-hex-digit GUID, the same for the same `seed`, none in `used` twice."""
    n = 0
    while True:
        guid = hashlib.sha1(f"{seed}/{n}".encode()).hexdigest()[:6]
        if guid not in used:
            used.add(guid)
            return guid
        n += 1


def _transform(x: float, scale_x: float) -> dict:
    return {
        "posX": x,
        "posY": 1.0,
        "posZ": 0.0,
        "rotX": 0.0,
        "rotY": 180.0,
        "rotZ": 180.0,
        "scaleX": scale_x,
        "scaleY": 1.0,
        "scaleZ": 1.0,
    }


def _object(name: str, nickname: str, description: str, transform: dict, guid: str) -> dict:
    return {
        "GUID": guid,
        "Name": name,
        "Transform": transform,
        "Nickname": nickname,
        "Description": description,
        "GMNotes": "",
        "ColorDiffuse": {"r": 0.713235259, "g": 0.713235259, "b": 0.713235259},
        "Locked": False,
        "Grid": True,
        "Snap": True,
        "Autoraise": True,
        "Sticky": True,
        "Tooltip": True,
        "HideWhenFaceDown": True,
        "SidewaysCard": False,
    }


def saved_object(job: Any, decks: Sequence[TtsDeck], folder_url: str) -> dict:
    """The Tabletop Simulator saved object of `decks`: one DeckCustom per deck (a Card
    for a one-copy group) in ObjectStates, side by side face down along x, each with
    its sheets in CustomDeck (keys 1, 2, ... across the game), DeckIDs and
    ContainedObjects in print order, and each card's printed name as its Nickname.
    `folder_url` is the file:/// URL of the folder the images are published in."""
    w_mm, h_mm = job.trim_mm
    scale_x = round((w_mm / h_mm) / TTS_CARD_RATIO, 4)
    guids: set[str] = set()
    states, key = [], 0
    for index, deck in enumerate(decks):
        transform = _transform(index * DECK_SPACING, scale_x)
        back_url = f"{folder_url}/{deck.back_name}"
        sheets, cells = {}, {}
        for sheet, name in zip(deck.sheets, deck.sheet_names()):
            key += 1
            sheets[key] = {
                "FaceURL": f"{folder_url}/{name}",
                "BackURL": back_url,
                "NumWidth": sheet.cols,
                "NumHeight": sheet.rows,
                "BackIsHidden": True,
                "UniqueBack": False,
                "Type": 0,
            }
            cells.update({card.id: (key, i) for i, card in enumerate(sheet.cards)})
        cards, words = [], words_of(job.data)
        for n, card in enumerate(deck.group.copies):
            sheet_key, i = cells[card.id]
            obj = _object(
                "Card",
                card_name(card),
                kind_word(words, "kind", kind) if (kind := getattr(card, "kind", "")) else "",
                transform,
                _guid(f"{job.kit.id}/{deck.slug}/{n}", guids),
            )
            obj.update(
                {
                    "Hands": True,
                    "CardID": sheet_key * 100 + i,
                    "CustomDeck": {str(sheet_key): sheets[sheet_key]},
                }
            )
            cards.append(obj)
        if len(cards) == 1:
            states.append(cards[0])
            continue
        obj = _object(
            "DeckCustom",
            deck.group.label,
            f"{job.name}: {say(words, 'first.n_cards', n=len(cards))}",
            transform,
            _guid(f"{job.kit.id}/{deck.slug}", guids),
        )
        obj.update(
            {
                "Hands": False,
                "DeckIDs": [c["CardID"] for c in cards],
                "CustomDeck": {str(k): v for k, v in sheets.items()},
                "ContainedObjects": cards,
            }
        )
        states.append(obj)
    return {
        "SaveName": job.name,
        "GameMode": "",
        "Date": "",
        "Table": "",
        "Sky": "",
        "Note": "",
        "Rules": "",
        "XmlUI": "",
        "LuaScript": "",
        "LuaScriptState": "",
        "ObjectStates": states,
        "TabStates": {},
        "VersionNumber": "",
    }
