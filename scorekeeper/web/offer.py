"""The moves the page offers: exactly the moves the rules make legal now
(scorekeeper.legal, `Game.legal`), in the game's words, grouped by who may make them,
the player to act first; each as a form whose fields are the move's params with the
choices the rules offer. And a form's answer read back into the typed values that
scorekeeper.play.record_move takes, the same values the command line passes.

A field's name is its param's; a value of an "each" param is sent as NAME.ENTRY (the
votes of the hack-off: votes.Cleo); a param taking several values is sent once per box.
A move whose params depend on what is chosen (a card's targets) is offered with the
fields its values so far decide (`Move.then`); the page asks for the rest (the page's
script fetches them as soon as a choice changes; without it, a tap of the button does).
Nothing here names a game."""

from __future__ import annotations

from typing import Mapping, Sequence

from pnp.core.records import NamedTuple
from scorekeeper.legal import Choice, Move, Param, by_who, given

#: The fields every form of the page sends beside its move's: its one-time token,
#: whether the page follows the newest game, and the table it was made for (`seen`:
#: its log's rows then; scorekeeper.web.writes refuses a form of a table changed since).
FORM_FIELDS = ("token", "follow", "seen")
#: Up to this many choices a field is a drop-down list (a phone's own picker); more
#: are a search box.
LISTED = 64
#: The longest value a form may send for one field, and the most values in all.
LONGEST = 120
MOST_VALUES = 48


class Field(NamedTuple):
    """One input of a move's form. `name`: the form field's name; `label`: what the
    page shows; `kind`: "select" (a drop-down list of `choices`), "search" (a text box
    offering `choices`), "number" (`low`..`high`; `negative`: it may be below zero, so
    the box takes a minus sign), "flag" (a tick box), "text", or "none" (a choice with
    nothing legal to choose: said, not asked), "fixed" (a required choice the rules
    leave one value for: sent, not asked); `required`; `values`: what its boxes
    hold (one box per value; `boxes` boxes for a param taking several); `hint`."""

    name: str
    label: str
    kind: str
    choices: tuple[Choice, ...] = ()
    required: bool = False
    low: int | None = None
    high: int | None = None
    values: tuple[str, ...] = ("",)
    boxes: int = 1
    hint: str = ""
    decides: bool = False

    @property
    def negative(self) -> bool:
        """True for a number box that takes values below zero (it needs a minus key)."""
        return self.kind == "number" and (self.low is None or self.low < 0)


class Offer(NamedTuple):
    """A move legal now as the page offers it: the `move`, its `fields` for the values
    chosen so far, and whether a tap records it (`ready`: every field it needs is
    there; a move whose further fields depend on a choice is not ready until it is
    made)."""

    move: Move
    fields: tuple[Field, ...]
    ready: bool

    @property
    def quick(self) -> bool:
        """A move that takes nothing to choose (nothing, or only values the rules leave
        one choice for) and needs no reading first (no `Move.hint`): one button."""
        return not self.move.hint and all(f.kind == "fixed" for f in self.fields)

    def button(self, seated: Sequence[str]) -> str:
        """What its button says: the move's name, and what a one-tap move's values are
        beside the player making it ("Activate a Hero: #1 Rubber Duck (8 VC)")."""
        fixed = [
            f.choices[0].label
            for f in self.fields
            if f.kind == "fixed" and f.values[0] not in seated
        ]
        return f"{self.move.label}: {', '.join(fixed)}" if self.quick and fixed else self.move.label


class Section(NamedTuple):
    """The moves one player (or anyone, or the table) may make: `who` in words, and
    `current`: whether it is the player to act."""

    who: str
    current: bool
    offers: tuple[Offer, ...]


def sections(
    moves: Sequence[Move], seated: Sequence[str], current: str | None, chosen: Mapping[str, dict]
) -> tuple[Section, ...]:
    """The page's moves: `moves` (the rules' legal moves) grouped by who may make them,
    the player to act (`current`) first; `chosen`: move name -> the values chosen so
    far in its form (a step of a move whose fields depend on them)."""
    groups = [
        Section(who, who == current, tuple(offer(m, chosen.get(m.name, {})) for m in grouped))
        for who, grouped in by_who(moves, seated)
    ]
    return tuple(sorted(groups, key=lambda s: not s.current))


def offer(move: Move, values: dict) -> Offer:
    """`move` as a form for the `values` chosen so far: its fields, with what `then`
    gives for them (a required choice with one legal value taken as chosen)."""
    values = dict(values)
    for p in move.params:
        if p.name not in values and p.kind == "choice" and p.required and len(p.choices) == 1:
            values[p.name] = p.choices[0].value
    params = move.all_params(values)
    fields = tuple(f for p in params for f in _fields(p, values, p.name in move.more))
    return Offer(move, fields, not any(_needed(p, values) for p in params))


