"""Where the shipped games' data lives; importing this pulls in nothing heavy.

The shipped games' card data, icons and rulebooks are package data: they are installed
with the package, so a wheel installed anywhere builds every kit. Each game's manifest
(pnp.core.games.GameEntry.folder) names its own folder; this is the folder that holds
the shipped three, one folder per game named by its id, laid out as a designer's own
`--data` folder is."""

from __future__ import annotations

from pathlib import Path

#: The package's own folder (pnp/), wherever it is installed.
PACKAGE_DIR = Path(__file__).resolve().parents[1]
#: The folder holding the shipped games' data folders (pnp/card_data/<game id>/).
SHIPPED_DATA_DIR = PACKAGE_DIR / "card_data"
