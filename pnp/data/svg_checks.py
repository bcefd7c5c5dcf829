"""The checks an SVG file passes before svglib sees it (pnp.data.svg's module docstring
lists them): one pass of the standard library's expat over its bytes, driven by hand,
and a bound on what its <style> sheets would cost svglib's CSS matcher.
`check_svg_bytes(data)` raises ImageRefused with the first rule broken."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any
from xml.parsers import expat

from pnp.core.errors import ImageRefused

MAX_SVG_BYTES = 2_000_000
MAX_SVG_ELEMENTS = 20_000
MAX_SVG_DEPTH = 64
#: the most selector tests an SVG's <style> sheets may ask of svglib's CSS matcher
#: (cssselect2): each selector is tried on every element its last part can match, and a
#: descendant combinator may try every ancestor, a general sibling one every earlier
#: sibling, so the cost is a product (`_Checker.style_steps`): a 529-byte sheet of eight
#: descendant combinators over 50 nested groups would take longer than the universe
#: has. A few microseconds a test: the bound keeps a conversion to seconds.
MAX_STYLE_STEPS = 500_000
SVG_NS = "http://www.w3.org/2000/svg"
#: Elements refused as unsafe, by local name, and why.
UNSAFE = {
    "script": "a <script> (SVG art cannot run code)",
    "foreignObject": "a <foreignObject> (it embeds HTML or other documents)",
    "image": "an <image> (SVG art is vectors only; use a PNG or JPEG art file for pictures)",
    "iframe": "an <iframe>",
    "embed": "an <embed>",
    "object": "an <object>",
    "audio": "an <audio>",
    "video": "a <video>",
}
#: Elements svglib cannot draw as the designer drew them, by local name, and the fix.
UNSUPPORTED = {
    "filter": "filters (<filter>: blur, shadow ...) are not drawn; flatten them in the editor",
    "mask": "masks (<mask>) are not drawn; use a clipPath or flatten the artwork",
    "pattern": "pattern fills (<pattern>) are not drawn; use flat colours",
    "marker": "markers (<marker>: arrowheads) are not drawn; convert strokes to paths",
    "linearGradient": "gradients (<linearGradient>) are not supported in SVG art (they would "
    "not follow colour, --ink-saver or CMYK); use flat colours or a PNG",
    "radialGradient": "gradients (<radialGradient>) are not supported in SVG art (they would "
    "not follow colour, --ink-saver or CMYK); use flat colours or a PNG",
    "animate": "animation (<animate>) is not printed; save the frame to print",
    "animateTransform": "animation (<animateTransform>) is not printed; save the frame to print",
    "animateMotion": "animation (<animateMotion>) is not printed; save the frame to print",
    "set": "animation (<set>) is not printed; save the frame to print",
    "text": "text (<text>) would print in a stand-in font; convert text to paths "
    "(Inkscape: Path > Object to Path)",
}
#: Attributes that apply an unsupported feature by reference.
UNSUPPORTED_ATTRS = {"filter": "filter", "mask": "mask", "marker-start": "marker",
                     "marker-mid": "marker", "marker-end": "marker"}  # fmt: skip
_URL = re.compile(r"url\(\s*(['\"]?)(.*?)\1\s*\)", re.IGNORECASE | re.DOTALL)
_IMPORT = re.compile(r"@import", re.IGNORECASE)
_FRAGMENT = re.compile(r"#[A-Za-z_][\w.:-]*")


class _Refuse(Exception):
    """A reason to refuse, raised inside expat's handlers (expat keeps it)."""


