"""Games are checked when they register (shared/DESIGN.md, "Games are plug-ins"): an
installed package that declares a shipped game's id, two packages declaring one id, an
alias another game has, a kit that defines another game and rules that look up cards
without a data loader are each one `Warning:` line naming the game and its package, and
the shipped games keep working. Packages are made as pip installs them: a .dist-info
folder with its entry_points.txt, on sys.path."""

from __future__ import annotations

import sys
import types
from pathlib import Path

import pytest
from click.testing import CliRunner

import pnp.core.games
from pnp.cli import main as pnp_main
from pnp.core.games import GameEntry
from scorekeeper.cli import main as sk_main
from scorekeeper.games import forget_problems

HA = "pnp.games.hack_attack"


@pytest.fixture
def site(tmp_path, monkeypatch):
    """install(distribution, {name: "module:object"}): a package declaring games, as
    pip writes it, in a folder first on sys.path; each module object named is made
    here. The registry is read afresh."""
    folder = tmp_path / "site"
    folder.mkdir()
    monkeypatch.syspath_prepend(str(folder))
    monkeypatch.setattr(pnp.core.games, "_discovered", None)
    monkeypatch.setattr(pnp.core.games, "_LOADED", [])
    monkeypatch.setattr(pnp.core.games, "_REFUSED", set())
    forget_problems()

    def install(distribution: str, games: dict[str, GameEntry]) -> None:
        info = folder / f"{distribution.replace('-', '_')}-1.0.dist-info"  # as pip names it
        info.mkdir()
        lines = ["[hackpack.games]"]
        for name, entry in games.items():
            module = types.ModuleType(f"{distribution}_{name.replace('-', '_')}")
            module.MANIFEST = entry
            monkeypatch.setitem(sys.modules, module.__name__, module)
            lines.append(f"{name} = {module.__name__}:MANIFEST")
        (info / "entry_points.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
        (info / "METADATA").write_text(f"Name: {distribution}\nVersion: 1.0\n", encoding="utf-8")

    yield install
    pnp.core.games._discovered = None


def _pnp(*args):
    return CliRunner().invoke(pnp_main, list(args))


def test_a_package_declaring_a_shipped_id_is_left_out_even_when_found_first(site):
    # "aaa-..." sorts before "hackpack-..." in the folder first on sys.path: the bug
    # was that the first dist-info found won.
    site("aaa-shadow", {"hack-attack": GameEntry("hack-attack", "no.such.kit")})
    assert [d.package for d in pnp.core.games.declared()][:3] == ["hackpack"] * 3
    assert pnp.core.games.entry("hack-attack").kit == f"{HA}.kit"
    line = (
        "game hack-attack (package aaa-shadow) is left out: its id hack-attack is "
        "already the game hack-attack's (package hackpack)"
    )
    assert pnp.core.games.broken() == [line]
    result = _pnp("validate", "--game", "hack-attack")
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines()[0] == f"Warning: {line}"
    assert "hack-attack: OK" in result.stdout
    told = CliRunner().invoke(sk_main, ["check", "hack-attack", "--help"])
    assert told.exit_code == 0
    assert told.stderr.count(f"Warning: {line}") == 1


def test_two_packages_declaring_one_id_keep_the_first(site):
    entry = GameEntry("moon-base", "tests.fourth_game.kit")
    site("moon-one", {"moon-base": entry})
    site("moon-two", {"moon-base": entry})
    assert pnp.core.games.game_ids() == ["hack-attack", "hack-back", "not-a-hack", "moon-base"]
    assert pnp.core.games.broken() == [
        "game moon-base (package moon-two) is left out: its id moon-base is already the "
        "game moon-base's (package moon-one)"
    ]


def test_an_alias_another_game_has_is_left_out(site):
    site("moon", {"moon-base": GameEntry("moon-base", "tests.fourth_game.kit", aliases=("had",))})
    assert "moon-base" not in pnp.core.games.game_ids()
    assert pnp.core.games.resolve("had") == "hack-attack"
    assert pnp.core.games.broken() == [
        "game moon-base (package moon) is left out: its alias had is already the game "
        "hack-attack's (package hackpack)"
    ]


def test_a_kit_that_defines_another_game_is_left_out(site):
    site("moon", {"moon-base": GameEntry("moon-base", f"{HA}.kit")})  # the kit of hack-attack
    line = (
        "game moon-base (package moon) is left out: its kit pnp.games.hack_attack.kit "
        "defines the game 'hack-attack'"
    )
    named = _pnp("validate", "--game", "moon-base")
    assert (named.exit_code, named.stderr) == (1, f"Error: {line}\n")
    every = _pnp("validate", "--all")
    assert every.exit_code == 0, every.output
    assert every.stderr.count(f"Warning: {line}") == 1
    assert [w.split(":")[0] for w in every.stdout.splitlines()] == [
        "hack-attack",
        "hack-back",
        "not-a-hack",
    ]
    assert "moon-base" not in pnp.core.games.game_ids()


def test_rules_that_look_up_cards_without_a_data_loader_are_left_out(site, tmp_path):
    from scorekeeper.games.hack_attack import GAME

    rules = types.ModuleType("moon_rules")
    rules.GAME = GAME._replace(id="moon-base")
    sys.modules["moon_rules"] = rules
    try:
        site("moon", {"moon-base": GameEntry("moon-base", "tests.fourth_game.kit", "moon_rules")})
        db = str(tmp_path / "t.db")
        line = (
            "game moon-base (package moon): its rules moon_rules look up cards, but its "
            "manifest names no card data loader (GameEntry.data)"
        )
        kept = CliRunner().invoke(sk_main, ["--db", db, "new", "hack-attack", "Ana", "Ben"])
        assert kept.exit_code == 0, kept.output
        assert f"Warning: {line}" in kept.stderr.splitlines()
        refused = CliRunner().invoke(sk_main, ["check", "moon-base", "ana=3", "ben=4"])
        assert refused.exit_code == 1
        assert f"Error: {line}" in refused.stderr.splitlines()
        assert "Traceback" not in refused.output
    finally:
        del sys.modules["moon_rules"]


def test_a_data_loader_error_from_the_core_is_one_line_in_either_tool(monkeypatch, tmp_path):
    """The shared core's errors (pnp.core.errors.HackPackError) reach a user of either
    tool as one Error line, exit 1: here a game whose data folder does not exist."""
    monkeypatch.setattr(pnp.core.games, "_discovered", None)
    moved = pnp.core.games.entry("hack-attack")._replace(folder="pnp:card_data/gone")
    found = pnp.core.games._entry_points()
    monkeypatch.setattr(
        pnp.core.games,
        "_discovered",
        ([(moved if g.id == "hack-attack" else g, p) for g, p in found[0]], found[1]),
    )
    built = _pnp("validate", "--game", "hack-attack")
    assert built.exit_code == 1
    assert built.stderr.startswith("Error: no card data for hack-attack: folder ")
    assert built.stderr.rstrip().endswith(
        "card_data/gone' does not exist (its manifest's folder pnp:card_data/gone, package hackpack)"
    )
    from scorekeeper import cards
    from scorekeeper.games.hack_attack import cards as ha_cards

    looked_up = (cards.card_data, cards.card_view, ha_cards.deck)  # what a process keeps
    for cached in looked_up:
        cached.cache_clear()
    try:
        db = str(tmp_path / "t.db")
        assert (
            CliRunner().invoke(sk_main, ["--db", db, "new", "hack-attack", "Ana", "Ben"]).exit_code
            == 0
        )
        result = CliRunner().invoke(sk_main, ["--db", db, "protect", "ana", "smart-tv"])
        assert result.exit_code == 1, result.output
        assert result.exception is None or isinstance(result.exception, SystemExit)
        assert result.stderr.startswith("Error: no card data for hack-attack: folder ")
    finally:
        for cached in looked_up:
            cached.cache_clear()


@pytest.mark.parametrize(
    "entry, why",
    [
        (GameEntry("Hack-Attack", "no.such.kit"), "its id is not a lowercase kebab-case name"),
        (GameEntry("moon base", "no.such.kit"), "its id is not a lowercase kebab-case name"),
        (
            GameEntry("moon-base", "tests.fourth_game.kit", aliases="xy"),  # type: ignore[arg-type]
            "its aliases are not a tuple of lowercase kebab-case names",
        ),
        (GameEntry("moon-base", None), "its kit names no module"),  # type: ignore[arg-type]
    ],
)
def test_a_malformed_entry_is_left_out_with_its_line(site, entry, why):
    site("moon", {"moon-base": entry} if entry.id == "moon-base" else {entry.id: entry})
    assert pnp.core.games.game_ids() == ["hack-attack", "hack-back", "not-a-hack"]
    (line,) = pnp.core.games.broken()
    assert line.startswith(f"game '{entry.id}' (package moon) is left out: {why}")
    every = _pnp("validate", "--all")
    assert every.exit_code == 0, every.output
    assert every.stdout.count("hack-attack: OK") == 1


def test_a_package_that_exits_on_import_is_left_out_and_the_rest_work(site, monkeypatch):
    site("moon", {})
    (pnp.core.games.declared())  # the site is read
    info = next(p for p in sys.path if p.endswith("site"))
    (Path(info) / "moon_exits.py").write_text("import sys\nsys.exit(3)\n", encoding="utf-8")
    entry_points = Path(info) / "moon-1.0.dist-info" / "entry_points.txt"
    entry_points.write_text("[hackpack.games]\nmoon-base = moon_exits:MANIFEST\n", encoding="utf-8")
    monkeypatch.setattr(pnp.core.games, "_discovered", None)
    result = _pnp("validate", "--game", "hack-back")
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines() == [
        "Warning: game moon-base (package moon): its entry point moon_exits:MANIFEST does not "
        "load (SystemExit: 3)"
    ]


def test_a_kit_that_does_not_load_is_left_out_of_all(site):
    site("moon", {"moon-base": GameEntry("moon-base", "moon_no_such_kit")})
    line = (
        "game moon-base (package moon) is left out: its kit moon_no_such_kit cannot be loaded "
        "(ModuleNotFoundError: No module named 'moon_no_such_kit')"
    )
    named = _pnp("build", "--game", "moon-base")
    assert (named.exit_code, named.stderr) == (1, f"Error: {line}\n")
    pnp.core.games._LOADED.clear()  # a new process: it is found out again
    pnp.core.games._REFUSED.clear()
    every = _pnp("validate", "--all")
    assert (every.exit_code, every.stderr) == (0, f"Warning: {line}\n")


@pytest.mark.parametrize(
    "name, known", [("had", "hack-attack"), ("hack-attack-defense", "hack-attack")]
)
def test_pnp_new_refuses_a_registered_games_alias(tmp_path, name, known):
    result = _pnp("new", name, "--dir", str(tmp_path))
    assert result.exit_code == 2
    assert f"{name} is a registered game's name (an alias of {known}); choose another name" in (
        result.stderr
    )
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "folder, name",
    [
        ("hackpack-0.1.0.dist-info", "hackpack"),
        ("Hack_Pack-0.1.0.dist-info", "hack-pack"),
        ("zope.interface-5.4.egg-info", "zope-interface"),
        ("Moon__Base._Games-1.0.dist-info", "moon-base-games"),
        ("moon.egg-info", "moon"),
    ],
)
def test_a_distribution_is_known_by_its_normalised_name(folder, name):
    """A folder's distribution, as PEP 503 normalises names (each run of "-", "_" and
    "." is one "-", lowercase): two copies of one distribution are one, whatever their
    folders' spelling (`declared` reads the first)."""
    assert pnp.core.games._distribution(folder) == name


def test_a_game_entry_keeps_its_fields_and_defaults():
    """The plug-in API: a package's manifest is made by position or by name, as before."""
    entry = GameEntry("moon-base", "moon.kit", verbs=("land",))
    assert GameEntry._fields == (
        "id",
        "kit",
        "rules",
        "simulator",
        "aliases",
        "data",
        "verbs",
        "folder",
    )
    assert entry == GameEntry("moon-base", "moon.kit", None, None, (), None, ("land",), None)
    assert entry._replace(folder="moon:data").folder == "moon:data"
    assert hash(entry) == hash(GameEntry("moon-base", "moon.kit", verbs=("land",)))
    with pytest.raises(AttributeError):
        entry.id = "mars-base"  # type: ignore[misc]
