"""The page offers exactly the moves the rules make legal now (issue 40, items 2 to 4),
for every game alike (the three games, a data-only game's points sheet and the test-only
fourth game, which has no Board of its own and is shown as its view's lines): each
form's fields are its move's params, with the choices the rules offer, in the game's
words, the player to act first; a choice that decides more (a card's targets) brings
its fields; what the page records goes through the library call the command line makes.
Also what a table of BG Stats users expects: colours, names from earlier games, who goes
first, rematch, the whole history paged, the figures across evenings, data-only games,
minus signs and taps of 44 px (checked in a browser: tests/test_serve_browser.py)."""

from __future__ import annotations

import html as markup
import json
import random
import re

import pytest
from click.testing import CliRunner

from scorekeeper.board import board_of
from scorekeeper.cli import main
from scorekeeper.web import keys as table_keys
from scorekeeper.web.app import Serving, make_app
from scorekeeper.web.offer import FormError, values_of
from scorekeeper.web.page import HISTORY_PAGE, read_page
from tests.data_only_game import write_game
from tests.fourth_game import register

starlette_testclient = pytest.importorskip("starlette.testclient")

STARTS = {
    "hack-attack": ["new", "hack-attack", "Ana", "Ben", "Cy"],
    "hack-back": ["new", "hack-back", "Ana", "Ben", "Cy"],
    "not-a-hack": ["new", "not-a-hack", "Ana", "Ben", "Cy"],
    "coin-flip": ["new", "coin-flip", "Ana", "Ben", "Cy"],
}


def cli(db, *words):
    result = CliRunner().invoke(main, ["--db", str(db), *words], env={"COLUMNS": "100"})
    assert result.exit_code == 0, result.output
    return result.output


class Table:
    """A client of the page of the file `db` (TestClient), with the write key."""

    def __init__(self, client, db, keys):
        self.client, self.db, self.keys = client, db, keys
        self.base = f"/t/{keys.write}/"

    def get(self, path: str = "", **params):
        return self.client.get(self.base + path, params=params)

    def said(self, answer) -> str:
        """The page a recorded move's answer (303) leads to."""
        assert answer.status_code == 303, answer.text
        where = answer.headers["location"].removeprefix("./../").removeprefix("./")
        return self.client.get(self.base + where).text

    def page(self) -> str:
        answer = self.get()
        assert answer.status_code == 200, answer.text
        return answer.text

    def post(self, action: str, html: str | None = None, **fields):
        """Post the form whose action starts with `action` on page `html` (its token)."""
        html = html or self.page()
        form = re.search(rf'action="{re.escape(action)}[^"]*"[^>]*>(.*?)</form>', html, re.S)
        assert form, f"no form for {action}"
        token = re.search(r'name="token" value="([^"]+)"', form.group(1)).group(1)
        target = re.search(rf'action="({re.escape(action)}[^"]*)"', html).group(1)
        return self.client.post(
            self.base + markup.unescape(target),
            data={"token": token, **fields},
            follow_redirects=False,
        )


@pytest.fixture
def started(tmp_path, monkeypatch):
    """start(game, data=None) -> a Table on a new table of `game` (any of STARTS, or
    "dice-night": a data-only game's points sheet), its page served with `serve --data`
    of the data-only games' folder."""
    register(monkeypatch)
    games = write_game(tmp_path / "games")
    made = []

    def start(game: str) -> Table:
        db = tmp_path / f"{game}.sqlite3"
        if game == "dice-night":
            cli(db, "new", "--data", str(games), game, "Ana", "Ben", "Cy")
        else:
            cli(db, *STARTS[game])
        keys, _ = table_keys.table_keys(db)
        app = make_app(Serving(db, keys, hosts=("testserver",), data=str(games)))
        client = starlette_testclient.TestClient(app)
        client.__enter__()
        made.append(client)
        return Table(client, db, keys)

    yield start
    for client in made:
        client.__exit__(None, None, None)


