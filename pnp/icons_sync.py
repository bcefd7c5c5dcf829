"""`pnp icons`: copy the pictures a game's icon table names from an unpacked icon
collection into the game folder, with their authors (issue 28 item 1).

The collection is read as its makers publish it, never fetched: an Iconify JSON file
(such as `icons.json` of the npm package `@iconify-json/game-icons`, unpacked with
`npm pack` and `tar`; each icon a `body` of SVG paths in a square `width` x `height`
view box) for the pictures, and a folder of the collection's own SVGs arranged as
`<author>/.../<name>.svg` (a checkout of github.com/game-icons/icons) for who drew each
one. An icon name held by several authors is matched by its path data.

Writes `icons/<name>.svg` for each icon [cards] or [backs] names and `icons/CREDITS.md` (each
through a temporary file and a rename), deletes the SVGs of that folder no card names any more, and rewrites the
icon table's [authors] table, which must be its last table, so the comments and the
[cards] table above it are kept as written.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from pnp.core.errors import PnpError
from pnp.core.outfile import write_whole
from pnp.core.shown import quoted
from pnp.data.icons import ICON_FOLDER

_D = re.compile(r'\bd="([^"]*)"')
_AUTHORS = re.compile(r"^\[authors\][^\n]*\n", re.M)
_NO_AUTHOR = {"badges"}  # a folder of the collection that is not an author


@dataclass(frozen=True)
class Synced:
    """What `sync_icons` did: the icon names written, the SVG files deleted."""

    written: tuple[str, ...]
    deleted: tuple[str, ...]


def _write(path: Path, text: str) -> None:
    """Write `text` (UTF-8, "\\n" line ends) to `path` whole or not at all
    (pnp.core.outfile.write_whole)."""
    data = text.encode("utf-8")

    def write(stream: BinaryIO) -> None:
        stream.write(data)

    write_whole(path, write)


def icon_svg(body: str, width: int, height: int) -> str:
    """A standalone SVG document of an Iconify icon `body` in a `width` x `height` view
    box (px of the collection's grid), its `currentColor` fills black."""
    body = body.replace("currentColor", "#000")
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}">{body}</svg>\n'
    )


def author_of(name: str, body: str, svgs: Path) -> str | None:
    """The author folder of icon `name` in the collection folder `svgs`
    (`<author>/.../<name>.svg`); when several authors have one of that name, the one
    whose path data is `body`'s. None when no author has it."""
    found = [
        p for p in svgs.glob(f"*/**/{name}.svg") if p.relative_to(svgs).parts[0] not in _NO_AUTHOR
    ]
    if len(found) > 1:
        wanted = _D.findall(body)
        same = [p for p in found if _D.findall(p.read_text(encoding="utf-8")) == wanted]
        found = same or found
    return shown_author(found[0].relative_to(svgs).parts[0], svgs) if found else None


def _key(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())


def shown_author(folder: str, svgs: Path) -> str:
    """An author folder of the collection `svgs` as the collection credits its author:
    the name its license.txt lists for that folder ("- John Colburn, http://..." for
    john-colburn), else the folder's words capitalised ("delapouite" -> "Delapouite")."""
    try:
        listed = (svgs / "license.txt").read_text(encoding="utf-8").splitlines()
    except OSError:
        listed = []
    for line in listed:
        if line.startswith("- "):
            name = line[2:].split(",")[0].split(" - ")[0].strip()
            if _key(name) == _key(folder):
                return name
    return " ".join(part.capitalize() for part in folder.split("-"))


def credits(collection: dict, authors: dict[str, str]) -> str:
    """The icons/CREDITS.md of a game: the collection, its licence and every icon with
    its author (icon name -> author), one line each."""
    head = (
        f"# Card pictures\n\nThe pictures on these cards are icons of {collection['name']} "
        f"({collection['url']}), licensed under {collection['licence']} "
        f"({collection['licence_url']}). The files in this folder are the icons as "
        "published, with the fill set to black; each card prints one recoloured to fit "
        "its face.\n\n| Icon | Author |\n| --- | --- |\n"
    )
    return head + "".join(f"| {name} | {who} |\n" for name, who in sorted(authors.items()))


def sync_icons(game_dir: Path, collection: Path, svgs: Path) -> Synced:
    """Copy every icon the icon table of `game_dir` (game.toml's `icons`) names, in
    [cards] and [backs], from the
    Iconify JSON `collection`, credit each to its author found in `svgs`, delete unused
    SVGs of the game's icons/ folder and rewrite the table's [authors]. Raises PnpError
    naming the table, the icon or the file when the table cannot be read, an icon is not
    in the collection or has no author, or [authors] is missing or not the last table."""
    import tomllib

    try:
        game = tomllib.loads((game_dir / "game.toml").read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise PnpError(f"cannot read {game_dir / 'game.toml'}: {exc}") from None
    if not isinstance(game.get("icons"), str):
        raise PnpError(
            f'{game_dir / "game.toml"} names no icon table: add icons = "icons.toml" '
            '(README, "Card pictures from an icon collection")'
        )
    try:
        table = game_dir / game["icons"]
        text = table.read_text(encoding="utf-8")
        parsed = tomllib.loads(text)
        named = [*parsed["cards"].values(), *parsed.get("backs", {}).values()]
        pack = json.loads(collection.read_text(encoding="utf-8"))
        icons, size = pack["icons"], (int(pack.get("width", 512)), int(pack.get("height", 512)))
    except (OSError, KeyError, ValueError, TypeError, AttributeError) as exc:
        raise PnpError(f"cannot read the icon table or collection: {exc}") from None
    match = _AUTHORS.search(text)
    if match is None or "\n[" in text[match.end() :]:
        raise PnpError(f"{table}: [authors] must be the table's last table; add it at the end")
    names = sorted(set(named))
    authors: dict[str, str] = {}
    for name in names:
        icon = icons.get(name)
        if icon is None:
            raise PnpError(f"{table}: icon {quoted(name)} is not in {collection}")
        who = author_of(name, icon["body"], svgs)
        if who is None:
            raise PnpError(f"{table}: no author of icon {quoted(name)} in {svgs}")
        authors[name] = who
    folder = game_dir / ICON_FOLDER
    folder.mkdir(exist_ok=True)
    for name in names:
        icon = icons[name]
        _write(folder / f"{name}.svg", icon_svg(icon["body"], *size))
    deleted = tuple(sorted(p.stem for p in folder.glob("*.svg") if p.stem not in set(names)))
    for stem in deleted:
        (folder / f"{stem}.svg").unlink()
    lines = "".join(f'{name} = "{authors[name]}"\n' for name in names)
    _write(table, text[: match.end()] + lines)
    _write(folder / "CREDITS.md", credits(tomllib.loads(text)["collection"], authors))
    return Synced(tuple(names), deleted)
