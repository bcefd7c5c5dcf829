"""`scorekeeper serve`'s page, request by request (Starlette's TestClient, no browser):
the key in every address, the watching link, size limits, malformed and hostile
requests, form tokens and replays, refusals with the rules' own words (the command
line's), and the CLI and the page writing at once. Every refused request is checked to
change nothing in the file. The moves the page offers are tests/test_serve_moves.py; the
real browser's tests are tests/test_serve_browser.py."""

from __future__ import annotations

import json
import re
import sqlite3
import stat
import subprocess
import sys
import threading

import pytest
from click.testing import CliRunner

from scorekeeper.cli import main
from scorekeeper.web import keys as table_keys
from scorekeeper.web.app import Serving, make_app
from scorekeeper.web.writes import Writes

starlette_testclient = pytest.importorskip("starlette.testclient")


def cli(db, *words):
    """The CLI's answer to `words` on `db`: (exit status, output)."""
    result = CliRunner().invoke(main, ["--db", str(db), *words], env={"COLUMNS": "100"})
    return result.exit_code, result.output


def contents(db) -> tuple:
    """Every row of the games and the log: what a refused request must not change."""
    with sqlite3.connect(db) as conn:
        return tuple(conn.execute("SELECT * FROM games ORDER BY id")), tuple(
            conn.execute("SELECT * FROM log ORDER BY id")
        )


@pytest.fixture
def table(tmp_path):
    """A Hack Attack table (Ana, Ben, Cy) and a client of its page: (client, db, keys)."""
    db = tmp_path / "table.sqlite3"
    assert cli(db, "new", "hack-attack", "Ana", "Ben", "Cy")[0] == 0
    keys, _ = table_keys.table_keys(db)
    app = make_app(Serving(db, keys, hosts=("testserver",)))
    with starlette_testclient.TestClient(app) as client:
        yield client, db, keys


def token_of(html: str, verb: str) -> str:
    """The one-time token of the form that records `verb` on a page ("new": the New
    game form's)."""
    action = "new" if verb == "new" else f"do/{re.escape(verb)}"
    form = re.search(rf'action="{action}[^"]*"[^>]*>(.*?)</form>', html, re.S)
    assert form, f"no form for {verb}"
    return re.search(r'name="token" value="([^"]+)"', form.group(1)).group(1)


EVERY_ROUTE = [
    ("GET", ""),
    ("GET", "live"),
    ("GET", "events"),
    ("GET", "status.json"),
    ("GET", "moves.json"),
    ("GET", "history"),
    ("GET", "stats"),
    ("GET", "form/protect"),
    ("GET", "static/page.css"),
    ("POST", "do/end-turn"),
    ("POST", "new"),
    ("POST", "rematch"),
    ("POST", "api/end-turn"),
]


@pytest.mark.parametrize("method, route", EVERY_ROUTE)
@pytest.mark.parametrize("key", ["", "not-the-key", "wxyKuPO7T1BmZFWe7yVT6A"])
def test_no_key_or_a_wrong_one_is_403_on_every_route_and_changes_nothing(table, method, route, key):
    client, db, _ = table
    before = contents(db)
    answer = client.request(method, f"/t/{key}/{route}" if key else f"/{route}")
    assert answer.status_code == 403
    assert "key" in answer.text
    assert contents(db) == before


@pytest.mark.parametrize("path", ["/", "/favicon.ico", "/t/", "/admin", "/t/x/../../etc/passwd"])
def test_addresses_outside_a_table_are_403(table, path):
    client, _, keys = table
    assert client.get(path).status_code == 403


@pytest.mark.parametrize(
    "name", ["../keys.py", "..%2Fkeys.py", "%2e%2e/app.py", "page.css/..", "app.py", ".keys.json"]
)
def test_static_serves_only_the_page_files(table, name):
    client, _, keys = table
    answer = client.get(f"/t/{keys.write}/static/{name}")
    assert answer.status_code in (403, 404)
    assert "import" not in answer.text  # no source file came back


