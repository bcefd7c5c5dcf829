// Live updates: the server says "change" (server-sent events) whenever the table's file
// changes, from this page, another phone or the command line; the page then fetches its
// changing part (GET live) and swaps it in. The forms are swapped too, unless one is
// open (someone is entering a move): then the whole page reloads after it is sent.
// Once a form is sent the page is leaving: no more updates, so none can reload it
// under the form's own answer (and lose what the move said).
(function () {
  "use strict";
  if (!window.EventSource || !window.fetch) return;
  var busy = false, again = false, leaving = false;
  function swap(id, from) {
    var now = document.getElementById(id), next = from.querySelector("#" + id);
    if (now && next) now.replaceWith(next);
  }
  function refresh() {
    if (leaving) return;
    if (busy) { again = true; return; }
    busy = true;
    var query = document.body.dataset.follow ? "?" + document.body.dataset.follow : "";
    fetch("live" + query, { cache: "no-store", credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) {
        if (html === null || leaving) return;
        var got = document.createElement("div");
        got.innerHTML = html;
        var shown = got.querySelector("#live");
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
        if (!document.querySelector("#forms details[open]")) swap("forms", got);
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
