"""The one markup of every printed text (issue 43 item 1): card fields, aids and rulebooks.

    **bold**   *italic*   :name: (an inline icon)   a line break ("\\n")   \\* (a literal *)

Parsed by markdown-it-py with only its emphasis, escape and newline rules on, and one
rule of our own for icons; underscores are never markup (Not a Hack's fill-in blanks
"____" print as written), nor are links, HTML or entities. An icon name is lower case
letters, digits and hyphens, starting with a letter (`ICON_NAME`); which names a game
knows (the built-in glyphs, its categories, its icons folder) is pnp.layout.inline's.

A text is parsed into `Span`s. For laying out, it is *encoded* as one string in which
private-use characters carry the markup (`encoded`): STYLE_MARKS switch the style of
what follows (regular, bold, italic) up to the next space, and each icon is one
character (`icon_char`), so
the word wrap measures and breaks it as it does plain text (pnp.layout.text). A text
without markup is encoded as itself and markdown-it-py is never imported for it.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Iterable, Iterator

from pnp.core.records import NamedTuple

REGULAR, BOLD, ITALIC = "regular", "bold", "italic"
#: The encoded style switches: what follows prints regular, bold or italic.
STYLE_MARKS = {REGULAR: "\ue000", BOLD: "\ue001", ITALIC: "\ue002"}
MARK_STYLES = {mark: style for style, mark in STYLE_MARKS.items()}
#: Icons are encoded from this code point up, one per icon name, in the order first seen.
ICON_FIRST, ICON_LAST = 0xE100, 0xF8FF
ICON_NAME = re.compile(r"[a-z][a-z0-9-]*")
_ICON = re.compile(r":([a-z][a-z0-9-]*):")
#: What a text must hold to be markup at all: a star, a backslash or an icon's colons.
_MAYBE = re.compile(r"[*\\]|:[a-z][a-z0-9-]*:")
#: Encoded markup: a style switch or an icon character.
ENCODED = re.compile("[\ue000-\ue002\ue100-\uf8ff]")
_ICON_CHAR = re.compile(f"[{chr(ICON_FIRST)}-{chr(ICON_LAST)}]")
#: A star that opens or closes nothing, next to a word ("**Plant", "a*"): unbalanced.
_LOOSE_STAR = re.compile(r"\*(?=\S)|(?<=\S)\*")

_ICON_CHARS: dict[str, str] = {}
_ICON_NAMES: dict[str, str] = {}


class MarkupError(ValueError):
    """A text whose markup cannot print: unbalanced stars, bold italic, too many icons."""


class Span(NamedTuple):
    """A run of a text: `text` in `style` (REGULAR, BOLD, ITALIC), or the inline icon
    `icon` (its name; `text` empty), or a line break (`text` "\\n", REGULAR)."""

    text: str
    style: str = REGULAR
    icon: str | None = None


def has_markup(text: str) -> bool:
    """Whether `text` may hold markup (a star, a backslash or `:name:`) or is encoded
    markup; False: it prints exactly as written."""
    return _MAYBE.search(text) is not None or ENCODED.search(text) is not None


def icon_char(name: str) -> str:
    """The private-use character that stands for the icon `name` in encoded text."""
    char = _ICON_CHARS.get(name)
    if char is None:
        if ICON_FIRST + len(_ICON_CHARS) > ICON_LAST:
            raise MarkupError(f"more than {ICON_LAST - ICON_FIRST + 1} icon names in one run")
        char = _ICON_CHARS[name] = chr(ICON_FIRST + len(_ICON_CHARS))
        _ICON_NAMES[char] = name
    return char


def icon_name(char: str) -> str | None:
    """The icon name an encoded character stands for, or None."""
    return _ICON_NAMES.get(char)


@lru_cache(maxsize=1)
def _parser() -> Any:
    from markdown_it import MarkdownIt

    md = MarkdownIt("zero").enable(["emphasis", "escape", "newline"]).disable("text_join")

    def icon(state: Any, silent: bool) -> bool:
        if state.src[state.pos] != ":":
            return False
        found = _ICON.match(state.src, state.pos)
        if found is None:
            return False
        if not silent:
            token = state.push("icon", "", 0)
            token.content = found.group(1)
            token.markup = found.group(0)
        state.pos = found.end()
        return True

    md.inline.ruler.before("emphasis", "icon", icon)
    return md


def spans(text: str) -> tuple[Span, ...]:
    """The runs of `text` in order (`Span`). MarkupError when a star is left open or
    unmatched next to a word ("**Plant a card"), or bold and italic are asked together
    (the fonts have no bold italic). A text without markup is one regular span."""
    if _MAYBE.search(text) is None:
        return (Span(text),) if text else ()
    simple = _simple(text)
    return simple if simple is not None else _parsed(text)


#: The pieces of a text the common way: `**words**` and `:icon:` between plain words.
_PIECES = re.compile(r"(\*\*[^*\\\n]+?\*\*|:[a-z][a-z0-9-]*:)")
_INNER = re.compile(r"[^\W_](?:[^*]*[^\W_])?")  # bold words from a word character to one
_INNER_PUNCT = re.compile(
    r"[^\W_][^*]*[^\w\s*]"
)  # ... or to a mark, a space after it ("**Wild:** ")


def _simple(text: str) -> tuple[Span, ...] | None:
    """The runs of `text` when it holds only well-formed `**words**` (starting and ending
    with a word character) and `:icon:` between words with no other star, backslash,
    line break or carriage return, worked out without loading markdown-it-py (what it
    would give: tests/test_rich_text.py compares the two); None for anything else."""
    if any(ch in text for ch in "\\\n\r\0") or "****" in text:  # (two runs abutting)
        return None
    out: list[Span] = []
    pieces = _PIECES.split(text)
    for i, piece in enumerate(pieces):
        if i % 2 == 0:
            if "*" in piece:
                return None
            if piece:
                out.append(Span(piece))
        elif piece.startswith("**"):
            inner, after = piece[2:-2], pieces[i + 1]
            ends_apart = after[:1].isspace() or (not after and i + 2 == len(pieces))
            if _ICON.search(inner) or not (
                _INNER.fullmatch(inner) or (ends_apart and _INNER_PUNCT.fullmatch(inner))
            ):
                return None
            out.append(Span(inner, BOLD))
        else:
            out.append(Span("", icon=piece[1:-1]))
    return tuple(_joined(out))


@lru_cache(maxsize=4096)  # texts with markup only: a deck of plain texts keeps nothing
def _parsed(text: str) -> tuple[Span, ...]:
    tokens = _parser().parseInline(text.replace("_", "\\_"))[0].children or []
    out: list[Span] = []
    bold = italic = 0
    for token in tokens:
        kind = token.type
        if kind in ("strong_open", "strong_close"):
            bold += 1 if kind == "strong_open" else -1
        elif kind in ("em_open", "em_close"):
            italic += 1 if kind == "em_open" else -1
        elif kind in ("softbreak", "hardbreak"):
            out.append(Span("\n"))
        elif kind == "icon":
            out.append(Span("", icon=token.content))
        elif token.content:
            if kind == "text" and _LOOSE_STAR.search(token.content):
                raise MarkupError(
                    "a * opens or closes nothing: write **bold** or *italic* in pairs, "
                    "or \\* for a star"
                )
            if bold and italic:
                raise MarkupError(
                    f"{token.content!r} is asked bold and italic at once; the fonts have "
                    "no bold italic"
                )
            out.append(Span(token.content, BOLD if bold else ITALIC if italic else REGULAR))
    return tuple(_joined(out))


def _joined(runs: Iterable[Span]) -> Iterator[Span]:
    """`runs` with neighbours of one style (and no icon) joined into one span."""
    held: Span | None = None
    for run in runs:
        if held is not None and run.icon is None and held.icon is None:
            if run.style == held.style and "\n" not in (run.text, held.text):
                held = Span(held.text + run.text, held.style)
                continue
        if held is not None:
            yield held
        held = run
    if held is not None:
        yield held


def problem(text: str, known: Iterable[str] | None = None) -> str | None:
    """Why `text`'s markup cannot print, in words, or None: an unbalanced or doubled
    style (`spans`), or an icon name not among `known` (None: any name), with the
    closest known names."""
    if ENCODED.search(text):  # already encoded: only its icons to check
        used = [name for ch in text if (name := _ICON_NAMES.get(ch)) is not None]
    else:
        try:
            used = [run.icon for run in spans(text) if run.icon is not None]
        except MarkupError as exc:
            return str(exc)
    if known is None:
        return None
    names = set(known)
    return next((unknown_icon(n, names) for n in used if n not in names), None)


def unknown_icon(name: str, known: Iterable[str]) -> str:
    """The message for an icon name no one knows, with the nearest names and where
    the names come from."""
    import difflib

    names = sorted(set(known))
    near = difflib.get_close_matches(name, names, n=3, cutoff=0.6)
    hint = f"; did you mean {', '.join(f':{n}:' for n in near)}?" if near else ""
    listed = ", ".join(names[:12]) + (f" and {len(names) - 12} more" if len(names) > 12 else "")
    return (
        f"no inline icon called :{name}:{hint} (known: {listed}; the built-in glyphs, the "
        "game's categories and its icons folder)"
    )


def encoded(text: str) -> str:
    """`text` as the layout measures it: its words, its icons each as its `icon_char`,
    a line break as "\\n", and a STYLE_MARKS switch before each word or part of a word
    that is not regular. A switch holds until the next switch or a space (so any line a
    wrap makes of whole words prints each in its style); a break point inside a word does
    not end it (pnp.layout.rich.carried restates it where a wrap breaks there). Encoded
    markup starts with a switch to regular and is never encoded again; a text
    without markup is returned as it is. MarkupError as `spans`."""
    if ENCODED.search(text) or _MAYBE.search(text) is None:
        return text
    return _encoded(text)


@lru_cache(maxsize=4096)  # texts with markup only
def _encoded(text: str) -> str:
    return encode(spans(text))


def encode(runs: Iterable[Span]) -> str:
    """The encoded text of `runs` (`encoded`), its first word led by a switch to regular
    (none when it has no word)."""
    out: list[str] = []
    printing = REGULAR
    for run in runs:
        if run.icon is not None:
            out.append(icon_char(run.icon))
            continue
        for ch in run.text:
            if ch.isspace():
                printing = REGULAR
            elif run.style != printing:
                out.append(STYLE_MARKS[run.style])
                printing = run.style
            out.append(ch)
    body = "".join(out)
    words_at = len(body) - len(body.lstrip())
    if words_at == len(body):
        return body
    return body[:words_at] + STYLE_MARKS[REGULAR] + body[words_at:]


def lead_and_rest(line: str) -> tuple[str, str] | None:
    """A line that starts in bold ("**Draw** two cards."): its bold lead as words and
    the encoded rest (`encoded`), or None. MarkupError as `spans`."""
    runs = spans(line)
    if not runs or runs[0].style != BOLD or runs[0].icon is not None:
        return None
    return runs[0].text.strip(), encode(runs[1:]).strip()


def names_icon(text: str) -> bool:
    """Whether `text` holds an icon's `:name:`, or is encoded markup holding an icon."""
    if ":" in text and _ICON.search(text) is not None:
        return True
    return not text.isascii() and _ICON_CHAR.search(text) is not None


def styled_text(text: str) -> dict[str, str]:
    """The characters `text` prints in each style (REGULAR, BOLD, ITALIC), for the glyph
    check: every style's characters must be in its font. Icons print no characters."""
    out: dict[str, str] = {}
    if ENCODED.search(text):  # a switch holds up to the next space
        style = REGULAR
        for ch in text:
            if ch in MARK_STYLES:
                style = MARK_STYLES[ch]
            elif ch not in _ICON_NAMES:
                style = REGULAR if ch.isspace() else style
                out[style] = out.get(style, "") + ch
        return out
    for run in spans(text) if has_markup(text) else (Span(text),):
        if run.icon is None and run.text != "\n":
            out[run.style] = out.get(run.style, "") + run.text
    return out


def decoded(text: str) -> str:
    """Encoded `text` as a message shows it: style switches left out, each icon as its
    name in colons."""
    if not ENCODED.search(text):
        return text
    return "".join(
        f":{_ICON_NAMES[ch]}:" if ch in _ICON_NAMES else "" if ch in MARK_STYLES else ch
        for ch in text
    )
