"""Hack Pack print-and-play generator: TOML card data to print-ready PDFs."""

__version__ = "0.1.0"
