"""Total ink (TAC, total area coverage) of CMYK colours and pictures, and the ink limit
a press asks for: C + M + Y + K in percent (each channel 0..255 here, 255 = 100 %).

`limited` and `limited_pixels` are LittleCMS's own ink limit: the device link
`cmsCreateInkLimitingDeviceLink` makes (lcms2 src/cmsvirt.c, `InkLimitingSampler`)
keeps K and, where C + M + Y + K is over the limit, scales C, M and Y down by one ratio,
1 - (total - limit) / (C + M + Y), i.e. (limit - K) / (C + M + Y), so the total is the
limit; below it nothing changes. Pillow's ImageCms builds transforms between two
profiles only (no device links, no multi-profile chains, and LittleCMS's ink-limiting
link is not reachable from it), and the PyPI bindings of LittleCMS that would reach it
are unmaintained, so the sampler's one line of arithmetic is applied here, exactly, to
each colour and pixel (the device link samples it on a grid and interpolates), rounding
down so the total never exceeds the limit. K only, never more than 100 %, is never
changed: the black plate of text and hairlines stays as it was.
Source: issue 44 item 4 ("Press files").
"""

from __future__ import annotations

from PIL import Image

#: 8-bit units of 100 % ink on one channel.
FULL = 255


def percent(units: int) -> float:
    """`units` of ink (a sum of 8-bit channels) in percent."""
    return units * 100 / FULL


def units(limit_percent: float) -> int:
    """The ink limit `limit_percent` (%) in 8-bit units, rounded down (never above it)."""
    return int(limit_percent * FULL / 100 + 1e-9)


def total(cmyk: tuple[int, ...]) -> float:
    """Total ink of a CMYK colour (each 0..255) in percent."""
    return percent(sum(cmyk))


def limited(cmyk: tuple[int, int, int, int], limit_percent: float | None) -> tuple[int, ...]:
    """`cmyk` (each 0..255) within `limit_percent` total ink (None: unchanged), as
    LittleCMS's ink-limiting device link makes it (module docstring)."""
    if limit_percent is None:
        return cmyk
    c, m, y, k = cmyk
    room, cmy = units(limit_percent) - k, c + m + y
    if cmy <= room:
        return cmyk
    room = max(0, room)
    return c * room // cmy, m * room // cmy, y * room // cmy, k


def limited_pixels(image: Image.Image, limit_percent: float | None) -> Image.Image:
    """The "CMYK" `image` with every pixel `limited` (None: the image itself)."""
    if limit_percent is None or image.mode != "CMYK":
        return image
    from PIL import ImageMath  # here: only pictures over an ink limit need it

    c, m, y, k = (band.convert("I") for band in image.split())
    limit = units(limit_percent)

    def scaled(band: str):
        def expression(a):
            cmy = a["c"] + a["m"] + a["y"]
            room = a["max"](a["min"](limit - a["k"], cmy), 0)
            return a["convert"](a[band] * room / cmy, "L")  # 0 where C + M + Y is 0

        return ImageMath.lambda_eval(expression, c=c, m=m, y=y, k=k)

    return Image.merge("CMYK", (scaled("c"), scaled("m"), scaled("y"), image.getchannel("K")))


def most_ink(image: Image.Image, alpha: Image.Image | None = None) -> float:
    """The largest total ink (%) of any pixel of the "CMYK" `image` that prints: pixels
    whose `alpha` ("L", same size) is 0 are left out."""
    from PIL import ImageMath

    c, m, y, k = (band.convert("I") for band in image.split())
    if alpha is None:
        sums = ImageMath.lambda_eval(
            lambda a: a["c"] + a["m"] + a["y"] + a["k"], c=c, m=m, y=y, k=k
        )
    else:
        shown = alpha.convert("I")
        sums = ImageMath.lambda_eval(
            lambda a: (a["c"] + a["m"] + a["y"] + a["k"]) * (a["s"] > 0),
            c=c,
            m=m,
            y=y,
            k=k,
            s=shown,
        )
    return percent(int(sums.getextrema()[1]))
