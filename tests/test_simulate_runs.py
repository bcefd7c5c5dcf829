"""`pnp simulate`'s runs beyond one table of one strategy (issue 21): the readings on
page 1 and in the JSON, the deck format, seats turned round the table, the skill report
and paired what-if runs, and the charts telling a 0 from too few to count."""

from __future__ import annotations

import json
import shutil

import pdfplumber
import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.core.paths import SHIPPED_DATA_DIR
from pnp.simulate import simulated, simulator
from pnp.simulate.paired import Moments, Pair, interval


def cli(*args):
    return CliRunner().invoke(main, ["simulate", *map(str, args)])


def page_texts(path) -> list[str]:
    with pdfplumber.open(path) as pdf:
        return [page.extract_text() or "" for page in pdf.pages]


# --- the readings --------------------------------------------------------------------


@pytest.mark.parametrize("game", list(simulated()))
def test_every_reading_is_on_page_one_and_in_the_json(game, tmp_path):
    result = cli(
        "--game",
        game,
        "--players",
        simulator(game).PLAYERS[0] + 1,
        "--games",
        20,
        "--json",
        "--out",
        tmp_path,
    )
    assert result.exit_code == 0, result.output
    readings = json.loads(result.stdout)["readings"]
    module = simulator(game)
    assert [(r["reading"], r["clarification"]) for r in readings] == [
        (r.text, r.clarification) for r in module.READINGS
    ]
    first = " ".join(page_texts(tmp_path / game / "balance.pdf")[0].split())
    assert "Readings where the rules are silent" in first
    for reading in module.READINGS:
        assert " ".join(reading.clarification.split()) in first, reading.clarification


# --- deck formats, rotation --------------------------------------------------------------


def test_hack_back_takes_either_deck_format_at_every_count_it_deals(tmp_path):
    """Individual decks at 2-5 (five decks), the shared deck at 2-14 (70 cards, five a
    hand); a count a format cannot deal is one line, before any game; a game with one
    deck refuses the option."""
    both = {}
    for fmt, counts in (("individual", "2-5"), ("shared", "2-6")):
        result = cli(
            "--game",
            "hack-back",
            "--deck-format",
            fmt,
            "--players",
            counts,
            "--games",
            10,
            "--json",
            "--no-pdf",
        )
        assert result.exit_code == 0, result.output
        summary = json.loads(result.output)
        assert summary["deck_format"] == fmt
        both[fmt] = summary["by_players"][0]
        decks = {v["key"] for v in summary["by_players"][0]["figures"][0]["values"] if v["out_of"]}
        assert (decks == {"shared"}) == (fmt == "shared")
    assert both["individual"] != both["shared"]
    assert (
        cli(
            "--game",
            "hack-back",
            "--deck-format",
            "shared",
            "--players",
            14,
            "--games",
            2,
            "--no-pdf",
        ).exit_code
        == 0
    )
    default = cli("--game", "hack-back", "--games", 2, "--json", "--no-pdf")
    assert [c["players"] for c in json.loads(default.output)["by_players"]] == [2, 3, 4, 5]
    wrong = cli("--game", "hack-back", "--players", 6, "--games", 2, "--no-pdf")
    assert wrong.exit_code == 1
    assert wrong.output.strip() == (
        "Error: hack-back is simulated at 2-5 players with "
        "individual decks, not 6 (--deck-format: the shared "
        "deck 2-14)"
    )
    assert (
        "15"
        in cli(
            "--game",
            "hack-back",
            "--deck-format",
            "shared",
            "--players",
            15,
            "--games",
            2,
            "--no-pdf",
        ).output
    )
    one = cli("--game", "hack-attack", "--deck-format", "shared", "--games", 2, "--no-pdf")
    assert one.exit_code == 1 and "hack-attack deals one deck" in one.output
    odd = cli("--game", "hack-back", "--deck-format", "pooled", "--games", 2, "--no-pdf")
    assert odd.exit_code == 1 and "individual or shared" in odd.output


