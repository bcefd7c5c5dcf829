"""Hack Back kit: deck lists checked against the rules, the right decks with the right
backs printed for each format, and the effect wording made from the data."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from pnp.build import BuildOptions, build
from pnp.cli import main
from pnp.core.errors import PnpError
from pnp.core.paths import SHIPPED_DATA_DIR
from pnp.games.hack_back.cards import Effect
from pnp.games.hack_back.loader import load_hack_back
from pnp.layout.imposition import SheetSpec
from tests.datafiles import edit_data
from tests.pdfread import placements

DATA = load_hack_back(SHIPPED_DATA_DIR / "hack-back")


def test_the_shipped_decks_follow_the_rules():
    assert len(DATA.decks) >= 4
    assert all(20 <= d.size <= 40 for d in DATA.decks)
    assert 35 <= DATA.shared.size <= 70
    assert (
        len({d.colour for d in DATA.decks})
        == len({d.emblem for d in DATA.decks})
        == len(DATA.decks)
    )
    assert all(card.play or card.activate for card in DATA.cards.values())


@pytest.mark.parametrize(
    "effect, text",
    [
        (Effect("attack", 3), "Attack 3: any Hero gains 3\u00a0VC."),
        (Effect("defend", 1), "Defend 1: a friendly Hero loses 1\u00a0VC."),
        (Effect("defend_ally", 2), "Defend Ally 2: another friendly Hero loses 2\u00a0VC."),
        (Effect("draw", 1), "Draw 1: take 1 card into your hand."),
        (Effect("draw", 2), "Draw 2: take 2 cards into your hand."),
        (
            Effect("victory_point"),
            "Victory Point: you may place a card from your hand as an additional Hero.",
        ),
    ],
)
def test_printed_wording_is_made_from_the_effect(effect, text):
    assert effect.wording() == text


def test_defend_ally_on_a_played_card_names_any_friendly_hero():
    assert (
        Effect("defend_ally", 2).wording("play")
        == "Defend Ally 2: a friendly Hero loses 2\u00a0VC."
    )


@pytest.mark.parametrize(
    "effect, section, text",
    [
        (Effect("attack", 3), "play", "Attack 3: any Hero gains 3\u00a0VC."),
        (Effect("attack", -2), "play", "Attack \u22122: any Hero loses 2\u00a0VC."),
        (
            Effect("attack", -4, True),
            "play",
            "Attack \u22124: every Hero, yours too, loses 4\u00a0VC.",
        ),
        (
            Effect("attack", 1, True),
            "activate",
            "Attack 1: every Hero, yours too, gains 1\u00a0VC.",
        ),
        (Effect("defend", 2, True), "activate", "Defend 2: every friendly Hero loses 2\u00a0VC."),
        (
            Effect("defend_ally", 1, True),
            "activate",
            "Defend Ally 1: every other friendly Hero loses 1\u00a0VC.",
        ),
        (
            Effect("defend_ally", 1, True),
            "play",
            "Defend Ally 1: every friendly Hero loses 1\u00a0VC.",
        ),
        (Effect("draw", 1), "play", "Draw 1: take 1 card into your hand."),
        (Effect("draw", 2), "play", "Draw 2: take 2 cards into your hand."),
    ],
)
def test_wording_is_made_from_the_effect(effect, section, text):
    assert effect.wording(section) == text


def test_patch_tuesday_lowers_every_hero():
    """The card that makes the rules' tie examples reachable (issue 10): the only way to
    lower an opponent's Hero is an Attack, so its Play is an Attack on every Hero."""
    from pnp.games.hack_back.loader import load_hack_back

    card = load_hack_back(SHIPPED_DATA_DIR / "hack-back").cards["patch-tuesday"]
    assert card.play == (Effect("attack", -4, True),)


def _validate(folder):
    return CliRunner().invoke(main, ["validate", "--game", "hack-back", "--data", str(folder)])


@pytest.fixture
def hb_copy(tmp_path):
    import shutil

    shutil.copytree(SHIPPED_DATA_DIR, tmp_path / "card_data")
    return tmp_path / "card_data" / "hack-back"


@pytest.mark.parametrize(
    "filename, old, new, message",
    [
        ("cards.toml", 'kind = "attack"', 'kind = "hack"', "unknown effect kind 'hack'"),
        (
            "cards.toml",
            'play = [{ kind = "attack", vc = 1 }]',
            'play = [{ kind = "victory_point" }]',
            "Victory Point only works when a Hero is activated",
        ),
        (
            "cards.toml",
            'kind = "attack", vc = 1',
            'kind = "attack", vc = 12',
            "attack needs vc = -9..-1 or 1..9, got 12",
        ),
        (
            "cards.toml",
            'kind = "attack", vc = 1',
            'kind = "attack", vc = 0',
            "attack needs vc = -9..-1 or 1..9, got 0",
        ),
        (
            "cards.toml",
            'kind = "defend", vc = 2',
            'kind = "defend", vc = -2',
            "defend needs vc = 1..9, got -2",
        ),
        (
            "cards.toml",
            'target = "every"',
            'target = "all"',
            'target is "one" (the player chooses a Hero, the default) or "every"',
        ),
        (
            "cards.toml",
            'kind = "draw", cards = 2',
            'kind = "draw", cards = 2, target = "every"',
            "unknown key target for draw; expected cards",
        ),
        (
            "decks.toml",
            'emblem = "shield"',
            'emblem = "skull"',
            "share the emblem 'skull'; backs must tell decks apart",
        ),
    ],
)
def test_deck_and_effect_problems_are_named(hb_copy, filename, old, new, message):
    edit_data(hb_copy / filename, old, new)
    result = _validate(hb_copy.parent)
    assert result.exit_code == 1
    assert message in result.output, result.output


