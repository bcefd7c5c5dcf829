"""A minimal ICC v2 profile writer for the colour tests: RGB matrix/TRC display profiles
(Adobe RGB (1998), Display P3) from their published primaries, white point and tone
curve, and a CMYK printer profile whose colour at every corner of the ink cube is given
(a lut8 A2B0 table with a 2-point grid, Lab PCS).

Why written here: LittleCMS through Pillow creates only sRGB, Lab and XYZ profiles; a
profile built from the colour space's published numbers is small, has no licence to
carry, and the tests compute what the conversion must give from the same numbers by
plain matrix arithmetic (`rgb_to_srgb`), so LittleCMS is checked against an independent
calculation, not against itself.
Sources: ICC.1:2001-04 (v2 profile format: header, tag table, desc/text/XYZ/curv/para/
mft1 types); Adobe RGB (1998) Color Image Encoding v2005-05 (primaries, gamma 563/256);
SMPTE EG 432-1 and Apple's Display P3 (DCI-P3 primaries, D65 white, the sRGB curve).
"""

from __future__ import annotations

import struct

D50 = (0.9642, 1.0, 0.8249)
D65_XY = (0.3127, 0.3290)
SRGB_PRIMARIES = ((0.64, 0.33), (0.30, 0.60), (0.15, 0.06))
ADOBE_PRIMARIES = ((0.64, 0.33), (0.21, 0.71), (0.15, 0.06))
P3_PRIMARIES = ((0.680, 0.320), (0.265, 0.690), (0.150, 0.060))
ADOBE_GAMMA = 563 / 256
_BRADFORD = ((0.8951, 0.2664, -0.1614), (-0.7502, 1.7135, 0.0367), (0.0389, -0.0685, 1.0296))


# --- 3 x 3 arithmetic ------------------------------------------------------------------


def _mul(a, b):
    return tuple(
        tuple(sum(a[i][k] * b[k][j] for k in range(3)) for j in range(3)) for i in range(3)
    )


def _apply(m, v):
    return tuple(sum(m[i][k] * v[k] for k in range(3)) for i in range(3))


def _inv(m):
    (a, b, c), (d, e, f), (g, h, i) = m
    det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
    adj = (
        (e * i - f * h, c * h - b * i, b * f - c * e),
        (f * g - d * i, a * i - c * g, c * d - a * f),
        (d * h - e * g, b * g - a * h, a * e - b * d),
    )
    return tuple(tuple(x / det for x in row) for row in adj)


def _xyz(xy):
    x, y = xy
    return (x / y, 1.0, (1 - x - y) / y)


def rgb_matrix(primaries, white_xy=D65_XY):
    """The linear RGB -> XYZ matrix (white Y = 1) of `primaries` ((x, y) x 3)."""
    cols = [_xyz(p) for p in primaries]
    p = tuple(tuple(cols[j][i] for j in range(3)) for i in range(3))
    s = _apply(_inv(p), _xyz(white_xy))
    return tuple(tuple(p[i][j] * s[j] for j in range(3)) for i in range(3))


def _adapted_to_d50(m, white_xy=D65_XY):
    src = _apply(_BRADFORD, _xyz(white_xy))
    dst = _apply(_BRADFORD, D50)
    scale = tuple(tuple((dst[i] / src[i]) if i == j else 0.0 for j in range(3)) for i in range(3))
    return _mul(_mul(_mul(_inv(_BRADFORD), scale), _BRADFORD), m)


# --- tone curves -----------------------------------------------------------------------


def srgb_decode(v: float) -> float:
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def srgb_encode(v: float) -> float:
    return 12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055


def rgb_to_srgb(rgb, primaries, decode) -> tuple[float, float, float]:
    """The sRGB numbers (0..255, unrounded, unclipped) of 8-bit `rgb` in the space of
    `primaries` (D65 white) with tone curve `decode` (0..1 -> linear): relative
    colorimetric, both whites D65, so no adaptation is needed."""
    lin = [decode(c / 255) for c in rgb]
    xyz = _apply(rgb_matrix(primaries), lin)
    out = _apply(_inv(rgb_matrix(SRGB_PRIMARIES)), xyz)
    return tuple(255 * srgb_encode(max(0.0, v)) for v in out)


# --- ICC encoding ----------------------------------------------------------------------


