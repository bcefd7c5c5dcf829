"""The README's complete example of a data-only game ("Faces as data": its game.toml,
coins.toml and faces.toml, as printed there) validates, builds and exports as it
stands, on both trims it names and with the ink saver."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner
from PIL import Image

from pnp.cli import main

README = Path(__file__).resolve().parent.parent / "README.md"


def example_files() -> dict[str, str]:
    """{file name: text} of the ```toml blocks of "Faces as data" that a "`NAME`:" line
    introduces."""
    text = README.read_text(encoding="utf-8")
    section = text[text.index("## Faces as data") :]
    section = section[: section.index("\n## ", 1)]
    return dict(re.findall(r"`([a-z]+\.toml)`:\n\n```toml\n(.*?)```", section, re.S))


def test_the_readme_example_builds_and_exports(tmp_path):
    files = example_files()
    assert sorted(files) == ["coins.toml", "faces.toml", "game.toml"]
    game = tmp_path / "coin-toss"
    game.mkdir()
    for name, text in files.items():
        (game / name).write_text(text, encoding="utf-8")
    (game / "rulebook.md").write_text("# Coin Toss\n\nToss coins; the most points wins.\n")
    run = lambda *args: CliRunner().invoke(
        main, [*args, "--game", "coin-toss", "--data", str(tmp_path)]
    )
    for extra in ([], ["--card-size", "bridge"], ["--ink-saver"]):
        result = run("validate", *extra)
        assert result.output == "coin-toss: OK — 2 distinct cards, 8 copies\n", extra
    out = tmp_path / "out"
    result = run("build", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == "coin-toss: 8 cards — 8 coin"
    result = run("export", "--format", "png", "--out", str(out))
    assert result.exit_code == 0, result.output
    with Image.open(out / "coin-toss" / "png" / "gold-1-front.png") as png:
        x, y = round(31.75 / 25.4 * 300) + 6, round((45 - 9) / 25.4 * 300) + 6
        assert png.convert("RGB").getpixel((x, y)) == (
            179,
            107,
            0,
        )  # inside the coin's disc (#B36B00)
