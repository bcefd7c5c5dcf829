"""The score keeper's web page (`scorekeeper serve`): the table on every phone, over the
same database and rules as the command line. command (the click command) → app (the
Starlette application) → guard (what every request passes), moves (what a move sent
stands for), watcher (live updates), page (what a table shows), forms (a verb's form,
read off its click command), runner (the CLI's own command, run in this process), keys
(the table's links)."""