def opening(table: Table, ana: str = "rubber-duck-debugger") -> None:
    """Hack Back's opening at a table of Ana, Ben and Cy: Ana's Hero (8 VC, the lowest:
    she goes first), Script Kiddie (9) and Password123 (9)."""
    for player, card in (("ana", ana), ("ben", "script-kiddie"), ("cy", "password123")):
        cli(table.db, "hero", player, card)


def offered(html: str) -> dict[str, dict]:
    """The moves a page offers: name -> {"label", "fields": {name: [option values]}}."""
    out = {}
    for name, body in re.findall(
        r'<form class="(?:offer|quick)"[^>]*data-move="([^"]+)"[^>]*>(.*?)</form>', html, re.S
    ):
        fields: dict[str, list[str]] = {}
        for field, inner in re.findall(
            r'<select[^>]*name="([^"]+)"[^>]*>(.*?)</select>', body, re.S
        ):
            fields[field] = [v for v in re.findall(r'<option value="([^"]*)"', inner) if v]
        for field, value in re.findall(
            r'<input type="hidden" name="([^"]+)" value="([^"]*)">', body
        ):
            if field not in ("token", "follow"):
                fields[field] = [markup.unescape(value)]
        for field in re.findall(
            r'<input (?:type="(?:number|checkbox)" )?id="[^"]+" name="([^"]+)"', body
        ):
            fields.setdefault(field, [])
        label = re.search(r"<button>([^<]+)</button>\s*$", body)
        out[name] = {"fields": fields, "button": markup.unescape(label.group(1)) if label else ""}
    return out


def moves_json(table: Table) -> dict:
    return table.get("moves.json").json()


def check_the_page_offers_what_the_rules_do(table: Table) -> dict:
    """The page's forms are exactly `moves --json`'s moves, each field a param with its
    choices (a one-choice param sent as it is); the moves.json is the CLI's."""
    legal = moves_json(table)
    assert legal == json.loads(cli(table.db, "moves", "--json"))
    shown = offered(table.page())
    assert set(shown) == {m["move"] for m in legal["moves"]}
    for move in legal["moves"]:
        fields = shown[move["move"]]["fields"]
        for param in move["params"]:
            names = (
                [param["name"]]
                if param["kind"] != "each"
                else [f"{param['name']}.{p['name']}" for p in param["each"]]
            )
            subs = [param] if param["kind"] != "each" else param["each"]
            for name, sub in zip(names, subs):
                if sub["kind"] == "choice" and sub["choices"]:
                    assert fields[name] == [c["value"] for c in sub["choices"]][: len(fields[name])]
                    assert len(fields[name]) in (1, len(sub["choices"]))
                else:
                    assert name in fields, (move["move"], name, fields)
    return legal


@pytest.mark.parametrize("game", [*STARTS, "dice-night"])
def test_every_game_offers_on_its_page_exactly_its_legal_moves(started, game):
    table = started(game)
    legal = check_the_page_offers_what_the_rules_do(table)
    assert legal["moves"], "a new table has moves"


def test_the_page_follows_the_rules_through_a_whole_game(started):
    """A Hack Back game played by the API from the page's own offers, the page checked
    against `moves --json` after every move until the end, when it offers none."""
    table = started("hack-back")
    rng = random.Random(4)
    for _ in range(400):
        legal = check_the_page_offers_what_the_rules_do(table)
        if not legal["moves"]:
            break
        move = rng.choice([m for m in legal["moves"] if m["move"] != "no-hero"])
        values = {
            p["name"]: rng.choice(p["choices"])["value"] for p in move["params"] if p.get("choices")
        }
        more = table.get(f"form/{move['move']}", game=legal["id"], **values)
        asked = offered(more.text)[move["move"]]["fields"]
        for name, choices in asked.items():
            if name.startswith("target.") and choices:
                values.setdefault("target", {})[name.split(".")[1]] = rng.choice(choices)
        answer = table.client.post(table.base + f"api/{move['move']}", json={"values": values})
        assert answer.status_code == 200, (move["move"], values, answer.text)
    assert moves_json(table)["over"] and offered(table.page()) == {}