class _Checker:
    """One expat pass over the bytes: every rule of the module docstring, the elements'
    ids, hrefs and children kept for the <use> count."""

    def __init__(self) -> None:
        p = expat.ParserCreate(namespace_separator=" ")
        p.StartDoctypeDeclHandler = self._doctype
        p.EntityDeclHandler = self._entity
        p.ExternalEntityRefHandler = self._external
        p.ProcessingInstructionHandler = self._instruction
        p.StartElementHandler = self._start
        p.EndElementHandler = self._end
        p.CharacterDataHandler = self._text
        self.p = p
        self.depth = 0
        self.count = 0
        self.root: str | None = None
        self.style: list[str] | None = None
        self.children: list[list[int]] = [[]]  # node 0 is the document
        self.stack = [0]
        self.ids: dict[str, int] = {}
        self.uses: dict[int, str] = {}
        self.deepest = 0
        self.sheets: list[str] = []  # the text of each <style>
        self.tags: Counter[str] = Counter()  # elements per local name, class and id:
        self.classes: Counter[str] = Counter()  # what the last part of a selector
        self.id_count: Counter[str] = Counter()  # can match (style_steps)

    def refuse(self, reason: str) -> None:
        raise _Refuse(f"line {self.p.CurrentLineNumber}: {reason}")

    def _doctype(self, *args: Any) -> None:
        self.refuse(
            "it has a DOCTYPE declaration; SVG art may not declare a DTD or XML entities "
            "(delete the <!DOCTYPE ...> line)"
        )

    def _entity(self, *args: Any) -> None:
        self.refuse("it declares or refers to an XML entity, which SVG art may not")

    def _external(self, *args: Any) -> int:
        self._entity()
        return 0

    def _instruction(self, target: str, data: str) -> None:
        if target.lower() == "xml-stylesheet":
            self.refuse("it links a style sheet (<?xml-stylesheet ...?>), which SVG art may not")

    def _start(self, name: str, attrs: dict[str, str]) -> None:
        ns, _, local = name.rpartition(" ")
        self.count += 1
        self.depth += 1
        if self.count > MAX_SVG_ELEMENTS:
            self.refuse(f"it has more than {MAX_SVG_ELEMENTS:,} elements")
        if self.depth > MAX_SVG_DEPTH:
            self.refuse(f"its elements nest more than {MAX_SVG_DEPTH} deep")
        self.deepest = max(self.deepest, self.depth)
        self.tags[local] += 1
        for key, value in attrs.items():
            bare = key.rpartition(" ")[2]
            if bare == "class":
                self.classes.update(set(value.split()))
            elif bare == "id":
                self.id_count[value] += 1
        if self.root is None:
            if local != "svg" or ns != SVG_NS:
                shown = f"<{local}>" + (f" in the namespace {ns!r}" if ns != SVG_NS else "")
                self.refuse(
                    f"not an SVG: the root element is {shown}, not <svg> of the "
                    f'namespace "{SVG_NS}"'
                )
            self.root = local
        if local in UNSAFE:
            self.refuse(f"it contains {UNSAFE[local]}, which SVG art may not")
        if ns == SVG_NS and local in UNSUPPORTED:
            self.refuse(f"unsupported feature: {UNSUPPORTED[local]}")
        node = len(self.children)
        self.children.append([])
        self.children[self.stack[-1]].append(node)
        self.stack.append(node)
        for key, value in attrs.items():
            self._attribute(key.rpartition(" ")[2], value, local, node)
        if local == "style":
            self.style = []

    def _attribute(self, key: str, value: str, element: str, node: int) -> None:
        if key.lower().startswith("on"):
            self.refuse(f"<{element}> has the event attribute {key}, which SVG art may not")
        if key == "id":
            self.ids[value] = node
        elif key == "href":
            if not _FRAGMENT.fullmatch(value.strip()):
                self.refuse(
                    f"<{element}> refers to {value[:60]!r}; SVG art may refer only to "
                    'its own elements ("#id"), never to a file or address'
                )
            if element == "use":
                self.uses[node] = value.strip()[1:]
        elif key in UNSUPPORTED_ATTRS and value.strip() not in ("", "none"):
            self.refuse(f"unsupported feature: {UNSUPPORTED[UNSUPPORTED_ATTRS[key]]}")
        self._css(value, f"<{element}> {key}")

    def _css(self, text: str, where: str) -> None:
        if _IMPORT.search(text):
            self.refuse(f"{where} has an @import, which SVG art may not")
        for match in _URL.finditer(text):
            if not _FRAGMENT.fullmatch(match.group(2).strip()):
                self.refuse(
                    f"{where} has url({match.group(2)[:60]}); SVG art may refer only to "
                    "its own elements, url(#id)"
                )
        for prop, feature in UNSUPPORTED_ATTRS.items():
            if re.search(rf"(^|[;{{\s]){prop}\s*:\s*(?!none)", text):
                self.refuse(f"unsupported feature: {UNSUPPORTED[feature]}")

    def _text(self, data: str) -> None:
        if self.style is not None:
            self.style.append(data)

    def _end(self, name: str) -> None:
        if self.style is not None and name.endswith(" style"):
            self._css("".join(self.style), "<style>")
            self.sheets.append("".join(self.style))
            self.style = None
        self.depth -= 1
        self.stack.pop()

    def style_steps(self) -> int:
        """The selector tests svglib's CSS matcher may make for the <style> sheets, at
        most (capped just above MAX_STYLE_STEPS): for each selector, the elements its
        last part can match (by id, class or element name, as cssselect2 indexes
        them; every element otherwise) times, for each combinator before it, the
        elements it may try: every ancestor (descendant, deepest nesting), every earlier
        sibling (~, most children of one element), one (>, +). Selectors inside :not()
        and other functions count as part of theirs. A sheet tinycss2 cannot read
        costs nothing: svglib skips what it cannot parse."""
        if not self.sheets:
            return 0
        import tinycss2

        widest = max(map(len, self.children))
        total = 0
        for sheet in self.sheets:
            rules = tinycss2.parse_stylesheet(sheet, skip_comments=True, skip_whitespace=True)
            for selector in _selectors(rules):
                total += self._matched(selector) * _steps(selector, self.deepest, widest)
                if total > MAX_STYLE_STEPS:
                    return MAX_STYLE_STEPS + 1
        return total

    def _matched(self, selector: list) -> int:
        """The elements the last compound part of `selector` (tinycss2 tokens) can
        match: by its id, else a class, else its element name; every element else."""
        last: list = []
        for token in selector:
            if token.type == "whitespace" or (token.type == "literal" and token.value in ">+~"):
                last = []
            else:
                last.append(token)
        for token in last:
            if token.type == "hash":
                return self.id_count[token.value]
        for before, token in zip(last, last[1:]):
            if before.type == "literal" and before.value == "." and token.type == "ident":
                return self.classes[token.value]
        if last and last[0].type == "ident":
            return self.tags[last[0].value]
        return self.count

    def expanded(self) -> int:
        """Elements drawn once every <use> copies its target (a loop is refused)."""
        sizes: dict[int, int] = {}
        busy: set[int] = set()

        def size(node: int) -> int:
            if node in sizes:
                return sizes[node]
            if node in busy:
                self.refuse("a <use> refers to itself or to an element that contains it")
            busy.add(node)
            total = 1 + sum(size(child) for child in self.children[node])
            target = self.ids.get(self.uses.get(node, ""))
            if target is not None:
                total += size(target)
            busy.discard(node)
            sizes[node] = min(total, MAX_SVG_ELEMENTS + 2)  # the document node counts 1
            return sizes[node]

        try:
            return size(0) - 1
        except RecursionError:
            raise _Refuse("its <use> elements refer to each other too deeply") from None


