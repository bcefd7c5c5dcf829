"""Units. Data is in mm; geometry is in points (1 mm = 72/25.4 pt). Named paper and card
sizes: pnp.core.sizes."""

from __future__ import annotations

PT_PER_MM = 72.0 / 25.4

#: Pixels per inch of card images (`pnp export`, `pnp preview`): the default, the range.
DEFAULT_DPI, MIN_DPI, MAX_DPI = 300, 50, 1200


def mm_to_pt(length_mm: float) -> float:
    """Convert a length in mm to points."""
    return length_mm * PT_PER_MM


def pt_to_mm(length_pt: float) -> float:
    """Convert a length in points to mm."""
    return length_pt / PT_PER_MM
