"""What the cards, the rulebooks and the score keeper say agree with the rules (issue
42, item 8): Not a Hack's positive action cards printed "Play any time" where the rules
score them when drawn; Hack Back's clarification let a later instruction target a
Victory Point's new Hero, which no printed card can do; its "40 and 10" example said
nobody wins where the last player standing does; the kit seated 12 where the shared
deck deals 14 hands; `check` took five Heroes at 40 VC or more in one turn; and
`scorekeeper new` and `check` knew nothing of data-only games without a hint."""

from __future__ import annotations

from click.testing import CliRunner

from pnp.core.paths import SHIPPED_DATA_DIR
from pnp.core.units import mm_to_pt
from pnp.games.hack_back.loader import load_hack_back
from pnp.layout.card_frame import CardFrame
from scorekeeper.cli import main as scorekeeper

RULES = SHIPPED_DATA_DIR.parent.parent.parent.parent / "shared" / "rules"


def texts(face) -> list[str]:
    return [getattr(e, "text", "") for e in face.elements]


def test_a_positive_action_card_says_it_scores_when_drawn():
    from pnp.core.games import find_game

    kit = find_game("not-a-hack")
    data = kit.load(SHIPPED_DATA_DIR / "not-a-hack")
    frame = CardFrame(mm_to_pt(63.5), mm_to_pt(88.9))
    positives = [c for c in kit.printed_cards(data) if c.kind == "positive"]
    negatives = [c for c in kit.printed_cards(data) if c.kind == "negative"]
    assert sum(c.count for c in positives) == 8 and negatives  # the eight cards
    for card in positives:
        n = card.points
        line = f"When drawn: gain {n} point{'s' if n != 1 else ''}."
        assert line in texts(kit.front(card, data, frame)), card.id
    for card in negatives:
        assert any(t.startswith("Play at once: lose ") for t in texts(kit.front(card, data, frame)))
    aid = (SHIPPED_DATA_DIR / "not-a-hack" / "rulebook.md").read_text(encoding="utf-8")
    assert "earn you the points printed on them as soon as you draw them" in aid


def test_a_victory_point_is_always_an_activations_last_instruction():
    """The rulebook's clarification says so; it holds for every printed card."""
    data = load_hack_back(SHIPPED_DATA_DIR / "hack-back")
    for card in data.cards.values():
        for effects in (card.play, card.activate):
            kinds = [e.kind for e in effects]
            if "victory_point" in kinds:
                assert kinds.index("victory_point") == len(kinds) - 1, card.id
    book = (SHIPPED_DATA_DIR / "hack-back" / "rulebook.md").read_text(encoding="utf-8")
    assert "a Victory Point is always an activation's last instruction" in book
    assert "so it is a legal target for every instruction that follows" not in book


def test_the_40_and_10_example_agrees_with_check():
    """Ana's 40-VC Hero was her last: she is out and Ben, the last player, wins; with a
    10-VC Hero of her own left, play goes on."""
    book = (SHIPPED_DATA_DIR / "hack-back" / "rulebook.md").read_text(encoding="utf-8")
    assert "so nobody wins and play goes on.\n" not in book
    assert "when only one player is left, that player wins in the fourth" in book
    runner = CliRunner()
    last = runner.invoke(scorekeeper, ["check", "hack-back", "Ana=40", "Ben=10"])
    assert last.exit_code == 0 and last.output.startswith("Winner: Ben (last player standing)")
    on = runner.invoke(scorekeeper, ["check", "hack-back", "Ana=40,10", "Ben=12"])
    assert on.exit_code == 0 and "Not final: play goes on" in on.output


def test_the_kit_and_the_score_keeper_seat_every_hand_the_shared_deck_deals():
    from scorekeeper.games.hack_back import rules

    data = load_hack_back(SHIPPED_DATA_DIR / "hack-back")
    deals = data.shared.size // 5
    assert deals == data.info.players_max == rules.PLAYERS[1] == 14
    names = [f"P{n}" for n in range(1, deals + 1)]
    result = CliRunner().invoke(
        scorekeeper, ["check", "hack-back", *(f"{n}=12" for n in names[1:]), "P1=-1"]
    )
    assert result.exit_code == 0 and result.output.startswith("Winner: P1"), result.output


def test_check_refuses_more_high_heroes_than_one_turn_can_make():
    runner = CliRunner()
    four = runner.invoke(scorekeeper, ["check", "hack-back", "Ana=40,41,5", "Ben=42,43,7"])
    assert four.exit_code == 0, four.output
    five = runner.invoke(scorekeeper, ["check", "hack-back", "Ana=40,41,42", "Ben=43,44,7"])
    assert five.exit_code == 1
    assert five.output.startswith(
        "Error: 5 Heroes are at 40 VC or more, but one turn of the printed cards raises at most 4"
    )


def test_a_data_only_game_is_hinted_and_checked(tmp_path, monkeypatch):
    runner = CliRunner()
    assert (
        runner.invoke(
            __import__("pnp.cli", fromlist=["main"]).main,
            ["new", "dice-night", "--dir", str(tmp_path)],
        ).exit_code
        == 0
    )
    monkeypatch.chdir(tmp_path)
    here = runner.invoke(
        scorekeeper, ["--db", str(tmp_path / "t.db"), "new", "dice-night", "Ana", "Ben"]
    )
    assert here.exit_code == 1
    assert here.output.rstrip().endswith("dice-night here is a data-only game: add --data .")
    monkeypatch.chdir(tmp_path.parent)
    elsewhere = runner.invoke(scorekeeper, ["check", "dice-night", "Ana=1"])
    assert elsewhere.exit_code == 1
    assert "a data-only game needs --data DIR, the folder that holds its folder" in elsewhere.output
    settled = runner.invoke(
        scorekeeper, ["check", "--data", str(tmp_path), "dice-night", "Ana=3,1,2", "Ben=4,4,0"]
    )
    assert settled.exit_code == 0, settled.output
    assert settled.output.startswith("Winner: Ben (highest total)")
    assert "  Ben: 4 + 4 + 0 = 8" in settled.output
    short = runner.invoke(
        scorekeeper, ["check", "--data", str(tmp_path), "dice-night", "Ana=3", "Ben=4"]
    )
    assert short.exit_code == 1 and "rounds = 3" in short.output