def test_the_page_shows_the_table_and_its_forms_with_the_write_key(table):
    client, db, keys = table
    answer = client.get(f"/t/{keys.write}/")
    assert answer.status_code == 200
    assert "Content-Security-Policy" in answer.headers
    assert answer.headers["X-Frame-Options"] == "DENY"
    for verb in ("protect", "user-error", "attack", "end-turn", "undo", "redo"):
        assert f'action="do/{verb}' in answer.text
    cells = re.findall(
        r"<t[hd][^>]*>(?:<span[^>]*>▶</span>)?(?:<span[^>]*></span>)?(?:<bdi>)?([^<]+)(?:</bdi>)?</t[hd]>",
        answer.text,
    )
    assert ["Ana", "0", "0", "0", "0"] == cells[5:10]


def test_the_watching_link_reads_but_cannot_write(table):
    client, db, keys = table
    page = client.get(f"/t/{keys.read}/")
    assert page.status_code == 200 and "watching" in page.text
    assert "<form" not in page.text
    before = contents(db)
    assert client.post(f"/t/{keys.read}/api/end-turn", json={"values": {}}).status_code == 403
    assert (
        client.post(
            f"/t/{keys.read}/do/end-turn",
            data={"token": "x"},
            headers={"Origin": "http://testserver"},
        ).status_code
        == 403
    )
    assert contents(db) == before
    assert client.get(f"/t/{keys.read}/status.json").json()["current"] == "Ana"


def test_a_form_records_once_and_its_replay_is_409(table):
    client, db, keys = table
    token = token_of(client.get(f"/t/{keys.write}/").text, "end-turn")
    first = client.post(
        f"/t/{keys.write}/do/end-turn?game=1", data={"token": token}, follow_redirects=False
    )
    assert first.status_code == 303
    assert client.get(f"/t/{keys.write}/status.json").json()["current"] == "Ben"
    after = contents(db)
    again = client.post(f"/t/{keys.write}/do/end-turn?game=1", data={"token": token})
    assert again.status_code == 409
    assert contents(db) == after


@pytest.mark.parametrize("token", ["", "made-up", "abc.0123456789abcdef0123456789abcdef"])
def test_a_form_without_this_servers_token_is_403(table, token):
    client, db, keys = table
    before = contents(db)
    answer = client.post(f"/t/{keys.write}/do/end-turn", data={"token": token})
    assert answer.status_code == 403
    assert contents(db) == before


@pytest.mark.parametrize(
    "headers",
    [
        {"Origin": "http://evil.example"},
        {"Origin": "null"},
        {"Sec-Fetch-Site": "cross-site"},
        {"Sec-Fetch-Site": "same-site", "Origin": "http://testserver"},
    ],
)
def test_a_post_from_another_site_is_403(table, headers):
    client, db, keys = table
    token = token_of(client.get(f"/t/{keys.write}/").text, "end-turn")
    before = contents(db)
    answer = client.post(f"/t/{keys.write}/do/end-turn", data={"token": token}, headers=headers)
    assert answer.status_code == 403
    assert "another site" in answer.text
    assert (
        client.post(
            f"/t/{keys.write}/api/end-turn", json={"values": {}}, headers=headers
        ).status_code
        == 403
    )
    assert contents(db) == before


def test_a_body_over_the_limit_is_413_declared_or_streamed(table):
    client, db, keys = table
    before = contents(db)
    big = b'{"values": {"x": "' + b"x" * 40_000 + b'"}}'
    declared = client.post(
        f"/t/{keys.write}/api/end-turn", content=big, headers={"Content-Type": "application/json"}
    )
    assert declared.status_code == 413

    def chunks():
        for _ in range(40):
            yield b"x" * 1024

    streamed = client.post(
        f"/t/{keys.write}/api/end-turn",
        content=chunks(),
        headers={"Content-Type": "application/json"},
    )
    assert streamed.status_code == 413
    assert contents(db) == before


