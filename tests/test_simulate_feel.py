"""How a game feels (pnp.simulate.feel, .feel_report, .feel_pages; issue 45): each
measure's known answer on tiny scripted games, and the measures of a real small run in
the terminal, the JSON and balance.pdf."""

from __future__ import annotations

import json
import random

import pypdfium2
import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.simulate.feel import (
    MEASURES,
    SECONDS_PER_ACTION,
    SECONDS_PER_CARD,
    SECONDS_PER_TURN,
    decided_at,
    lead_changes,
    leader,
    trailing,
)
from pnp.simulate.feel_report import feel_summary, seat_spread
from pnp.simulate.model import Model
from pnp.simulate.paired import measures
from pnp.simulate.result import Result, played
from pnp.simulate.run import Tally


class Picker:
    """Takes the first answer offered."""

    def pick(self, options):
        return options[0]

    def confirm(self, options):
        return options[0]


class Draws(Model):
    """A scripted two-player game: each turn the player to move picks from three
    answers (a decision) and confirms the one answer (forced), then draws the next card
    of a face-down deck and scores its value; the deck's end ends the game, the higher
    score wins. Re-dealing the hidden cards (`determinize`) reverses what is left of the
    deck, so the single draw's answer is known."""

    choices = {"pick": lambda options: list(options), "confirm": lambda options: list(options)}

    def __init__(self, draws: list[int], seed: int = 8):
        self.start(seed, [Picker(), Picker()], ("A", "B"), 100)
        self.deck = list(reversed(draws))  # drawn from the end
        self.scores = [0, 0]
        self.t = 0

    def over(self) -> bool:
        return not self.deck

    def clock(self) -> int:
        return self.t

    def step(self) -> None:
        seat = self.t % 2
        self.decide(seat, "pick", (1, 2, 3))
        self.decide(seat, "confirm", (1,))
        self.scores[seat] += self.deck.pop()
        self.t += 1

    def winners(self):
        if not self.over():
            return None
        top = max(self.scores)
        return tuple(n for n, s in zip(self.names, self.scores) if s == top)

    def result(self) -> Result:
        winners = self.winners() or ()
        return Result(
            self.seed, self.names, winners, "", "scored", len(winners) > 1,
            tuple(self.scores), self.t, False, (), {},
        )  # fmt: skip

    def clone(self) -> Draws:
        other = object.__new__(Draws)
        self.copy_base(other)
        other.deck, other.scores, other.t = list(self.deck), list(self.scores), self.t
        return other

    def determinize(self, k: int, rng: random.Random) -> None:
        self.deck.reverse()

    def standing(self):
        return self.scores

    def unseen(self) -> int:
        return len(self.deck)


def feel_of(draws: list[int], seed: int = 8) -> dict:
    game = Draws(draws, seed)
    result = played(game, ("picker", "picker"), 100)
    assert result.feel is not None
    return {key[1]: value for key, value in result.feel.items()}


def test_leader_is_the_one_strictly_highest_seat_and_a_shared_top_is_a_tie():
    assert leader([3, 1, 2]) == 0
    assert leader([1, 3, 3]) is None
    assert leader([-4, -9]) == 0


def test_lead_changes_count_a_new_leader_and_a_tie_in_between_is_no_leader():
    assert lead_changes([0, 0, 0, 0]) == 0
    assert lead_changes([0, 1, 0, 1]) == 3
    assert lead_changes([None, 0, None, 1]) == 1
    assert lead_changes([0, None, 0]) == 0
    assert lead_changes([None, None]) == 0


def test_decided_at_is_the_turn_after_which_the_last_leader_stays():
    assert decided_at([0, 0, 0, 0]) == 1
    assert decided_at([0, 1, 0, 1]) == 4
    assert decided_at([None, 1, 0, 0]) == 3
    assert decided_at([]) == 0


def test_trailing_counts_turns_with_the_winner_below_the_best():
    assert trailing([(2, 0), (2, 3), (4, 3), (4, 5)], 1) == 2
    assert trailing([(1, 1), (2, 2)], 0) == 0  # level is not behind


def test_a_game_with_no_lead_change():
    """A leads from the first draw to the last; re-dealt a round before the end (the
    last two cards reversed) A still wins."""
    feel = feel_of([9, 1, 5, 1])
    assert feel["lead changes"] == (0, 1)
    assert feel["drama"] == (0, 4)
    assert feel["decisiveness"] == (1, 4)
    assert feel["single draw"] == (0, 1)


def test_a_game_whose_lead_changes_every_turn():
    feel = feel_of([2, 3, 2, 2, 2, 2])  # A 2 4 6, B 3 5 7: the lead flips every draw
    assert feel["lead changes"] == (5, 1)
    assert feel["drama"] == (3, 6)  # B, the winner, trailed after A's three draws
    assert feel["decisiveness"] == (6, 6)


