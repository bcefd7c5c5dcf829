"""Player-aid faces, shared by every game: a caption, the aid's title, a rule and the
turn's steps laid out as an aid (pnp.layout.aid_text: numbered, bold leads, phases
apart); and the aid back, which tells
an aid from every deck and pile. Card-local points; positions designed on a poker card
in mm from the trim's top edge (pnp.layout.design.DesignGrid). Source: shared/DESIGN.md,
"Player aids"; the data is pnp.data.aid.
"""

from __future__ import annotations

from typing import Any

from pnp.core.kit_words import say, words_of
from pnp.core.units import mm_to_pt, pt_to_mm
from pnp.data.aid import AidCard
from pnp.data.models import Origin
from pnp.fonts import BOLD, REGULAR, metrics
from pnp.layout.aid_text import (
    AID_LINES,
    NUMBER_GAP,
    AidBlock,
    TooLong,
    body_box,
    fit_aid,
    lay_out,
    max_size,
)
from pnp.layout.card_frame import BODY_FLOOR_PT, CardFrame
from pnp.layout.design import DesignGrid, label, line_at, title
from pnp.layout.face import Face, Fill, Text
from pnp.layout.imposition import Rect
from pnp.layout.text import LEADING, text_width

#: The back id of player-aid cards (a key of every kit's backs when it prints aids).
AID_BACK = "aid"


def aid_face(card: AidCard, data: Any, frame: CardFrame) -> Face:
    """Every element of an aid's front: the caption, the title, a rule, and the steps
    laid out as an aid (pnp.layout.aid_text.fit_aid): phase headings in the game's back
    colour, each step's number and bold lead on its first line, its wrapped lines under
    its text. An aid that cannot print in AID_LINES lines has one TooLong element in
    their place, which validation reports."""
    g, src, colour = DesignGrid(frame), card.source, data.info.back.colour
    caption, caption_from = _caption(data)
    box = body_box(frame)
    block = fit_aid(card.phases, box, max_size(frame))
    steps = _step_texts(block, box, colour, src.at("lines")) if block else (_too_long(card, box),)
    band = g.box(7.5, 10.5)
    area = _art_area(block, box, frame)
    if area is None:  # no room under the steps: a small picture at the title's right
        side = min(band.h, mm_to_pt(11.0))
        area = Rect(band.x + band.w - side, band.y + (band.h - side) / 2, side, side)
        room = side + mm_to_pt(1.0)  # kept on both sides, so the title stays centred
        band = Rect(band.x + room, band.y, band.w - 2 * room, band.h)
    head = title("name", card.name, band, size=g.pt(13.0), colour=colour, origin=src.at("name"))
    return Face(
        elements=(
            label("kind", caption, g.box(3.2, 3.5), origin=caption_from),
            head,
            g.rule("rule", g.y(19.5)),
            *steps,
        ),
        source=src,
        art_area=area,
        art_colour=pale(colour, ART_TINT),
    )


def _caption(data: Any) -> tuple[str, Any]:
    """The aids' caption in the kit's words ("aid.caption") and where it comes from
    (game.toml's [words], so that a translation's problem is at its row)."""
    source = getattr(data.info, "words_source", None)
    origin = source.at("aid.caption") if source is not None else None
    return say(words_of(data), "aid.caption"), origin


#: An aid's picture: at least this tall (mm) under its steps, printed at this share of
#: the game's colour (the rest white), so it fills the card's foot without weighing on it.
ART_MIN_MM, ART_MAX_MM, ART_TINT = 12.0, 30.0, 0.45


def _art_area(block: AidBlock | None, box: Rect, frame: CardFrame) -> Rect | None:
    """Where an aid's picture goes (pt): the room between its last step and the foot of
    the safe area, at most ART_MAX_MM tall (grown with the card) and centred in that
    room; None when less than ART_MIN_MM is left. Issue 28 items 1 and 2."""
    if block is None:
        return None
    gap = mm_to_pt(2.0)
    foot = frame.safe.y
    room = box.top - block.height - gap - foot
    if room < mm_to_pt(ART_MIN_MM):
        return None
    h = min(room, mm_to_pt(ART_MAX_MM) * DesignGrid(frame).type)
    return Rect(box.x, foot + (room - h) / 2, box.w, h)


def pale(hex_rgb: str, share: float) -> str:
    """`hex_rgb` ("#RRGGBB") mixed with white: `share` of the colour (0..1)."""
    rgb = (int(hex_rgb[i : i + 2], 16) for i in (1, 3, 5))
    return "#" + "".join(f"{round(255 - (255 - c) * share):02X}" for c in rgb)