def test_the_player_to_act_comes_first_in_the_games_words(started):
    table = started("hack-attack")
    html = table.page()
    heads = re.findall(r'<h2 class="who">(?:<span[^>]*></span>)?([^<]+)</h2>', html)
    assert heads == ["Ana to play", "Anyone"]
    shown = offered(html)
    assert list(shown) == ["protect", "attack", "end-turn", "user-error"]
    assert re.findall(r"<summary>([^<]+)</summary>", html)[:3] == [
        "Protect a Tech card",
        "Resolve an Attack card",
        "Keep a User Error card",
    ]
    assert shown["end-turn"]["button"] == "End the turn"
    assert "defend" not in html and "PLAYER" not in html and "user-error</" not in html


def test_a_chosen_card_brings_its_targets_and_the_move_asks_for_them(started):
    table = started("hack-back")
    opening(table)
    fields = table.get("form/play", game="1", player="Ana", card="script-kiddie").text
    assert "Attack 1: which Hero" in fields
    assert re.findall(r'name="target\.1"[^>]*>(.*?)</select>', fields, re.S)
    asked = table.post("do/play", player="Ana", card="script-kiddie")
    assert asked.status_code == 200 and "Now choose: Attack 1: which Hero." in asked.text
    assert json.loads(cli(table.db, "status", "--json"))["action"] == 1  # nothing recorded
    done = table.post(
        "do/play", asked.text, player="Ana", card="script-kiddie", **{"target.1": "2"}
    )
    assert done.status_code == 303
    heroes = json.loads(cli(table.db, "status", "--json"))["heroes"]
    assert [h["vc"] for h in heroes] == [8, 10, 9]


def test_a_move_not_legal_now_is_refused_with_what_is(started):
    table = started("hack-back")
    answer = table.post("do/hero", player="Ana", card="rubber-duck-debugger")
    assert answer.status_code == 303
    refused = table.client.post(table.base + "api/draw", json={"values": {"player": "Ana"}})
    assert refused.status_code == 422
    assert refused.json()["error"].endswith("; legal now: hero or no-hero (any of Ben or Cy)")


def test_automatic_steps_are_one_line_each_with_their_details_on_a_tap(started):
    table = started("hack-back")
    opening(table)
    cli(table.db, "draw", "ana")
    said = table.said(table.post("do/draw", player="Ana"))
    box = re.search(r'<section class="said".*?</section>', said, re.S).group(0)
    summaries = [
        markup.unescape(re.sub(r"<[^>]+>", "", t))
        for t in re.findall(r"<summary>(By the rules: .*?)</summary>", box)
    ]
    assert summaries == ["By the rules: End of Ana's turn 1: Ben's turn."]
    details = re.findall(r"<details class=\"auto\">.*?</details>", box, re.S)[0]
    assert len(re.findall(r"<p>\d\. ", details)) == 4  # the four checks, behind the tap


def test_number_boxes_that_take_a_minus_sign_say_so_to_a_phone(started):
    sheet = started("dice-night").page()
    points = re.findall(r'<input type="number"[^>]*name="entries\.[^"]+"[^>]*>', sheet)
    assert len(points) == 3 and all("inputmode" not in box for box in points)
    assert sheet.count('class="sign"') == 3  # a ± button beside each
    attack = started("hack-attack").page()
    count = re.search(r'<input type="number"[^>]*name="count"[^>]*>', attack).group(0)
    assert 'inputmode="numeric"' in count and 'min="1"' in count


def test_each_player_has_a_colour_on_every_row(started):
    table = started("hack-attack")
    cli(table.db, "protect", "ana", "laptop")
    html = table.page()
    colours = json.loads(cli(table.db, "status", "--json"))["colours"]
    assert colours == {"Ana": "orange", "Ben": "sky", "Cy": "green"}
    rows = re.findall(
        r'<tr class="[^"]*" data-colour="([a-z]+)">\s*<th scope="row">(?:<span[^>]*>▶</span>)?<span class="dot c-([a-z]+)"[^>]*></span><bdi>([^<]+)</bdi></th>',
        html,
    )
    assert [(name, colour) for colour, dot, name in rows if colour == dot] == list(colours.items())
    recent = re.findall(r'<li value="1"><span class="when"><span class="dot c-([a-z]+)">', html)
    assert recent == ["orange"]  # Ana's move, in Ana's colour