def test_rotate_gives_every_strategy_every_seat_equally():
    result = cli(
        "--game",
        "hack-attack",
        "--players",
        3,
        "--games",
        30,
        "--rotate",
        "--strategy",
        "protector",
        "--strategy",
        "random",
        "--json",
        "--no-pdf",
    )
    count = json.loads(result.output)["by_players"][0]
    played = {s["strategy"]: s["seats_played"] for s in count["strategies"]}
    assert played == {"protector": 60, "random": 30}  # 2 and 1 of 3 seats, 30 games
    plain = cli(
        "--game",
        "hack-attack",
        "--players",
        3,
        "--games",
        30,
        "--strategy",
        "protector",
        "--strategy",
        "random",
        "--json",
        "--no-pdf",
    )
    assert json.loads(plain.output)["by_players"][0]["seats"] != count["seats"]


# --- intervals -----------------------------------------------------------------------------


def test_a_ratio_interval_over_games_matches_its_textbook_value():
    """Per-game counts (c, o) = (1,2), (0,2), (2,2), (1,2): R = 4/8; u = c - R o =
    0, -1, 1, 0; the variance of R is Σu² / (n(n-1) ō²) = 2 / (12·4), so R ± 1.96·0.2041."""
    m = Moments()
    for c, o in ((1, 2), (0, 2), (2, 2), (1, 2)):
        m.add(c, o)
    low, high = interval(m, 4)
    assert (low, high) == pytest.approx((0.5 - 1.959964 * 0.2041241, 0.5 + 1.959964 * 0.2041241))


def test_a_paired_difference_of_identical_runs_is_exactly_zero():
    pair = Pair()
    for c, o in ((1, 2), (0, 3), (5, 5), (2, 7)):
        pair.add(c, o, c, o)
    diff = pair.difference(4)
    assert diff["difference"] == 0 and diff["interval"] == [0.0, 0.0]
    assert not diff["excludes_0"]


# --- skill report ------------------------------------------------------------------------


def test_the_skill_report_plays_three_levels_on_the_same_seeds(tmp_path):
    result = cli(
        "--game",
        "not-a-hack",
        "--players",
        3,
        "--games",
        12,
        "--skill-report",
        "--search-iterations",
        2,
        "--json",
        "--out",
        tmp_path,
    )
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    skill = summary["skill"]
    assert [lv["strategy"] for lv in skill["levels"]] == ["random", "party", "search"]
    assert summary["strategies"] == ["party"]  # the rule of thumb's summary
    count = skill["by_players"][0]
    assert len(count["seats"]) == 3 and all(len(s["levels"]) == 3 for s in count["seats"])
    assert [s["seats"][0]["rate"] for s in count["summaries"]] == [
        s["levels"][k]["rate"] for s in count["seats"][:1] for k in range(3)
    ]
    assert skill["headline"] == "Bans, steals and hack-offs per game"
    assert count["summaries"][1]["seats"] == summary["by_players"][0]["seats"]
    text = "\n".join(page_texts(tmp_path / "not-a-hack" / "balance.pdf"))
    assert "Skill levels side by side" in text and "3 players: wins by seat" in text
    plain = cli(
        "--game",
        "not-a-hack",
        "--players",
        3,
        "--games",
        12,
        "--skill-report",
        "--search-iterations",
        2,
        "--no-pdf",
    )
    assert (
        "skill report: the same seeds played by random / rule of thumb (party) / "
        "search" in plain.output
    )
    assert (
        cli("--game", "not-a-hack", "--skill-report", "--strategy", "party", "--no-pdf").exit_code
        == 1
    )


# --- paired what-if runs --------------------------------------------------------------------


def test_compare_against_the_same_data_differs_by_exactly_zero():
    result = cli(
        "--game",
        "hack-attack",
        "--players",
        "2,4",
        "--games",
        60,
        "--compare",
        SHIPPED_DATA_DIR,
        "--json",
        "--no-pdf",
    )
    assert result.exit_code == 0, result.output
    compare = json.loads(result.output)["compare"]
    for count in compare["by_players"]:
        rows = [r for r in count["differences"] if r.get("difference") is not None]
        assert rows and all(r["difference"] == 0 and r["interval"] == [0, 0] for r in rows)
        assert count["flagged"] == 0
        assert not any(r.get("only") for r in count["differences"])
    assert compare["b"]["by_players"] == json.loads(result.output)["by_players"]


