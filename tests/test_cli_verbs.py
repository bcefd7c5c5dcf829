"""`pnp`'s command line is one module per verb (issue 24, item 4), each imported only
when its verb runs: `pnp validate` loads neither the simulator nor the rasteriser."""

from __future__ import annotations

import subprocess
import sys
from importlib import import_module

import click
from click.testing import CliRunner

from pnp.cli import VERBS, main


def test_every_verb_is_its_own_module_and_help_lists_each():
    for verb, module in VERBS.items():
        assert isinstance(getattr(import_module(module), verb.replace("-", "_")), click.Command)
    listed = CliRunner().invoke(main, ["--help"]).output
    assert [v for v in VERBS if f"  {v} " in listed] == list(VERBS)


def _loaded_after(*args: str) -> set[str]:
    code = (
        "import sys\nfrom pnp.cli import main\n"
        f"try:\n    main({list(args)!r})\nexcept SystemExit:\n    pass\n"
        "print(' '.join(sorted(sys.modules)))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    return set(out.splitlines()[-1].split())


def test_a_verb_imports_no_other_verbs_modules():
    loaded = _loaded_after("validate", "--game", "hack-attack")
    assert "pnp.cli.validate" in loaded
    for other in ("pnp.cli.simulate", "pnp.cli.export", "pnp.simulate", "pypdfium2"):
        assert other not in loaded, other