@pytest.mark.parametrize(
    "body, content_type, status",
    [
        (b"{not json", "application/json", 400),
        (b'["end-turn"]', "application/json", 400),
        (b'{"values": "Ana laptop"}', "application/json", 400),
        (b'{"values": {"player": [true]}}', "application/json", 400),
        (b'{"values": {"player": null}}', "application/json", 400),
        (b'{"values": {"votes": {"Ana": {"deeper": 1}}}}', "application/json", 400),
        (b"\xff\xfe", "application/json", 400),
        (b'{"values": {}}', "text/plain", 415),
        (b'{"values": {}}', "", 415),
        (b"%ZZ&&==", "application/x-www-form-urlencoded", 415),
    ],
)
def test_malformed_json_is_a_4xx_with_a_message(table, body, content_type, status):
    client, db, keys = table
    before = contents(db)
    headers = {"Content-Type": content_type} if content_type else {}
    answer = client.post(f"/t/{keys.write}/api/end-turn", content=body, headers=headers)
    assert answer.status_code == status
    assert answer.json()["error"]
    assert contents(db) == before


def test_a_malformed_form_body_is_400(table):
    client, db, keys = table
    before = contents(db)
    answer = client.post(
        f"/t/{keys.write}/do/end-turn",
        content=b"\xff\xfe=\xff",
        headers={"Content-Type": "application/x-www-form-urlencoded"},
    )
    assert answer.status_code == 400
    assert contents(db) == before


@pytest.mark.parametrize(
    "verb", ["status-of-everything", "serve", "new-thing", "check", "export", "defend", "hero"]
)
def test_a_move_the_game_does_not_have_is_404_and_runs_nothing(table, verb):
    client, db, keys = table
    html = client.get(f"/t/{keys.write}/").text
    before = contents(db)
    answer = client.post(f"/t/{keys.write}/api/{verb}", json={"values": {}})
    assert answer.status_code == 404 and "has no move" in answer.json()["error"]
    form = client.post(
        f"/t/{keys.write}/do/{verb}?game=1", data={"token": token_of(html, "end-turn")}
    )
    assert form.status_code == 404
    assert contents(db) == before


def test_a_refused_move_is_422_with_the_clis_own_reason_and_records_nothing(table, tmp_path):
    client, db, keys = table
    base = f"/t/{keys.write}/api"
    recorded = client.post(f"{base}/protect", json={"values": {"player": "Ana", "tech": "laptop"}})
    assert recorded.json() == {
        "ok": True,
        "said": ["Ana Protected Laptop (3 points)."],
        "over": False,
    }
    before = contents(db)
    values = {"player": "Ana", "tech": "wifi-router"}
    refused = client.post(f"{base}/protect", json={"values": values})
    assert refused.status_code == 422
    status, said = cli(db, "protect", "Ana", "wifi-router")
    assert status == 1
    assert said.strip() == f"Error: {refused.json()['error']}"
    assert "one Tech card per turn" in refused.json()["error"]
    assert "legal now: attack or end-turn (Ana); user-error (anyone)" in said
    assert contents(db) == before


def test_a_refused_form_shows_the_reason_on_the_page(table):
    client, db, keys = table
    html = client.get(f"/t/{keys.write}/").text
    before = contents(db)
    answer = client.post(
        f"/t/{keys.write}/do/user-error?game=1",
        data={"token": token_of(html, "user-error"), "player": "Zed", "count": "1"},
    )
    assert answer.status_code == 422
    _, said = cli(db, "user-error", "Zed", "1")
    reason = said.strip().removeprefix("Error: ")
    shown = re.sub(r"</?bdi>", "", answer.text)  # the names set apart, the words the same
    assert reason.replace("'", "&#39;").replace('"', "&#34;") in shown
    assert '<details class="move" id="move-user-error" open>' in answer.text
    assert contents(db) == before


def test_a_move_that_needs_more_choices_asks_for_them_and_records_nothing(table):
    client, db, keys = table
    html = client.get(f"/t/{keys.write}/").text
    before = contents(db)
    asked = client.post(
        f"/t/{keys.write}/do/protect?game=1",
        data={"token": token_of(html, "protect"), "player": "Ana"},
    )
    assert asked.status_code == 200
    assert "Now choose: Tech card." in asked.text
    assert '<details class="move" id="move-protect" open>' in asked.text
    assert contents(db) == before


