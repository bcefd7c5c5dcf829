"""A fourth game, registered by tests alone, that proves the plug-in seam: pnp and the
scorekeeper handle it without a line of the product changed."""
