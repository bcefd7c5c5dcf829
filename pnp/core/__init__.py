"""The core both tools stand on: errors, the way values are shown, the terminal, units,
where the data lives, the manifest of games, the records both declare (records:
NamedTuple), writing a file whole (outfile) and hashlib's set-up without OpenSSL
(digests). It imports nothing else of `pnp`, and the score keeper imports nothing of
`pnp` but this (tests/test_layers.py keeps both true)."""
