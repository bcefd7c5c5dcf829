"""Hack Pack print-and-play generator: TOML card data to print-ready PDFs."""

from pnp.core import digests

__version__ = "0.1.0"

digests.install()  # hashlib, when imported, with CPython's own hashes (pnp.core.digests)
