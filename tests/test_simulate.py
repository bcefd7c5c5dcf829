"""`pnp simulate` (issue 13): the runner, the summary, the balance report and the
command, for every game the simulators registry holds and for a made-up game that shows
the shared code names none. The game models have their own tests
(tests/test_simulate_<game>.py)."""

from __future__ import annotations

import json
import random
import re
import types
from collections import Counter

import pdfplumber
import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.core.paths import SHIPPED_DATA_DIR
from pnp.simulate import simulated, simulator
from pnp.simulate.pages import write_balance
from pnp.simulate.report import summarise, text_lines, wilson
from pnp.simulate.result import CAPPED, Figure, Reading, Result, tables
from pnp.simulate.run import Arm, Job, Tally, game_seed, pieces, play_chunk, run

GAMES = list(simulated())


def cli(*args):
    return CliRunner().invoke(main, ["simulate", *map(str, args)])


def job_of(game, players, games, seed, strategies, cap, **more) -> Job:
    """A one-arm Job on the run's own card data (key "A")."""
    return Job(game, players, games, seed, cap, (Arm("A", "A", strategies),), **more)


_DATA = {}


def datas_of(game) -> dict:
    """The card data sets of a one-arm run of `game`, loaded once."""
    if game not in _DATA:
        _DATA[game] = {"A": simulator(game).load(SHIPPED_DATA_DIR / game)}
    return _DATA[game]


def vars_of(moments) -> tuple:
    return tuple(getattr(moments, name) for name in moments.__slots__)


def small_players(module) -> int:
    return max(module.PLAYERS[0], min(4, module.PLAYERS[1]))


# --- the contract -------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_every_simulator_keeps_the_contract(game):
    """Each registered module names its game, seats a range the game's rules allow,
    offers "random" and its default strategy, labels the capped ending, and its figures
    read fact groups its games really write."""
    module = simulator(game)
    assert module.GAME == game
    fewest, most = module.PLAYERS
    assert 2 <= fewest <= most
    assert "random" in module.STRATEGIES and module.DEFAULT_STRATEGY in module.STRATEGIES
    assert CAPPED in module.ENDINGS and module.TURN_CAP > 0 and module.TURN_WORD
    data = module.load(SHIPPED_DATA_DIR / game)
    figures = module.figures(data)
    assert figures and all(isinstance(f, Figure) for f in figures)
    n = small_players(module)
    results = [
        module.simulate(data, n, seed, module.DEFAULT_STRATEGY, module.TURN_CAP)
        for seed in range(20)
    ]
    for result in results:
        assert isinstance(result, Result) and result.ending in module.ENDINGS
        assert len(result.players) == len(result.totals) == n
        assert set(result.winners) <= set(result.players)
        assert result.capped == (result.ending == CAPPED)
        json.dumps(result.facts)
    groups = set().union(*(r.facts for r in results))
    for figure in figures:
        assert figure.kind in ("rate", "per game", "timeline")
        assert figure.count in groups
        assert figure.kind == "per game" or figure.out_of in groups
    assert figures[0].kind != "timeline"  # the headline of a skill report
    assert any(getattr(cls, "searches", False) for cls in module.STRATEGIES.values())
    fewest, most = tables(module, data)
    assert module.PLAYERS[0] <= fewest <= most <= module.PLAYERS[1]
    for deck_format in module.DECK_FORMATS:
        assert tables(module, data, deck_format)[0] == fewest


def clarifications(game: str) -> set[str]:
    """The questions under "## Clarifications" in the game's rulebook."""
    text = (SHIPPED_DATA_DIR / game / "rulebook.md").read_text(encoding="utf-8")
    section = text[text.index("## Clarifications") :]
    section = section[: section.find("\n## ", 3)] if "\n## " in section[3:] else section
    return set(re.findall(r"^- \*\*(.+?)\*\*", section, re.M))


@pytest.mark.parametrize("game", GAMES)
def test_every_reading_follows_a_clarification_of_the_rulebook(game):
    """Rules as written by default (issue 21): every reading a model makes where the
    rules are silent names the rulebook Clarification that states it, word for word."""
    module = simulator(game)
    assert module.READINGS
    questions = clarifications(game)
    for reading in module.READINGS:
        assert isinstance(reading, Reading) and reading.text.endswith(".")
        assert reading.clarification in questions, reading.clarification


# --- seeds, pieces and tallies --------------------------------------------------------


