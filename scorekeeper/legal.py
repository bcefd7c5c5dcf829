"""Which moves are legal now: the one answer every front end asks (the command line's
`moves`, its shell completion and refusals, the web page, the simulator's checks).
OpenSpiel's `State.legal_actions()` and boardgame.io's per-phase `moves` are the
models. Each game's rules give, for any state, its `Move`s: the rulebook's name for each,
who may make it, and the choices for each of its `Param`s (the seated players it may
name, the cards it may take, the Heroes a target rule allows, numbers in their range).

A move is made with typed values: {param name: value}. The value of a "choice" is its
text (a `Choice.value`; a person may also type a card's name or a unique start of it,
which the game's `make` reads), a list of them when the param takes `many`; a
"number" is a whole number (or its text); a "flag" True or False; an "each" a dict
from each entry's name to its value. `covers` says whether a move written in those
terms is one the rules offered. Nothing here names a game.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Sequence

from pnp.core.records import NamedTuple
from scorekeeper.errors import InputError, UsageError
from scorekeeper.numbers import is_whole, whole
from scorekeeper.numbers import value as read_number

#: The kinds of a Param.
KINDS = ("choice", "number", "flag", "each", "text")
#: What holds no value: a param not given, a box left empty.
EMPTY: tuple[Any, ...] = (None, "", [], {})


class Choice(NamedTuple):
    """One value a param may take: `value` (what is sent or typed: a player's name, a
    card id, a Hero's number), `label` (what a page shows: "Smart TV (3 points)") and,
    for a param taking several values, the `most` times it may be among them (None: as
    often as the param takes values; the kit's Reality Check cards, say)."""

    value: str
    label: str
    most: int | None = None


class Param(NamedTuple):
    """One value a move takes.

    `name`: its key in the move's values (the verb's parameter name on the command
    line); `label`: plain words for a page ("Tech card"); `kind` (KINDS): "choice" (one
    of `choices`, or up to `many` of them), "number" (a whole number in `low`..`high`),
    "flag" (on or off), "each" (one value per param of `each`, each a choice or a
    number: the votes of the banned players, a points sheet's points per player, the
    targets of a card's instructions), "text" (anything typed, checked by the rules: a
    card whose data could not be read); `required`: a value must be given (for "each":
    some entry's; each entry's own `required` says whether it must have one); `many`:
    the most values a "choice" takes (1: one value; more: a list, e.g. the Defense cards
    revealed); `default`: what a page's box starts with; `hint`: one line of help, in
    plain words ("" for none)."""

    name: str
    label: str
    kind: str = "choice"
    choices: tuple[Choice, ...] = ()
    low: int | None = None
    high: int | None = None
    required: bool = True
    many: int = 1
    each: tuple[Param, ...] = ()
    default: str = ""
    hint: str = ""

    def allows(self, value: Any) -> bool:
        """True if `value` (as the values of a move hold it, canonical: a card's id, a
        player's name as seated) is one this param offers."""
        if value in EMPTY:
            return not self.required or (self.kind == "choice" and not self.choices)
        if self.kind == "choice":
            shown = {c.value: c.most for c in self.choices}
            values = [str(v) for v in (value if isinstance(value, (list, tuple)) else [value])]
            return (
                len(values) <= self.many
                and all(v in shown for v in values)
                and all(most is None or values.count(v) <= most for v, most in shown.items())
            )
        if self.kind == "number":
            number = _whole(value)
            return number is not None and _within(number, self.low, self.high)
        if self.kind == "flag":
            return isinstance(value, bool)
        if self.kind == "each":  # `required`: some value given; each entry's own, its own
            if not isinstance(value, dict) or set(value) - {p.name for p in self.each}:
                return False
            return all(p.allows(value.get(p.name)) for p in self.each)
        return isinstance(value, str)

    def to_json(self) -> dict:
        """A JSON-ready dict of the param (its `each` params nested)."""
        out: dict[str, Any] = {
            "name": self.name,
            "label": self.label,
            "kind": self.kind,
            "required": self.required,
        }
        if self.kind == "choice":
            out["choices"] = [
                {"value": c.value, "label": c.label, **({"most": c.most} if c.most else {})}
                for c in self.choices
            ]
            out["many"] = self.many
        if self.kind == "number" or (self.low, self.high) != (None, None):
            out["low"], out["high"] = self.low, self.high
        if self.kind == "each":
            out["each"] = [p.to_json() for p in self.each]
        if self.default:
            out["default"] = self.default
        if self.hint:
            out["hint"] = self.hint
        return out


class Move(NamedTuple):
    """A move legal now.

    `name`: the verb that makes it, on the command line and the page ("protect");
    `label`: the rulebook's name for it ("Protect a Tech card"); `who`: the players who
    may make it, the player to act first (empty: the table as a whole, e.g. ending a
    round); `params`: what it takes whatever else is chosen; `rule`: the rules passage it
    follows; `then(values)`: the params that depend on what is chosen so far (the
    targets of a card's instructions once the card is chosen; a Steal's victims once
    the thief is), given as far as `values` decides them (None: there are none);
    `more`: the params whose values `then` reads; `hint`: when the move is made, in
    plain words, for a move the table makes only when something holds that the rules
    cannot see ("" for none: a page offers a move with a hint only after it is read)."""

    name: str
    label: str
    who: tuple[str, ...] = ()
    params: tuple[Param, ...] = ()
    rule: str = ""
    more: tuple[str, ...] = ()
    then: Callable[[dict], tuple[Param, ...]] | None = None
    hint: str = ""

    def param(self, name: str, values: dict | None = None) -> Param | None:
        """The param called `name`, among `params` and those `then` gives for `values`;
        None if the move takes none of that name."""
        for p in self.all_params(values or {}):
            if p.name == name:
                return p
        return None

    def all_params(self, values: dict) -> tuple[Param, ...]:
        """`params`, then what `then` gives for `values`."""
        if self.then is None:
            return self.params
        return self.params + tuple(self.then(values))

    def to_json(self) -> dict:
        """A JSON-ready dict: {"move", "label", "who", "params", "rule", "more"}."""
        return {
            "move": self.name,
            "label": self.label,
            "who": list(self.who),
            "params": [p.to_json() for p in self.params],
            "rule": self.rule,
            "more": list(self.more),
            **({"hint": self.hint} if self.hint else {}),
        }


class Made(NamedTuple):
    """A typed move read by its game (`Rules.make`): the `event` to record, and what
    it `said` before the event's own line (an Attack's check, icon by icon)."""

    event: dict
    said: tuple[str, ...] = ()


class Typed(NamedTuple):
    """An event as the move that makes it (`Rules.move_of`): the move's `name`, its
    `values` (canonical: ids and names as seated) and the `player` who made it (None:
    the table)."""

    name: str
    values: dict
    player: str | None = None


def covers(moves: Sequence[Move], typed: Typed) -> str | None:
    """None if `typed` is a move `moves` offer, with values they offer; else why not,
    in words (for tests and checks: the rules' `apply` is what refuses a move)."""
    offered = [m for m in moves if m.name == typed.name]
    if not offered:
        return f"{typed.name} is not legal now (legal: {', '.join(m.name for m in moves)})"
    move = offered[0]
    if typed.player is not None and move.who and typed.player not in move.who:
        return f"{typed.player} may not {typed.name} now ({', '.join(move.who)} may)"
    params = move.all_params(typed.values)
    extra = set(typed.values) - {p.name for p in params}
    if extra:
        return f"{typed.name} takes no {sorted(extra)[0]}"
    for p in params:
        if not p.allows(typed.values.get(p.name)):
            return f"{typed.name}: {p.name} {typed.values.get(p.name)!r} is not offered"
    return None


def player(name: str, seated: Iterable[str], label: str = "Player", hint: str = "") -> Param:
    """A param choosing one of the `seated` players (by name), called `name`."""
    names = tuple(seated)
    return Param(
        name,
        label,
        choices=tuple(Choice(n, n) for n in names),
        default=names[0] if len(names) == 1 else "",
        hint=hint,
    )


def number(
    name: str, label: str, low: int, high: int, default: int | None = None, hint: str = ""
) -> Param:
    """A param taking a whole number in `low`..`high`."""
    return Param(
        name,
        label,
        "number",
        low=low,
        high=high,
        default="" if default is None else str(default),
        hint=hint,
    )


def by_who(moves: Sequence[Move], seated: Sequence[str]) -> list[tuple[str, list[Move]]]:
    """The moves grouped by who may make them, in the order first offered, each group
    named (`who_words`): a player's name, "Anyone", "Any of A, B or C", "The table"."""
    groups: dict[tuple[str, ...], list[Move]] = {}
    for move in moves:
        groups.setdefault(move.who, []).append(move)
    return [(who_words(who, seated), grouped) for who, grouped in groups.items()]


def who_words(who: Sequence[str], seated: Sequence[str], start: bool = True) -> str:
    """Who may make a move, in words: the player's name; "Anyone" (every seated
    player); "Any of A, B or C"; "The table" (no player). `start` False: in the middle
    of a sentence ("anyone", "the table")."""
    if len(who) == 1:
        return who[0]
    if not who:
        words = "The table"
    elif set(who) == set(seated):
        words = "Anyone"
    else:
        words = "Any of " + ", ".join(who[:-1]) + " or " + who[-1]
    return words if start else words[:1].lower() + words[1:]


def summary(moves: Sequence[Move], seated: Sequence[str]) -> str:
    """What is legal now, in one line, each group of verbs with who may make them:
    "protect, attack or end-turn (Ana); user-error (anyone)"; "nothing: the game is
    over" when `moves` is empty."""
    if not moves:
        return "nothing: the game is over"
    groups: dict[tuple[str, ...], list[str]] = {}
    for move in moves:
        groups.setdefault(move.who, []).append(move.name)
    parts = []
    for who, names in groups.items():
        verbs = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
        parts.append(f"{verbs} ({who_words(who, seated, start=False)})")
    return "; ".join(parts)


def _whole(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        return read_number(value) if is_whole(value) else None
    return None


def _within(n: int, low: int | None, high: int | None) -> bool:
    return (low is None or n >= low) and (high is None or n <= high)


# --- Reading a typed move's values (each game's `make`) -------------------------------


def loaded(kit: Callable[[], Any], game: str) -> Any:
    """The kit `kit()` gives (each game's `make` is given a function that reads it, so a
    move that names no card reads no card data); InputError naming `game` if there is
    none."""
    got = kit()
    if got is None:
        raise InputError(f"{game} needs its card data to read this move")
    return got


def given(values: dict, name: str) -> bool:
    """True if `values` holds something for `name` (not None, "", [] or {})."""
    return values.get(name) not in EMPTY


def text(values: dict, name: str, what: str | None = None) -> str:
    """The value of `name` as text, as typed; UsageError "missing WHAT" (WHAT: the
    command line's name for it, `name` upper-cased by default) when there is none."""
    if not given(values, name):
        raise UsageError(f"missing {what or name.upper()}")
    value = values[name]
    if isinstance(value, (list, tuple, dict)) or value is True or value is False:
        raise UsageError(f"{what or name.upper()} takes one value, not {type(value).__name__}")
    return value if isinstance(value, str) else str(value)


def texts(values: dict, name: str) -> list[str]:
    """The values of `name` as a list of texts (one value is a list of one), empty ones
    left out, in order."""
    value = values.get(name)
    if value in (None, ""):
        return []
    listed = value if isinstance(value, (list, tuple)) else [value]
    if any(isinstance(v, (list, tuple, dict, bool)) for v in listed):
        raise UsageError(f"{name.upper()} takes texts, one per value")
    return [v if isinstance(v, str) else str(v) for v in listed if v not in (None, "")]


def whole_number(
    values: dict, name: str, low: int, high: int, what: str, default: int | None = None
) -> int:
    """The whole number of `name` in `low`..`high` (an int, or text read as every number
    typed at the table: scorekeeper.numbers.whole, whose errors it gives, `what` naming
    it), or `default` when none is given (UsageError "missing WHAT" without one)."""
    if not given(values, name) and default is not None:
        return default
    return whole(text(values, name, what), low, high, what)


def entries(values: dict, name: str) -> dict[str, str]:
    """The values of an "each" param `name` as {entry: text}, empty ones left out."""
    value = values.get(name) or {}
    if not isinstance(value, dict) or any(isinstance(v, (list, dict)) for v in value.values()):
        raise UsageError(f"{name} takes one value per entry")
    return {
        str(k): v if isinstance(v, str) else str(v) for k, v in value.items() if v not in (None, "")
    }
