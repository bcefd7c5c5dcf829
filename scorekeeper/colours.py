"""A colour per player, as a table of BG Stats users expects: each seat of a game gets
one, kept with the game (scorekeeper.store_seats) and shown beside the player on every
row of the page. The palette starts with Okabe and Ito's colours, which colour-blind
players tell apart, and each colour has a name to type (`new --colour Ana=blue`). A
player keeps the colour they had in their newest game, unless someone at the new table
chose it or had it first."""

from __future__ import annotations

from typing import Mapping, Sequence

from scorekeeper.errors import InputError, UsageError, quoted

#: Colour name -> its sRGB value, in the order new players are given them.
PALETTE = {
    "orange": "#E69F00",
    "sky": "#56B4E9",
    "green": "#009E73",
    "yellow": "#F0E442",
    "blue": "#0072B2",
    "red": "#D55E00",
    "purple": "#CC79A7",
    "grey": "#7F7F7F",
    "brown": "#8C510A",
    "teal": "#35978F",
    "pink": "#F1B6DA",
    "navy": "#2D3A8C",
}


def colour_name(typed: str) -> str:
    """The palette's name for `typed` (any case); InputError naming the palette."""
    name = typed.strip().casefold()
    if name not in PALETTE:
        raise InputError(f"no colour called {quoted(typed)}; colours: {', '.join(PALETTE)}")
    return name


def chosen(typed: Sequence[str], players: Sequence[str]) -> dict[str, str]:
    """The colours typed as NAME=COLOUR (`new --colour`), each player one of `players`
    (names.resolve), each colour in the palette and given to one player only."""
    from scorekeeper.names import resolve

    out: dict[str, str] = {}
    for text in typed:
        name, equals, colour = text.partition("=")
        if not equals:
            raise UsageError(f"write each colour as NAME=COLOUR, got {quoted(text)}")
        who, colour = resolve(name, players), colour_name(colour)
        if colour in out.values() and out.get(who) != colour:
            raise InputError(f"two players cannot both be {colour}")
        out[who] = colour
    return out


def assigned(
    players: Sequence[str], asked: Mapping[str, str], known: Mapping[str, str]
) -> tuple[str, ...]:
    """A colour per seat: the one `asked` for the player (`chosen`), else the one they
    had in their newest game (`known`: name key -> colour) if nobody at this table has
    it already, else the first colour of the palette nobody has."""
    from scorekeeper.names import key

    taken = set(asked.values())
    out: list[str | None] = []
    for name in players:
        colour = asked.get(name) or known.get(key(name))
        if colour in PALETTE and (colour not in taken or asked.get(name) == colour):
            taken.add(colour)
            out.append(colour)
        else:
            out.append(None)
    free = iter([c for c in PALETTE if c not in taken])
    return tuple(c if c is not None else next(free, "grey") for c in out)


def by_seat(players: Sequence[str], stored: Sequence[str] | None) -> dict[str, str]:
    """name -> colour for a game's `players`, from the colours `stored` with it (one per
    seat), or the palette in seat order for a game stored without them."""
    colours = list(stored or ()) if stored and len(stored) == len(players) else list(PALETTE)
    return {name: colours[i % len(colours)] for i, name in enumerate(players)}
