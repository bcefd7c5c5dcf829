"""Read a rulebook written in a small Markdown subset into typed blocks.

Supported: `# Title`, `## Section`, `### Subsection`, paragraphs (lines joined
until a blank line), `- ` bullets, `1. ` numbered items, and within a block the markup
every printed text takes (pnp.data.markup: `**bold**`, `*italic*`; no inline icons).
Deeper headings and code fences are refused (they would print literally); anything
else is kept as paragraph text. Lines are 1-based, for error messages.
"""

from __future__ import annotations

import re
from pathlib import Path

from pnp.core.errors import DataError, Problem
from pnp.core.records import NamedTuple
from pnp.data.files import read_data_text
from pnp.data.markup import problem as markup_problem
from pnp.data.markup import spans

MAX_RULEBOOK_BYTES = 256 * 1024  # about 60 printed pages; the shipped ones are 12 KiB
# Words in one paragraph, list item or heading: reportlab re-wraps the rest of a paragraph
# at every page it spans, so a paragraph costs time in the square of its length; a limit
# keeps the whole build linear in the rulebook's size. The shipped longest is 178 words.
MAX_BLOCK_WORDS = 1000

_NUMBERED = re.compile(r"^(\d{1,9})\.\s+(.*)$")


class Block(NamedTuple):
    """One rulebook block: kind is "title", "h2", "h3", "para", "bullet" or "number"
    (`number` holds the item's number); `text` keeps the `**bold**` marks."""

    kind: str
    text: str
    line: int
    number: int = 0


def parse_rulebook(text: str) -> list[Block]:
    """Split Markdown-subset `text` into blocks, in order."""
    blocks: list[Block] = []
    para: list[str] = []
    para_line = 0

    def flush() -> None:
        nonlocal para
        if para:
            blocks.append(Block("para", " ".join(para), para_line))
            para = []

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        heading = re.match(r"^(#{1,3})\s+(.*)$", line)
        numbered = _NUMBERED.match(line)
        if not line:
            flush()
        elif heading:
            flush()
            kind = {1: "title", 2: "h2", 3: "h3"}[len(heading.group(1))]
            blocks.append(Block(kind, heading.group(2).strip(), number))
        elif line.startswith(("- ", "* ")):
            flush()
            blocks.append(Block("bullet", line[2:].strip(), number))
        elif numbered:
            flush()
            blocks.append(Block("number", numbered.group(2), number, int(numbered.group(1))))
        else:
            if not para:
                para_line = number
            para.append(line)
    flush()
    return blocks


def _unsupported(text: str) -> list[tuple[int, str]]:
    """(line, why) for each line that uses Markdown beyond the supported subset, which
    would otherwise print literally: headings deeper than ###, and code fences."""
    found = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if re.match(r"^#{4,}(\s|$)", line):
            found.append((number, "only #, ## and ### headings are supported"))
        elif line.startswith(("```", "~~~")):
            found.append((number, "code blocks (``` fences) are not supported"))
    return found


_KIND_NAMES = {
    "title": "title",
    "h2": "heading",
    "h3": "heading",
    "para": "paragraph",
    "bullet": "list item",
    "number": "list item",
}


def load_rulebook(path: Path) -> list[Block]:
    """Parse the rulebook at `path` (read by pnp.data.files: a regular file in its game's
    folder, at most 256 KiB, UTF-8 with or without a byte-order mark); raises DataError if
    it cannot be read, has no `# Title` line, a block over MAX_BLOCK_WORDS words or
    markup that cannot print (`_markup_problem`)."""
    text = read_data_text(path, MAX_RULEBOOK_BYTES)
    if isinstance(text, Problem):
        raise DataError([text])
    blocks = parse_rulebook(text)
    if not blocks or blocks[0].kind != "title":
        raise DataError([Problem(path, "the rulebook must start with a '# Title' line", line=1)])
    if unsupported := _unsupported(text):
        raise DataError([Problem(path, why, line=n) for n, why in unsupported])
    if long := [b for b in blocks if len(b.text.split()) > MAX_BLOCK_WORDS]:
        raise DataError(
            [
                Problem(
                    path,
                    f"a {_KIND_NAMES[b.kind]} of {len(b.text.split()):,} "
                    f"words; split it (at most {MAX_BLOCK_WORDS:,} words, about "
                    "three pages)",
                    line=b.line,
                )
                for b in long
            ]
        )
    if faults := [(b, said) for b in blocks if (said := _markup_problem(b.text))]:
        raise DataError([Problem(path, said, line=b.line) for b, said in faults])
    return blocks


def _markup_problem(text: str) -> str | None:
    """Why a block's markup (pnp.data.markup) cannot print in the rulebook, or None: the
    rulebook prints no inline icons (it names what a card shows in words)."""
    said = markup_problem(text)
    if said is not None:
        return said
    icons = [run.icon for run in spans(text) if run.icon is not None]
    if icons:
        return (
            f"the rulebook prints no inline icons (:{icons[0]}:): icons print on cards and "
            "aids; name it in words here, or write \\: to print the colons"
        )
    return None