def test_game_seeds_are_fixed_and_distinct():
    """A game's seed depends on the run's seed, the player count and the index only."""
    assert game_seed(1, 4, 0) == game_seed(1, 4, 0)
    seeds = {game_seed(s, n, i) for s in (1, 2) for n in (3, 4) for i in range(500)}
    assert len(seeds) == 2 * 2 * 500
    assert all(0 <= s < 2**64 for s in seeds)


@pytest.mark.parametrize("games,workers", [(1, 2), (7, 2), (1000, 2), (5000, 1), (999, 64)])
def test_the_pieces_cover_every_game_once(games, workers):
    job = job_of("hack-attack", (2, 5), games, 1, ("random",), 10)
    work = pieces(job, workers)
    for n in (2, 5):
        covered = [i for m, a, b in work if m == n for i in range(a, b)]
        assert covered == list(range(games))


def test_tallies_merge_to_the_same_counts_as_adding_one_by_one():
    job = job_of("hack-attack", (3,), 30, 7, ("protector", "random"), 400)
    whole = play_chunk(job, datas_of("hack-attack"), 3, 0, 30).tallies[0]
    parts = Tally(3)
    for a, b in ((0, 11), (11, 12), (12, 30)):
        parts.merge(play_chunk(job, datas_of("hack-attack"), 3, a, b).tallies[0])
    assert parts.moments.keys() == whole.moments.keys()
    assert all(vars_of(parts.moments[k]) == vars_of(whole.moments[k]) for k in whole.moments)
    parts.moments = whole.moments = {}
    assert parts == whole
    assert whole.games == 30 == sum(whole.lengths.values()) == sum(whole.endings.values())
    no_sole = whole.games - sum(whole.seat_wins)
    assert no_sole >= whole.ties + whole.capped