def _selectors(rules: list) -> list[list]:
    """Every selector of tinycss2 `rules` (a qualified rule's prelude split at its
    commas), those of nested at-rules (@media) too, as lists of tokens."""
    import tinycss2

    found: list[list] = []
    for rule in rules:
        if rule.type == "qualified-rule":
            found += _split(rule.prelude)
        elif rule.type == "at-rule" and rule.content is not None:
            inner = tinycss2.parse_rule_list(rule.content, skip_comments=True, skip_whitespace=True)
            found += _selectors(inner)
    return found


def _split(tokens: list) -> list[list]:
    """`tokens` split at top-level commas, each part stripped of whitespace at its ends."""
    parts: list[list] = [[]]
    for token in tokens:
        if token.type == "literal" and token.value == ",":
            parts.append([])
        else:
            parts[-1].append(token)
    stripped = (_stripped(part) for part in parts)
    return [part for part in stripped if part]


def _stripped(tokens: list) -> list:
    start, end = 0, len(tokens)
    while start < end and tokens[start].type == "whitespace":
        start += 1
    while end > start and tokens[end - 1].type == "whitespace":
        end -= 1
    return tokens[start:end]


def _steps(selector: list, depth: int, widest: int) -> int:
    """The elements the combinators of `selector` (tinycss2 tokens) may make the matcher
    try for one element, at most: `depth` per descendant combinator, `widest` per
    general sibling one, 1 per child or adjacent one; a function's selectors (:not(a
    b)) multiply in. Capped just above MAX_STYLE_STEPS."""
    steps, gap = 1, False
    for token in selector:
        if token.type == "whitespace":
            gap = True
            continue
        if token.type == "literal" and token.value in ">+~":
            steps *= widest if token.value == "~" else 1
            gap = False
            continue
        if gap:
            steps *= depth
        gap = False
        if token.type == "function":
            inner = sum(_steps(part, depth, widest) for part in _split(token.arguments))
            steps *= max(1, inner)
        steps = min(steps, MAX_STYLE_STEPS + 1)
    return steps


def too_large(size: int) -> str:
    """The refusal of an SVG of `size` bytes, over MAX_SVG_BYTES."""
    return f"the SVG is too large: {size:,} bytes, over the limit of {MAX_SVG_BYTES:,}"


def check_svg_bytes(data: bytes) -> None:
    """Check SVG `data` against the module docstring's rules; ImageRefused with the
    reason (and the SVG's line) for the first one broken."""
    if len(data) > MAX_SVG_BYTES:
        raise ImageRefused(too_large(len(data)))
    if not data.strip():
        raise ImageRefused("the file is empty")
    checker = _Checker()
    try:
        checker.p.Parse(data, True)
        if checker.expanded() > MAX_SVG_ELEMENTS:
            checker.refuse(f"its <use> elements copy it past {MAX_SVG_ELEMENTS:,} elements drawn")
        try:
            steps = checker.style_steps()
        except RecursionError:  # :not( or @media nested hundreds deep
            raise _Refuse("its <style> nests selectors or rules too deeply") from None
        if steps > MAX_STYLE_STEPS:
            raise _Refuse(
                "its <style> selectors would take too long to match: over "
                f"{MAX_STYLE_STEPS:,} tests (combinators such as 'g g g' repeat the search "
                "through every level of nesting); use classes, or set the style on the "
                "elements themselves"
            )
    except _Refuse as exc:
        raise ImageRefused(str(exc)) from None
    except LookupError as exc:  # expat: the XML declaration's encoding="..."
        raise ImageRefused(
            f"not an SVG: its XML declaration names an encoding Python does not know "
            f"({str(exc).rpartition(':')[2].strip()!r}); save it as UTF-8"
        ) from None
    except expat.ExpatError as exc:
        raise ImageRefused(
            f"not an SVG: it is not well-formed XML (line {exc.lineno}, column "
            f"{exc.offset + 1}: {expat.ErrorString(exc.code)})"
        ) from None
    except (ValueError, UnicodeError) as exc:
        raise ImageRefused(f"not an SVG: {exc}") from None