def changed_copy(tmp_path, game, edit):
    """A copy of `game`'s card data under tmp_path/data with `edit(text)` applied to the
    file it names: (data folder, edit)."""
    shutil.copytree(SHIPPED_DATA_DIR / game, tmp_path / "data" / game)
    name, change = edit
    path = tmp_path / "data" / game / name
    text = path.read_text(encoding="utf-8")
    path.write_text(change(text), encoding="utf-8")
    return tmp_path / "data"


def test_compare_flags_the_one_card_that_changed_and_lists_renamed_cards(tmp_path):
    """Smart Plug needs four Defenses instead of one, Smart TV is renamed (a new id) and
    the Laptop scores 5: the Smart Plug's Protect rate differs with an interval that
    excludes 0; the old id is only in A, the new one only in B, each with its own
    figures and id; the Laptop's row names both its labels."""

    def edit(text):
        text = text.replace(
            'id = "smart-plug"\nname = "Smart Plug"\ncount = 2\npoints = 1\n'
            'defenses = ["home-network"]',
            'id = "smart-plug"\nname = "Smart Plug"\ncount = 2\npoints = 1\n'
            'defenses = ["home-network", "passwords", "backups", "social-media"]',
        )
        text = text.replace(
            'name = "Laptop"\ncount = 2\npoints = 3', 'name = "Laptop"\ncount = 2\npoints = 5'
        )
        return text.replace('id = "smart-tv"', 'id = "living-room-tv"')

    other = changed_copy(tmp_path, "hack-attack", ("tech.toml", edit))
    result = cli(
        "--game",
        "hack-attack",
        "--players",
        3,
        "--games",
        150,
        "--compare",
        other,
        "--json",
        "--out",
        tmp_path / "out",
    )
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)["compare"]["by_players"][0]["differences"]
    plug = next(r for r in rows if r["key"] == "smart-plug" and r["figure"].startswith("Tech"))
    assert plug["excludes_0"] and plug["difference"] > 0.2 and plug["interval"][0] > 0
    only = {(r["key"], r["only"], r["label"]) for r in rows if r.get("only")}
    assert only == {
        ("smart-tv", "A", "Smart TV (1 pt) [smart-tv]"),
        ("living-room-tv", "B", "Smart TV (1 pt) [living-room-tv]"),
    }
    tv = next(r for r in rows if r["key"] == "smart-tv")
    assert tv["value"] is not None and tv["interval"] is not None
    laptop = next(r for r in rows if r["key"] == "laptop" and r["figure"].startswith("Tech"))
    assert laptop["label"] == "Laptop (3 pts) (B: Laptop (5 pts))"
    text = "\n".join(page_texts(tmp_path / "out" / "hack-attack" / "balance.pdf"))
    assert "Card data A against B" in text and "Smart Plug" in text and "only in A" in text


def test_compare_refuses_another_games_or_broken_data_in_one_line(tmp_path, monkeypatch):
    played = []
    monkeypatch.setattr("pnp.simulate.balance.run", lambda *a, **k: played.append(1))
    other = cli(
        "--game",
        "hack-attack",
        "--compare",
        SHIPPED_DATA_DIR / "not-a-hack",
        "--games",
        5,
        "--no-pdf",
    )
    assert other.exit_code == 1 and len(other.output.strip().splitlines()) == 1
    assert "holds the card data of 'not-a-hack', not hack-attack" in other.output
    broken = changed_copy(
        tmp_path, "hack-attack", ("tech.toml", lambda t: t.replace("points = 1", "points = -4", 1))
    )
    bad = cli("--game", "hack-attack", "--compare", broken, "--games", 5, "--no-pdf")
    assert bad.exit_code == 1 and len(bad.output.strip().splitlines()) == 1
    assert "the card data does not validate" in bad.output and "tech.toml" in bad.output
    empty = cli(
        "--game", "hack-attack", "--compare", tmp_path / "nothing", "--games", 5, "--no-pdf"
    )
    assert empty.exit_code == 1 and "holds no card data for hack-attack" in empty.output
    assert not played


