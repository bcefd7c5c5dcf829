"""Renderers: reportlab drawing of card faces, backs, sheets and the rulebook."""
