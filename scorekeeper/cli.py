"""The `scorekeeper` command line (its game commands arrive with their own issue)."""

from __future__ import annotations

import click

SUPPORTED_GAMES = ("hack-attack", "hack-back", "not-a-hack")


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="hackpack")
def main() -> None:
    """Hack Pack score keeper for Hack Attack: Defense, Hack Back and Not a Hack."""
