"""Hack Pack print-and-play generator: TOML card data to print-ready PDFs."""

from pnp.core.digests import without_openssl

__version__ = "0.1.0"

without_openssl()  # before reportlab imports hashlib (pnp.core.digests)