def test_a_form_value_longer_than_any_form_sends_is_400(table):
    client, db, keys = table
    html = client.get(f"/t/{keys.write}/").text
    before = contents(db)
    answer = client.post(
        f"/t/{keys.write}/do/protect?game=1",
        data={"token": token_of(html, "protect"), "player": "Ana", "tech": "x" * 500},
    )
    assert answer.status_code == 400
    assert contents(db) == before


def test_a_new_game_from_the_page_becomes_the_current_one(table):
    client, db, keys = table
    html = client.get(f"/t/{keys.write}/").text
    answer = client.post(
        f"/t/{keys.write}/new",
        data={
            "token": token_of(html, "new"),
            "game": "not-a-hack",
            "players": ["Dee", "Eve", "", "Fay"],
            "colour": ["", "blue", "", ""],
            "first": "2",
        },
        follow_redirects=False,
    )
    assert answer.status_code == 303
    status = client.get(f"/t/{keys.write}/status.json").json()
    assert status["game"] == "not-a-hack" and status["id"] == 2
    assert [p["name"] for p in status["players"]] == ["Eve", "Fay", "Dee"]  # Eve first
    assert status["colours"]["Eve"] == "blue"
    said = client.get(f"/t/{keys.write}/{answer.headers['location'].removeprefix('./')}")
    assert "Game 2: Not a Hack with Eve, Fay, Dee." in re.sub(r"</?bdi>", "", said.text)


def test_the_page_follows_a_game_by_its_number(table):
    client, db, keys = table
    cli(db, "new", "hack-back", "Ana", "Ben")
    assert client.get(f"/t/{keys.write}/status.json").json()["game"] == "hack-back"
    assert client.get(f"/t/{keys.write}/status.json?game=1").json()["game"] == "hack-attack"
    assert client.get(f"/t/{keys.write}/status.json?game=x1").status_code == 400
    missing = client.get(f"/t/{keys.write}/?game=9")
    assert "no game with id 9" in missing.text


def test_keys_are_kept_private_and_renewed_on_request(tmp_path):
    db = tmp_path / "k.sqlite3"
    first, why = table_keys.table_keys(db)
    assert why == ""
    path = table_keys.keys_path(db)
    if sys.platform != "win32":
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert table_keys.table_keys(db) == (first, "")
    renewed, _ = table_keys.table_keys(db, renew=True)
    assert renewed.write != first.write and renewed.read != first.read
    assert len(first.write) >= 22 and first.access(first.write) == "write"
    assert first.access(first.read) == "read" and first.access(first.write + "x") is None
    path.write_text("{damaged")
    made, why = table_keys.table_keys(db)
    assert made not in (first, renewed) and "does not hold the keys" in why


def test_the_cli_and_the_page_writing_at_once_lose_nothing(tmp_path):
    db = tmp_path / "busy.sqlite3"
    assert cli(db, "new", "hack-attack", "Ana", "Ben")[0] == 0
    turns = 15
    said = []
    page = Writes(db)

    def page_moves():
        for _ in range(turns):
            said.append(page.api(None, "end-turn", {}))

    writer = threading.Thread(target=page_moves)
    writer.start()
    command = [sys.executable, "-c", "from scorekeeper.cli import main; main()", "--db", str(db)]
    statuses = [
        subprocess.run([*command, "end-turn"], capture_output=True).returncode for _ in range(turns)
    ]
    writer.join()
    assert statuses == [0] * turns
    assert all(s["ok"] for s in said), [s for s in said if not s["ok"]]
    status, history = cli(db, "history")
    assert status == 0 and len(history.strip().splitlines()) == 2 * turns
    assert cli(db, "status", "--json")[1].count('"turn": 31') == 1


# Found by trying to break it (a new user's attempts, issues 26 and 40): each a kind of fault.


@pytest.mark.parametrize(
    "verb, values",
    [
        ("end-turn", {"db": "OTHER"}),
        ("end-turn", {"game": "1"}),
        ("protect", {"player": "Ana", "tech": "laptop", "data": "OTHER"}),
        ("user-error", {"player": "Ana", "count": 1, "help": True}),
        ("undo", {"db": "OTHER"}),
    ],
)
def test_a_value_the_move_does_not_take_is_400_and_names_no_file(table, tmp_path, verb, values):
    client, db, keys = table
    other = tmp_path / "other.sqlite3"
    sent = {k: str(other) if v == "OTHER" else v for k, v in values.items()}
    before = contents(db)
    answer = client.post(f"/t/{keys.write}/api/{verb}", json={"values": sent})
    assert answer.status_code == 400
    assert "takes no" in answer.json()["error"]
    assert not other.exists()
    assert contents(db) == before


