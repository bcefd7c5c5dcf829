"""The steps of a player aid laid out as an aid (issue 28, item 5): each step numbered
through its phase (1, 2, 3 ...), its bold lead first and its wrapped lines indented
under the step's text, a gap before each phase's heading, no paragraph ending on a
one-word line when a word can come down, and at most AID_LINES lines at the size it
prints; an aid longer than AID_LINES lines at the floor size is split over more aid
cards ("Your turn (1/2)", "(2/2)") between phases, or between steps of a long phase.
Sizes and positions in points. Source: shared/DESIGN.md, "Player aids"; the data is
pnp.data.aid.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property, lru_cache
from typing import Any, Sequence

from pnp.core.kit_words import KIT_WORDS, say
from pnp.core.records import NamedTuple
from pnp.core.sizes import card_mm
from pnp.core.units import mm_to_pt
from pnp.data.aid import AidCard, AidPhase
from pnp.data.markup import encoded
from pnp.fonts import BOLD, REGULAR, on_change
from pnp.fonts import font as registered
from pnp.layout.card_frame import BODY_FLOOR_PT, CardFrame
from pnp.layout.design import DesignGrid
from pnp.layout.face import Text
from pnp.layout.imposition import Rect
from pnp.layout.text import LEADING, STEP_PT, PlacedLine, TextDoesNotFit, text_width, wrap

AID_LINES = 10  # the most lines an aid card prints, headings included
MAX_PT = 10.0  # the size a short aid prints at; a longer one shrinks to the body floor
PHASE_GAP = 0.7, 1.6  # the gap before a phase heading, in sizes: least, most
STEP_GAP = 0.2, 0.6  # the gap between two steps, in sizes: least, most
NUMBER_GAP = 0.5  # the gap after a step's number, in sizes
BODY_TOP_MM, BODY_H_MM = 21.0, 64.5  # the steps' box on the design card


def body_box(frame: CardFrame) -> Rect:
    """The box (pt) an aid's steps are laid out in, on a card of `frame`'s size."""
    return DesignGrid(frame).box(BODY_TOP_MM, BODY_H_MM)


def max_size(frame: CardFrame) -> float:
    """The largest size (pt) an aid's steps print at on a card of `frame`'s size: MAX_PT
    on a poker card, grown with a taller card (tarot), never shrunk (bridge, mini)."""
    return round(MAX_PT * max(1.0, DesignGrid(frame).sy) * 4) / 4


class AidLine(NamedTuple):
    """One printed line of an aid, `top` pt below the top of the block: a phase
    `heading`, or a line of a step: its `number` and `lead` on its first line (else ""),
    then `text`, the step's words on this line."""

    top: float
    text: str
    number: str = ""
    lead: str = ""
    heading: bool = False


class AidBlock(NamedTuple):
    """An aid's steps laid out at `size` pt: its lines, `height` pt from the top of the
    first line's em box to the bottom of the last's, and `indent`, the pt from the left
    edge to where every step's text starts (after the number column)."""

    size: float
    lines: tuple[AidLine, ...]
    height: float
    indent: float


def _number_column(phases: Sequence[AidPhase], size: float) -> float:
    """The width (pt) of the numbers' column: the widest number, and a gap."""
    last = max((p.first + len(p.steps) - 1 for p in phases), default=1)
    return text_width(f"{last}.", BOLD, size) + NUMBER_GAP * size


def lay_out(
    phases: Sequence[AidPhase], size: float, width: float, loose: float = 0.0
) -> AidBlock | None:
    """The aid's `phases` laid out at `size` pt in `width` pt; None when a word is wider
    than the room. Every step's lines start at the block's indent; its first line holds
    the number, the bold lead and the first words. `loose` (0..1) opens the gaps between
    steps and before headings from their least to their most (PHASE_GAP, STEP_GAP)."""
    phase_gap = PHASE_GAP[0] + loose * (PHASE_GAP[1] - PHASE_GAP[0])
    step_gap = STEP_GAP[0] + loose * (STEP_GAP[1] - STEP_GAP[0])
    registered(BOLD), registered(REGULAR)
    indent = _number_column(phases, size)
    room, leading, space = width - indent, size * LEADING, text_width(" ", REGULAR, size)
    lines: list[AidLine] = []
    y = 0.0
    for p, phase in enumerate(phases):
        if phase.heading:
            y += phase_gap * size if lines else 0.0
            lines.append(AidLine(y, phase.heading, heading=True))
            y += leading
        elif lines:
            y += phase_gap * size
        for k, step in enumerate(phase.steps):
            lead_w = text_width(step.lead, BOLD, size) + (space if step.text else 0.0)
            if lead_w > room:
                return None
            wrapped = wrap(encoded(step.text), REGULAR, size, room, indent=lead_w, last_words=2)
            if wrapped is None:
                return None
            y += step_gap * size if k else 0.0
            for i, text in enumerate(wrapped):
                first = i == 0
                number = f"{phase.first + k}." if first else ""
                lines.append(AidLine(y, text, number, step.lead if first else ""))
                y += leading
    height = y - leading + size if lines else 0.0
    return AidBlock(size, tuple(lines), height, indent)