def _step_texts(block: AidBlock, box: Rect, colour: str, origin: Origin) -> tuple[Text, ...]:
    """One Text per run of a line (number, lead, words) of `block`, at its place in
    `box` (pt): each set at the block's size, one line, left-aligned (numbers right)."""
    size, ascent = block.size, metrics(BOLD)[0]
    out: list[Text] = []
    right = box.x + box.w + 0.01  # a line the wrap measured fits: keep float noise out

    def run(key: str, text: str, font: str, x: float, top: float, **kw: Any) -> None:
        baseline = box.top - top - ascent * size
        h = size * LEADING
        y = baseline + ascent * size - (h + size) / 2  # centred: placed on `baseline`
        out.append(
            Text(
                key=key,
                text=text,
                font=font,
                box=Rect(x, y, kw.pop("w", right - x), h),
                max_size=size,
                min_size=size,
                max_lines=1,
                align=kw.pop("align", "left"),
                origin=origin,
                **kw,
            )
        )

    step = 0
    for i, line in enumerate(block.lines):
        if line.heading:
            run(f"phase-{i}", line.text, BOLD, box.x, line.top, colour=colour)
            continue
        x = box.x + block.indent
        if line.number:
            step += 1
            w = block.indent - NUMBER_GAP * size
            run(f"step-{step}-number", line.number, BOLD, box.x, line.top, w=w, align="right")
            run(f"step-{step}-lead", line.lead, BOLD, x, line.top)
            x += text_width(line.lead, BOLD, size) + text_width(" ", REGULAR, size)
        if line.text:
            run(f"step-{step}-line-{i}", line.text, REGULAR, x, line.top)
    return tuple(out)


def _too_long(card: AidCard, box: Rect) -> TooLong:
    """The element that says why `card`'s steps cannot print on one aid card."""
    block = lay_out(card.phases, BODY_FLOOR_PT, box.w)
    reason = (
        f"its steps need {len(block.lines)} lines at the {BODY_FLOOR_PT:g} pt floor "
        f"({len(block.lines) - AID_LINES} more than an aid card's {AID_LINES}) even "
        "split between steps: shorten its longest step"
        if block
        else f"a lead or word is wider than the {pt_to_mm(box.w):.1f} mm aid box"
    )
    return TooLong(
        key="lines",
        text="\n".join(card.lines),
        font=REGULAR,
        box=box,
        max_size=BODY_FLOOR_PT,
        origin=card.source.at("lines"),
        reason=reason,
    )


def aid_back(data: Any, frame: CardFrame) -> Face:
    """The aids' back: the game's title at a third of the card's height from the top and
    "PLAYER AID" at a third from the foot, in the game's colour, centred on a pale ground
    that runs through the bleed, so an aid is never shuffled into a deck or pile and no
    band of the back is more than a third empty (issue 28 item 4); no frame, so duplex
    drift and miscuts do not show (issue 28 item 7); type grown with the card. Between
    the two, an art area for the picture the icon table's [backs] names for "aid"
    (pnp.data.icons), in a pale tint of the game's colour (issue 28 item 1)."""
    back, f, g = data.info.back, frame, DesignGrid(frame)
    caption, caption_from = _caption(data)
    width = f.w - 2 * mm_to_pt(7.0)
    title_pt, caption_pt = g.pt(14), g.pt(10)
    ascent, descent = metrics(BOLD)
    gap = mm_to_pt(BACK_ART_GAP_MM)
    foot = f.h / 3 + ascent * caption_pt + gap
    head = f.h * 2 / 3 + descent * title_pt - gap
    return Face(
        elements=(
            line_at(
                "title",
                back.title,
                BOLD,
                title_pt,
                f.w / 2,
                f.h * 2 / 3,
                width,
                min_size=11.0,
                colour=back.colour,
                origin=back.source.at("title"),
            ),
            line_at(
                "caption",
                caption,
                BOLD,
                caption_pt,
                f.w / 2,
                f.h / 3,
                width,
                colour=back.colour,
                origin=caption_from,
            ),
        ),
        ground=Fill(key="ground", rect=f.bleed_rect, colour=back.colour, strength=0.06),
        source=back.source,
        reuse=f"back-{AID_BACK}",
        art_area=Rect(f.safe.x, foot, f.safe.w, head - foot),
        art_colour=pale(back.colour, ART_TINT),
    )


#: The room (mm) an aid back's picture keeps from its caption and its title.
BACK_ART_GAP_MM = 3.0
