"""What a game provides to `pnp`: its kit. The shared build, validation and rulebook code
only query a Kit, so a new game is its own data and layout modules, a Kit, and one line
in the registry (pnp.core.games). Source: shared/DESIGN.md, "Games are plug-ins".
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from pathlib import Path
from typing import Any, Callable, Sequence

from pnp.core.errors import PnpError
from pnp.core.kit_words import KIT_WORDS, number_word, say, words_of
from pnp.core.records import NamedTuple
from pnp.data.aid import AidCard
from pnp.data.tables import TableSpec
from pnp.layout.aid import AID_BACK, aid_back, aid_face
from pnp.layout.aid_text import narrowest_frame, split_aids
from pnp.layout.bleed import reach_bleed
from pnp.layout.card_frame import CardFrame
from pnp.layout.face import Face
from pnp.layout.inline import with_inline

#: The back id of a game that prints one back for every card.
ONE_BACK = "back"


def front_key(card: Any) -> str:
    """What tells one printed front from another: the card's `front_key` when copies of
    one card print different fronts (a Hack Back card carries the emblem of the deck it
    is printed in, issue 28 item 7), else its `id`. Faces are laid out, kept and exported
    once per key."""
    return getattr(card, "front_key", None) or card.id


def card_kind(card: Any) -> str:
    """What a card is called in summaries: its model's `kind` ("Tech") when it has one,
    else its class name without "Card" in words ("CoinCard" -> "Coin"), so a new game's
    model without `kind` still builds and validates."""
    kind = getattr(card, "kind", None)
    if isinstance(kind, str) and kind:
        return kind
    import re

    words = re.findall(r"[A-Z][a-z0-9]*|[a-z0-9]+", type(card).__name__.removesuffix("Card"))
    return " ".join(words) or "Card"


class PrintGroup(NamedTuple):
    """Cards printed together: a `label` for the summary, the copies in print order, and
    the id of the back they name (a key of the kit's backs; None: printed without a
    back). Groups share sheets unless the build asks for a fresh sheet per group."""

    label: str
    copies: tuple
    back: str | None = ONE_BACK


class Extra(NamedTuple):
    """A file a kit prints beside its cards and rulebook: its `name` ("tracker.pdf"),
    what it is (`label`, for the build summary), and `render(path, paper, data)`, which
    writes it and returns its page count (OSError if it cannot); `lines(data)`: the
    lines of data it draws outside any face (pnp.printed), for `pnp validate`; `how` to
    print it, as the kit's print-me-first page says (pnp.print_first)."""

    name: str
    label: str
    render: Callable[[Path, str, Any], int]
    lines: Callable[[Any], Sequence[Any]] = lambda data: ()
    how: str = "one-sided, at 100 %."


def card_art(card: Any, data: Any) -> Any:
    """The picture `card` prints (pnp.data.art.ArtSpec, or None): its own `art`, else the
    one its game's icon table names for its id (pnp.data.icons). Issue 28 item 1."""
    own = getattr(card, "art", None)
    if own is not None:
        return own
    info = getattr(data, "info", None)
    card_id = getattr(card, "id", None)
    return info.icon_for(card_id) if info is not None and isinstance(card_id, str) else None


def back_icon(back_id: str, data: Any) -> Any:
    """The picture the icon table's [backs] names for the back `back_id`
    (pnp.data.art.ArtSpec, placed in the back's art area), or None. Issue 28 item 1."""
    icons = getattr(getattr(data, "info", None), "icons", None)
    return icons.for_back(back_id) if icons is not None else None


class KitRow(NamedTuple):
    """One row of the rulebook's "What's in the kit" table: what, how many copies, and
    whether it is a sub-row of the row above; or (`heading`) the table's heading, in
    the kit's words (`Kit.printed_rows`)."""

    label: str
    copies: int
    indented: bool = False
    heading: bool = False