def test_a_new_game_starts_from_the_names_the_file_knows(started):
    table = started("hack-attack")
    cli(table.db, "new", "not-a-hack", "Dee", "Eve", "Fay", "--colour", "eve=navy")
    html = table.page()
    seats = re.findall(r'<input name="players" value="([^"]*)"', html)
    assert seats[:4] == ["Dee", "Eve", "Fay", ""]  # the newest table, in its seats
    known = re.search(r'<datalist id="known-names">(.*?)</datalist>', html, re.S).group(1)
    assert re.findall(r'value="([^"]+)"', known) == ["Dee", "Eve", "Fay", "Ana", "Ben", "Cy"]
    started_again = table.post("new", html, game="hack-attack", players=["Eve", "Ana", ""])
    assert started_again.status_code == 303
    status = json.loads(cli(table.db, "status", "--json"))
    assert status["colours"] == {"Eve": "navy", "Ana": "orange"}  # each keeps their colour


def test_who_goes_first_is_the_tables_pick_only_where_the_rules_say_so(started):
    table = started("hack-attack")
    html = table.page()
    assert '<option value="hack-attack" data-first="1">' in html
    assert '<option value="hack-back" data-first="0">' in html
    refused = table.post("new", html, game="hack-back", players=["Ana", "Ben"], first="2")
    assert refused.status_code == 422
    assert "in Hack Back the table does not choose who goes first" in markup.unescape(refused.text)
    done = table.post(
        "new", refused.text, game="hack-attack", players=["Ana", "Ben", "Cy"], first="3"
    )
    assert done.status_code == 303
    assert json.loads(cli(table.db, "status", "--json"))["current"] == "Cy"


def test_a_finished_game_offers_a_rematch_in_the_same_seats_or_the_next(started):
    table = started("coin-flip")
    cli(table.db, "coin", "ana", "3")
    cli(table.db, "stop")
    html = table.page()
    assert offered(html) == {}  # nothing is legal once the game is over
    buttons = re.findall(
        r'<form method="post" action="rematch[^"]*">.*?<button>([^<]+)</button>', html, re.S
    )
    assert buttons == ["Rematch: same seats"]  # Coin Flip's first player is not the table's pick
    again = table.post("rematch", html)
    assert again.status_code == 303
    status = json.loads(cli(table.db, "status", "--json"))
    assert (status["id"], [p["name"] for p in status["players"]]) == (2, ["Ana", "Ben", "Cy"])
    nah = started("not-a-hack")
    cli(nah.db, "used-up")
    html = nah.page()
    rotate = re.findall(
        r'<form method="post" action="rematch[^"]*">.*?<button>(.*?)</button>', html, re.S
    )
    assert [re.sub(r"<[^>]+>", "", b) for b in rotate] == [
        "Rematch: same seats",
        "Rematch: Ben starts",
    ]
    forms = re.findall(r'<form method="post" action="rematch[^"]*">(.*?)</form>', html, re.S)
    token = re.search(r'name="token" value="([^"]+)"', forms[1]).group(1)
    assert (
        nah.client.post(
            nah.base + "rematch?game=1",
            data={"token": token, "rotate": "1"},
            follow_redirects=False,
        ).status_code
        == 303
    )
    moved = json.loads(cli(nah.db, "status", "--json"))
    assert [p["name"] for p in moved["players"]] == ["Ben", "Cy", "Ana"]


