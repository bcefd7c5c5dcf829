"""Hack Pack table-side score keeper."""
