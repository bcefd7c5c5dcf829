"""What a wrapped line may not end on (pnp.layout.text.wrap): a list's separator ("Phishing
Email · SIM Swap" breaks as "Phishing Email / SIM Swap": the separator falls at the
break, with its spaces) and, on a paragraph's last line, one word alone where the word
before it fits there too (issues 28 and 44 item 6: what a publisher's proof-reader
marks as a runt). Widths in points."""

from __future__ import annotations

import re

from pnp.data.markup import ENCODED
from pnp.fonts import NO_BREAK_SPACES

#: The separators of a list's items: never at a line's end nor at its start. Style
#: switches of rich text (pnp.data.markup) around them stay.
SEPARATORS = "·•|"
_GAP = f" {NO_BREAK_SPACES}"
SEPARATOR_END = re.compile(f"[{_GAP}]*[{SEPARATORS}](?=[\\ue000-\\ue002]*$)")
_SEPARATOR_START = re.compile(f"^([\\ue000-\\ue002]*)[{SEPARATORS}][{_GAP}]*")


def listed(text: str) -> bool:
    """Whether `text` holds a list separator at all (most texts do not: nothing to do)."""
    return any(c in text for c in SEPARATORS)


def unseparated(line: str) -> str:
    """`line` without a list separator at its end or start, unless that is all it prints."""
    bare = _SEPARATOR_START.sub(r"\1", SEPARATOR_END.sub("", line))
    return bare if ENCODED.sub("", bare).strip() else line


def lift_last_word(
    lines: list[str], start: int, whole_words: list[bool], width_of, width: float
) -> None:
    """Move the last word of the line above a paragraph's one-word last line (the
    paragraph's lines are `lines[start:]`) down to it, in place, when the line above
    broke at a space (`whole_words[-1]`), keeps two words (one alone there is no better)
    and both words fit `width` pt as `width_of(text)` measures them."""
    if len(lines) - start < 2 or not whole_words or not whole_words[-1]:
        return
    above, last = lines[-2].split(" "), lines[-1]
    if " " in last or not last or len(above) < 3:
        return
    moved = f"{above[-1]} {last}"
    if width_of(moved) <= width:
        lines[-2], lines[-1] = " ".join(above[:-1]), moved
