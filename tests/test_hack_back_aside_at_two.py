"""Issue 45, item 4: a Hack Back deck may name cards it sets aside at two players
(`aside_at_two` in decks.toml). That is card data and a setup line in the rulebook,
not a rule: the loader checks it like the deck lists, the simulator deals from it, and
the rulebook's line names the same cards."""

from __future__ import annotations

import re
import shutil
from collections import Counter

import pytest

from pnp.core.errors import DataError
from pnp.core.paths import SHIPPED_DATA_DIR
from pnp.games.hack_back.loader import load_hack_back
from pnp.games.hack_back.simulator import Match, Racer

SHIPPED = SHIPPED_DATA_DIR / "hack-back"
ASIDE = re.compile(r"^aside_at_two = \[\n(?:  \{.*\},\n)+\]\n", re.M)


def _with_aside(tmp_path, entries: str):
    """A copy of the shipped data whose shared deck sets `entries` aside at two players."""
    folder = tmp_path / "hack-back"
    shutil.copytree(SHIPPED, folder)
    decks = folder / "decks.toml"
    text = ASIDE.sub("", decks.read_text(encoding="utf-8"))
    decks.write_text(text + f"aside_at_two = [{entries}]\n", encoding="utf-8")
    return folder


def _problems(folder) -> list[str]:
    with pytest.raises(DataError) as caught:
        load_hack_back(folder)
    return [p.message for p in caught.value.problems]


def test_the_shipped_shared_deck_sets_thirteen_defend_cards_aside_at_two():
    data = load_hack_back(SHIPPED)
    aside = dict(data.shared.aside_at_two)
    assert sum(aside.values()) == 13
    kinds = {e.kind for c in aside for e in data.cards[c].play}
    assert kinds == {"defend", "defend_ally"}  # every one lowers a friendly Hero
    assert sum(n for _, n in data.shared.played(2)) == data.shared.size - 13 == 57
    assert data.shared.played(3) == data.shared.played(None) == data.shared.cards
    for deck in data.decks:  # the individual decks play whole at every count
        assert deck.played(2) == deck.cards


@pytest.mark.parametrize(
    "entries, message",
    [
        ('{ card = "no-such-card", count = 1 }', "unknown card 'no-such-card'"),
        (
            '{ card = "chief-paranoia-officer", count = 2 }',
            "sets aside 2 of 'chief-paranoia-officer', but the deck holds 1",
        ),
        (
            '{ card = "log-goblin", count = 1 }, { card = "log-goblin", count = 1 }',
            "'log-goblin' is listed twice",
        ),
        ('{ card = "log-goblin", count = 0 }', "expected 1..9, got 0"),
    ],
)
def test_the_loader_checks_the_cards_set_aside(tmp_path, entries, message):
    problems = _problems(_with_aside(tmp_path, entries))
    assert any(message in p for p in problems), problems


def test_a_deck_may_not_set_aside_below_the_rules_size(tmp_path):
    """70 − 36 leaves 34 cards: the rules' shared deck holds 35–70."""
    data = load_hack_back(SHIPPED)
    take, entries = 36, []
    for card, n in data.shared.cards:
        k = min(n, take)
        entries.append(f'{{ card = "{card}", count = {k} }}')
        take -= k
        if not take:
            break
    problems = _problems(_with_aside(tmp_path, ", ".join(entries)))
    assert any("leaves 34 cards at two players" in p and "35–70" in p for p in problems)


def test_the_simulator_deals_a_two_player_game_without_the_cards_set_aside():
    data = load_hack_back(SHIPPED)
    aside = dict(data.shared.aside_at_two)
    for players, expected in ((2, 57), (3, 70)):
        game = Match(data, [Racer() for _ in range(players)], seed=3, deck_format="shared")
        seat = game.seats[0]
        dealt = Counter(c.id for c in seat.deck) + Counter(c.id for s in game.seats for c in s.hand)
        assert sum(dealt.values()) == expected
        for card, n in data.shared.cards:
            assert dealt[card] == n - (aside.get(card, 0) if players == 2 else 0), card


def test_the_rulebook_names_the_cards_the_data_sets_aside():
    data = load_hack_back(SHIPPED)
    book = (SHIPPED / "rulebook.md").read_text(encoding="utf-8")
    (line,) = [x for x in book.splitlines() if "With two players and the shared deck" in x]
    total = sum(n for _, n in data.shared.aside_at_two)
    assert f"these {total} cards" in line
    for card, n in data.shared.aside_at_two:
        assert f"{n} {data.cards[card].name}" in line, card
