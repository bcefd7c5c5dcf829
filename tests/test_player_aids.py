"""Player-aid cards for every game (issue 11, item 2), read back from the built PDFs:
one per player at the largest table, each game's turn in its rules' order, their own
back, listed in the kit table; and checked like any other card."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.core.games import find_game
from pnp.core.paths import SHIPPED_DATA_DIR
from pnp.layout.imposition import SheetSpec
from tests.datafiles import edit_data
from tests.pdfread import plumbed

#: What each game's aid must say, in this order (its rules file's own sequence).
ORDER = {
    "hack-attack": [
        "Two actions, any mix",
        "Acquire a Tech",
        "Protect a Tech",
        "Discard down to 4 Defense",
        "4th Protected Tech",
    ],
    "hack-back": [
        "Two actions, one by one",
        "1. Draw",
        "After both actions",
        "1. Discard Heroes at 40 VC",
        "2. No Hero left?",
        "3. Lowest Hero at 0 VC",
        "4. Last player left wins",
    ],
    "not-a-hack": [
        "1. Draw the top black card",
        "Pick the winning hack",
        "Two unbanned players left",
        "Hack-off",
        "hack off again",
    ],
}


@pytest.fixture(scope="session")
def kits(kit):
    """Each game's kit folder with --deck-sheets: the aids on their own sheet."""
    return {game: kit(game, SheetSpec(deck_sheets=True)).paths[0].parent for game in ORDER}


def _first_card(path, index: int) -> str:
    """The text of the first aid card on page `index`: the top-left slot's third of the
    sheet (the grid is centred, three cards across)."""
    with plumbed(path) as pdf:
        page = pdf.pages[index]
        box = page.within_bbox((0, 0, page.width / 3, page.height / 2))
        return box.extract_text(x_tolerance=1.5)  # a lead and its words are two runs


def _pages(path):
    with plumbed(path) as pdf:
        return [page.extract_text() or "" for page in pdf.pages]


@pytest.mark.parametrize("game", list(ORDER))
def test_one_aid_per_player_at_the_largest_table_with_the_turn_in_order(kits, game):
    pages = _pages(kits[game] / "cards.pdf")
    fronts, backs = pages[0::2], pages[1::2]
    aid_fronts = [p for p in fronts if "PLAYER AID" in p]
    kit = find_game(game)
    players_max = kit.most_players(kit.load(SHIPPED_DATA_DIR / game))  # the default format
    aids = len(kit.aids(kit.load(SHIPPED_DATA_DIR / game)))  # each player's aid cards
    assert sum(p.count("PLAYER AID") for p in aid_fronts) == players_max * aids
    first = " ".join(_first_card(kits[game] / "cards.pdf", pages.index(aid_fronts[0])).split())
    positions = [first.find(words) for words in ORDER[game]]
    assert -1 not in positions, (positions, first)
    assert positions == sorted(positions)
    # the aids' own back behind them, and nowhere else
    aid_backs = [b for b in backs if "PLAYER AID" in b]
    assert sum(b.count("PLAYER AID") for b in aid_backs) == players_max * aids
    assert len(aid_backs) == len(aid_fronts)


@pytest.mark.parametrize("game", list(ORDER))
def test_the_kit_table_lists_the_aids(kits, game):
    text = " ".join(_pages(kits[game] / "rules.pdf"))
    assert re.search(r"Player aids \(two per player\)\s*\d", text), text[:2000]


@pytest.mark.parametrize(
    "old, new, message",
    [
        ('name = "Your turn"', f'name = "{"W" * 29}"', "expected 1..28 characters, got 29"),
        (
            '  "**Discard** down to 4 Defense cards.",',
            f'  "{"x" * 91}",',
            "line 7 has 91 characters; a line holds 1..90",
        ),
        (
            '  "**Discard** down to 4 Defense cards.",',
            '  "End of turn.", "a", "b", "c", "d",',
            "expected 2..10 lines, got 12",
        ),
    ],
)
def test_aids_are_checked_like_any_card(data_copy, old, new, message):
    edit_data(data_copy / "aids.toml", old, new)
    result = CliRunner().invoke(
        main, ["validate", "--game", "hack-attack", "--data", str(data_copy.parent)]
    )
    assert result.exit_code == 1
    assert "aids.toml:" in result.output and message in result.output, result.output
