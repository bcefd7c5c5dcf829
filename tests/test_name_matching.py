"""A card, category or player is picked only by its exact id or name, a unique start of
one, its unique word initials or a declared short code (issue 23, item 2). Letters that
merely occur in order in an id ("nan" in neg-password-in-repo) pick nothing: the command
is refused with "did you mean …" and the database is not touched."""

from __future__ import annotations

import random

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.cards import pick
from scorekeeper.cli import main
from scorekeeper.errors import InputError
from scorekeeper.games.hack_attack import cards as ha_cards
from scorekeeper.games.hack_back import cards as hb_cards
from scorekeeper.games.not_a_hack import cards as nah_cards


def run(db, *args):
    return CliRunner().invoke(main, ["--db", str(db), *args], env={})


#: game -> (the commands that set a table up, then verb templates with {} for a card).
TABLES = {
    "hack-attack": (
        ["new hack-attack Ana Ben"],
        [
            "protect Ana {}",
            "attack {} passwords",
            "attack phishing-email {}",
            "defend {} passwords --players 3",
            "defend phishing-email {} --players 3",
        ],
    ),
    "not-a-hack": (["new not-a-hack Ana Ben Cleo"], ["negative Ana {}", "positive Ana {}"]),
    "hack-back": (["new hack-back Ana Ben"], ["hero Ana {}"]),
}


@pytest.fixture(scope="module")
def tables(tmp_path_factory):
    out = {}
    for game, (setup, _) in TABLES.items():
        db = tmp_path_factory.mktemp(game) / "score.sqlite3"
        for command in setup:
            assert run(db, *command.split()).exit_code == 0
        out[game] = db
    return out


def refused_untouched(tables, tmp_path, game, command):
    db = tmp_path / f"{game}.sqlite3"
    before = tables[game].read_bytes()
    db.write_bytes(before)
    result = run(db, *command.split())
    assert result.exit_code == 1, (command, result.output)
    assert result.output.startswith("Error: ") and "Traceback" not in result.output
    assert db.read_bytes() == before
    return result.output


def test_the_issues_input_letters_in_order_pick_no_card(tables, tmp_path):
    output = refused_untouched(tables, tmp_path, "not-a-hack", "negative Ben nan")
    assert output == "Error: no negative action card called 'nan'\n"
    output = refused_untouched(tables, tmp_path, "not-a-hack", "negative Ben repo")
    assert output == (
        "Error: no negative action card called 'repo'; did you mean neg-password-in-repo?\n"
    )


@pytest.mark.parametrize(
    "typed,meant",
    [
        ("pw", "passwords"),
        ("bk", "backups"),
        ("se", "social-engineering"),
        ("SM", "social-media"),
        ("ds", "device-security"),
        ("hn", "home-network"),
        ("Social Media", "social-media"),
        ("back", "backups"),
        ("home", "home-network"),
    ],
)
def test_categories_by_code_initials_name_and_start(typed, meant):
    assert ha_cards.category(ha_cards.deck(), typed, wild_ok=False) == meant


@pytest.mark.parametrize(
    "typed,why",
    [
        ("pwd", "no Defense category called 'pwd'; did you mean passwords?"),
        (
            "social",
            "'social' could be the Defense category social-engineering, social-media; type more",
        ),
        ("bkp", "no Defense category called 'bkp'; did you mean backups?"),
        ("psw", "no Defense category called 'psw'"),
    ],
)
def test_other_spellings_of_a_category_are_refused(typed, why):
    with pytest.raises(InputError) as caught:
        ha_cards.category(ha_cards.deck(), typed, wild_ok=False)
    assert str(caught.value).startswith(why)


def test_shared_initials_pick_nothing():
    options = {"server-room-cat": "Server Room Cat", "sock-puppet": "Sock Routing Cat"}
    with pytest.raises(InputError, match="are the initials of"):
        pick("src", options, "card")


def test_a_player_name_that_is_no_start_is_refused_with_the_close_names(tables, tmp_path):
    output = refused_untouched(tables, tmp_path, "hack-attack", "user-error Bne 1")
    assert output == "Error: no player called 'Bne'; did you mean Ben? players: Ana, Ben\n"
    db = tmp_path / "ok.sqlite3"
    db.write_bytes(tables["hack-attack"].read_bytes())
    assert run(db, "user-error", "an", "1").output.startswith("Ana kept 1 User Error card")


def _options(game):
    if game == "hack-attack":
        d = ha_cards.deck()
        return {
            **{k: v[0] for k, v in d.tech.items()},
            **{k: v[0] for k, v in d.attacks.items()},
            **d.categories,
        }, set(d.codes)
    if game == "not-a-hack":
        return {c.id: c.name for c in nah_cards._cards()}, set()
    return {k: v.name for k, v in hb_cards.cards().items()}, set()


def _picks_something(typed: str, options: dict[str, str], codes: set[str]) -> bool:
    key = typed.casefold()
    initials = {
        "".join(w[0] for w in n.replace("-", " ").split()).casefold() for n in options.values()
    }
    return (
        key in codes
        or key in initials
        or key in {"wild", "rc"}
        or key.isdigit()
        or any(s.casefold().startswith(key) for k, n in options.items() for s in (k, n))
    )


@settings(
    max_examples=80,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_generated_letters_in_order_pick_nothing_in_any_verb(tables, tmp_path, data):
    game = data.draw(st.sampled_from(sorted(TABLES)))
    verb = data.draw(st.sampled_from(TABLES[game][1]))
    options, codes = _options(game)
    rnd = random.Random(data.draw(st.integers(0, 10**9)))
    card = rnd.choice(sorted(options))
    letters = [ch for ch in card if ch != "-"]
    typed = "".join(ch for ch in letters if rnd.random() < 0.5)[:6]
    if len(typed) < 2 or _picks_something(typed, options, codes):
        return
    output = refused_untouched(tables, tmp_path, game, verb.format(typed))
    assert "could be" in output or f"called '{typed}'" in output
