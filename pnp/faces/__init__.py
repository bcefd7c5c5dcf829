"""Faces as data, and games from data alone.

A game may describe its card faces in TOML (a layout file, `faces.toml`): per kind of
card and per back, a list of elements in card-local mm measured from the trim's top-left
corner, each bound to a card field, a [labels] word or a literal. `layout_file` reads
and checks a layout (every bad value one Problem with file:line; `inherit` resolves its
faces and elements that `extends` another first), `keys` holds the
schema of its elements, `building` turns a layout and one card's values into the same
`Face` (pnp.layout.face) the Python games build, so validation and every output treat
them alike. `game` and `kit` make a game whose game.toml names its faces and declares
its card tables generically into a Kit with no Python of its own (a data-only game).
Source: issue 25 items 1 and 2, issue 43 item 2; shared/DESIGN.md, "The designer's workbench".
"""