def test_not_a_hacks_used_up_white_cards_end_the_game_with_no_winner(started):
    table = started("not-a-hack")
    cli(table.db, "hack", "ana", "ben", "3")
    said = table.said(table.post("do/used-up"))
    assert "No winner (the white cards are used up)" in said
    status = json.loads(cli(table.db, "status", "--json"))
    assert status["over"] and status["result"]["winners"] == []
    assert status["result"]["termination"] == "no-winner"
    explained = cli(table.db, "result", "--explain").splitlines()
    assert explained[0] == "No winner (the white cards are used up)"
    assert "Ben 3" in explained[-1]
    assert cli(table.db, "status").splitlines()[-1] == "No winner: the white cards are used up."


def test_the_whole_history_is_paged_newest_first(started):
    table = started("coin-flip")
    for turn in range(30):
        cli(table.db, "coin", ["ana", "ben", "cy"][turn % 3], "1")
    first = table.get("history", game="1").text
    numbers = [int(n) for n in re.findall(r'<li value="(\d+)">', first)]
    assert numbers == list(range(30, 30 - HISTORY_PAGE, -1))
    assert 'href="history?game=1&amp;page=2">Older</a>' in first
    second = table.get("history", game="1", page="2").text
    assert [int(n) for n in re.findall(r'<li value="(\d+)">', second)] == list(range(5, 0, -1))
    assert table.get("history", page="x").status_code == 400


def test_the_figures_across_evenings_are_the_stats_commands(started):
    table = started("coin-flip")
    cli(table.db, "coin", "ana", "3")
    cli(table.db, "stop")
    html = table.get("stats").text
    figures = json.loads(cli(table.db, "stats", "--json"))
    rows = re.findall(
        r'<tr><th scope="row">([^<]+)</th><td class="n">(\d+)</td><td class="n">(\d+)</td>', html
    )
    assert [(n, int(p), int(w)) for n, p, w in rows] == [
        (r["name"], r["played"], r["won"]) for r in figures["games"][0]["players"]
    ]
    assert "1 finished game." in html


def test_a_data_only_game_is_started_and_scored_from_the_phone(started):
    table = started("hack-attack")
    html = table.page()
    assert '<option value="data:dice-night" data-first="0">Dice Night</option>' in html
    done = table.post("new", html, game="data:dice-night", players=["Ana", "Ben"])
    assert done.status_code == 303
    points = table.post("do/points", **{"entries.Ana": "3", "entries.Ben": "-2"})
    assert points.status_code == 303
    status = json.loads(cli(table.db, "status", "--json"))
    assert status["game"] == "sheet:dice-night"
    assert [p["total"] for p in status["players"]] == [3, -2]


def test_a_game_without_a_board_is_shown_as_its_view(started):
    table = started("coin-flip")
    page = read_page(table.db, None)
    assert page.board.preformatted and not page.board.rows
    assert page.board.head == cli(table.db, "status").splitlines()[0]
    assert list(page.board.lines) == cli(table.db, "status").splitlines()[1:]


def test_each_board_is_the_status_json_in_cells(started):
    table = started("hack-attack")
    cli(table.db, "protect", "Ana", "laptop")
    cli(table.db, "user-error", "Ana")
    page = read_page(table.db, None)
    status = json.loads(cli(table.db, "status", "--json"))
    rows = page.board.rows
    assert [r.cells[0] for r in rows] == [p["name"] for p in status["players"]]
    assert rows[0].cells[1:] == ("1", "3", "1", "2") and rows[0].current and rows[0].leading
    assert rows[0].detail == "Laptop (3)"
    assert board_of(page.game, 1, status) == page.board


def test_a_form_answer_is_read_as_typed_values():
    assert values_of(
        {"player": ["Ana"], "revealed": ["wild", "", "se"], "votes.Cy": ["Ana"], "token": ["t"]}
    ) == {"player": "Ana", "revealed": ["wild", "se"], "votes": {"Cy": "Ana"}}
    with pytest.raises(FormError):
        values_of({"player": ["x" * 121]})
    with pytest.raises(FormError):
        values_of({"revealed": ["wild"] * 60})