def test_a_game_decided_on_the_last_draw():
    """B trails until its last draw; dealt the other way round, A draws the 9."""
    feel = feel_of([3, 1, 3, 1, 0, 9])
    assert feel["lead changes"] == (1, 1)
    assert feel["decisiveness"] == (6, 6)
    assert feel["drama"] == (5, 6)
    assert feel["single draw"] == (1, 1)


def test_decisions_turns_and_minutes_follow_the_time_model():
    feel = feel_of([9, 1, 5, 1])
    assert feel["decisions"] == (4, 4)  # one real choice a turn; the forced one is not
    assert feel["choices"] == (12, 4)  # of three answers each
    assert feel["turns per player"] == (4, 2)
    seconds = 8 * SECONDS_PER_ACTION + 4 * SECONDS_PER_CARD + 4 * SECONDS_PER_TURN
    assert feel["minutes"] == (seconds, 60)


def test_the_single_draw_is_sampled_by_seed():
    assert "single draw" not in feel_of([9, 1, 5, 1], seed=5)


def test_a_copy_records_nothing_and_the_result_is_the_same_without_the_feel():
    game = Draws([3, 1, 3, 1, 0, 9])
    assert game.clone().feel is None
    plain = Draws([3, 1, 3, 1, 0, 9])
    plain.feel = None
    assert plain.play() == Draws([3, 1, 3, 1, 0, 9]).play()


def test_the_summary_sums_scripted_games_with_their_intervals():
    tally = Tally(2)
    for draws in ([9, 1, 5, 1], [2, 3, 2, 2, 2, 2], [3, 1, 3, 1, 0, 9]):
        result = played(Draws(draws), ("picker", "picker"), 100)
        tally.add(result, measures(result, [], 2, ["scored"]))
    rows = {r["key"]: r for r in feel_summary(tally)}
    assert list(rows) == list(MEASURES)
    assert rows["lead changes"]["value"] == 2.0  # (0 + 5 + 1) / 3
    assert rows["drama"]["value"] == round(8 / 16, 4)  # of the games with a sole winner
    assert rows["single draw"]["value"] == round(1 / 3, 4)
    low, high = rows["lead changes"]["interval"]
    assert low < 2.0 < high


def test_the_seat_spread_has_the_paired_interval_of_the_best_and_worst_seat():
    tally = Tally(2, games=100, seat_wins=[60, 30])
    spread = seat_spread(tally)
    assert spread["value"] == 0.3
    assert (spread["best_seat"], spread["worst_seat"]) == (1, 2)
    half = 1.959964 * ((0.6 + 0.3 - 0.09) / 99) ** 0.5
    assert spread["interval"] == [round(0.3 - half, 4), round(0.3 + half, 4)]


@pytest.fixture(scope="module")
def small_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("feel")
    runner = CliRunner()
    args = ["simulate", "--game", "hack-attack", "--games", "20", "--players", "3"]
    text = runner.invoke(main, [*args, "--out", str(out), "--workers", "1"])
    data = runner.invoke(main, [*args, "--no-pdf", "--json", "--workers", "1"])
    assert text.exit_code == 0, text.output
    assert data.exit_code == 0, data.output
    return text.output, json.loads(data.output), out / "hack-attack" / "balance.pdf"


def test_a_real_run_reports_the_feel_in_the_json(small_run):
    _, summary, _ = small_run
    assert summary["time_model"]["action"] == SECONDS_PER_ACTION
    count = summary["by_players"][0]
    rows = {r["key"]: r for r in count["feel"]}
    assert list(rows) == list(MEASURES)
    for key in ("lead changes", "drama", "decisiveness", "decisions", "choices", "minutes"):
        low, high = rows[key]["interval"]
        assert low <= rows[key]["value"] <= high, key
    # Hack Attack gives each player a handful of turns (issue 45: 3-6)
    assert 3 <= rows["turns per player"]["value"] <= 7
    assert rows["choices"]["value"] > 1
    assert 0 < count["minutes_median"] < 60
    spread = count["seat_spread"]
    assert spread["interval"][0] <= spread["value"] <= spread["interval"][1]


def test_a_real_run_says_how_it_feels_at_the_terminal_and_in_balance_pdf(small_run):
    text, summary, pdf = small_run
    assert "seat spread:" in text and "how it feels (95% interval): lead changes" in text
    assert "estimated minutes" in text
    document = pypdfium2.PdfDocument(str(pdf))
    pages = [document[i].get_textpage().get_text_range() for i in range(len(document))]
    feel = next(p for p in pages if "How the games feel" in p)
    assert "Lead changes per game" in feel and "Time model:" in feel
    assert "Estimated minutes, median" in feel and "Seat spread, points" in feel