def fit_aid(phases: Sequence[AidPhase], box: Rect, max_size: float = MAX_PT) -> AidBlock | None:
    """The aid laid out at the largest size from `max_size` (MAX_PT on a poker card)
    down to the body floor (steps of STEP_PT) that prints at most AID_LINES lines within
    `box`, its gaps opened as far as the box leaves room for (`lay_out`'s `loose`); None
    if no size does."""
    size = max_size
    while size >= BODY_FLOOR_PT - 1e-9:
        block = lay_out(phases, size, box.w)
        if block and len(block.lines) <= AID_LINES and block.height <= box.h + 1e-6:
            loosest = lay_out(phases, size, box.w, 1.0)
            assert loosest is not None  # the same lines, wider gaps
            opened = loosest.height - block.height
            if opened <= 1e-6 or loosest.height <= box.h:
                return loosest
            return lay_out(phases, size, box.w, (box.h - block.height) / opened)
        size = round(size - STEP_PT, 4)
    return None


def _count(phases: Sequence[AidPhase], width: float) -> int:
    block = lay_out(phases, BODY_FLOOR_PT, width)
    return len(block.lines) if block else AID_LINES + 1


def split_phases(phases: Sequence[AidPhase], width: float) -> list[tuple[AidPhase, ...]]:
    """`phases` in parts of at most AID_LINES lines each at the body floor in `width`
    pt: whole phases while they fit, a long phase split between its steps (its heading
    repeated, its numbers running on). A step too long for a card on its own stays in a
    part of its own, too long (`aid_face` says so)."""
    parts: list[list[AidPhase]] = [[]]
    for phase in phases:
        if _count([*parts[-1], phase], width) <= AID_LINES:
            parts[-1].append(phase)
            continue
        if parts[-1]:
            parts.append([])  # a phase that does not fit starts a card
        start = 0
        while start < len(phase.steps):
            n = len(phase.steps) - start
            while n > 1 and _count([_steps(phase, start, n)], width) > AID_LINES:
                n -= 1
            parts[-1].append(_steps(phase, start, n))
            start += n
            if start < len(phase.steps):
                parts.append([])
    return [tuple(p) for p in parts if p]


def _steps(phase: AidPhase, start: int, n: int) -> AidPhase:
    """`n` steps of `phase` from its step `start` (from 0), numbered on."""
    return phase._replace(steps=phase.steps[start : start + n], first=phase.first + start)


@lru_cache(maxsize=8)
def split_aids(
    aids: tuple[AidCard, ...], frame: CardFrame, named: str = KIT_WORDS["aid.part"]
) -> tuple[AidCard, ...]:
    """Every aid card as printed on cards of `frame`'s size: an aid of more than
    AID_LINES lines at the floor becomes one card per part, named "Name (1/2)" ...
    (`named`: the kit's word "aid.part", pnp.core.kit_words),
    the first keeping its id, the next "<id>-2" ...; the rest unchanged. Worked out once
    for the same aids and card size (a build asks for its aids many times), while the
    fonts stay in use (pnp.fonts.on_change)."""
    width = body_box(frame).w
    out: list[AidCard] = []
    for card in aids:
        parts = split_phases(card.phases, width)
        if len(parts) < 2:
            out.append(card)
            continue
        for k, part in enumerate(parts, 1):
            out.append(
                replace(
                    card,
                    id=card.id if k == 1 else f"{card.id}-{k}",
                    name=say(
                        {"aid.part": named}, "aid.part", name=card.name, part=k, parts=len(parts)
                    ),
                    phases=part,
                )
            )
    return tuple(out)


on_change(split_aids.cache_clear)  # another game's fonts measure the steps anew


def narrowest_frame(info: Any) -> CardFrame:
    """The card of the game's sizes (`info.card_sizes`, else `info.card_size`) whose
    steps' box is narrowest: where an aid is measured for splitting, so a kit splits its
    aids the same way at every size it offers."""
    sizes = tuple(getattr(info, "card_sizes", ()) or ()) or (info.card_size,)
    w, h = min((card_mm(s) for s in sizes), key=lambda wh: wh[0])
    return CardFrame(mm_to_pt(w), mm_to_pt(h))


@dataclass(frozen=True, kw_only=True)
class TooLong(Text):
    """The text of an aid part that cannot print in AID_LINES lines (a step too long for
    a card on its own, or words wider than the card): validation reports `reason`."""

    reason: str

    @cached_property
    def placed(self) -> tuple[PlacedLine, ...]:
        """Never laid out: raises TextDoesNotFit with the reason."""
        raise TextDoesNotFit(self.reason)
