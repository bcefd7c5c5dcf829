"""The games' rooms: one package per game holding its print-side code (its card data
model and loader `cards`, its faces `faces`, its simulator `simulator`) beside its
manifest (`MANIFEST`, a pnp.core.games.GameEntry, in the package's __init__). The
shared layers (pnp.core, data, layout, render, export, simulate) never import these."""