def test_json_numbers_are_read_as_the_table_types_them(table):
    client, db, keys = table
    base = f"/t/{keys.write}/api"
    refused = client.post(f"{base}/user-error", json={"values": {"player": "Ana", "count": -1}})
    assert refused.status_code == 422 and "COUNT must be 1..20" in refused.json()["error"]
    said = client.post(f"{base}/user-error", json={"values": {"player": "ana", "count": "2"}})
    assert said.json() == {"ok": True, "said": ["Ana kept 2 User Error cards."], "over": False}


@pytest.mark.parametrize(
    "method, route, body",
    [
        ("GET", "status.json?game=2", {}),
        ("GET", "moves.json?game=2", {}),
        ("GET", "live?game=2", {}),
        ("GET", "history?game=2", {}),
        ("POST", "api/end-turn?game=2", {"json": {"values": {}}}),
    ],
)
def test_a_game_that_does_not_exist_is_404_never_a_500(table, method, route, body):
    client, db, keys = table
    answer = client.request(method, f"/t/{keys.write}/{route}", **body)
    assert answer.status_code == 404
    assert "no game with id 2" in answer.text


def test_the_page_of_a_game_that_does_not_exist_is_404_and_keeps_the_games(table):
    client, db, keys = table
    answer = client.get(f"/t/{keys.write}/?game=77")
    assert answer.status_code == 404
    assert "no game with id 77" in answer.text and '<a href="?game=1">Game 1 ·' in answer.text
    assert "No game yet" not in answer.text
    assert client.get(f"/t/{keys.write}/events?game=abc").status_code == 400
    assert client.get(f"/t/{keys.write}/status.json?game=abc").json()["error"]


def test_deeply_nested_json_is_400(table):
    client, db, keys = table
    body = '{"values": ' + "[" * 5000 + "]" * 5000 + "}"
    answer = client.post(
        f"/t/{keys.write}/api/protect", content=body, headers={"Content-Type": "application/json"}
    )
    assert answer.status_code == 400


def test_a_damaged_database_is_a_one_line_503(table):
    client, db, keys = table
    db.write_bytes(b"not a database at all " * 200)
    for method, route, body in (
        ("GET", "status.json", {}),
        ("POST", "api/end-turn", {"json": {"values": {}}}),
    ):
        answer = client.request(method, f"/t/{keys.write}/{route}", **body)
        assert answer.status_code == 503
        assert "is not a score keeper database" in answer.json()["error"]
    assert client.get(f"/t/{keys.write}/").status_code == 503


def test_new_keys_revoke_the_links_of_a_server_already_running(table):
    client, db, keys = table
    assert client.get(f"/t/{keys.write}/").status_code == 200
    renewed, _ = table_keys.table_keys(db, renew=True)  # `serve --new-keys` beside it
    assert client.get(f"/t/{keys.write}/").status_code == 403
    assert client.get(f"/t/{keys.read}/").status_code == 403
    assert client.get(f"/t/{renewed.write}/").status_code == 200


@pytest.mark.parametrize("host", ["evil.example", "evil.example:80", "127.0.0.2", ""])
def test_a_host_the_links_do_not_name_is_400(table, host):
    client, db, keys = table
    before = contents(db)
    token = token_of(client.get(f"/t/{keys.write}/").text, "end-turn")
    answer = client.post(
        f"/t/{keys.write}/do/end-turn",
        data={"token": token},
        headers={"Host": host, "Origin": f"http://{host}"},
    )
    assert answer.status_code == 400
    assert client.get(f"/t/{keys.write}/", headers={"Host": host}).status_code == 400
    assert contents(db) == before


