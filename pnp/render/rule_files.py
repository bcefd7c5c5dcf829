"""rules.pdf and booklet.pdf of a build, written once per input (issue 41 item 4: "the
rulebook is not done twice for the same input"): `write` lays them out with platypus
(pnp.render.rulebook) and keeps both files in pnp.core.disk_cache's folder; the next
build whose rule files would be the same copies them from there (`Kept.copy`) and
neither loads platypus nor lays out a page. Both files are invariant PDFs (the same
input gives the same bytes), so a copy is the very file a layout would write.

An entry is found by what a build knows before it loads its cards (`lookup_key`): the
rulebook's blocks, the paper, the font files (path, size and modification time of each
style's file), and the versions of Python, reportlab and zlib. It is used only when the
rest of what the files print is the same too (`Kept.fits`: every block, the credits
included, the game's name and the rows of its kit table) and none of pnp's modules the
writing process had loaded has changed since (each file's size and modification time,
as Python checks its bytecode), so an edit of the layout code is never hidden by an old
entry. Lengths in points; entries under rules/<FORMAT>/.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import zlib
from functools import partial
from pathlib import Path

from pnp.checked_kits import decoded, encoded
from pnp.core.disk_cache import (
    cache_folder,
    file_stamp,
    module_stamps,
    read_headed,
    unchanged,
    used,
    write_headed,
)
from pnp.core.errors import Problem
from pnp.core.records import NamedTuple
from pnp.fonts import BOLD, ITALIC, REGULAR, font_file
from pnp.render.alongside import Alongside

#: the entries' own format; raise it when what an entry holds changes
FORMAT = 2
#: the most bytes of SVG file names handed over at once (a pipe holds 64 KiB)
PIPE_ROOM = 32 * 1024
NAMES = ("rules.pdf", "booklet.pdf")
#: the most rule files kept, each entry both PDFs (pnp.core.disk_cache.prune)
KEEP = 16


class RuleFiles:
    """A build's rule files: made with the rulebook's `blocks` and the `paper` known, it
    looks for them kept (`lookup_key`, `kept`) and, when there are none, starts the
    process that writes them (pnp.render.alongside: it loads platypus while the build
    loads its cards); `send` gives the rest of what they print, `result` waits for them,
    `close` ends the process if the build failed first."""

    def __init__(self, blocks: list, paper: str):
        self.key = lookup_key(blocks, paper)
        self._kept = kept(self.key)
        self._writer: Alongside | None = None
        self._pictures: int | None = None  # the pipe SVG files go through, until sent
        self._copied: tuple[int, int] | None = None
        self._fits = False  # the kept files print what this build's would
        if self._kept is None:
            theirs, mine = os.pipe()  # SVG files handed to the writing process
            self._writer = Alongside(write, prepare=partial(prepare, theirs, mine))
            os.close(theirs)
            if self._writer.forked:
                self._pictures = mine
            else:
                os.close(mine)

    @property
    def converts(self) -> bool:
        """Whether the writing process can still be handed SVG files to convert."""
        return self._pictures is not None

    def convert(self, files: list[Path]) -> None:
        """Hand `files` (SVG files the cache lacks) to the writing process, which converts
        them from the last one back while it waits for the rulebook (pnp.data.
        svg_alongside); once a build, the last files that fit in the pipe at once."""
        if self._pictures is None:
            return
        names = [str(f) for f in files]
        body = json.dumps(names).encode()
        while len(body) > PIPE_ROOM and names:
            names = names[len(names) // 2 :]
            body = json.dumps(names).encode()
        try:
            os.write(self._pictures, body)
        except OSError:  # the process is gone: `result` says how it ended
            pass
        self._no_more_pictures()

    def _no_more_pictures(self) -> None:
        if self._pictures is not None:
            os.close(self._pictures)
            self._pictures = None

    def kept_problems(
        self, rulebook: tuple[list, str, str, list], kit: str | None
    ) -> list[Problem] | None:
        """The problems of the rulebook's pictures (pnp.figures) when the kept files are
        what this build would write: `rulebook` is (blocks, paper, game name, kit rows)
        and the figures are drawn from the faces of the kit `kit` names (pnp.checked_kits'
        key of its faces; None: not kept); None when they are not (`send` writes them)."""
        if self._kept is None or kit is None or self._kept.inputs != _inputs(*rulebook, kit):
            return None
        self._fits = True
        return [decoded(p) for p in self._kept.problems]

    def send(
        self, folder: Path, rulebook: tuple[list, str, str, list], figures: tuple, found: tuple
    ) -> None:
        """Put rules.pdf and booklet.pdf in `folder`: the kept files when `kept_problems`
        found them fitting, else written (alongside, when a process can be started) from
        `rulebook` and `figures` (the pictures and the card frame) and kept with `found`,
        (the kit's key, the pictures' problems)."""
        self._no_more_pictures()
        if self._fits and self._kept is not None:
            self._copied = self._kept.copy(folder)
            return
        kit, problems = found
        inputs = None if kit is None else _inputs(*rulebook, kit)
        if self._writer is None:  # the kept files print another name or other rows
            self._writer = Alongside(write)
        kept = (self.key, inputs, [encoded(p) for p in problems]) if inputs else None
        self._writer.send(folder, *rulebook, figures, kept)

    def result(self) -> tuple[int, int]:
        """(rulebook pages, booklet sides) once both files are written; OSError or
        RuntimeError as pnp.render.alongside says."""
        if self._copied is not None:
            return self._copied
        if self._writer is None:
            raise RuntimeError("the rule files were sent nothing to write")
        return self._writer.result()

    def close(self) -> None:
        """Wait for the writing process, if one was started (pnp.render.alongside)."""
        self._no_more_pictures()
        if self._writer is not None:
            self._writer.close()


def _inputs(blocks: list, paper: str, name: str, rows: list, kit: str) -> str:
    """Everything the files print, as one JSON text (compared whole): the rulebook's
    blocks, the paper, the game's name and kit rows, and the key of the kit's faces
    (`kit`, pnp.checked_kits: every file of its data folder, the options that shape a
    face, the fonts), which decide the figures drawn from them."""
    return json.dumps(
        [
            [[b.kind, b.text, b.number] for b in blocks],
            paper,
            name,
            [[r.label, r.copies, r.indented, r.heading] for r in rows],
            kit,
        ]
    )


def lookup_key(blocks: list, paper: str) -> str:
    """The name of the entry of a rulebook of `blocks` on `paper`'s half-sheets, printed
    in the fonts in use now and by these versions of Python, reportlab and zlib."""
    import reportlab

    fonts = [file_stamp(font_file(style)) for style in (REGULAR, BOLD, ITALIC)]
    versions = [list(sys.version_info[:3]), reportlab.Version, zlib.ZLIB_RUNTIME_VERSION]
    described = json.dumps([[[b.kind, b.text, b.number] for b in blocks], paper, fonts, versions])
    return hashlib.sha256(described.encode()).hexdigest()


def _entry_path(key: str) -> Path:
    return Path(os.path.join(cache_folder(), "rules", str(FORMAT), key))


class Kept(NamedTuple):
    """An entry's rule files and what they print: `inputs` (`_inputs`), the rulebook's
    pages and the booklet's printed sides, and the two files' bytes."""

    inputs: str
    pages: int
    sides: int
    files: tuple[bytes, bytes]
    problems: list = []  # the rulebook pictures' problems, as JSON (pnp.checked_kits)

    def copy(self, folder: Path) -> tuple[int, int]:
        """Write the files into `folder`; (rulebook pages, booklet sides)."""
        for file_name, body in zip(NAMES, self.files):
            (folder / file_name).write_bytes(body)
        return self.pages, self.sides


def kept(key: str) -> Kept | None:
    """The entry `key` names (`lookup_key`), or None: none, damaged, or written by a pnp
    whose modules have changed since."""
    entry = read_headed(_entry_path(key))
    if entry is None:
        return None
    about, rest = entry
    try:
        sizes = [int(n) for n in about["sizes"]]
        code = about["code"]
        if len(sizes) != len(NAMES) or sum(sizes) != len(rest) or not unchanged(code):
            return None
        files = (rest[: sizes[0]], rest[sizes[0] :])
        problems = list(about["problems"])
        used(_entry_path(key))
        return Kept(str(about["inputs"]), int(about["pages"]), int(about["sides"]), files, problems)
    except (ValueError, TypeError, KeyError):
        return None


def prepare(pictures: int | None = None, theirs: int | None = None) -> None:
    """Load what writes the rule files (pnp.render.rulebook: platypus) and their fonts,
    in the process that writes them; then convert the SVG files the build hands over
    through the pipe `pictures` (`RuleFiles.convert`; `theirs`, the build's end of it,
    is closed here), if any, before the rulebook comes."""
    from pnp.render.rulebook import register_all

    if theirs is not None:
        os.close(theirs)
    register_all()
    if pictures is not None:
        with os.fdopen(pictures, "rb") as pipe:
            sent = pipe.read()
        if sent:
            from pnp.data.svg_alongside import convert_from_last

            convert_from_last([Path(name) for name in json.loads(sent)])


def write(
    folder: Path,
    blocks: list,
    paper: str,
    name: str,
    rows: list,
    figures: tuple,
    kept: tuple | None = None,
) -> tuple[int, int]:
    """rules.pdf and booklet.pdf in `folder` (pnp.render.rulebook, imported here so that
    only the process writing them loads platypus); kept, when `kept` is (key, inputs,
    the pictures' problems as JSON), under `key` (`lookup_key`) for the next build of the
    same `inputs` (`_inputs`); (rulebook pages, booklet sides)."""
    from pnp.render.rulebook import render_rule_files

    rules, booklet = (folder / n for n in NAMES)
    pages, sides = render_rule_files(rules, booklet, blocks, paper, name, rows, figures)
    code = module_stamps()
    if code is not None and kept is not None:
        key, inputs, problems = kept
        files = (rules.read_bytes(), booklet.read_bytes())
        about = {
            "inputs": inputs,
            "problems": problems,
            "pages": pages,
            "sides": sides,
            "sizes": [len(f) for f in files],
            "code": code,
        }
        write_headed(_entry_path(key), about, b"".join(files), KEEP)
    return pages, sides
