"""The rulebook's pictures (issue 44, item 5; pnp.figures): each shipped rulebook has a
card-anatomy figure whose callouts end on the parts they name, read back from
rules.pdf against the kit's own faces, and a setup picture of the table drawn from the
kit's backs and fronts; game.toml's [rulebook] is checked against the kit, every
problem at once; a data-only game gets an anatomy from its faces and a setup picture
only where it declares one."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.build import BuildOptions, load_for_drawing
from pnp.cli import main
from pnp.core.paths import SHIPPED_DATA_DIR
from pnp.figures import CheckedFaces, rulebook_figures
from pnp.layout.anatomy import part_elements
from pnp.layout.face import Art
from pnp.layout.figure import LABEL_PT
from pnp.validate import FaceChecks
from tests.pdfread import plumbed

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

MM = 72 / 25.4
OUTLINE_RGB = (0.54, 0.58, 0.64)  # pnp.render.figures.OUTLINE, #8A94A3
GAMES = ("hack-attack", "hack-back", "not-a-hack")


def _declared(game: str) -> dict:
    return tomllib.loads((SHIPPED_DATA_DIR / game / "game.toml").read_text(encoding="utf-8"))[
        "rulebook"
    ]


def _box(elements, frame) -> tuple[float, float, float, float]:
    """The part's box (card pt, x0, y0, x1, y1) inside the trim, from its elements: their
    ink, a picture's the part of it that shows."""
    boxes = [e.placement().shown if isinstance(e, Art) else e.bounds() for e in elements]
    return (
        max(0.0, min(b.x for b in boxes)),
        max(0.0, min(b.y for b in boxes)),
        min(frame.w, max(b.x + b.w for b in boxes)),
        min(frame.h, max(b.y + b.h for b in boxes)),
    )


def _cards_on(page, frame) -> list[dict]:
    """The outlined cards on a rulebook page: stroked outlines of the card's shape (round
    cornered: curves), in the figures' outline grey."""
    ratio = frame.w / frame.h
    return [
        r
        for r in (*page.rects, *page.curves)
        if r["stroke"]
        and r["height"] > 20
        and abs(r["width"] / r["height"] - ratio) < 1e-3
        and tuple(round(v, 2) for v in r["stroking_color"]) == OUTLINE_RGB
    ]


def _leaders(page, card) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """((target), (anchor)) of each line from inside `card` to a label beside it, in
    PDF points from the page's bottom."""
    h = page.height
    found = []
    for line in page.lines:
        if line["stroking_color"] in ((1,), (1, 1, 1)):  # a leader's white halo
            continue
        (x0, t0), (x1, t1) = line["pts"][0], line["pts"][-1]
        inside = card["x0"] - 0.01 <= x0 <= card["x1"] + 0.01
        beside = x1 < card["x0"] - 2 * MM or x1 > card["x1"] + 2 * MM
        if inside and beside and card["top"] - 0.01 <= t0 <= card["bottom"] + 0.01:
            found.append(((x0, h - t0), (x1, h - t1)))
    return found


@pytest.mark.parametrize("game", GAMES)
def test_each_callout_ends_on_the_part_it_names(kit, game):
    """Every declared part of every anatomy card has one leader, ending half way up the
    side of the part's box that faces its label, to 0.01 mm; the label beside the
    leader's other end is the part's name."""
    report = kit(game)
    options = BuildOptions(game)
    kit_, data, frame, *_ = load_for_drawing(options)
    cards = {c.id: c for c in kit_.printed_cards(data)}
    declared = _declared(game)["anatomy"]
    seen = 0
    with plumbed(report.paths[1]) as pdf:
        for entry in declared:
            face = kit_.face(cards[entry["card"]], data, frame)
            found = [_placed_card(p, frame, face, entry["parts"]) for p in pdf.pages]
            found = [f for f in found if f is not None]
            assert len(found) == 1, entry["card"]
            seen += len(found[0][1])
    assert seen == sum(len(e["parts"]) for e in declared)


def _words(page) -> str:
    return " ".join((page.extract_text() or "").split())


