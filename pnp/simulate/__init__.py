"""Play the games from their card data, many times, to show a designer how the decks
behave (issue 13). One module per game; each plays whole games with seeded randomness
and writes every game's events in the scorekeeper's event format, so the scorekeeper's
rules — called, never rewritten — decide legality, the end of the game and the score.

So far: `pnp.simulate.hack_attack` (Hack Attack: Defense).
"""