def _s15(v: float) -> bytes:
    return struct.pack(">i", round(v * 65536))


def _xyz_tag(xyz) -> bytes:
    return b"XYZ \0\0\0\0" + b"".join(_s15(v) for v in xyz)


def _desc(text: str) -> bytes:
    ascii_ = text.encode("ascii") + b"\0"
    return b"desc\0\0\0\0" + struct.pack(">I", len(ascii_)) + ascii_ + bytes(4 + 4 + 2 + 1 + 67)


def _text(text: str) -> bytes:
    return b"text\0\0\0\0" + text.encode("ascii") + b"\0"


def _profile(device_class: bytes, space: bytes, pcs: bytes, tags: list[tuple[bytes, bytes]]):
    table_len = 4 + 12 * len(tags)
    offset = 128 + table_len
    entries, data = [], b""
    for sig, body in tags:
        while (offset + len(data)) % 4:
            data += b"\0"
        entries.append(struct.pack(">4sII", sig, offset + len(data), len(body)))
        data += body
    while len(data) % 4:
        data += b"\0"
    size = 128 + table_len + len(data)
    header = (
        struct.pack(">I4sI4s4s4s", size, b"\0\0\0\0", 0x02100000, device_class, space, pcs)
        + bytes(12)
        + b"acsp"
        + bytes(24)
        + struct.pack(">I", 0)
        + b"".join(_s15(v) for v in D50)
    )
    header += bytes(128 - len(header))
    return header + struct.pack(">I", len(tags)) + b"".join(entries) + data


def rgb_profile(name: str, primaries, curve: bytes) -> bytes:
    """A v2 RGB display profile of `primaries` (D65 white) and tone `curve` (a tag body)."""
    m = _adapted_to_d50(rgb_matrix(primaries))
    tags = [
        (b"desc", _desc(name)),
        (b"cprt", _text("No copyright: a test profile")),
        (b"wtpt", _xyz_tag(D50)),
        (b"rXYZ", _xyz_tag([m[i][0] for i in range(3)])),
        (b"gXYZ", _xyz_tag([m[i][1] for i in range(3)])),
        (b"bXYZ", _xyz_tag([m[i][2] for i in range(3)])),
        (b"rTRC", curve),
        (b"gTRC", curve),
        (b"bTRC", curve),
    ]
    return _profile(b"mntr", b"RGB ", b"XYZ ", tags)


def gamma_curve(gamma: float) -> bytes:
    return b"curv\0\0\0\0" + struct.pack(">IH", 1, round(gamma * 256))


def srgb_curve() -> bytes:
    """The sRGB tone curve as a parametric curve (function type 3)."""
    params = (2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045)
    return b"para\0\0\0\0" + struct.pack(">HH", 3, 0) + b"".join(_s15(p) for p in params)


def adobe_rgb() -> bytes:
    return rgb_profile("Adobe RGB (1998) test", ADOBE_PRIMARIES, gamma_curve(ADOBE_GAMMA))


def display_p3() -> bytes:
    return rgb_profile("Display P3 test", P3_PRIMARIES, srgb_curve())


def cmyk_profile(name: str, corner_lab) -> bytes:
    """A v2 CMYK output profile whose 16 ink-cube corners (C, M, Y, K each 0 or 100 %,
    K varying fastest) have the Lab (D50) colours `corner_lab(c, m, y, k)` (each 0/1),
    interpolated multilinearly between them (lut8, 2-point grid)."""
    identity = b"".join(_s15(1.0 if i == j else 0.0) for i in range(3) for j in range(3))
    ramp = bytes(range(256))
    clut = b""
    for c in (0, 1):
        for m in (0, 1):
            for y in (0, 1):
                for k in (0, 1):
                    lab_l, a, b = corner_lab(c, m, y, k)
                    clut += bytes((round(lab_l * 255 / 100), round(a + 128), round(b + 128)))
    lut = b"mft1\0\0\0\0" + bytes((4, 3, 2, 0)) + identity + ramp * 4 + clut + ramp * 3
    tags = [
        (b"desc", _desc(name)),
        (b"cprt", _text("No copyright: a test profile")),
        (b"wtpt", _xyz_tag(D50)),
        (b"A2B0", lut),
    ]
    return _profile(b"prtr", b"CMYK", b"Lab ", tags)