class Kit(ABC):
    """One game's print-and-play kit. `id` is the game id (its folder in the data
    directory). Subclasses load the data and build faces; the defaults print one deck
    with one back and summarise copies by card kind."""

    id: str = ""
    #: what the kit's code writes in English in every language, not from the game's
    #: data (`pnp validate --lang` warns of it): empty when every word is data
    english_only: tuple[str, ...] = ()

    @abstractmethod
    def load(self, folder: Path) -> Any:
        """The validated data of the game folder `folder`; raises DataError listing every
        problem."""

    @abstractmethod
    def cards(self, data: Any) -> Sequence:
        """Every distinct card, in data order (each has `id`, `count` or equivalent, and
        `source`)."""

    @abstractmethod
    def front(self, card: Any, data: Any, frame: CardFrame) -> Face:
        """The front Face of `card` on a card of `frame`'s size (card-local points)."""

    @abstractmethod
    def back(self, back_id: str, data: Any, frame: CardFrame) -> Face:
        """The Face of the back `back_id` (one of `backs(data)`)."""

    @abstractmethod
    def kit_rows(self, data: Any) -> list[KitRow]:
        """The rulebook's "What's in the kit" rows, generated from the data."""

    def tables(self, folder: Path) -> Sequence[TableSpec]:
        """The card tables the data in `folder` is read from, for `pnp diff` (pnp.diff),
        which compares two versions of a game table by table, field by field. Empty
        (this default): `pnp diff` compares the loaded card models instead."""
        return ()

    def name(self, data: Any) -> str:
        """The game's printed name."""
        return data.info.name

    def palette(self, data: Any) -> Sequence[tuple[str, str, Any]]:
        """(name, "#RRGGBB", pnp.data.models.Origin of the colour or None) of every colour
        that tells the game's categories or decks apart, which must stay told apart in
        greyscale (pnp.validate.palette_problems; issue 28 item 3); the default: none."""
        return ()

    def extras(self, data: Any) -> Sequence[Extra]:
        """Files printed beside the cards and the rulebook (none by default)."""
        return ()

    def backs(self, data: Any) -> Sequence[str]:
        """The ids of every back the data can print."""
        return (ONE_BACK,)

    def copies(self, data: Any) -> list:
        """Every printed copy, in print order (for a game with one deck)."""
        return [card for card in self.cards(data) for _ in range(card.count)]

    def groups(
        self, data: Any, deck_format: str | None = None, players: int | None = None
    ) -> list[PrintGroup]:
        """What to print, group by group. This default prints every copy with the one
        back and refuses deck choices: PnpError for `deck_format` or `players`."""
        if deck_format or players is not None:
            raise PnpError(
                f"{self.name(data)} prints one deck for "
                f"{data.info.players_min}–{data.info.players_max} players; "
                "--deck-format and --players choose decks in games that have several"
            )
        return [PrintGroup(say(words_of(data), "kit.group"), tuple(self.copies(data)))]

    # --- What the shared code asks: the game's own cards plus the player aids ----------

    def aids(self, data: Any) -> tuple:
        """The player-aid cards the kit prints (pnp.data.aid; none if the game has none),
        an aid too long for one card split over more (pnp.layout.aid_text.split_aids)."""
        aids = tuple(getattr(data, "aids", ()))
        named = words_of(data).get("aid.part", KIT_WORDS["aid.part"])
        return split_aids(aids, narrowest_frame(data.info), named) if aids else ()

    def printed_cards(self, data: Any) -> list:
        """Every distinct card the kit prints: the game's cards, then its player aids."""
        return [*self.cards(data), *self.aids(data)]

    def face(self, card: Any, data: Any, frame: CardFrame) -> Face:
        """The front Face of any printed card: an aid's (pnp.layout.aid) or the game's,
        with the card's art (`card_art`, `Face.with_art`), the game's inline icons when a
        text names one (pnp.layout.inline), every mark on the trim run through the
        frame's whole bleed (pnp.layout.bleed.reach_bleed)."""
        face = (
            aid_face(card, data, frame)
            if isinstance(card, AidCard)
            else self.front(card, data, frame)
        )
        return reach_bleed(with_inline(face.with_art(card_art(card, data), frame), data), frame)

    def back_ids(self, data: Any) -> list[str]:
        """Every back the kit prints: the game's, and the aids' when it has aids."""
        return [*self.backs(data), *((AID_BACK,) if self.aids(data) else ())]

    def back_face(self, back_id: str, data: Any, frame: CardFrame) -> Face:
        """The Face of the back `back_id`, the aids' included, with its art (`back_art`,
        else the icon table's picture for it, `back_icon`; a full-bleed back picture is
        printed alone), every mark on the trim run through the frame's whole bleed
        (pnp.layout.bleed.reach_bleed)."""
        if back_id == AID_BACK:
            face = aid_back(data, frame)
            art = back_icon(back_id, data)
        else:
            face = self.back(back_id, data, frame)
            art = self.back_art(back_id, data) or back_icon(back_id, data)
        return reach_bleed(with_inline(face.with_art(art, frame, back=True), data), frame)

    def back_art(self, back_id: str, data: Any) -> Any:
        """The picture on the back `back_id` (pnp.data.art.ArtSpec, or None): game.toml's
        [back] `art_<back id>`, else its `art`."""
        return data.info.back.art_for(back_id)

    def print_groups(
        self, data: Any, deck_format: str | None = None, players: int | None = None
    ) -> list[PrintGroup]:
        """What to print: the game's groups (`groups`), then the player aids with their
        own back: one per player, `players` of them when given, else one for each player
        at the largest table."""
        groups = self.groups(data, deck_format, players)
        table = players or self.most_players(data, deck_format)
        aids = tuple(card for card in self.aids(data) for _ in range(min(table, card.count)))
        label = say(words_of(data), "aid.group")
        return [*groups, *((PrintGroup(label, aids, AID_BACK),) if aids else ())]

    def most_players(self, data: Any, deck_format: str | None = None) -> int:
        """The largest table the chosen format serves (game.toml players.max by default)."""
        return data.info.players_max

    def kit_rows_for(self, data: Any, groups: list[PrintGroup]) -> list[KitRow]:
        """The game's "What's in the kit" rows for what `groups` print; a game whose kit
        is the same whatever is chosen gives `kit_rows`."""
        return self.kit_rows(data)

    def printed_rows(self, data: Any, groups: list[PrintGroup]) -> list[KitRow]:
        """The "What's in the kit" table of the kit `groups` print (`print_groups`): its
        heading, the game's rows (`kit_rows_for`), then the player aids ("two per
        player" when each player has two aid cards), in the kit's words."""
        own = [g for g in groups if g.back != AID_BACK]
        n = sum(len(g.copies) for g in groups if g.back == AID_BACK)
        words = words_of(data)
        each = number_word(words, len(self.aids(data)))
        return [
            KitRow(say(words, "kit.heading"), 0, heading=True),
            *self.kit_rows_for(data, own),
            *((KitRow(say(words, "aid.row", each=each), n),) if n else ()),
        ]

    def summary(self, groups: list[PrintGroup]) -> dict[str, int]:
        """Printed copies by card kind (`card_kind`), for the build's report."""
        counts: dict[str, int] = {}
        for group in groups:
            for card in group.copies:
                kind = card_kind(card)
                counts[kind] = counts.get(kind, 0) + 1
        return counts
