"""The `pnp` command line: one module per verb (build, validate, calibrate, export,
simulate, export-data and import-translations, diff, preview, new, icons), each parsing its options, calling the library and
printing; what they share is pnp.cli.base. A verb's module is imported only when that
verb runs (or help lists it), so a command pays for no other verb's imports.

Every error leaves through one place, `Failure`, shown by click with one prefix
("Error: "): exit status 1 for data, layout and rule errors (each message names
file:line, card or back, field), 2 for usage errors (click's). With `--all`, every
game is tried and every game's problems are reported.
"""

from __future__ import annotations

import click

from pnp.cli.base import App

#: verb -> the module whose command of the same name it is, in the order help lists them
VERBS = {
    "build": "pnp.cli.build",
    "validate": "pnp.cli.validate",
    "calibrate": "pnp.cli.calibrate",
    "export": "pnp.cli.export",
    "simulate": "pnp.cli.simulate",
    "export-data": "pnp.cli.export_data",
    "import-translations": "pnp.cli.export_data",
    "diff": "pnp.cli.diff",
    "preview": "pnp.cli.preview",
    "new": "pnp.cli.new",
    "icons": "pnp.cli.icons",
}


@click.group(cls=App, verbs=VERBS, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="hackpack")
@click.pass_context
def main(ctx: click.Context) -> None:
    """Hack Pack print-and-play generator: card data in TOML to print-ready PDFs."""
    from pnp.cli.defaults import use_defaults

    use_defaults(ctx)  # pnp.toml: a person's defaults for the verb about to run
