"""Rule what-ifs, paired (issue 45, item 2): each game's simulator declares its rule
variants in one place (RULE_VARIANTS), `pnp simulate --rule-variant NAME` plays one and
`--compare-rules` plays the same seeds by the author's rules and with it, paired as
`--compare` pairs card data; the score keeper's rules take Hack Attack's "complete the
round" as a parameter whose default is the author's ending."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from click.shell_completion import ShellComplete
from click.testing import CliRunner

from pnp.cli import main
from pnp.core.paths import SHIPPED_DATA_DIR
from pnp.games.hack_attack.cards import AttackCard, UserErrorCard
from pnp.simulate import simulated, simulator
from pnp.simulate.result import Setup
from pnp.simulate.variants import KINDS, SUGGESTION, RuleVariant, declared
from scorekeeper.games.hack_attack import rules
from tests.data_only_game import write_game

ATTACK = simulator("hack-attack")
NAMES = ["faster", "cover=1", "cover=2", "cover=3", "gentler", "complete-round"]


def cli(*args):
    return CliRunner().invoke(main, ["simulate", *map(str, args)])


def hack_attack_data():
    return ATTACK.load(SHIPPED_DATA_DIR / "hack-attack")


# --- what each game declares -----------------------------------------------------------


def test_each_game_declares_its_variants_in_one_place_with_a_kind():
    assert [v.name for v in declared(ATTACK)] == NAMES
    kinds = Counter(v.kind for v in declared(ATTACK))
    assert kinds == {"official variant": 4, "house rule": 1, "suggestion": 1}
    for game in simulated():
        for variant in declared(simulator(game)):
            assert variant.kind in KINDS and variant.about and "\n" not in variant.about
    # the author's rules and the kit's rulebook give Hack Back and Not a Hack none;
    # Hack Back's BALANCE.md suggests one for "everyone loses"
    assert [(v.name, v.kind) for v in declared(simulator("hack-back"))] == [
        ("lowest-before-discards", "suggestion")
    ]
    assert declared(simulator("not-a-hack")) == ()


def test_help_strategies_lists_each_games_rule_variants():
    out = cli("--help-strategies").output
    assert "  rule variants (--rule-variant): \n    faster (official variant): Protect any" in out
    assert "    complete-round (suggestion): the final round ends with the last seat" in out
    assert "    lowest-before-discards (suggestion): when the end-of-turn checks" in out
    assert out.count("  rule variants (--rule-variant): none declared") == 1


# --- the author's rules stay the default ------------------------------------------------


@pytest.mark.parametrize("game", list(simulated()))
def test_without_a_variant_the_json_says_the_authors_rules(game):
    result = cli("--game", game, "--players", 3, "--games", 4, "--json", "--no-pdf")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["rule_variant"] is None


def test_the_rules_default_is_the_authors_every_other_player_takes_one_last_turn():
    names = ["Ana", "Ben", "Cleo", "Dev"]
    for variants, last in (({}, (3, 0, 1)), ({"complete_round": True}, (3,))):
        state = rules.initial(names, variants)
        state = state._replace(current=2)
        for _ in range(3):
            state = rules.apply(state, {"type": "protect", "player": "Cleo", "points": 1})
            state = state._replace(protected_this_turn=False)
        state = rules.apply(state, {"type": "protect", "player": "Cleo", "points": 1})
        assert (state.trigger, state.last_turns) == (2, last)
    # the trigger in the last seat: completing the round ends the game with that turn
    state = rules.initial(names, {"complete_round": True})._replace(current=3)
    for _ in range(4):
        state = rules.apply(state, {"type": "protect", "player": "Dev", "points": 2})
        state = state._replace(protected_this_turn=False)
    after = rules.apply(state, {"type": "end_turn"})
    assert after.over
    assert rules.outcome(after).explanation[0] == (
        "Dev Protected Tech number 4, the round was completed, and the game was scored."
    )


# --- complete the round -------------------------------------------------------------------


def turns_by_seat(result, variants: dict) -> Counter:
    """Each seat's turns in a played game, replayed through the score keeper's rules."""
    state = rules.initial(list(result.players), variants)
    turns: Counter = Counter()
    for event in result.events:
        if event["type"] == "end_turn":
            turns[state.current] += 1
        state = rules.apply(state, event)
    assert state.over
    return turns


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_complete_the_round_gives_every_seat_as_many_turns_in_every_game(players):
    data = hack_attack_data()
    setup = Setup(variant="complete-round")
    scored = unequal_by_author = 0
    for seed in range(40):
        result = ATTACK.simulate(data, players, seed, "protector", setup=setup)
        if result.capped:  # a stalled game is stopped unscored (about 1 in 500)
            continue
        scored += 1
        turns = turns_by_seat(result, {"complete_round": True})
        assert len(turns) == players and len(set(turns.values())) == 1, turns
        assert result.turns == sum(turns.values())
        author = ATTACK.simulate(data, players, seed, "protector")
        if not author.capped:
            unequal_by_author += len(set(turns_by_seat(author, {}).values())) > 1
    assert scored >= 36
    assert unequal_by_author > 0  # the author's ending gives the early seats one more


# --- the other variants play what they say --------------------------------------------------


def test_faster_lets_a_turn_protect_more_than_one_tech():
    data = hack_attack_data()
    most = 0
    for seed in range(30):
        result = ATTACK.simulate(data, 3, seed, "protector", setup=Setup(variant="faster"))
        protects = 0
        for event in result.events:
            protects = 0 if event["type"] == "end_turn" else protects + (event["type"] == "protect")
            most = max(most, protects)
    assert most >= 2


def test_gentler_shuffles_half_the_attacks_and_user_errors_in():
    data = hack_attack_data()
    players = [ATTACK.Protector() for _ in range(3)]
    for settings, share in ((None, 1), ({"gentler": True}, 2)):
        game = ATTACK.Match(data, players, 7, settings=settings)
        for kind in (AttackCard, UserErrorCard):
            printed = sum(c.count for c in data.cards if isinstance(c, kind))
            dealt = sum(isinstance(c, kind) for c in game.defense_deck)
            assert dealt == -(-printed // share)


def test_cover_plays_the_scorekeepers_cover_variant_and_refuses_a_table_too_small():
    result = cli(
        "--game", "hack-attack", "--players", 3, "--games", 3, "--rule-variant", "COVER=3",
        "--json", "--no-pdf",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["rule_variant"] == {
        "name": "cover=3",
        "kind": "official variant",
        "about": declared(ATTACK)[3].about,
        "players": [3, 6],
    }
    default = cli("--game", "hack-attack", "--games", 2, "--rule-variant", "cover=3", "--no-pdf")
    assert default.exit_code == 0 and "2 games at each of 3, 4, 5, 6 players" in default.output
    small = cli("--game", "hack-attack", "--players", 2, "--rule-variant", "cover=3", "--no-pdf")
    assert small.exit_code == 1
    assert "Error: the rule variant cover=3 (official variant) is played at 3-6 players, not 2" in (
        small.output
    )


# --- paired: the same seeds with and without a variant ------------------------------------------


def test_compare_rules_with_a_variant_that_changes_nothing_differs_by_exactly_zero(monkeypatch):
    same = RuleVariant("same-rules", SUGGESTION, "the author's rules under another name", {})
    monkeypatch.setattr(ATTACK, "RULE_VARIANTS", (*ATTACK.RULE_VARIANTS, same))
    result = cli(
        "--game", "hack-attack", "--players", "2,5", "--games", 40, "--workers", 1,
        "--rule-variant", "same-rules", "--compare-rules", "--json", "--no-pdf",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    compare = summary["compare"]
    assert compare["rules"] and compare["a"]["rule_variant"] is None
    assert compare["b"]["rule_variant"]["name"] == "same-rules"
    assert summary["rule_variant"] is None  # the summary is A's: the author's rules
    for count in compare["by_players"]:
        rows = [r for r in count["differences"] if r["difference"] is not None]
        assert len(rows) > 30
        assert all(r["difference"] == 0 and r["interval"] == [0, 0] for r in rows)
        assert count["flagged"] == 0
    assert compare["b"]["by_players"] == summary["by_players"]


def test_compare_rules_reports_complete_the_round_paired_in_the_terminal_and_the_pdf(tmp_path):
    result = cli(
        "--game", "hack-attack", "--players", 4, "--games", 60, "--rule-variant",
        "complete-round", "--compare-rules", "--out", tmp_path,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "compare: A the author's rules, B the rule variant complete-round (suggestion: " in (
        result.output
    )
    assert "    game length (mean, games not capped): A " in result.output
    assert "played 120 games" in result.output
    from tests.test_simulate_runs import page_texts

    text = "\n".join(page_texts(tmp_path / "hack-attack" / "balance.pdf"))
    assert "The author's rules A against a rule variant B" in text


def test_compare_of_card_data_with_a_variant_plays_it_on_both_sides():
    result = cli(
        "--game", "hack-attack", "--players", 3, "--games", 20, "--rule-variant", "faster",
        "--compare", SHIPPED_DATA_DIR, "--json", "--no-pdf",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    assert summary["rule_variant"]["name"] == "faster"
    compare = summary["compare"]
    assert not compare["rules"]
    assert compare["a"]["rule_variant"] == compare["b"]["rule_variant"] == summary["rule_variant"]
    rows = [r for r in compare["by_players"][0]["differences"] if r["difference"] is not None]
    assert all(r["difference"] == 0 for r in rows)


# --- usage errors -------------------------------------------------------------------------------


def test_an_unknown_variant_is_a_usage_error_listing_the_games_variants():
    result = cli("--game", "hack-attack", "--rule-variant", "slower", "--no-pdf")
    assert result.exit_code == 2
    assert (
        "Invalid value for '--rule-variant': hack-attack has no rule variant 'slower'; its "
        "rule variants: faster (official variant), cover=1 (official variant), cover=2 "
        "(official variant), cover=3 (official variant), gentler (house rule), "
        "complete-round (suggestion)"
    ) in " ".join(result.output.split())
    none = cli("--game", "not-a-hack", "--rule-variant", "complete-round", "--no-pdf")
    assert none.exit_code == 2
    assert "not-a-hack declares no rule variants" in " ".join(none.output.split())


def test_compare_rules_needs_a_variant_and_one_game():
    alone = cli("--game", "hack-attack", "--compare-rules", "--no-pdf")
    assert alone.exit_code == 2
    assert "name one with --rule-variant (hack-attack's: faster (official variant)" in " ".join(
        alone.output.split()
    )
    every = cli("--all", "--rule-variant", "faster", "--no-pdf")
    assert every.exit_code == 2 and "name the game with --game, not --all" in every.output
    both = cli(
        "--game", "hack-attack", "--rule-variant", "faster", "--compare-rules", "--compare",
        SHIPPED_DATA_DIR, "--no-pdf",
    )  # fmt: skip
    assert both.exit_code == 1
    assert "--compare and --compare-rules are two runs; ask for one" in both.output


def test_a_data_only_game_says_it_has_no_model_to_play_a_variant_of(tmp_path):
    data = write_game(tmp_path)
    result = cli("--game", "dice-night", "--data", data, "--rule-variant", "faster", "--no-pdf")
    assert result.exit_code == 1
    assert "dice-night is a data-only game" in result.output
    assert "Traceback" not in result.output


def test_a_registered_game_that_declares_no_variants_says_so(monkeypatch):
    from tests.fourth_game import register
    from tests.fourth_game.kit import DATA_DIR

    register(monkeypatch)  # Coin Flip: a simulator without RULE_VARIANTS
    args = ("--game", "coin-flip", "--data", DATA_DIR, "--games", 3, "--no-pdf")
    result = cli(*args, "--rule-variant", "complete-round")
    assert result.exit_code == 2
    assert "coin-flip declares no rule variants" in " ".join(result.output.split())
    plain = cli(*args, "--workers", 1, "--json")
    assert plain.exit_code == 0 and json.loads(plain.stdout)["rule_variant"] is None


def test_the_shell_completes_a_games_rule_variants():
    completer = ShellComplete(main, {}, "pnp", "_PNP_COMPLETE")
    words = ["simulate", "--game", "hack-attack", "--rule-variant"]
    assert [c.value for c in completer.get_completions(words, "")] == NAMES
    assert [c.value for c in completer.get_completions(words, "CO")] == NAMES[1:4] + [
        "complete-round"
    ]
    other = ["simulate", "--game", "hack-back", "--rule-variant"]
    assert [c.value for c in completer.get_completions(other, "")] == ["lowest-before-discards"]
    none = ["simulate", "--game", "not-a-hack", "--rule-variant"]
    assert [c.value for c in completer.get_completions(none, "")] == []


def test_a_run_with_a_variant_says_so_in_the_terminal_and_on_page_one(tmp_path):
    from tests.test_simulate_runs import page_texts

    result = cli(
        "--game", "hack-attack", "--players", 3, "--games", 5, "--rule-variant", "gentler",
        "--out", tmp_path,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "  rule variant gentler (house rule): Gentler first game: half the Attacks" in (
        result.output
    )
    first = " ".join(page_texts(tmp_path / "hack-attack" / "balance.pdf")[0].split())
    assert "Played with the rule variant gentler (house rule): Gentler first game" in first
    assert "not the author's rules." in first


def test_hack_backs_suggestion_gives_every_everyone_loses_game_a_winner():
    """lowest-before-discards (BALANCE.md's suggestion) changes only the games the
    author's rules end with "everyone loses": on the same seeds those get the lowest
    Hero before the discards as their winner (or a tie), and every game is as long."""
    out = cli(
        "--game", "hack-back", "--players", 4, "--games", 300, "--workers", 1,
        "--rule-variant", "lowest-before-discards", "--compare-rules", "--json", "--no-pdf",
    )  # fmt: skip
    assert out.exit_code == 0, out.output
    report = json.loads(out.stdout)
    (a,) = report["by_players"]
    (b,) = report["compare"]["b"]["by_players"]

    def ending(count: dict, key: str) -> int:
        return next(e["games"] for e in count["endings"] if e["key"] == key)

    lost = ending(a, "everyone loses")
    assert lost > 0 and ending(b, "everyone loses") == 0
    assert a["length"]["histogram"] == b["length"]["histogram"]
    assert ending(b, "vc win") + ending(b, "tie") == ending(a, "vc win") + ending(a, "tie") + lost
    assert ending(b, "last player") == ending(a, "last player")
