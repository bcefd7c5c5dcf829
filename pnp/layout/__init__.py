"""Pure geometry in points: sheet grids, duplex back positions, crop marks, text fitting."""