def _placed_card(page, frame, face, parts: dict):
    """(the card's outline, its leaders) of the outlined card on `page` with a leader
    ending on each of `parts` (and no other), the label beside it the part's name; None
    when no card there has them."""
    chars = page.chars
    for rect in _cards_on(page, frame):
        leaders = _leaders(page, rect)
        if len(leaders) != len(parts):
            continue
        scale = rect["width"] / frame.w
        left, bottom = rect["x0"], page.height - rect["bottom"]
        unmatched, named = list(leaders), []
        for key, label in parts.items():
            x0, y0, x1, y1 = _box(part_elements(face, key), frame)
            y = bottom + scale * (y0 + y1) / 2
            ends = {"left": left + scale * x0, "right": left + scale * x1}
            match = next(
                (
                    (t, a)
                    for t, a in unmatched
                    if abs(t[1] - y) < 0.01 * MM
                    and any(
                        abs(t[0] - x) < 0.01 * MM and (a[0] < t[0]) == (side == "left")
                        for side, x in ends.items()
                    )
                ),
                None,
            )
            if match is None:
                break
            unmatched.remove(match)
            named.append((label, match[1]))
        else:
            if all(label.split()[0] in _label_text(chars, a, page.height) for label, a in named):
                return rect, leaders
    return None


def _label_text(chars, anchor, height) -> str:
    """The characters of the labels (LABEL_PT) beside a leader's anchor, on its side
    and within three lines up or down of it, without spaces."""
    x, y = anchor
    top = height - y
    near = [
        ch
        for ch in chars
        if abs(ch["size"] - LABEL_PT) < 0.05
        and abs((ch["top"] + ch["bottom"]) / 2 - top) < 16
        and min(abs(ch["x0"] - x), abs(ch["x1"] - x)) < 45 * MM
    ]
    return "".join(ch["text"] for ch in sorted(near, key=lambda c: (round(c["top"]), c["x0"])))


@pytest.mark.parametrize("game", GAMES)
def test_the_setup_picture_draws_every_place_with_the_kits_own_faces(kit, game):
    report = kit(game)
    setup = _declared(game)["setup"]
    with plumbed(report.paths[1]) as pdf:
        pages = [p for p in pdf.pages if "Setting up for three players" in _words(p)]
        assert len(pages) == 1
        page = pages[0]
        text = _words(page)
        labels = "".join(
            ch["text"]
            for ch in sorted(page.chars, key=lambda c: (round(c["top"]), c["x0"]))
            if abs(ch["size"] - LABEL_PT) < 0.05
        )
        kit_, data, frame, *_ = load_for_drawing(BuildOptions(game))
        drawn = _cards_on(page, frame)
        dashed = [c for c in page.curves if c.get("dash") and c["stroke"]]
    shown = {"stack": lambda n: min(n, 4), "row": lambda n: n, "fan": lambda n: n}

    def cards(spots) -> int:
        return sum(
            shown[s.get("spread", "stack" if s.get("face", "down") == "down" else "row")](
                s.get("cards", 1)
            )
            for s in spots
        )

    players = setup["players"]
    assert len(drawn) == cards(setup.get("middle", [])) + players * cards(setup["each"])
    empty = [s for s in (*setup.get("middle", []), *setup["each"] * players) if s.get("cards") == 0]
    assert len(dashed) == len(empty)
    for n in range(1, players + 1):
        assert f"Player {n}" in text
    for spot in (*setup.get("middle", []), *setup["each"]):
        for word in spot["label"].split():
            assert word in labels, spot["label"]


def test_hack_backs_players_each_show_their_own_decks_back():
    """The setup picture's face-down places show the back of each player's deck, and its
    face-up Heroes are different cards: the kit's own faces."""
    game, data, frame, blocks, *_ = load_for_drawing(BuildOptions("hack-back"))
    figure = rulebook_figures(game, data, frame, blocks, "a4", _faces(game, data, frame))[0][-1]
    backs = {game.back_face(b, data, frame): b for b in game.back_ids(data)}
    fronts = {game.face(c, data, frame): c.id for c in game.cards(data)}
    shown = [backs.get(p.face) or fronts[p.face] for p in figure.faces]
    decks = ["red-team", "blue-team", "grey-hats"]
    per_player = 4 + 4 + 1  # deck, hand, Hero
    assert len(shown) == 3 * per_player
    for n, deck in enumerate([decks[1], decks[2], decks[0]]):  # players 2, 3, then 1
        mine = shown[n * per_player : (n + 1) * per_player]
        assert mine[:8] == [deck] * 8 and mine[8] in fronts.values()
    heroes = shown[8::per_player]
    assert len(set(heroes)) == 3


