"""The layers of the house (issue 24, item 2), read from the imports themselves (every
import anywhere in a file counts, function-level ones too; tests/test_imports.graph):
the core imports nothing of `pnp` above it, and the score keeper imports nothing of
`pnp` but the core: it reaches a game's card data through the manifest
(pnp.core.games.load_data), never by importing the print side."""

from __future__ import annotations

from tests.test_imports import graph


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
