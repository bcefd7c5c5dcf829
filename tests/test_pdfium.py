"""pnp.render.pdfium, the few pdfium calls rasterising makes, declared on pypdfium2's
own library file (issue 41: TTS export memory): a page drawn through it is the page
pypdfium2's bindings draw with the same call, pixel for pixel; without that file,
pypdfium2's bindings are used; a PDF or a page pdfium cannot open is a PnpError."""

from __future__ import annotations

import ctypes

import pypdfium2
import pypdfium2.raw as bindings
import pytest

from pnp.core.errors import PnpError
from pnp.render import pdfium
from pnp.render.raster import render_page, whiten
from tests.test_png_strips import _two_page_pdf

W, H = 53, 71


def _through_bindings(path, index: int) -> bytes:
    """Page `index` of `path` drawn as pnp did before pnp.render.pdfium: pypdfium2's
    document and page, its bindings' bitmap and render call, the same flags."""
    document = pypdfium2.PdfDocument(str(path))
    page = document[index]
    buffer = bytearray(W * H * 3)
    whiten(buffer)
    pixels = (ctypes.c_ubyte * len(buffer)).from_buffer(buffer)
    bitmap = bindings.FPDFBitmap_CreateEx(W, H, bindings.FPDFBitmap_BGR, pixels, W * 3)
    flags = bindings.FPDF_ANNOT | bindings.FPDF_REVERSE_BYTE_ORDER
    bindings.FPDF_RenderPageBitmap(bitmap, page, 0, 0, W, H, 0, flags)
    bindings.FPDFBitmap_Destroy(bitmap)
    del pixels
    page.close()
    document.close()
    return bytes(buffer)


def _through_pnp(path) -> list[bytes]:
    with pdfium.document(path) as document:
        count = pdfium.page_count(document)
        drawn = []
        for index in range(count):
            with pdfium.page(document, index) as page:
                drawn.append(render_page(page, W, H).tobytes())
    return drawn


def test_the_library_is_pypdfium2s_own_file():
    found = pdfium.library_file()
    assert found is not None and found.is_file()
    assert found.parent.name == "pypdfium2_raw"


def test_pages_drawn_here_are_the_pages_pypdfium2s_bindings_draw(tmp_path):
    _two_page_pdf(tmp_path / "two.pdf")
    ours = _through_pnp(tmp_path / "two.pdf")
    theirs = [_through_bindings(tmp_path / "two.pdf", index) for index in range(2)]
    assert ours[0] != ours[1]
    assert ours == theirs


def test_without_the_file_pypdfium2s_bindings_are_used(tmp_path, monkeypatch):
    _two_page_pdf(tmp_path / "two.pdf")
    expected = _through_pnp(tmp_path / "two.pdf")
    monkeypatch.setattr(pdfium, "_library", None)
    monkeypatch.setattr(pdfium, "library_file", lambda: None)
    assert pdfium.library() is bindings
    assert _through_pnp(tmp_path / "two.pdf") == expected


def test_what_pdfium_cannot_open_is_a_pnp_error(tmp_path):
    with pytest.raises(PnpError, match="pdfium cannot open"):
        with pdfium.document(tmp_path / "missing.pdf"):
            pass
    (tmp_path / "not.pdf").write_bytes(b"not a PDF")
    with pytest.raises(PnpError, match="pdfium cannot open"):
        with pdfium.document(tmp_path / "not.pdf"):
            pass
    _two_page_pdf(tmp_path / "two.pdf")
    with pdfium.document(tmp_path / "two.pdf") as document:
        with pytest.raises(PnpError, match="cannot load page 3"):
            with pdfium.page(document, 2):
                pass


def test_pypdfium2_imported_after_pdfium_is_loaded_here_draws_the_same(tmp_path):
    import subprocess
    import sys
    from pathlib import Path

    _two_page_pdf(tmp_path / "two.pdf")
    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "from pnp.render import pdfium\n"
        "from pnp.render.raster import render_page\n"
        "path = Path(sys.argv[1])\n"
        "with pdfium.document(path) as document:  # pdfium loaded and initialised here\n"
        "    with pdfium.page(document, 1) as page:\n"
        f"        ours = render_page(page, {W}, {H}).tobytes()\n"
        "print('pypdfium2' in sys.modules)\n"
        "from tests.test_pdfium import _through_bindings  # imports pypdfium2\n"
        "print(ours == _through_bindings(path, 1))\n"
    )
    repo = Path(__file__).resolve().parent.parent
    done = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path / "two.pdf")],
        cwd=repo,
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.split() == ["False", "True"]