def _faces(game, data, frame) -> CheckedFaces:
    return CheckedFaces(game, data, frame, FaceChecks(game, data, frame))


def _game_copy(tmp_path: Path, game: str) -> Path:
    data = tmp_path / "data"
    shutil.copytree(SHIPPED_DATA_DIR / game, data / game)
    return data


def test_validate_names_every_wrong_reference_at_its_line(tmp_path):
    data = _game_copy(tmp_path, "hack-attack")
    toml = data / "hack-attack" / "game.toml"
    text = toml.read_text(encoding="utf-8")
    text = text.replace('card = "backup-3-2-1"', 'card = "no-such-card"')
    text = text.replace('frame = "Warning frame"', 'halo = "Warning frame"')
    text = text.replace('after = "Setup"', 'after = "Set-up"')
    text = text.replace('label = "Tech row"', 'label = "Tech row 🙂"')
    text = text.replace('kind = "Defense"', 'kind = "Defence"')
    toml.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", "--game", "hack-attack", "--data", str(data)])
    assert result.exit_code == 1
    out = result.output

    def line(needle: str) -> int:
        return text.splitlines().index(next(x for x in text.splitlines() if needle in x)) + 1

    assert f"game.toml:{line('no-such-card')}: field 'rulebook.anatomy[1].card': no card " in out
    assert (
        "Warning: hack-attack/game.toml:"
        f"{line('halo')}: field 'rulebook.anatomy[3].parts': 'halo' names no part of the "
        "face of card 'ransomware-infection' (its parts: 'art', 'frame'," in out
    )
    assert "the card anatomy leaves it out" in out
    assert "field 'rulebook.setup.after': the rulebook has no section 'Set-up'" in out
    assert "field 'rulebook.setup.middle[1].label'" in out and "U+1F642" in out
    assert "no card of kind 'Defence' in the kit (its kinds: 'Tech', 'Defense'," in out
    assert "hack-attack: 4 problems found." in out  # the warning is not one


def test_the_shape_of_the_table_is_checked_where_it_is_read(tmp_path):
    data = _game_copy(tmp_path, "not-a-hack")
    toml = data / "not-a-hack" / "game.toml"
    text = toml.read_text(encoding="utf-8")
    text = text.replace("players = 3\nafter", "players = 6\nafter")
    text = text.replace(
        'label = "Black pile"\ncards = 4', 'label = "Black pile"\ncards = 4\nkind = "hack"'
    )
    text = text.replace(
        'label = "White discard pile"\ncards = 0', 'label = "White discard pile"\ncards = 13'
    )
    toml.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", "--game", "not-a-hack", "--data", str(data)])
    assert result.exit_code == 1
    out = result.output
    assert "field 'rulebook.setup.players': expected 2..4, got 6" in out
    assert "field 'rulebook.setup.middle[0].kind': kind names what face-up cards show" in out
    assert "field 'rulebook.setup.middle[3].cards': expected 0..12, got 13" in out


def test_a_data_only_game_gets_an_anatomy_from_its_faces_and_a_setup_only_if_declared(tmp_path):
    assert CliRunner().invoke(main, ["new", "moon-base", "--dir", str(tmp_path)]).exit_code == 0
    toml = tmp_path / "moon-base" / "game.toml"
    options = BuildOptions("moon-base", data_dir=tmp_path)
    game, data, frame, blocks, *_ = load_for_drawing(options)
    figures, problems = rulebook_figures(game, data, frame, blocks, "a4", _faces(game, data, frame))
    assert problems == []
    assert [f.name for f in figures] == ["figure-anatomy-0", "figure-setup"]
    anatomy = figures[0]
    assert [lines for lines in (label.lines for label in anatomy.labels[-2:])] == [
        ("Action card: Quick Hands",),
        ("Treasure card: Old Coin",),
    ]
    named = {" ".join(label.lines) for label in anatomy.labels}
    assert {"Name", "Text", "Kind", "Mark", "Points"} <= named
    text = toml.read_text(encoding="utf-8")
    toml.write_text(text[: text.index("\n[rulebook.setup]")], encoding="utf-8")
    game, data, frame, blocks, *_ = load_for_drawing(options)
    figures, problems = rulebook_figures(game, data, frame, blocks, "a4", _faces(game, data, frame))
    assert problems == [] and [f.name for f in figures] == ["figure-anatomy-0"]