def test_a_value_per_entry_sent_as_one_value_is_400(started):
    sheet = started("dice-night")
    for values in ({"entries": 5}, {"entries": True}, {"entries": "Ana 3"}):
        answer = sheet.client.post(sheet.base + "api/points", json={"values": values})
        assert answer.status_code == 400, answer.json()
    assert sheet.post("do/points", entries="Ana 3").status_code == 400
    assert sheet.get("form/points", entries="x").status_code == 400
    assert json.loads(cli(sheet.db, "status", "--json"))["players"][0]["points"] == [None]


def test_a_step_asks_only_for_what_is_still_to_choose(started):
    table = started("hack-back")
    opening(table, ana="8")  # Ana's Hero revealed by its VC only
    asked = table.post("do/activate", player="Ana", hero_number="1")
    assert asked.status_code == 200 and "Now choose: The Hero&#39;s card." in asked.text
    card = table.post(
        "do/activate", asked.text, player="Ana", hero_number="1", card="server-room-cat"
    )
    assert card.status_code == 303  # its Defend Ally 1 has no other friendly Hero: nothing to ask
    heroes = json.loads(cli(table.db, "status", "--json"))["heroes"]
    assert (heroes[0]["name"], heroes[0]["vc"]) == ("Server Room Cat", 10)


def test_a_name_written_right_to_left_keeps_the_numbers_beside_it_in_order(tmp_path):
    """Found by a review (issue 40): with a player called محمد, "محمد 3, Ben 2" showed
    as "2 Ben ,3 محمد". Every player's name in the page's sentences is set apart (<bdi>),
    so it keeps its own direction and the rest of the line keeps the page's."""
    from scorekeeper.web.app import isolated

    assert str(isolated("Totals: محمد 3, Ben 2.", ["محمد", "Ben"])) == (
        "Totals: <bdi>محمد</bdi> 3, <bdi>Ben</bdi> 2."
    )
    assert str(isolated("Anabel & Ana <b>", ["Ana", "Anabel"])) == (
        "<bdi>Anabel</bdi> &amp; <bdi>Ana</bdi> &lt;b&gt;"  # escaped; the longer name first
    )
    db = tmp_path / "rtl.sqlite3"
    cli(db, "new", "not-a-hack", "محمد", "Ben", "Cy")
    cli(db, "hack", "محمد", "ben", "3")
    cli(db, "used-up")
    keys, _ = table_keys.table_keys(db)
    with starlette_testclient.TestClient(
        make_app(Serving(db, keys, hosts=("testserver",)))
    ) as client:
        html = client.get(f"/t/{keys.write}/").text
    assert "Ben 3, <bdi>محمد</bdi> 0, <bdi>Cy</bdi> 0." in html.replace("<bdi>Ben</bdi>", "Ben")
    assert 'Turn 1, <bdi>محمد</bdi>:</span> <span class="text"><bdi>محمد</bdi> drew a hack' in html


def test_a_script_learns_what_a_choice_brings_from_moves_json(started):
    table = started("hack-back")
    opening(table)
    play = table.get("moves.json", move="play", card="phishing-lure").json()
    assert [p["name"] for p in play["params"]] == ["player", "card", "target"]
    target = play["params"][-1]["each"][0]
    assert target["label"] == "Attack 2: which Hero"
    assert [c["value"] for c in target["choices"]] == ["1", "2", "3"]
    values = {"player": "Ana", "card": "phishing-lure", "target": {"1": "2"}}
    assert table.client.post(table.base + "api/play", json={"values": values}).json()["ok"]
    assert table.get("moves.json", move="steal").status_code == 404  # not a move legal now
    assert table.get("status.json", game="１").status_code == 400  # a digit, but not 0-9


def test_a_game_that_ends_says_so_in_one_line_its_result_behind_a_tap(started):
    table = started("not-a-hack")
    said = table.said(table.post("do/used-up"))
    box = re.search(r'<section class="said".*?</section>', said, re.S).group(0)
    summaries = [
        markup.unescape(re.sub(r"<[^>]+>", "", s))
        for s in re.findall(r"<summary>(.*?)</summary>", box)
    ]
    assert summaries == ["By the rules: the game is over: no winner (the white cards are used up)"]
    assert box.count("<p>") == 3  # the result's three lines, behind the tap
