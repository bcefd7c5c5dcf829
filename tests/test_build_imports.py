"""A build loads only what its kit needs: the raster image checks (pnp.data.images,
pnp.data.png), Pillow's colour management (pnp.data.icc) and the raster image writer
(pnp.render.images) only for a kit with raster pictures, so a kit of SVG pictures does
not pay for importing them (issue 41). An image export loads pypdfium2 only once its
faces PDF is written and its fonts are released, so that the rasteriser's import reuses
the memory the drawing gave back (issue 41, TTS peak); it loads neither OpenSSL
(pnp.core.digests) nor Pillow's colour management, which only a CMYK PDF needs, nor Pillow's other image plugins."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CHILD = """
import sys
from pathlib import Path
from pnp.build import BuildOptions, build
build(BuildOptions("hack-attack", out_dir=Path(sys.argv[1])))
print(" ".join(sorted(m for m in sys.modules if m.startswith(("pnp.", "PIL.")))))
"""


def test_a_kit_of_svg_pictures_loads_no_raster_machinery(tmp_path):
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(tmp_path)],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
    )
    loaded = set(done.stdout.split())
    assert {"pnp.layout.face", "pnp.render.svg_art", "pnp.data.art"} <= loaded
    raster = {"pnp.data.images", "pnp.data.png", "pnp.data.icc", "pnp.render.images"}
    assert not loaded & (raster | {"PIL.ImageCms"})


EXPORT = """
import sys
from pathlib import Path
import pnp.cli.export, pnp.export, pnp.fonts
from pnp.export import ExportOptions, export
release = pnp.fonts.release
def released():
    print("pypdfium2" in sys.modules)
    release()
pnp.export.release_fonts = pnp.export_tts.release_fonts = released
print("pypdfium2" in sys.modules)
export(ExportOptions(sys.argv[1], sys.argv[2], 50, Path(sys.argv[3])))
print("pypdfium2" in sys.modules)
unwanted = {"_hashlib", "PIL.ImageCms", "pnp.data.icc", "PIL.JpegImagePlugin", "PIL.GifImagePlugin"}
print(sorted(unwanted & set(sys.modules)))
"""


def test_an_image_export_imports_pypdfium2_only_to_rasterise(tmp_path):
    for game, fmt in (("hack-attack", "tts"), ("not-a-hack", "png")):
        done = subprocess.run(
            [sys.executable, "-c", EXPORT, game, fmt, str(tmp_path)],
            cwd=REPO,
            capture_output=True,
            text=True,
            check=True,
        )
        assert done.stdout.splitlines() == ["False", "False", "True", "[]"], (game, fmt)
