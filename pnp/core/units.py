"""Units and named sizes. Data is in mm; geometry is in points (1 mm = 72/25.4 pt)."""

from __future__ import annotations

PT_PER_MM = 72.0 / 25.4

#: Paper sizes, (width, height) in mm, portrait.
PAPER_MM: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}

#: Card trim sizes, (width, height) in mm, portrait.
CARD_SIZES_MM: dict[str, tuple[float, float]] = {
    "poker": (63.5, 88.9),  # 2.5 x 3.5 in
    "bridge": (57.15, 88.9),  # 2.25 x 3.5 in
    "mini": (44.45, 63.5),  # 1.75 x 2.5 in (mini American)
    "tarot": (69.85, 120.65),  # 2.75 x 4.75 in
}

#: Pixels per inch of card images (`pnp export`, `pnp preview`): the default, the range.
DEFAULT_DPI, MIN_DPI, MAX_DPI = 300, 50, 1200


def mm_to_pt(length_mm: float) -> float:
    """Convert a length in mm to points."""
    return length_mm * PT_PER_MM


def pt_to_mm(length_pt: float) -> float:
    """Convert a length in points to mm."""
    return length_pt / PT_PER_MM
