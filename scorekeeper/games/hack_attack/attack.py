"""Hack Attack: Defense: the Attack check, exactly. One Defense card covers one icon of
its category, a Reality Check covers any one icon, and the table must cover 1, 2 or 3 of
the Attack's three icons by player count. Pure functions; no I/O.

Source: shared/rules/hack-attack-defense.txt (“Reveal together”, “More players, more
matches”). The player range lives here because it bounds the check.
"""

from __future__ import annotations

from typing import Callable, Sequence

from pnp.core.records import NamedTuple
from pnp.core.shown import plural
from scorekeeper.errors import InputError, RuleError, quoted

PLAYERS = (2, 6)
WILD = "reality-check"
CATEGORIES = (
    "backups",
    "device-security",
    "home-network",
    "passwords",
    "social-engineering",
    "social-media",
)

RULE_PLAYERS = (
    "Hack Attack: Defense is for 2–6 players: the rules give the icons to cover for "
    "2, 3–4 and 5–6 players (rules, “More players, more matches”)"
)
RULE_ONE_CARD = "each player places one Defense card at most (rules, “Everyone picks one card”)"
RULE_ICONS = "every Attack card shows three Defense icons (rules, Attack cards)"
RULE_COVER = (
    "for an easier or harder game, lower or raise the number of icons the table "
    "must cover (rules, “Variant”); each player places one Defense card at most "
    "(rules, “Everyone picks one card”)"
)


def icons_to_cover(n_players: int, cover: int | None = None) -> int:
    """Attack icons the table must cover: 1 (2 players), 2 (3–4) or 3 (5–6) (rules,
    “More players, more matches”), or `cover` (1..3) when the table plays the cover
    variant (rules, “Variant: ... lower or raise the number of icons the table must
    cover”)."""
    if cover is not None:
        return cover
    return 1 if n_players <= 2 else 2 if n_players <= 4 else 3


def check_cover(cover: int | None, n_players: int) -> None:
    """RuleError (RULE_COVER) if the cover variant asks `n_players` to cover more icons
    than they can reveal cards (one each), or a number outside 1..3."""
    if cover is None:
        return
    if not 1 <= cover <= 3:
        raise RuleError(RULE_COVER, f"an Attack has 3 icons; the table covers 1..3, not {cover}")
    if cover > n_players:
        raise RuleError(
            RULE_COVER,
            f"{plural(n_players, 'player')} reveal at most "
            f"{plural(n_players, 'Defense card')}, so they cannot cover {cover} "
            "icons",
        )


class Defense(NamedTuple):
    """The result of an Attack check: `covered` pairs (icon index, revealed-card index)
    of a largest matching; `needed` icons had to be covered (`variant`: set by the
    cover variant, not by the player count); `holds` if enough were."""

    icons: tuple[str, ...]
    revealed: tuple[str, ...]
    needed: int
    covered: tuple[tuple[int, int], ...]
    variant: bool = False

    @property
    def holds(self) -> bool:
        """True if the table covered the icons it needed (the defense holds)."""
        return len(self.covered) >= self.needed

    def explain(self, names: dict[str, str] | None = None) -> list[str]:
        """Plain-words lines: which card covered which icon, and the verdict."""
        show: Callable[[str], str] = lambda c: (names or {}).get(c, c)  # noqa: E731
        lines = [
            f"Attack icons: {', '.join(show(i) for i in self.icons)}; revealed: "
            f"{', '.join(show(r) for r in self.revealed) or 'nothing'}."
        ]
        for icon, card in self.covered:
            lines.append(
                f"  {show(self.revealed[card])} covers icon {icon + 1} ({show(self.icons[icon])})"
            )
        verdict = "holds" if self.holds else "fails"
        why = " (the cover variant)" if self.variant else ""
        lines.append(
            f"{len(self.covered)} of 3 icons covered, {self.needed} needed{why}: "
            f"the defense {verdict}."
        )
        return lines


def defend(
    icons: Sequence[str], revealed: Sequence[str], n_players: int, cover: int | None = None
) -> Defense:
    """Decide an Attack exactly: one card covers one icon of its category, a Reality Check
    covers any one icon, a repeated icon needs its own card, and the table must cover
    `icons_to_cover(n_players, cover)` icons (`cover`: the cover variant's number, None
    for the standard rules). A maximum bipartite matching (augmenting paths), not a
    greedy count. Raises RuleError for a card count above the player count, an Attack
    without exactly three icons or a cover the table cannot reach (check_cover);
    InputError for unknown categories."""
    icons, revealed = tuple(icons), tuple(revealed)
    if len(icons) != 3:
        raise RuleError(RULE_ICONS, f"an Attack has 3 icons, got {len(icons)}")
    if not PLAYERS[0] <= n_players <= PLAYERS[1]:
        raise RuleError(RULE_PLAYERS, f"{plural(n_players, 'player')} cannot play")
    check_cover(cover, n_players)
    if len(revealed) > n_players:
        raise RuleError(
            RULE_ONE_CARD,
            f"{plural(len(revealed), 'card')} revealed by {plural(n_players, 'player')}",
        )
    for c in icons:
        if c not in CATEGORIES:
            raise InputError(f"unknown Attack icon {quoted(c)}; known: {', '.join(CATEGORIES)}")
    for c in revealed:
        if c not in CATEGORIES and c != WILD:
            raise InputError(
                f"unknown Defense category {quoted(c)}; known: {', '.join(CATEGORIES)}, {WILD}"
            )
    match_of_card: dict[int, int] = {}
    # Try plain cards before Reality Checks, so a wild card covers only what nothing else can.
    order = sorted(range(len(revealed)), key=lambda c: revealed[c] == WILD)

    def augment(icon: int, seen: set[int]) -> bool:
        for card in order:
            cat = revealed[card]
            if card in seen or (cat != WILD and cat != icons[icon]):
                continue
            seen.add(card)
            if card not in match_of_card or augment(match_of_card[card], seen):
                match_of_card[card] = icon
                return True
        return False

    for icon in range(3):
        augment(icon, set())
    covered = tuple(sorted((icon, card) for card, icon in match_of_card.items()))
    return Defense(icons, revealed, icons_to_cover(n_players, cover), covered, cover is not None)
