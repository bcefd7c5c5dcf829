"""Card data: TOML files read, checked and turned into typed, immutable models."""
