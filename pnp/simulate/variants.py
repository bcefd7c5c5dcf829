"""Rule what-ifs (issue 45): the named rule variants a game's simulator declares in one
place, its module's `RULE_VARIANTS`, and how a run finds one by name.

A variant is only played when a run asks for it (`pnp simulate --rule-variant NAME`);
without one every game is played by its author's rules. Each says where it comes from
(`kind`): an official variant the author wrote (shared/rules), a house rule of the kit's
rulebook (card_data/<game>/rulebook.md, "Variants"), or a suggestion the simulations
make to the author (BALANCE.md, "Rule suggestions for the author"). `settings` is what
the game's model is given for it, the score keeper's rules parameters among them (the
rules accept a variant as a parameter, their default the author's; they are never
forked). `--compare-rules` plays the same seeds with and without it, paired as
`--compare` pairs two card data sets (pnp.simulate.paired). Nothing here names a game.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import ModuleType

from pnp.core.errors import PnpError
from pnp.core.records import NamedTuple
from pnp.core.shown import quoted

OFFICIAL = "official variant"
HOUSE = "house rule"
SUGGESTION = "suggestion"
#: where a variant comes from, in the order a listing shows them
KINDS = (OFFICIAL, HOUSE, SUGGESTION)


class RuleVariant(NamedTuple):
    """One named rule what-if: its `name` (as typed after --rule-variant), `kind` (one
    of KINDS), `about` (one line: what changes), `settings` (what the game's model is
    given for it) and `players` (the fewest and most players it can be played at; None:
    every count the game deals)."""

    name: str
    kind: str
    about: str
    settings: Mapping[str, object]
    players: tuple[int, int] | None = None

    def to_json(self) -> dict:
        return {
            "name": self.name,
            "kind": self.kind,
            "about": self.about,
            "players": list(self.players) if self.players else None,
        }

    @property
    def words(self) -> str:
        """ "the rule variant complete-round (suggestion)"."""
        return f"the rule variant {self.name} ({self.kind})"


class UnknownVariant(PnpError):
    """A variant name the game does not declare (a usage error at the command line)."""


def declared(module: ModuleType) -> tuple[RuleVariant, ...]:
    """The rule variants the simulator `module` declares (its RULE_VARIANTS; none for a
    module without them)."""
    return tuple(getattr(module, "RULE_VARIANTS", ()))


def listing(module: ModuleType) -> str:
    """The module's variants in one line: "faster (official variant), ..."."""
    return ", ".join(f"{v.name} ({v.kind})" for v in declared(module))


def find_variant(module: ModuleType, game: str, name: str) -> RuleVariant:
    """The variant `name` (any case) of `game`'s simulator `module`. UnknownVariant
    listing the game's variants, or saying it declares none."""
    typed = name.strip().casefold()
    for variant in declared(module):
        if variant.name.casefold() == typed:
            return variant
    if not declared(module):
        raise UnknownVariant(
            f"{game} declares no rule variants (its author's rules and its kit's "
            f"rulebook give none, and the simulations suggest none), so "
            f"{quoted(name, 40)} cannot be played"
        )
    raise UnknownVariant(
        f"{game} has no rule variant {quoted(name, 40)}; its rule variants: {listing(module)}"
    )


def chosen_variant(
    module: ModuleType,
    game: str,
    name: str | None,
    players: tuple[int, ...],
    asked: bool,
    compare_rules: bool,
) -> tuple[str | None, tuple[int, ...]]:
    """The name of the rule variant `name` of `game` (simulator `module`) as the game
    declares it (None: the author's rules), and the player counts to play: `players`,
    or, when none were `asked` for, those of them the variant can be played at.
    UnknownVariant for a name the game does not declare (naming those it does) or for
    `compare_rules` without a variant; PnpError for a count asked that the variant
    cannot be played at."""
    if name is None:
        if compare_rules:
            raise UnknownVariant(
                "--compare-rules plays the author's rules beside a rule variant: name one "
                f"with --rule-variant ({game}'s: {listing(module) or 'none declared'})"
            )
        return None, players
    variant = find_variant(module, game, name)
    if variant.players:
        low, high = variant.players
        if not asked:
            players = tuple(n for n in players if low <= n <= high) or players
        wrong = [n for n in players if not low <= n <= high]
        if wrong:
            raise PnpError(
                f"{variant.words} is played at {low}-{high} players, not "
                f"{', '.join(map(str, wrong))} (--players)"
            )
    return variant.name, players


def settings_of(variants: tuple[RuleVariant, ...], name: str | None) -> Mapping[str, object]:
    """The settings of the variant `name` among `variants` (a module's RULE_VARIANTS),
    {} for None (the author's rules). KeyError for a name none has (a run checks the
    name before it plays: `find_variant`)."""
    if name is None:
        return {}
    for variant in variants:
        if variant.name == name:
            return variant.settings
    raise KeyError(name)


def variant_json(module: ModuleType, name: str | None) -> dict | None:
    """The variant `name` of `module` as JSON, None for the author's rules."""
    if name is None:
        return None
    return next(v for v in declared(module) if v.name == name).to_json()
