"""Every bad value of a face layout (faces.toml, README "Faces as data") is one line
naming file:line, the face, the element and the key at fault; the layout is not used.
Read with pnp.faces.layout_file.read_layout for a kind of card with the fields below."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.faces.layout_file import read_layout

FIELDS = {
    "id": "id",
    "count": "int",
    "name": "str",
    "points": "int",
    "text": "str",
    "picture": "art",
    "suit": "colour",
    "tags": "list",
}
BACK = '\n[[back.card]]\ntype = "ground"\ncolour = "#FFFFFF"\n'


def problems(tmp_path: Path, text: str) -> list[str]:
    """The problems of the layout `text` (one front, kind "action"; one back, "card")."""
    path = tmp_path / "faces.toml"
    path.write_text(text)
    layout, found = read_layout(path, {"action": FIELDS}, ("card",), frozenset({"action"}), "poker")
    assert (layout is None) == bool(found)
    return [str(p).replace(f"{tmp_path}/", "") for p in found]


ELEMENTS = [
    (
        "unknown anchor",
        'type = "disc"\nat = [50, 10]\nradius = 4\ncolour = "#000000"\nanchor = "top"\n',
        "faces.toml:6: front 'action', element 'disc-1', field 'anchor': unknown anchor 'top'; known: top-left, top-right, bottom-left, bottom-right, edges",
    ),
    (
        "unknown key",
        'type = "text"\nfield = "name"\nbox = [3, 3, 20, 10]\ncolor = "#000000"\n',
        "faces.toml:5: front 'action', element 'name', field 'color': unknown key for a text element (did you mean colour?); allowed keys: box, field, text, label, font, size, min_size, title, align, valign, blank, lines, colour, anchor, key, inside, when, unless, saver, saver_only",
    ),
    (
        "wrong type",
        'type = "text"\nfield = "name"\nbox = "big"\n',
        "faces.toml:4: front 'action', element 'name', field 'box': expected [left, top, width, height] in mm, got 'big'",
    ),
    (
        "unknown field",
        'type = "text"\nfield = "title"\nbox = [3, 3, 20, 10]\n',
        "faces.toml:3: front 'action', element 'title', field 'field': no field called 'title' on this kind of card; its fields: count, id, name, picture, points, suit, tags, text",
    ),
    (
        "unknown icon",
        'type = "icon"\nicon = "star"\nat = [10, 10]\nsize = 4\n',
        "faces.toml:3: front 'action', element 'icon-1', field 'icon': unknown icon 'star'; known: attack, backups, bug, card, cloud, crosshair, device-security, diamond, eye, home-network, key, passwords, shield, shields, skull, social-engineering, social-media, square, user-error, wild",
    ),
    (
        "unknown valign",
        'type = "text"\nfield = "name"\nvalign = "bottom"\nbox = [3, 3, 20, 10]\n',
        "faces.toml:4: front 'action', element 'name', field 'valign': unknown vertical alignment 'bottom'; known: middle, top",
    ),
    (
        "blank of no length",
        'type = "text"\nfield = "name"\nblank = 0\nbox = [3, 3, 20, 10]\n',
        "faces.toml:4: front 'action', element 'name', field 'blank': expected a length in mm above 0, got 0",
    ),
    (
        "unknown font",
        'type = "text"\nfield = "name"\nfont = "serif"\nbox = [3, 3, 20, 10]\n',
        "faces.toml:4: front 'action', element 'name', field 'font': unknown font 'serif'; known: regular, bold, italic",
    ),
    (
        "negative size",
        'type = "icon"\nicon = "key"\nat = [10, 10]\nsize = -4\n',
        "faces.toml:5: front 'action', element 'icon-1', field 'size': expected a length in mm above 0, got -4",
    ),
    (
        "negative width",
        'type = "text"\nfield = "name"\nbox = [3, 3, -20, 10]\n',
        "faces.toml:4: front 'action', element 'name', field 'box': width -20 mm: a box's width and height must be above 0",
    ),
    (
        "box outside",
        'type = "text"\nfield = "name"\nbox = [50, 3, 20, 10]\n',
        "faces.toml:4: front 'action', element 'name', field 'box': the box reaches 6.5 mm past the right edge of the 63.5 x 88.9 mm card",
    ),
    (
        "box below",
        'type = "fill"\ncolour = "#000000"\nbox = [3, 80, 20, 10]\n',
        "faces.toml:4: front 'action', element 'fill-1', field 'box': the box reaches 1.1 mm past the bottom edge of the 63.5 x 88.9 mm card",
    ),
    (
        "unknown container",
        'type = "text"\nfield = "name"\nbox = [3, 3, 20, 10]\ninside = "badge"\n',
        "faces.toml:5: front 'action', element 'name', field 'inside': no element before this one in front 'action' is called 'badge'",
    ),
    (
        "unknown type",
        'type = "star"\n',
        "faces.toml:2: front 'action', field 'type': unknown element type 'star'; known: text, icon, row, fill, outline, border, rule, disc, shield, art, ground",
    ),
    (
        "missing type",
        'field = "name"\n',
        "faces.toml:1: front 'action', field 'type': missing; known: text, icon, row, fill, outline, border, rule, disc, shield, art, ground",
    ),
    (
        "size under floor",
        'type = "text"\nfield = "name"\nbox = [3, 3, 20, 10]\nsize = 6\n',
        "faces.toml:5: front 'action', element 'name', field 'size': a text size is 7..96 pt (body text never under 7 pt, titles 11), got 6",
    ),
    (
        "title floor",
        'type = "text"\nfield = "name"\ntitle = true\nmin_size = 9\nbox = [3, 3, 20, 10]\n',
        "faces.toml:5: front 'action', element 'name', field 'min_size': a title is never under 11 pt, got 9",
    ),
    (
        "bad colour",
        'type = "fill"\ncolour = "red"\nbox = [3, 3, 20, 10]\n',
        "faces.toml:3: front 'action', element 'fill-1', field 'colour': expected a colour like \"#0072B2\" or the name of a colour field, got 'red'",
    ),
    (
        "colour field not colour",
        'type = "fill"\ncolour = "name"\nbox = [3, 3, 20, 10]\n',
        "faces.toml:3: front 'action', element 'fill-1', field 'colour': the field 'name' holds str values; this needs colour",
    ),
    (
        "bad align",
        'type = "text"\nfield = "name"\nalign = "middle"\nbox = [3, 3, 20, 10]\n',
        "faces.toml:4: front 'action', element 'name', field 'align': unknown alignment 'middle'; known: left, centre, center, right",
    ),
    (
        "bad lines",
        'type = "text"\nfield = "name"\nlines = 0\nbox = [3, 3, 20, 10]\n',
        "faces.toml:4: front 'action', element 'name', field 'lines': expected a whole number of lines 1..20, got 0",
    ),
    (
        "two contents",
        'type = "text"\nfield = "name"\ntext = "x"\nbox = [3, 3, 20, 10]\n',
        "faces.toml:4: front 'action', element 'name', field 'text': a text element names one of field, text, label",
    ),
    (
        "no content",
        'type = "text"\nbox = [3, 3, 20, 10]\n',
        "faces.toml:1: front 'action', element 'text-1': a text element names one of field, text, label",
    ),
    (
        "missing box",
        'type = "text"\nfield = "name"\n',
        "faces.toml:1: front 'action', element 'name': missing box; a text element needs box",
    ),
    (
        "unknown label",
        'type = "text"\nlabel = "hero"\nbox = [3, 3, 20, 10]\n',
        "faces.toml:3: front 'action', element 'hero', field 'label': no label called 'hero' in game.toml [labels]; known: action",
    ),
    (
        "template field",
        'type = "text"\ntext = "{nme} wins"\nbox = [3, 3, 20, 10]\n',
        "faces.toml:3: front 'action', element 'text-1', field 'text': no field called 'nme' on this kind of card; its fields: count, id, name, picture, points, suit, tags, text",
    ),
    (
        "template format",
        'type = "text"\ntext = "{points:bold}"\nbox = [3, 3, 20, 10]\n',
        "faces.toml:3: front 'action', element 'text-1', field 'text': unknown format 'bold' in {points:bold}; known: plus, abs, s, upper, lower",
    ),
    (
        "template abs on str",
        'type = "text"\ntext = "{name:abs}"\nbox = [3, 3, 20, 10]\n',
        "faces.toml:3: front 'action', element 'text-1', field 'text': the field 'name' holds str values; this needs int",
    ),
    (
        "template braces",
        'type = "text"\ntext = "{points"\nbox = [3, 3, 20, 10]\n',
        "faces.toml:3: front 'action', element 'text-1', field 'text': the text's braces do not pair up (expected '}' before end of string); write {{ and }} for a brace",
    ),
    (
        "when unknown",
        'type = "text"\nfield = "name"\nwhen = "ponts"\nbox = [3, 3, 20, 10]\n',
        "faces.toml:4: front 'action', element 'name', field 'when': no field called 'ponts' on this kind of card; its fields: count, id, name, picture, points, suit, tags, text",
    ),
    (
        "when bad",
        'type = "text"\nfield = "name"\nwhen = { field = "points", is = 2 }\nbox = [3, 3, 20, 10]\n',
        "faces.toml:4: front 'action', element 'name', field 'when': a condition is \"field\" or { field = \"...\", equals = ... }, got a table with 2 keys",
    ),
    (
        "saver unknown",
        'type = "text"\nfield = "name"\nsaver = { color = "#000000" }\nbox = [3, 3, 20, 10]\n',
        "faces.toml:4: front 'action', element 'name', field 'saver': unknown key 'color' in saver; a text element's keys: box, field, text, label, font, size, min_size, title, align, valign, blank, lines, colour, anchor",
    ),
    (
        "saver bad",
        'type = "text"\nfield = "name"\nsaver = { colour = "blue" }\nbox = [3, 3, 20, 10]\n',
        "faces.toml:4: front 'action', element 'name', field 'saver': colour in saver: expected a colour like \"#0072B2\" or the name of a colour field, got 'blue'",
    ),
    (
        "saver type",
        'type = "text"\nfield = "name"\nsaver = true\nbox = [3, 3, 20, 10]\n',
        "faces.toml:4: front 'action', element 'name', field 'saver': expected a table of the values printed with --ink-saver, or false, got true",
    ),
    (
        "strength",
        'type = "fill"\ncolour = "#000000"\nstrength = 2\nbox = [3, 3, 20, 10]\n',
        "faces.toml:4: front 'action', element 'fill-1', field 'strength': expected a strength 0..1, got 2",
    ),
    (
        "style",
        'type = "icon"\nicon = "key"\nat = [10, 10]\nsize = 4\nstyle = "bold"\n',
        "faces.toml:6: front 'action', element 'icon-1', field 'style': unknown icon style 'bold'; known: plain, badge, tint",
    ),
    (
        "at outside",
        'type = "icon"\nicon = "key"\nat = [70, 10]\nsize = 4\n',
        "faces.toml:4: front 'action', element 'icon-1', field 'at': the point reaches 6.5 mm past the right edge of the 63.5 x 88.9 mm card",
    ),
    (
        "row part",
        'type = "row"\nat = [30, 10]\nsize = 4\npitch = 5\nicons = [{ icon = "key", count = "name" }]\n',
        "faces.toml:6: front 'action', element 'row-1', field 'icons': icons[0]: the field 'name' holds str values; this needs int",
    ),
    (
        "art field art",
        'type = "art"\nfield = "art"\nbox = [3, 3, 20, 10]\n',
        "faces.toml:3: front 'action', element 'art-1', field 'field': no field called 'art' on this kind of card; its fields: count, id, name, picture, points, suit, tags, text",
    ),
    (
        "art missing file",
        'type = "art"\nfile = "art/none.png"\nbox = [3, 3, 20, 10]\n',
        "faces.toml:3: front 'action', element 'art-1', field 'file': 'art/none.png': the file does not exist",
    ),
    (
        "art field wrong",
        'type = "art"\nfield = "name"\nbox = [3, 3, 20, 10]\n',
        "faces.toml:3: front 'action', element 'art-1', field 'field': the field 'name' holds str values; this needs art",
    ),
    (
        "key bad",
        'type = "text"\nkey = "a b"\nfield = "name"\nbox = [3, 3, 20, 10]\n',
        "faces.toml:3: front 'action', element 'a b', field 'key': expected a key of letters, digits, - and _ (1..48), got 'a b'",
    ),
    (
        "radius",
        'type = "fill"\ncolour = "#000000"\nradius = -1\nbox = [3, 3, 20, 10]\n',
        "faces.toml:4: front 'action', element 'fill-1', field 'radius': a radius is 0 mm or more, got -1",
    ),
    (
        "group unknown",
        'use = "header"\n',
        "faces.toml:2: front 'action', field 'use': no group called 'header'; groups: none",
    ),
    (
        "dup key",
        'type = "text"\nfield = "name"\nbox = [3, 3, 20, 10]\n[[front.action]]\ntype = "text"\nfield = "name"\nbox = [3, 20, 20, 10]\n',
        "faces.toml:5: front 'action', element 'name', field 'key': the key 'name' is used twice in front 'action' (first at line 1); give one a key of its own",
    ),
]


@pytest.mark.parametrize("name, element, message", ELEMENTS, ids=[c[0] for c in ELEMENTS])
def test_a_bad_element_value_is_one_line_at_its_key(tmp_path, name, element, message):
    assert problems(tmp_path, "[[front.action]]\n" + element + BACK) == [message]


TOPS = [
    (
        "top unknown",
        "colours = 3\n",
        'type = "text"\nfield = "name"\nbox = [3, 3, 20, 10]\n',
        "faces.toml:1: field 'colours': unknown key; a layout holds design, safe, grow_type, group, front, back",
    ),
    (
        "design",
        'design = "huge"\n',
        'type = "text"\nfield = "name"\nbox = [3, 3, 20, 10]\n',
        "faces.toml:1: field 'design': unknown card size 'huge'; known: poker, bridge, mini, "
        "tarot, mini-euro, euro, square, domino, jumbo, any with -landscape, or WxH in mm "
        "(63.5x88.9mm)",
    ),
    (
        "safe",
        "safe = 1\n",
        'type = "text"\nfield = "name"\nbox = [3, 3, 20, 10]\n',
        "faces.toml:1: field 'safe': the safe area is 3..15.875 mm inside the trim, got 1",
    ),
    (
        "use extra",
        '[[group.header]]\ntype = "ground"\ncolour = "#000000"\n',
        'use = "header"\nsize = 3\n',
        "faces.toml:6: front 'action', field 'size': unknown key beside use; allowed keys: use, when, unless",
    ),
]


@pytest.mark.parametrize("name, top, element, message", TOPS, ids=[c[0] for c in TOPS])
def test_a_bad_layout_setting_is_one_line(tmp_path, name, top, element, message):
    assert problems(tmp_path, top + "[[front.action]]\n" + element + BACK) == [message]


def test_an_unknown_key_of_an_icon_reads_right_with_no_near_miss(tmp_path):
    """'an icon', not 'a icon'; a key near none of the allowed ones gets no guess."""
    element = 'type = "icon"\nicon = "bug"\nat = [10, 10]\nsize = 4\nzzz = 1\n'
    (line,) = problems(tmp_path, "[[front.action]]\n" + element + BACK)
    assert "field 'zzz': unknown key for an icon element; allowed keys: " in line
    assert "did you mean" not in line