@pytest.mark.parametrize(
    "method, route, status",
    [
        ("PUT", "", 405),
        ("DELETE", "", 405),
        ("PATCH", "live", 405),
        ("GET", "do/end-turn", 405),
        ("GET", "api/end-turn", 405),
        ("GET", "new", 405),
        ("POST", "status.json", 405),
        ("POST", "history", 405),
        ("GET", "nothing-here", 404),
        ("GET", "static/no-such.css", 404),
    ],
)
def test_a_known_address_asked_the_wrong_way_is_405_not_a_key_problem(table, method, route, status):
    client, db, keys = table
    answer = client.request(method, f"/t/{keys.write}/{route}")
    assert answer.status_code == status
    assert "key" not in answer.text


def test_the_link_without_its_last_slash_is_sent_to_it(table):
    client, db, keys = table
    answer = client.get(f"/t/{keys.write}", follow_redirects=False)
    assert answer.status_code == 307 and answer.headers["location"] == f"/t/{keys.write}/"
    assert client.get("/t/not-a-key", follow_redirects=False).status_code == 403


def test_a_field_the_form_does_not_have_is_400_and_runs_nothing(table):
    client, db, keys = table
    html = client.get(f"/t/{keys.write}/").text
    before = contents(db)
    for verb, data in (
        ("user-error", {"player": "Ana", "evil": "--db"}),
        ("end-turn", {"player": "Ana"}),
        ("undo", {"player": "Ana"}),
        ("new", {"game": "hack-attack", "players": ["A", "B"], "data": "/etc"}),
    ):
        action = "new" if verb == "new" else f"do/{verb}?game=1"
        answer = client.post(
            f"/t/{keys.write}/{action}", data={"token": token_of(html, verb), **data}
        )
        assert answer.status_code == 400, verb
    assert contents(db) == before


def test_a_refused_new_game_keeps_what_was_typed(table):
    client, db, keys = table
    html = client.get(f"/t/{keys.write}/").text
    new = client.post(
        f"/t/{keys.write}/new",
        data={"token": token_of(html, "new"), "game": "hack-back", "players": ["Dee", "x" * 100]},
    )
    assert new.status_code in (400, 422)
    assert '<option value="hack-back" data-first="0" selected>' in new.text
    assert 'value="Dee"' in new.text


def test_number_cells_are_marked_as_numbers(table):
    client, db, keys = table
    html = client.get(f"/t/{keys.write}/").text
    assert '<td class="n">0</td>' in html and "&#34;n&#34;" not in html


# Found by trying to break it (issue 40's review): each a kind of fault.


@pytest.mark.parametrize(
    "route, fields",
    [
        ("do/end-turn?game=1", {"x": "1", "x.y": "2"}),  # one value and per entry at once
        ("do/no-such-move?game=1", {"x": "1", "x.y": "2"}),
        ("do/user-error?game=1", {"player": "Ana", "count.x": "2"}),  # an entry of no "each"
        ("do/user-error?game=1", {"player": ["Ana", "Ben"]}),  # two values for one
    ],
)
def test_a_form_of_no_shape_the_page_sends_is_400(table, route, fields):
    client, db, keys = table
    html = client.get(f"/t/{keys.write}/").text
    before = contents(db)
    token = token_of(html, "end-turn")
    answer = client.post(f"/t/{keys.write}/{route}", data={"token": token, **fields})
    assert answer.status_code == 400, answer.text
    assert contents(db) == before
    fields_of = client.get(f"/t/{keys.write}/form/user-error", params={"x": "1", "x.y": "2"})
    assert fields_of.status_code == 400


@pytest.mark.parametrize(
    "move, values",
    [
        ("protect", {"player": "Ana", "tech": ["laptop", "smart-tv"]}),
        ("protect", {"player": {"x": "Ana"}, "tech": "laptop"}),
        ("user-error", {"player": "Ana", "count": [2]}),
        ("attack", {"attack": "sim-swap", "revealed": {"a": "wild"}}),
        ("end-turn", {"x": 1}),
    ],
)
def test_values_of_no_shape_a_move_takes_are_400_in_plain_words(table, move, values):
    client, db, keys = table
    before = contents(db)
    answer = client.post(f"/t/{keys.write}/api/{move}", json={"values": values})
    assert answer.status_code == 400, answer.json()
    assert "[" not in answer.json()["error"] and "{" not in answer.json()["error"]
    assert contents(db) == before


