"""The layers of the house (issue 24, item 2), read from the imports themselves (every
import anywhere in a file counts, function-level ones too; tests/test_imports.graph):
the core imports nothing of `pnp` above it, and the score keeper imports nothing of
`pnp` but the core: it reaches a game's card data through the manifest
(pnp.core.games.load_data), never by importing the print side. Each game's print-side
code is one room, pnp/games/<game>/, that no shared layer imports; a room reaches the
score keeper only through the rules package its manifest names; and no two
subpackages import each other round a loop."""

from __future__ import annotations

import pytest

from tests.test_imports import find_cycles, graph


def _reaching(source_prefix: str, allowed) -> dict[str, list[str]]:
    wrong = {}
    for module, targets in graph().items():
        if module == source_prefix or module.startswith(source_prefix + "."):
            bad = sorted(t for t in targets if t.startswith("pnp") and not allowed(t))
            if bad:
                wrong[module] = bad
    return wrong


def _core(target: str) -> bool:
    return target == "pnp.core" or target.startswith("pnp.core.")


def test_the_core_imports_nothing_of_pnp_above_it():
    assert _reaching("pnp.core", _core) == {}


def test_the_score_keeper_imports_only_the_core_of_pnp():
    assert _reaching("scorekeeper", _core) == {}


def test_the_layer_test_sees_a_wrong_import(monkeypatch):
    import tests.test_imports as imports

    real = imports.graph()
    monkeypatch.setattr(imports, "graph", lambda: {**real, "scorekeeper.x": {"pnp.data"}})
    import tests.test_layers as layers

    monkeypatch.setattr(layers, "graph", imports.graph)
    assert _reaching("scorekeeper", _core) == {"scorekeeper.x": ["pnp.data"]}


def _rooms() -> dict[str, str]:
    """pnp/games/<game> package -> the rules package its manifest names."""
    import pnp.core.games

    return {
        g.kit.rpartition(".")[0]: g.rules
        for g in pnp.core.games.registry()
        if g.kit.startswith("pnp.games.")
    }


def test_every_shipped_game_is_one_room_beside_its_manifest():
    """The shipped games: those the entry points declare (a game a test registers, such
    as Coin Flip, lives outside pnp.games)."""
    import pnp.core.games

    shipped = {d.name: d.value for d in pnp.core.games.declared()}
    games = [g for g in pnp.core.games.registry() if g.id in shipped]
    assert [g.id for g in games] == list(shipped)
    for g in games:
        room = g.kit.rpartition(".")[0]
        assert shipped[g.id] == f"{room}:MANIFEST", g
        assert room.startswith("pnp.games."), g
        assert g.simulator is None or g.simulator.startswith(room + "."), g
        assert g.data is None or g.data.startswith(room + "."), g
        manifest = __import__(room, fromlist=["MANIFEST"]).MANIFEST
        assert manifest == g


def test_shared_layers_import_no_game_room():
    wrong = {
        m: sorted(t for t in ts if t.startswith("pnp.games"))
        for m, ts in graph().items()
        if m.startswith("pnp") and not m.startswith("pnp.games")
    }
    assert {m: ts for m, ts in wrong.items() if ts} == {}


def test_a_room_reaches_the_score_keeper_only_through_its_manifests_rules():
    """The simulator, the card checks and the faces of a game import no game's rules
    but the package their manifest names."""
    rooms = _rooms()
    wrong = {}
    for module, targets in graph().items():
        room = next((r for r in rooms if module == r or module.startswith(r + ".")), None)
        if room is None:
            continue
        rules = rooms[room]
        bad = sorted(
            t
            for t in targets
            if t.startswith("scorekeeper.games")
            and not (rules and (t == rules or t.startswith(rules + ".")))
        )
        if bad:
            wrong[module] = bad
    assert wrong == {}


def test_the_shared_simulator_never_imports_a_games_rules():
    wrong = {
        m: sorted(t for t in ts if t.startswith("scorekeeper.games"))
        for m, ts in graph().items()
        if m.startswith("pnp.simulate")
    }
    assert {m: ts for m, ts in wrong.items() if ts} == {}


def _subpackage(module: str) -> str:
    """The subpackage a module lives in: pnp.data.models -> pnp.data, pnp.games.hack_back
    .simulator.match -> pnp.games.hack_back; a top-level module is its own."""
    parts = module.split(".")
    depth = 3 if parts[1:2] == ["games"] and len(parts) > 2 else 2
    return ".".join(parts[:depth])


@pytest.mark.parametrize("top", ["pnp", "scorekeeper"])
def test_no_loop_between_subpackages(top):
    edges: dict[str, set[str]] = {}
    for module, targets in graph().items():
        if "." not in module:
            continue  # pnp/__init__ and scorekeeper/__init__
        source = _subpackage(module)
        edges.setdefault(source, set())
        for t in targets:
            if "." in t and _subpackage(t) != source:
                edges[source].add(_subpackage(t))
                edges.setdefault(_subpackage(t), set())
    loops = [c for c in find_cycles(edges) if c[0].split(".")[0] == top]
    assert not loops, "\n".join(" -> ".join(c) for c in loops)


def test_no_module_of_the_product_is_over_400_lines():
    """Rooms stay small enough to read (issue 24, item 4): split by what belongs
    together, never past 400 lines."""
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    long = {
        str(path.relative_to(root)): n
        for package in ("pnp", "scorekeeper")
        for path in sorted((root / package).rglob("*.py"))
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > 400
    }
    assert long == {}


def test_the_page_records_through_the_library_never_through_the_command_line():
    """`scorekeeper serve`'s page calls the library the command line calls (issue 40):
    nothing of scorekeeper.web imports the click group, the shared commands or a game's
    verbs, so it cannot run a command and read what it printed."""
    command_line = (
        "scorekeeper.cli",
        "scorekeeper.commands",
        "scorekeeper.table_commands",
        "scorekeeper.setup_commands",
        "scorekeeper.report",
    )
    wrong = {
        module: sorted(
            t for t in targets if t in command_line or t.endswith(".verbs") or t == "click.testing"
        )
        for module, targets in graph().items()
        if module.startswith("scorekeeper.web") and module != "scorekeeper.web.command"
    }
    assert {m: t for m, t in wrong.items() if t} == {}