def test_deck_sizes_outside_the_rules_are_refused(hb_copy):
    path = hb_copy / "decks.toml"
    path.write_text(
        path.read_text(encoding="utf-8").replace("count = 1 }", "count = 9 }"), encoding="utf-8"
    )
    result = _validate(hb_copy.parent)
    assert result.exit_code == 1
    assert (
        "cards; an individual deck holds 20–40 (rules, “Choose one deck format”)" in result.output
    )
    assert "cards; a shared deck holds 35–70" in result.output


def test_unknown_card_in_a_deck_list(hb_copy):
    edit_data(hb_copy / "decks.toml", 'card = "script-kiddie"', 'card = "no-such-card"')
    result = _validate(hb_copy.parent)
    assert result.exit_code == 1 and "unknown card 'no-such-card'" in result.output


def _back_forms(reader, page):
    xobjects = reader.pages[page]["/Resources"].get("/XObject", {})
    return {xobjects.raw_get(name).idnum for name in xobjects}


def test_individual_decks_each_start_a_sheet_with_their_own_back(tmp_path):
    report = build(
        BuildOptions(
            "hack-back", SheetSpec(deck_sheets=True), out_dir=tmp_path, deck_format="individual"
        )
    )
    reader = PdfReader(str(report.paths[0]))
    sheets_per_deck = [-(-d.size // 9) for d in DATA.decks]
    aids = 2 * len(DATA.decks)  # two aids a deck: one player each
    assert report.sheets == sum(sheets_per_deck) + -(-aids // 9)
    assert report.counts == {**{d.name: d.size for d in DATA.decks}, "Player aids": aids}
    page, seen = 0, []
    for deck, sheets in zip(DATA.decks, sheets_per_deck):
        forms = set()
        placed = 0
        for _ in range(sheets):
            placed += len(placements(reader, page))
            forms |= _back_forms(reader, page + 1)
            page += 2
        assert placed == deck.size
        assert len(forms) == 1  # one back design per deck
        seen.append(forms.pop())
    assert len(set(seen)) == len(DATA.decks)  # every deck's back differs


def test_players_picks_that_many_decks_and_shared_prints_one_deck(tmp_path):
    two = build(BuildOptions("hack-back", out_dir=tmp_path / "a", players=2))
    assert two.counts == {
        DATA.decks[0].name: DATA.decks[0].size,
        DATA.decks[1].name: DATA.decks[1].size,
        "Player aids": 4,  # two aids a player
    }
    shared = build(
        BuildOptions("hack-back", out_dir=tmp_path / "b", deck_format="shared", players=4)
    )
    assert shared.counts == {DATA.shared.name: DATA.shared.size, "Player aids": 8}


@pytest.mark.parametrize(
    "options, message",
    [
        (dict(players=7), "the individual format gives each player a deck: the data has 5"),
        (dict(deck_format="shared", players=5), None),
    ],
)
def test_player_counts_the_decks_cannot_serve_are_refused(tmp_path, options, message):
    if message is None:  # 5 players draw 25 of the shared deck's cards: fine
        build(BuildOptions("hack-back", out_dir=tmp_path, **options))
        return
    with pytest.raises(PnpError, match=message):
        build(BuildOptions("hack-back", out_dir=tmp_path, **options))


def test_hack_attack_refuses_hack_back_options(tmp_path):
    with pytest.raises(
        PnpError, match="--deck-format and --players choose decks in games that have several"
    ):
        build(BuildOptions("hack-attack", out_dir=tmp_path, players=3))


def test_the_score_keeper_seats_as_many_players_as_the_kit_deals():
    """Issue 22: the score keeper seats no more players than game.toml's range, and the
    shared deck deals five cards to every one of them; one more is refused with the
    reason."""
    from scorekeeper.errors import RuleError
    from scorekeeper.games.hack_back import rules

    data = load_hack_back(SHIPPED_DATA_DIR / "hack-back")
    most = rules.PLAYERS[1]
    assert data.info.players_max == most == 14 and data.shared.size // 5 >= most
    names = [f"P{k}" for k in range(most + 1)]
    with pytest.raises(RuleError, match="the kit seats up to 14"):
        rules.initial(names)
    assert rules.initial(names[:most]).players == tuple(names[:most])
