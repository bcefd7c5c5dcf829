"""The faults of faces that look alike, found once: a deck's cards often print the same
marks in the same places (copies of a design, cards that differ only in where their
values are defined), and every face check (pnp.layout.face_check, pnp.layout.contrast,
pnp.layout.bleed, pnp.layout.back_check) depends on a face's marks and the card frame
only, never on where the values come from. `LookAlikes` keeps each distinct face's
faults by `Face.look` (pnp.layout.face.content_key) and puts them on a look-alike face's
own elements and text parts, so that they are still reported at its own data.
pnp.validate.FaceChecks asks it before checking a face. Source: issue 41.
"""

from __future__ import annotations

from pnp.layout.face import Face
from pnp.layout.face_check import Fault

#: How many distinct faces are remembered (the oldest forgotten first): a game's distinct
#: designs, without holding a huge deck of distinct cards.
SEEN_FACES = 512

#: A face's faults by position: (element index, message, index of the text part at
#: fault or None, level).
Kept = tuple[tuple[int, str, int | None, str], ...]


class LookAlikes:
    """The faults of up to SEEN_FACES faces, each checked as a front or as a back, by
    how the face looks."""

    def __init__(self) -> None:
        self._seen: dict[tuple, Kept] = {}

    def faults(self, face: Face, back: bool) -> list[Fault] | None:
        """The faults kept for a face that looks like `face`, put on `face`'s own
        elements; None when no such face was kept."""
        found = self._seen.get((back, face.look))
        if found is None:
            return None
        elements = face.elements
        return [
            Fault(
                elements[at],
                message,
                None if part is None else elements[at].parts[part][1],  # type: ignore[attr-defined]
                level,
            )
            for at, message, part, level in found
        ]

    def keep(self, face: Face, back: bool, faults: list[Fault]) -> None:
        """Keep `faults`, every fault `face` has, for the faces that look like it; not
        kept when a fault names an element or origin not found in `face`."""
        kept = _by_position(faults, face)
        if kept is not None:
            if len(self._seen) >= SEEN_FACES:
                del self._seen[next(iter(self._seen))]  # the oldest: decks come in order
            self._seen[back, face.look] = kept


def _by_position(faults: list[Fault], face: Face) -> Kept | None:
    """`faults` of `face` by position (`Kept`), to be put on another face that looks the
    same; None when a fault names an element or origin not found in `face`."""
    if not faults:  # (most faces)
        return ()
    at = {id(e): i for i, e in enumerate(face.elements)}
    out = []
    for f in faults:
        index = at.get(id(f.element))
        if index is None:
            return None
        part = None
        if f.origin is not None:
            origins = [o for _, o in getattr(f.element, "parts", ())]
            part = next((j for j, o in enumerate(origins) if o is f.origin), None)
            if part is None:
                return None
        out.append((index, f.message, part, f.level))
    return tuple(out)