# --- charts --------------------------------------------------------------------------------


def test_a_zero_rate_is_drawn_apart_from_too_few_to_count(tmp_path):
    """Hack Back at 2 and 3 players, 60 games each: some Heroes are revealed too rarely
    to count at one player count but not the other ("too few"), and some ending never
    happens at 2 players (a dark tick labelled 0)."""
    result = cli(
        "--game", "hack-back", "--players", "2-3", "--games", 60, "--json", "--out", tmp_path
    )
    summary = json.loads(result.stdout)
    endings = {e["key"]: e["games"] for e in summary["by_players"][0]["endings"]}
    assert 0 in endings.values()
    path = tmp_path / "hack-back" / "balance.pdf"
    with pdfplumber.open(path) as pdf:
        words = [w["text"] for page in pdf.pages for w in page.extract_words()]
        ticks = [
            line
            for page in pdf.pages
            for line in page.lines
            if line["linewidth"] == pytest.approx(1.6) and line["x0"] == line["x1"]
        ]
    assert "too" in words and "few" in words
    assert len(ticks) >= list(endings.values()).count(0)


# --- bad requests the trial found -----------------------------------------------------------


@pytest.mark.parametrize("game,players", [("hack-attack", 2), ("hack-back", 2), ("not-a-hack", 3)])
def test_one_game_gives_a_report_with_no_interval_to_speak_of(game, players, tmp_path):
    """--games 1 is allowed: every interval that one game cannot give is null (never
    Infinity), and balance.pdf and the summary are written."""
    result = cli(
        "--game",
        game,
        "--players",
        players,
        "--games",
        1,
        "--json",
        "--out",
        tmp_path,
        "--compare",
        SHIPPED_DATA_DIR,
    )
    assert result.exit_code == 0, result.output
    json.dumps(json.loads(result.stdout), allow_nan=False)
    count = json.loads(result.stdout)["by_players"][0]
    assert count["length"]["interval"] is None
    assert (tmp_path / game / "balance.pdf").stat().st_size > 0
    plain = cli("--game", game, "--players", players, "--games", 1, "--out", tmp_path)
    assert plain.exit_code == 0 and "played 1 game in" in plain.output


def test_the_card_datas_player_range_bounds_the_run(tmp_path):
    """game.toml seating fewer than the rules: the default counts stop there, and a
    count beyond it is one line before any game (the data may not deal it)."""
    data = changed_copy(
        tmp_path, "hack-attack", ("game.toml", lambda t: t.replace("max = 6", "max = 4"))
    )
    result = cli("--game", "hack-attack", "--data", data, "--games", 2, "--json", "--no-pdf")
    assert [c["players"] for c in json.loads(result.output)["by_players"]] == [2, 3, 4]
    wrong = cli("--game", "hack-attack", "--data", data, "--players", 6, "--games", 2, "--no-pdf")
    assert wrong.exit_code == 1
    assert wrong.output.strip() == (
        "Error: hack-attack is simulated at 2-4 players, not 6; its game.toml seats 2-4"
    )


def test_a_strategy_that_would_never_play_is_refused():
    result = cli(
        "--game",
        "hack-attack",
        "--players",
        "2-3",
        "--strategy",
        "random",
        "--strategy",
        "random",
        "--strategy",
        "protector",
        "--games",
        2,
        "--no-pdf",
    )
    assert result.exit_code == 1
    assert result.output.strip() == (
        "Error: 3 strategies for 2 seats: protector would "
        "never play (the seats take the strategies in turn)"
    )


def test_an_empty_scheduler_address_is_a_usage_error():
    result = cli("--game", "hack-attack", "--scheduler", " ", "--games", 2, "--no-pdf")
    assert result.exit_code == 2 and "the scheduler address is empty" in result.output
