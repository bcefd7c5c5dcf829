"""Fill-in blanks (issue 28 item 6): a run of underscores in a text laid out with blanks
(pnp.layout.text.fit_text's `blank_pt`) prints as a slot at least so many points long,
bound to the word before it. Lengths in points."""

from __future__ import annotations

import math
import re

from reportlab.pdfbase.pdfmetrics import stringWidth

#: A fill-in blank in a text laid out with blanks (`fit_text`'s `blank_pt`): a run of
#: three or more underscores ("____" in the data).
BLANK_RUN = re.compile(r"_{3,}")
_STARTS_BLANK = re.compile(r"[^\w\s]*_{3}")
_SEPARATORS = re.compile(r"([^\S\n]+)")
_HYPHEN = re.compile(r"(?<=\w)-(?=\w)")


def blank_text(text: str, font: str, size: float, blank_pt: float, together: bool) -> str:
    """`text` as it prints with fill-in blanks: each run of underscores (`BLANK_RUN`)
    becomes a run at least `blank_pt` pt long at `size` pt in `font` (underscores abut, so
    the run prints as one line), bound by a no-break space to the word before it; a blank
    after a blank is bound to it only when `together`. Punctuation written against a
    blank ("____.") stays bound to it, as any word's does. Issue 28 item 6."""
    n = max(3, math.ceil(blank_pt / stringWidth("_", font, size) - 1e-9))
    tokens = _SEPARATORS.split(BLANK_RUN.sub("_" * n, text))
    for i in range(1, len(tokens) - 1, 2):
        before, after = tokens[i - 1], tokens[i + 1]
        if before and _STARTS_BLANK.match(after) and (together or not BLANK_RUN.search(before)):
            tokens[i] = "\u00a0"
            # the word bound to a blank may still break after a hyphen it holds
            tokens[i - 1] = _HYPHEN.sub("-\u200b", before)
    return "".join(tokens)