def test_wilson_interval_matches_known_values():
    """Wilson score interval, z = 1.96: 5 of 10 -> 0.2366..0.7634; 0 of 10 -> 0..0.2775;
    10 of 10 -> 0.7225..1."""
    assert wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    assert wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert wilson(10, 10) == pytest.approx((0.7225, 1.0), abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


# --- determinism ----------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_the_same_seed_gives_the_same_json_on_any_number_of_workers(game, tmp_path):
    n = small_players(simulator(game))
    outputs = [
        cli(
            "--game",
            game,
            "--players",
            n,
            "--games",
            40,
            "--seed",
            9,
            "--json",
            "--no-pdf",
            "--workers",
            workers,
        )
        for workers in (1, 2, 2)
    ]
    assert all(r.exit_code == 0 for r in outputs), outputs[0].output
    assert outputs[0].output == outputs[1].output == outputs[2].output
    summary = json.loads(outputs[0].output)
    assert "seconds" not in outputs[0].output and "games/s" not in outputs[0].output
    assert summary["game"] == game and summary["games"] == 40
    other = cli("--game", game, "--players", n, "--games", 40, "--seed", 10, "--json", "--no-pdf")
    assert json.loads(other.output)["by_players"] != summary["by_players"]


def test_summary_counts_add_up():
    """Per player count: sole wins by seat + games without a sole winner = games; the
    endings add up to the games; the even share is the sole wins over the seats; each
    strategy's seats are the games times its seats; intervals hold their rates."""
    result = cli(
        "--game",
        "hack-attack",
        "--players",
        "2-3",
        "--games",
        50,
        "--json",
        "--no-pdf",
        "--strategy",
        "protector",
        "--strategy",
        "random",
    )
    summary = json.loads(result.output)
    assert summary["strategies"] == ["protector", "random"]
    for count in summary["by_players"]:
        n = count["players"]
        assert sum(e["games"] for e in count["endings"]) == count["games"] == 50
        wins = sum(s["wins"] for s in count["seats"])
        assert wins + count["no_sole_winner"] == 50
        assert count["no_sole_winner"] >= count["ties"] + count["capped"]
        assert count["even_share"] == pytest.approx(wins / (50 * n), abs=1e-4)
        played = {s["strategy"]: s["seats_played"] for s in count["strategies"]}
        assert played == {"protector": 50 * ((n + 1) // 2), "random": 50 * (n // 2)}
        assert sum(s["wins"] for s in count["strategies"]) == wins
        for row in count["seats"] + count["strategies"]:
            low, high = row["interval"]
            assert low <= row["rate"] <= high
        histogram = count["length"]["histogram"]
        assert sum(histogram.values()) == 50 - count["capped"]
        assert count["first_round"] == sum(
            n for t, n in histogram.items() if int(t) <= count["players"]
        )


@pytest.mark.parametrize("order", [("random", "racer"), ("racer", "random")])
def test_wins_by_strategy_follow_the_players_not_the_seat_order(order):
    """Hack Back lists its players from the first player, not the first seat: the wins
    of each strategy follow the players who played it, whichever seat it is given
    (a racer beats a random player nearly every time)."""
    result = cli(
        "--game",
        "hack-back",
        "--players",
        2,
        "--games",
        200,
        "--json",
        "--no-pdf",
        *[a for name in order for a in ("--strategy", name)],
    )
    count = json.loads(result.output)["by_players"][0]
    rates = {s["strategy"]: s["rate"] for s in count["strategies"]}
    assert rates["racer"] > 0.8 and rates["random"] < 0.2


@pytest.mark.parametrize("game", GAMES)
def test_every_result_names_the_strategy_of_each_player(game):
    module = simulator(game)
    data = module.load(SHIPPED_DATA_DIR / game)
    n = small_players(module)
    strategies = [list(module.STRATEGIES)[k % 2] for k in range(n)]
    for seed in range(10):
        game_ = module.Match(data, [module.STRATEGIES[s]() for s in strategies], seed, None)
        by_name = {seat.name: s for seat, s in zip(game_.seats, strategies)}
        result = module.simulate(data, n, seed, strategies, module.TURN_CAP)
        assert result.strategies == tuple(by_name[p] for p in result.players)


# --- the balance report -----------------------------------------------------------------


def pdf_text(path) -> str:
    """Every page's text, then each line of text turned 90° (a value axis title), read
    bottom to top."""
    lines = []
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            lines.append(page.extract_text() or "")
            turned: dict[int, list] = {}
            for char in page.chars:
                if not char["upright"]:
                    turned.setdefault(round(char["x0"]), []).append(char)
            lines += [
                "".join(c["text"] for c in sorted(chars, key=lambda c: -c["top"]))
                for chars in turned.values()
            ]
    return "\n".join(lines)


@pytest.mark.parametrize("game", GAMES)
def test_balance_pdf_has_every_chart_with_its_axis_titles(game, tmp_path):
    module = simulator(game)
    fewest = module.PLAYERS[0]
    result = cli(
        "--game", game, "--players", f"{fewest}-{fewest + 1}", "--games", 150, "--out", tmp_path
    )
    assert result.exit_code == 0, result.output
    path = tmp_path / game / "balance.pdf"
    assert str(path) in result.output
    text = pdf_text(path)
    for title in (
        "Balance report",
        "Game length",
        f"Game length ({module.TURN_WORD})",
        "Games (%)",
        "Win rate by seat",
        "Wins (%)",
        "Seat (seat 1 plays first)",
        "How games end",
        "How the game ended",
        f"{fewest} players",
        f"{fewest + 1} players",
    ):
        assert title in text, title
    data = module.load(SHIPPED_DATA_DIR / game)
    for figure in module.figures(data):
        for title in (figure.title, figure.value_title, figure.label_title):
            assert title in text, title
        assert next(iter(figure.labels.values())) in text
    with pdfplumber.open(path) as pdf:
        fonts = {c["fontname"].split("+")[-1] for p in pdf.pages for c in p.chars}
    assert fonts <= {"DejaVuSansCondensed", "DejaVuSansCondensed-Bold"}  # embedded


class CoinGame(types.SimpleNamespace):
    """A made-up game for the shared code: the first heads wins (turns = tosses)."""


def coin_simulate(data, n_players, seed, strategy, cap, setup=None):
    rng, names = random.Random(seed), tuple(f"P{k}" for k in range(n_players))
    for turn in range(1, cap + 1):
        if rng.random() < 0.3:
            winner = names[(turn - 1) % n_players]
            return Result(
                seed,
                names,
                (winner,),
                "heads",
                "heads",
                False,
                tuple(int(n == winner) for n in names),
                turn,
                False,
                (),
                {"heads": {winner: 1}, "turns": {n: 1 for n in names}},
                tuple(strategy),
            )
    return Result(
        seed,
        names,
        (),
        "capped",
        CAPPED,
        False,
        (0,) * n_players,
        cap,
        True,
        (),
        {},
        tuple(strategy),
    )


COIN = CoinGame(
    GAME="coin",
    PLAYERS=(2, 3),
    TURN_CAP=6,
    TURN_WORD="tosses",
    STRATEGIES={"random": object},
    DEFAULT_STRATEGY="random",
    ENDINGS={"heads": "heads", CAPPED: "turn cap"},
    load=lambda folder: None,
    simulate=coin_simulate,
    DECK_FORMATS=(),
    READINGS=(),
    figures=lambda data: [
        Figure(
            "Wins by name",
            "rate",
            "heads",
            {"P0": "first", "P1": "second"},
            "Wins (% of games)",
            "Player",
            "turns",
        )
    ],
)


def test_shared_code_runs_a_game_it_does_not_know(monkeypatch, tmp_path):
    """Games are plug-ins: a new simulator module named in the manifest is run,
    summed up and charted without any shared code naming it."""
    module = types.ModuleType("coin_sim")
    module.__dict__.update(vars(COIN))
    monkeypatch.setitem(__import__("sys").modules, "coin_sim", module)
    import pnp.core.games

    monkeypatch.setattr(
        pnp.core.games,
        "GAMES",
        [
            *pnp.core.games.GAMES,
            pnp.core.games.GameEntry("coin", "tests.fourth_game.kit", simulator="coin_sim"),
        ],
    )
    job = job_of("coin", (2, 3), 400, 3, ("random",), 6)
    tallies = run(job, {"A": None}, workers=2).tallies[0]
    assert summarise(job, module, module.figures(None), tallies) == summarise(
        job, module, module.figures(None), run(job, {"A": None}, workers=1).tallies[0]
    )
    summary = summarise(job, module, module.figures(None), tallies)
    two = summary["by_players"][0]
    capped = 0.7**6
    assert two["capped_rate"] == pytest.approx(capped, abs=0.05)
    assert two["seats"][0]["rate"] > two["seats"][1]["rate"]  # the first tosses first
    assert set(two["length"]["histogram"]) <= {str(t) for t in range(1, 7)}
    lines = text_lines(summary, module.figures(None))
    assert any("turn cap" in line for line in lines)
    with open(tmp_path / "coin.pdf", "wb") as stream:
        write_balance(stream, summary, module.figures(None), "Coin")
    text = pdf_text(tmp_path / "coin.pdf")
    assert "Game length (tosses)" in text and "Wins by name" in text and "Player" in text


# --- the command --------------------------------------------------------------------------


def test_the_terminal_summary_names_the_run_and_the_pdf(tmp_path):
    result = cli("--game", "had", "--players", 4, "--games", 20, "--out", tmp_path)
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.startswith("hack-attack: 20 games at each of 4 players; seed 1")
    for words in (
        "wins by seat, seat 1 first (95% interval",
        "    seat 4: ",
        "ties ",
        "no sole winner",
        "endings: ",
        "Tech Protected, once held",
        "games/s",
    ):
        assert words in out, words


@pytest.mark.parametrize("players", ["x", "2-", "-3", "6-2", "3,,4", "1.5", "4 players"])
def test_a_player_count_that_is_no_count_is_a_usage_error(players):
    result = cli("--game", "hack-attack", "--players", players, "--games", 5, "--no-pdf")
    assert result.exit_code == 2
    assert "--players" in result.output and "Traceback" not in result.output


@pytest.mark.parametrize(
    "args,words",
    [
        (("--game", "hack-attack", "--players", "1-3"), "simulated at 2-6 players, not 1"),
        (("--game", "hack-attack", "--players", "1,7-9"), "at 2-6 players, not 1, 7-9"),
        (
            ("--game", "hack-attack", "--players", "2-9999999"),
            "--players must be 1..99, got '2-9999999'",
        ),
        (("--game", "not-a-hack", "--players", "2"), "not-a-hack is simulated at 3-5 players"),
        (
            ("--game", "hack-attack", "--strategy", "cheater"),
            "hack-attack has no strategy cheater; its strategies: random, protector",
        ),
        (("--game", "hack-back", "--games", "0"), "--games must be 1..1000000"),
        (("--game", "hack-attack", "--turn-cap", "0"), "--turn-cap must be 1..100000"),
        (("--game", "chess"), "unknown game"),
        (("--players", "4"), "name a game"),
    ],
)
def test_bad_requests_are_one_clear_line(args, words):
    result = cli(*args, "--no-pdf")
    assert result.exit_code in (1, 2)
    assert words in result.output and "Traceback" not in result.output


def test_a_folder_in_the_way_leaves_the_old_report_alone(tmp_path):
    (tmp_path / "hack-attack" / "balance.pdf").mkdir(parents=True)
    result = cli("--game", "hack-attack", "--players", 2, "--games", 5, "--out", tmp_path)
    assert result.exit_code == 1
    assert "is a folder" in result.output
    assert (tmp_path / "hack-attack" / "balance.pdf").is_dir()


def test_a_rerun_replaces_the_report_whole(tmp_path):
    for seed in (1, 2):
        assert (
            cli(
                "--game",
                "hack-attack",
                "--players",
                2,
                "--games",
                5,
                "--seed",
                seed,
                "--out",
                tmp_path,
            ).exit_code
            == 0
        )
    assert [p.name for p in (tmp_path / "hack-attack").iterdir()] == ["balance.pdf"]
    assert "seed 2" in pdf_text(tmp_path / "hack-attack" / "balance.pdf")


def test_help_strategies_lists_every_game():
    result = cli("--help-strategies")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert [line.split(":")[0] for line in lines if not line.startswith(" ")] == GAMES
    assert "  protector (default): Protects the most valuable Tech" in result.output
    assert "hack-back: deck formats individual (default), shared" in lines
    for game in GAMES:
        for name, cls in simulator(game).STRATEGIES.items():
            assert f"  {name}" in result.output and cls.about in result.output


def test_all_games_in_one_json_list(tmp_path):
    result = cli("--all", "--players", 4, "--games", 3, "--json", "--no-pdf")
    assert result.exit_code == 0, result.output
    assert [s["game"] for s in json.loads(result.output)] == GAMES


def test_bad_card_data_is_reported_not_raised(tmp_path):
    import shutil

    shutil.copytree(SHIPPED_DATA_DIR / "hack-attack", tmp_path / "hack-attack")
    path = tmp_path / "hack-attack" / "tech.toml"
    path.write_text(path.read_text() + "\n[[broken\n")
    result = cli(
        "--game", "hack-attack", "--data", tmp_path, "--players", 2, "--games", 3, "--no-pdf"
    )
    assert result.exit_code == 1
    assert "tech.toml" in result.output and "Traceback" not in result.output


def test_length_histogram_matches_the_games_played():
    job = job_of("hack-attack", (2,), 25, 4, ("protector",), 400)
    module = simulator("hack-attack")
    data = datas_of("hack-attack")["A"]
    turns = Counter(
        module.simulate(data, 2, game_seed(4, 2, i), ("protector",) * 2, 400).turns
        for i in range(25)
    )
    assert run(job, datas_of("hack-attack"), 1).tallies[0][2].lengths == turns


def test_an_output_that_cannot_be_written_is_found_before_the_games(tmp_path, monkeypatch):
    """A file where the output folder should be is reported before a single game is
    played, so no run is lost; nothing existed, so nothing "previous" is claimed."""
    (tmp_path / "afile").write_text("x")
    played = []
    monkeypatch.setattr("pnp.simulate.balance.run", lambda *a, **k: played.append(1) or {})
    result = cli("--game", "hack-attack", "--players", 2, "--games", 5, "--out", tmp_path / "afile")
    assert result.exit_code == 1 and not played
    assert "Not a directory; nothing was written" in result.output


def test_all_games_are_checked_before_the_first_is_played(tmp_path):
    """`--all --strategy protector`: two games have no such strategy; both are named and
    no game is played, so no report is written."""
    result = cli("--all", "--strategy", "protector", "--games", 3, "--out", tmp_path)
    assert result.exit_code == 1
    assert "hack-back has no strategy protector" in result.output
    assert "not-a-hack has no strategy protector" in result.output
    assert not (tmp_path / "hack-attack" / "balance.pdf").exists()


def test_a_refused_run_creates_no_folder(tmp_path):
    """Checking that balance.pdf can be written makes nothing: a run refused for another
    reason leaves no empty output folders behind."""
    result = cli("--all", "--strategy", "racer", "--games", 3, "--out", tmp_path / "new")
    assert result.exit_code == 1
    assert not (tmp_path / "new").exists()


def test_a_run_where_every_game_is_capped_says_so(tmp_path):
    result = cli(
        "--game",
        "hack-attack",
        "--players",
        2,
        "--games",
        10,
        "--turn-cap",
        1,
        "--json",
        "--out",
        tmp_path,
    )
    assert result.exit_code == 0, result.output
    count = json.loads(result.stdout)["by_players"][0]
    assert count["capped"] == 10 and count["length"]["mean"] is None
    assert count["length"]["histogram"] == {} and count["no_sole_winner"] == 10
    assert "balance.pdf" in result.stderr
    text = pdf_text(tmp_path / "hack-attack" / "balance.pdf")
    assert "Every game reached the turn cap" in text and "all capped" in text
    plain = cli("--game", "hack-attack", "--players", 2, "--games", 10, "--turn-cap", 1, "--no-pdf")
    assert "length: every game reached the turn cap" in plain.output
