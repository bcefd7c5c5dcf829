// The page's few lines of script; without it the page still works, a tap at a time.
// 1. Live updates: the server says "change" (server-sent events) whenever the table's
//    file changes, from this page, another phone or the command line; the page then
//    fetches its changing part (GET live) and swaps it in. The moves are swapped too,
//    unless one is open or being filled in. Once a form is sent the page is leaving: no
//    more updates, so none can reload it under the form's own answer.
// 2. A choice that decides what else a move takes (a card and its targets) fetches the
//    move's fields for it (GET form/MOVE) and swaps them in.
// 3. A ± button beside a number box that takes negative numbers flips its sign (a
//    phone's number pad may have no minus key).
// 4. The New game form shows each game's variants and "who goes first" only where they
//    apply, and names the seats as they are typed.
(function () {
  "use strict";
  function parse(html) {
    var got = document.createElement("div");
    got.innerHTML = html;
    return got;
  }
  function get(url) {
    return fetch(url, { cache: "no-store", credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.text() : null; });
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("button.sign") : null;
    if (!button) return;
    var box = document.getElementById(button.dataset.for);
    if (!box) return;
    var value = box.value.trim();
    box.value = value.charAt(0) === "-" ? value.slice(1) : "-" + value;
    box.focus();
  });

  document.addEventListener("change", function (event) {
    var box = event.target;
    if (box.hasAttribute && box.hasAttribute("data-decides") && box.form) {
      var form = box.form, query = new URLSearchParams(new FormData(form));
      query.delete("token"); query.delete("follow");
      query.set("game", form.dataset.game);
      get("form/" + encodeURIComponent(form.dataset.move) + "?" + query).then(function (html) {
        var next = html && parse(html).querySelector("form.offer");
        if (next) form.replaceWith(next);
        document.body.dataset.fields = String(Date.now());
      });
    }
    if (box.id === "new-game-game") chosenGame();
  });

  function chosenGame() {
    var select = document.getElementById("new-game-game");
    if (!select) return;
    var option = select.options[select.selectedIndex];
    document.querySelectorAll("fieldset.variants").forEach(function (set) {
      set.hidden = set.dataset.game !== select.value;
      set.disabled = set.hidden;
    });
    var first = document.querySelector(".field.first");
    if (first) {
      first.hidden = !option || option.dataset.first !== "1";
      first.querySelector("select").disabled = first.hidden;
    }
  }
  function seatNames() {
    var first = document.getElementById("new-game-first");
    if (!first) return;
    document.querySelectorAll("form.new input[name=players]").forEach(function (box, n) {
      var option = first.options[n];
      if (option) option.textContent = box.value.trim() || "Player " + (n + 1);
    });
  }
  document.addEventListener("input", function (event) {
    if (event.target.name === "players") seatNames();
  });
  document.addEventListener("DOMContentLoaded", function () { chosenGame(); seatNames(); });

  if (!window.EventSource || !window.fetch) return;
  var busy = false, again = false, leaving = false;
  function swap(id, from) {
    var now = document.getElementById(id), next = from.querySelector("#" + id);
    if (now && next) now.replaceWith(next);
  }
  function filling() {
    var forms = document.getElementById("forms");
    return forms && (forms.querySelector("details[open]") || forms.contains(document.activeElement));
  }
  function refresh() {
    if (leaving) return;
    if (busy) { again = true; return; }
    busy = true;
    var query = document.body.dataset.follow ? "?" + document.body.dataset.follow : "";
    get("live" + query)
      .then(function (html) {
        if (html === null || leaving) return;
        var got = parse(html), shown = got.querySelector("#live");
        if (shown && shown.dataset.game !== document.body.dataset.game) {
          location.reload();  // another game is the current one now
          return;
        }
        swap("live", got);
        swap("recent", got);
        if (shown && shown.dataset.logged !== document.body.dataset.logged) {
          // a move since this page was made: what it said of its own move is old news
          document.querySelectorAll("main > .said, main > .refused").forEach(function (e) { e.remove(); });
        }
        if (!filling()) swap("forms", got);
        document.body.dataset.seen = String(Date.now());
      })
      .catch(function () {})
      .then(function () { busy = false; if (again) { again = false; refresh(); } });
  }
  var source = new EventSource("events");
  source.addEventListener("change", refresh);
  source.addEventListener("open", refresh);
  document.addEventListener("submit", function () { leaving = true; source.close(); });
})();