def _needed(param: Param, values: dict) -> bool:
    if not param.required:
        return False
    if param.kind == "each":
        entries = values.get(param.name)
        return any(_needed(p, entries if isinstance(entries, dict) else {}) for p in param.each)
    if param.kind == "choice" and not param.choices:
        return False
    return not given(values, param.name)


def _fields(param: Param, values: dict, decides: bool) -> list[Field]:
    """The fields of `param` (one per entry of an "each" param, named NAME.ENTRY), their
    boxes holding the `values` chosen so far, else the param's default."""
    if param.kind == "each":
        entries = values.get(param.name)
        entries = entries if isinstance(entries, dict) else {}
        return [
            field._replace(name=f"{param.name}.{field.name}")
            for sub in param.each
            for field in _fields(sub, entries, False)
        ]
    shown = values.get(param.name, param.default)
    listed = tuple(shown) if isinstance(shown, (list, tuple)) else (str(shown),)
    field = Field(
        param.name,
        param.label,
        param.kind,
        required=param.required,
        values=listed,
        hint=param.hint,
        decides=decides,
    )
    if param.kind == "number":
        return [field._replace(low=param.low, high=param.high)]
    if param.kind == "flag":
        on = "1" if values.get(param.name) in (True, "1", "on") else ""
        return [field._replace(values=(on,), required=False)]
    if param.kind == "text":
        return [field]
    if not param.choices:
        return [field._replace(kind="none")]
    if param.required and len(param.choices) == 1 and param.many == 1:
        return [
            field._replace(kind="fixed", choices=param.choices, values=(param.choices[0].value,))
        ]
    kind = "select" if len(param.choices) <= LISTED else "search"
    return [field._replace(kind=kind, choices=param.choices, boxes=max(param.many, 1))]


class FormError(ValueError):
    """A form answer that no form of the page could have sent (a field its move does
    not have, too long, too many values): refused before anything runs."""


def values_of(answer: Mapping[str, Sequence[str]]) -> dict:
    """The typed values (scorekeeper.legal) a form's `answer` (field -> values sent)
    stands for: a field sent once its text, sent in several boxes the list of those
    filled, NAME.ENTRY an "each" value's entry; empty boxes left out, the form's own
    fields (FORM_FIELDS) too. FormError for a value longer than LONGEST, over
    MOST_VALUES values in all, an entry sent twice, or a name sent both as one value
    and as entries (NAME and NAME.ENTRY): no form of the page sends those."""
    sent = {k: [v.strip() for v in vs] for k, vs in answer.items() if k not in FORM_FIELDS}
    if sum(len(v) for v in sent.values()) > MOST_VALUES or any(
        len(v) > LONGEST for vs in [*sent.values(), list(sent)] for v in vs
    ):
        raise FormError("the form sent more than any form of this page sends")
    both = {n.partition(".")[0] for n in sent if "." in n} & {n for n in sent if "." not in n}
    if both:
        raise FormError(f"{sorted(both)[0][:30]!r} is sent both as one value and per entry")
    values: dict = {}
    for name, boxes in sent.items():
        filled = [v for v in boxes if v]
        if not filled:
            continue
        head, dot, entry = name.partition(".")
        if dot:
            if len(filled) > 1:
                raise FormError(f"{name[:30]!r} takes one value")
            values.setdefault(head, {})[entry] = filled[0]
        else:
            values[name] = filled[0] if len(boxes) == 1 else filled
    return values


def misfit(move: Move, values: dict) -> str | None:
    """What in `values` no form of `move` sends, in words ("takes no 'db'", "'tech'
    takes one value"), or None: a field it does not have, a value of the wrong shape (a
    list or an object where one value goes, an entry it has no box for, more values
    than its boxes)."""
    from scorekeeper.names import key

    params = {p.name: p for p in move.all_params(values)}
    for name, value in values.items():
        param = params.get(name)
        if param is None:
            return f"takes no {name[:30]!r}"
        if param.kind == "each":
            entries = {key(p.name) for p in param.each}
            if not isinstance(value, dict):
                return f"{name!r} takes one value per entry ({name}.ENTRY)"
            extra = sorted(k for k in value if key(str(k)) not in entries)
            if extra:
                return f"takes no {name}.{str(extra[0])[:30]!r}"
            if not all(_one_value(v, "number") for v in value.values()):
                return f"{name!r} takes one value per entry"
        elif param.kind == "choice" and param.many > 1 and isinstance(value, list):
            if len(value) > param.many or not all(_one_value(v, "choice") for v in value):
                return f"{name!r} takes up to {param.many} values"
        elif not _one_value(value, param.kind):
            return f"{name!r} takes one value"
    return None


def _one_value(value, kind: str) -> bool:
    """True for one value of a param of `kind`: a text, a whole number (not for a
    choice's true or false), true or false for a flag."""
    if isinstance(value, bool):
        return kind == "flag"
    return isinstance(value, (str, int))
