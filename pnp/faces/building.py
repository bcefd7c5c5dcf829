"""A layout (pnp.faces.layout_file) and one card's values become a `Face`
(pnp.layout.face): the same elements the Python games build, in card-local points
(origin at the trim's bottom-left), checked and drawn by the same code. How positions
scale and when an element is left out: pnp.faces.bound. With the ink saver an
element's `saver` values replace its own, `saver = false` leaves it out and
`saver_only` elements print. A face's art-area entry sets the Face's `art_area` and
`art_colour` (issue 28 item 2). Source: issue 25 item 1; README, "Faces as data".
"""

from __future__ import annotations

from pnp.core.units import mm_to_pt
from pnp.data.models import GameInfo
from pnp.faces.bound import Bound, colour_of, holds
from pnp.faces.elements import ElementSpec
from pnp.faces.layout_file import Layout
from pnp.faces.marks import BUILD
from pnp.faces.scale import Scale
from pnp.layout.card_frame import SAFE_MM, CardFrame
from pnp.layout.face import Element, Face, Fill
from pnp.layout.imposition import Rect


def layout_face(
    layout: Layout,
    specs: tuple[ElementSpec, ...],
    bound: Bound,
    frame: CardFrame,
    reuse: str | None = None,
) -> Face:
    """The Face the elements `specs` of `layout` print for `bound` on a card of `frame`
    (with its ink-saver choice); a back passes its `reuse` key."""
    safe_mm = max(layout.safe_mm, frame.safe_mm)
    scale = Scale(layout.design_mm, frame, safe_mm, layout.grow_type)
    elements: list[Element] = []
    ground: Fill | None = None
    area: Rect | None = None
    area_colour: str | None = None
    for spec in specs:
        if frame.ink_saver and spec.no_saver or not frame.ink_saver and spec.saver_only:
            continue
        if not all(holds(spec.when, bound.values)) or any(holds(spec.unless, bound.values)):
            continue
        values = {**spec.values, **(spec.saver or {})} if frame.ink_saver else spec.values
        if spec.type == "art_area":
            area = scale.rect(values["box"])
            area_colour = colour_of(values["colour"], bound) if "colour" in values else None
            continue
        made = BUILD[spec.type](spec, values, bound, scale)
        if spec.type == "ground":
            ground = next((e for e in made if isinstance(e, Fill)), ground)
        else:
            elements += made
    safe = None
    if safe_mm > SAFE_MM:
        safe = frame.trim_rect.inset(mm_to_pt(safe_mm))
    return Face(
        tuple(elements), ground, bound.source, reuse, safe, art_area=area, art_colour=area_colour
    )


def front_face(layout: Layout, kind: str, bound: Bound, frame: CardFrame) -> Face:
    """The front of a card of `kind` (a key of `layout.fronts`) printing `bound`."""
    return layout_face(layout, layout.fronts[kind], bound, frame)


def back_face(layout: Layout, back_id: str, info: GameInfo, frame: CardFrame) -> Face:
    """The back `back_id`, its fields game.toml's [back] table (title, subtitle,
    colour), drawn once per PDF and placed by reference (reuse "back-<id>")."""
    back = info.back
    assert back.source is not None  # read from game.toml
    values = {"title": back.title, "subtitle": back.subtitle or None, "colour": back.colour}
    bound = Bound(values, back.source, info)
    return layout_face(layout, layout.backs[back_id], bound, frame, reuse=f"back-{back_id}")