def test_a_form_of_a_table_changed_since_is_409_and_records_nothing(table):
    """A page shown before another phone (or the terminal) recorded a move: its forms
    would be recorded against what the table has become (another player's turn ended,
    an Attack given to the next player), so they are refused."""
    client, db, keys = table
    html = client.get(f"/t/{keys.write}/").text  # Ana's turn
    assert cli(db, "end-turn")[0] == 0  # at the terminal: Ben's turn now
    before = contents(db)
    stale = client.post(
        f"/t/{keys.write}/do/end-turn?game=1",
        data={
            "token": token_of(html, "end-turn"),
            "seen": re.search(r'name="seen" value="(\d+)"', html).group(1),
        },
    )
    assert stale.status_code == 409 and "the table changed since this page was shown" in stale.text
    assert contents(db) == before
    fresh = stale.text  # the page again, as the table is now: its forms record
    done = client.post(
        f"/t/{keys.write}/do/end-turn?game=1",
        data={
            "token": token_of(fresh, "end-turn"),
            "seen": re.search(r'name="seen" value="(\d+)"', fresh).group(1),
        },
        follow_redirects=False,
    )
    assert done.status_code == 303
    assert json.loads(cli(db, "status", "--json")[1])["current"] == "Cy"


def test_two_phones_tapping_undo_at_once_undo_one_move(table):
    client, db, keys = table
    assert cli(db, "end-turn")[0] == 0 and cli(db, "end-turn")[0] == 0
    pages = [client.get(f"/t/{keys.write}/").text for _ in range(2)]
    answers = [
        client.post(
            f"/t/{keys.write}/do/undo?game=1",
            data={
                "token": token_of(html, "undo"),
                "seen": re.search(r'name="seen" value="(\d+)"', html).group(1),
            },
            follow_redirects=False,
        ).status_code
        for html in pages
    ]
    assert answers == [303, 409]
    assert json.loads(cli(db, "status", "--json")[1])["current"] == "Ben"


def test_a_second_tap_on_rematch_starts_nothing(table):
    client, db, keys = table
    assert cli(db, "new", "not-a-hack", "Dee", "Eve", "Fay")[0] == 0
    assert cli(db, "used-up")[0] == 0  # game 2 is over
    html = client.get(f"/t/{keys.write}/?game=2").text
    forms = re.findall(r'<form method="post" action="rematch\?game=2">(.*?)</form>', html, re.S)
    sent = [dict(re.findall(r'name="(token|seen|rotate)" value="([^"]+)"', f)) for f in forms]
    assert [f.get("rotate") for f in sent] == [None, "1"]  # same seats; Eve starts
    first = client.post(f"/t/{keys.write}/rematch?game=2", data=sent[0], follow_redirects=False)
    assert first.status_code == 303
    games = contents(db)[0]
    second = client.post(f"/t/{keys.write}/rematch?game=2", data=sent[1], follow_redirects=False)
    assert second.status_code == 409 and contents(db)[0] == games
    again = client.get(f"/t/{keys.write}/?game=2").text
    token = re.findall(r'name="token" value="([^"]+)"', again)[-1]
    bogus = client.post(f"/t/{keys.write}/rematch?game=2", data={"token": token, "bogus": "x"})
    assert bogus.status_code == 400 and contents(db)[0] == games


def test_a_script_that_says_which_table_it_saw_is_refused_once_it_changed(table):
    client, db, keys = table
    seen = client.get(f"/t/{keys.write}/moves.json").json()
    logged = len(json.loads(cli(db, "export")[1])["log"])
    assert cli(db, "end-turn")[0] == 0
    answer = client.post(f"/t/{keys.write}/api/end-turn", json={"values": {}, "seen": logged})
    assert answer.status_code == 409 and seen["current"] == "Ana"
    ok = client.post(f"/t/{keys.write}/api/end-turn", json={"values": {}, "seen": logged + 1})
    assert ok.json()["ok"]
    assert (
        client.post(f"/t/{keys.write}/api/end-turn", json={"values": {}, "seen": "x"}).status_code
        == 400
    )
