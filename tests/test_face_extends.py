"""Layouts that inherit (issue 43 item 2, README "Faces as data", pnp.faces.inherit): a
face takes another face whole and changes elements by key, an element takes another
element's keys, "+N" / "-N" offsets the parent's number; an unknown parent, a loop and
an unknown key are each one line at file:line. (The Not a Hack layout written with
`extends` builds the same cards.pdf as faces.py: tests/test_faces_as_data_nah.py.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.faces.layout_file import read_layout
from pnp.faces.values import MISSING

FIELDS = {"id": "id", "count": "int", "name": "str", "points": "int", "text": "str"}
PLAIN = {"id": "id", "count": "int", "name": "str"}  # a kind with no points and no text
BACK = '\n[[back.card]]\ntype = "ground"\ncolour = "#FFFFFF"\n'
ACTION = """\
[[front.action]]
type = "fill"
key = "band"
box = [0, 0, 63.5, 10]
colour = "#0072B2"
strength = 0.3
saver = { strength = 0.1 }

[[front.action]]
type = "text"
field = "name"
box = [4, 12, 42, 14]
font = "bold"
size = 14

[[front.action]]
type = "text"
field = "text"
box = [4, 31, 55.5, 30]
size = 10
"""


def read(tmp_path: Path, text: str, token: dict = FIELDS):
    """(the Layout or None, its problems as lines) of `text` for the kinds "action",
    "treasure" and "token" (the fields above; the token's may be others)."""
    path = tmp_path / "faces.toml"
    path.write_text(text + BACK)
    kinds = {"action": FIELDS, "treasure": FIELDS, "token": token}
    layout, found = read_layout(path, kinds, ("card",), frozenset(), "poker")
    assert (layout is None) == bool(found)
    return layout, [str(p).replace(f"{tmp_path}/", "") for p in found]


def faces_of(tmp_path: Path, text: str) -> dict:
    """Every front's elements as (key, type, values, saver, line of its box or at)."""
    layout, problems = read(tmp_path, text)
    assert problems == []
    return {
        kind: [
            (e.key, e.type, dict(e.values), e.saver, e.origin.source.line_of(e.origin.key))
            for e in specs
        ]
        for kind, specs in layout.fronts.items()
    }


def test_a_face_extends_another_and_changes_elements_by_key(tmp_path):
    got = faces_of(
        tmp_path,
        ACTION
        + """
[[front.treasure]]
extends = "action"

[[front.treasure]]
key = "band"
colour = "#E69F00"
box = ["+0", "+0", "+0", "+2.5"]

[[front.treasure]]
field = "name"
size = "-2"

[[front.treasure]]
type = "disc"
key = "coin"
at = [52, 18]
radius = 5
colour = "#222222"

[[front.token]]
extends = "front.action"

[[front.token]]
key = "text"
field = "name"
box = ["+0", "+0.1", "-0.2", "-20"]

[[front.token]]
key = "band"
saver = { strength = "+0.2" }
""",
    )
    assert got["action"] == [
        (
            "band",
            "fill",
            {"box": (0.0, 0.0, 63.5, 10.0), "colour": "#0072B2", "strength": 0.3},
            {"strength": 0.1},
            4,
        ),
        (
            "name",
            "text",
            {
                "box": (4.0, 12.0, 42.0, 14.0),
                "field": "name",
                "font": "HackPack-Bold",
                "size": 14.0,
            },
            None,
            12,
        ),
        ("text", "text", {"box": (4.0, 31.0, 55.5, 30.0), "field": "text", "size": 10.0}, None, 19),
    ]
    # the band's colour and box from the treasure (its box at line 28), the rest inherited
    assert got["treasure"] == [
        (
            "band",
            "fill",
            {"box": (0.0, 0.0, 63.5, 12.5), "colour": "#E69F00", "strength": 0.3},
            {"strength": 0.1},
            28,
        ),
        (
            "name",
            "text",
            {
                "box": (4.0, 12.0, 42.0, 14.0),
                "field": "name",
                "font": "HackPack-Bold",
                "size": 12.0,
            },
            None,
            12,
        ),
        got["action"][2],
        ("coin", "disc", {"at": (52.0, 18.0), "radius": 5.0, "colour": "#222222"}, None, 37),
    ]
    # added in decimal, as if written: 0.1 + 0.2 is 0.3 (not 0.30000000000000004)
    assert got["token"][0][3] == {"strength": 0.3}
    assert got["token"][2] == (
        "text",
        "text",
        {"box": (4.0, 31.1, 55.3, 10.0), "field": "name", "size": 10.0},
        None,
        47,
    )


def test_an_element_extends_an_earlier_one_or_one_of_another_face(tmp_path):
    got = faces_of(
        tmp_path,
        ACTION
        + """
[[front.action]]
extends = "name"
key = "shadow"
box = ["+0.5", "+0.5", "+0", "+0"]
when = "points"

[[group.parts]]
type = "outline"
key = "frame"
box = [4, 4, 55.5, 80.9]
colour = "#222222"
width = 1

[[front.treasure]]
use = "parts"

[[front.treasure]]
extends = "front.action.band"
colour = "#E69F00"

[[front.treasure]]
extends = "frame"
key = "inner"
box = ["+1", "+1", "-2", "-2"]
width = "-0.5"

[[front.token]]
type = "ground"
colour = "#FFFFFF"
""",
    )
    shadow = got["action"][3]
    assert shadow[:3] == (
        "shadow",
        "text",
        {"box": (4.5, 12.5, 42.0, 14.0), "field": "name", "font": "HackPack-Bold", "size": 14.0},
    )
    assert [(k, t, v.get("colour"), v["box"]) for k, t, v, _, _ in got["treasure"]] == [
        ("frame", "outline", "#222222", (4.0, 4.0, 55.5, 80.9)),
        ("band", "fill", "#E69F00", (0.0, 0.0, 63.5, 10.0)),
        ("inner", "outline", "#222222", (5.0, 5.0, 53.5, 78.9)),
    ]
    assert got["treasure"][2][2]["width"] == 0.5


def test_a_change_to_an_element_of_a_used_group_copies_the_group_for_that_face(tmp_path):
    """The treasure changes the title its parent draws from the group 'words': its own
    copy of the group, under the use's condition; the action keeps the group as is."""
    layout, problems = read(
        tmp_path,
        """\
[[group.words]]
type = "text"
field = "name"
box = [4, 12, 42, 14]
size = 14

[[group.words]]
type = "text"
field = "text"
box = [4, 31, 55.5, 30]
size = 10

[[front.action]]
use = "words"
unless = "points"

[[front.treasure]]
extends = "action"

[[front.treasure]]
field = "name"
size = "+4"

[[front.token]]
extends = "treasure"
""",
    )
    assert problems == []
    shown = {
        kind: [(e.key, e.values["size"], e.unless, e.origin.source.subject) for e in specs]
        for kind, specs in layout.fronts.items()
    }
    unless = ((("points", MISSING),),)
    assert shown["action"] == [
        ("name", 14.0, *unless, "group 'words' (in front 'action'), element 'name'"),
        ("text", 10.0, *unless, "group 'words' (in front 'action'), element 'text'"),
    ]
    assert shown["treasure"] == [
        ("name", 18.0, *unless, "front 'treasure', element 'name'"),
        ("text", 10.0, *unless, "front 'treasure', element 'text'"),
    ]
    assert shown["token"] == [
        (k, v, u, s.replace("treasure", "token")) for k, v, u, s in shown["treasure"]
    ]


def test_a_parents_value_wrong_for_the_child_is_named_where_it_is_written(tmp_path):
    """The token has no text field: the inherited `field = "text"` is wrong at line 18,
    where it is written, on the token's face."""
    text = ACTION + '\n[[front.token]]\nextends = "action"\n'
    _, problems = read(tmp_path, text, token=PLAIN)
    assert problems == [
        "faces.toml:18: front 'token', element 'text', field 'field': no field called 'text' "
        "on this kind of card; its fields: count, id, name",
        "faces.toml:1: no [[front.treasure]] elements: every kind of card needs its front",
    ]


FACES = ACTION + "\n[[front.token]]\n"
MISTAKES = [
    (
        "unknown face",
        FACES + 'extends = "actoin"\n',
        "faces.toml:23: front 'token', field 'extends': no front called 'actoin' (did you "
        "mean action?); fronts: action, token, treasure",
    ),
    (
        "unknown section",
        FACES + 'extends = "side.action"\n',
        "faces.toml:23: front 'token', field 'extends': no section 'side': a face extends "
        "NAME (a front of this file) or front.NAME, back.NAME or group.NAME",
    ),
    (
        "unknown element",
        FACES + 'extends = "titel"\ntype = "text"\nbox = [4, 70, 55.5, 10]\n',
        "faces.toml:23: front 'token', element 'text-22', field 'extends': no element before "
        "this one in front 'token' is called 'titel'; its elements: none",
    ),
    (
        "unknown element of another face",
        FACES + 'extends = "front.action.title"\nkey = "x"\n',
        "faces.toml:23: front 'token', element 'x', field 'extends': no element in front "
        "'action' is called 'title'; its elements: band, name, text",
    ),
    (
        "a face named where an element is",
        FACES + 'type = "text"\nfield = "name"\nbox = [4, 12, 42, 14]\n\n'
        '[[front.token]]\nextends = "action"\n',
        "faces.toml:28: front 'token', field 'extends': no element before "
        "this one in front 'token' is called 'action'; its elements: name; to extend front "
        "'action', write extends = \"action\" alone in the first entry of this face",
    ),
    (
        "a reference of two parts on an element",
        FACES + 'extends = "action.band"\nkey = "x"\n',
        "faces.toml:23: front 'token', element 'x', field 'extends': expected the key of an "
        "earlier element of this face, or SECTION.NAME.KEY such as front.action.title, got "
        "'action.band'; a whole face is extended by its first entry, extends = \"NAME\" alone",
    ),
    (
        "a change to an element the parent has not",
        FACES + 'extends = "action"\n\n[[front.token]]\nkey = "bnad"\ncolour = "#000000"\n',
        "faces.toml:26: front 'token', field 'key': no element called 'bnad' in front "
        "'action', the face this one extends, to change; its elements: band, name, text (a "
        "new element needs a type)",
    ),
    (
        "faces that extend each other",
        FACES + 'extends = "treasure"\n\n[[front.treasure]]\nextends = "token"\n',
        "faces.toml:26: front 'treasure', field 'extends': extends goes round in a loop: "
        "front 'treasure' → front 'token' → front 'treasure'",
    ),
    (
        "a face that extends itself",
        FACES + 'extends = "token"\n',
        "faces.toml:23: front 'token', field 'extends': extends goes round in a loop: "
        "front 'token' → front 'token'",
    ),
    (
        "elements that extend each other",
        FACES + 'extends = "front.treasure.b"\nkey = "a"\n\n'
        '[[front.treasure]]\nextends = "front.token.a"\nkey = "b"\n',
        "faces.toml:27: front 'treasure', element 'b', field 'extends': extends goes round "
        "in a loop: front 'treasure' → front 'token' → front 'treasure'",
    ),
    (
        "a relative value the parent has no number for",
        FACES + 'extends = "front.action.band"\nradius = "+2"\n',
        "faces.toml:24: front 'token', element 'band', field 'radius': expected a radius in "
        "mm, got '+2', a relative value with no number to offset: it offsets the same key "
        "of the element this one extends",
    ),
    (
        "a relative array the parent has not",
        FACES + 'extends = "front.action.name"\nkey = "x"\nat = ["+1", "+1"]\n',
        "faces.toml:25: front 'token', element 'x', field 'at': '+1' is relative to the same "
        "item of the parent's value, which is not there",
    ),
    (
        "a relative value with no parent",
        FACES + 'type = "text"\nfield = "name"\nbox = [4, "+2", 42, 14]\n',
        "faces.toml:25: front 'token', element 'name', field 'box': top is not a number, got "
        "'+2', a relative value with no number to offset: it offsets the same key of the "
        "element this one extends",
    ),
    (
        "an unknown key where the type is missing (the issue's report)",
        FACES + 'extend = "action"\n',
        "faces.toml:23: front 'token', field 'extend': unknown key (did you mean extends?); "
        "known keys: type, key, inside, when, unless, saver, saver_only, extends, use, "
        "art_area, art_colour, and with a type its own",
    ),
]


@pytest.mark.parametrize(
    ("text", "message"), [m[1:] for m in MISTAKES], ids=[m[0] for m in MISTAKES]
)
def test_each_mistake_is_one_line_at_its_key(tmp_path, text, message):
    treasure = '\n[[front.treasure]]\ntype = "ground"\ncolour = "#FFFFFF"\n'
    _, problems = read(tmp_path, text + ("" if "[[front.treasure]]" in text else treasure))
    assert problems == [message]


def test_a_missing_type_beside_known_keys_is_still_named(tmp_path):
    _, problems = read(tmp_path, ACTION + '\n[[front.token]]\nfield = "name"\n')
    assert problems[0] == (
        "faces.toml:22: front 'token', field 'type': missing; known: text, icon, row, fill, "
        "outline, border, rule, disc, shield, art, ground"
    )
