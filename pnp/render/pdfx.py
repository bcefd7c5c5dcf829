"""PDF/X-1a:2003 (ISO 15930-4), the file DriveThruCards asks for (pnp.presets): what a
single-face PDF on a CMYK canvas (pnp.render.cmyk.Press with `pdfx`) needs besides its
CMYK colours to be one.

- The catalog's /OutputIntents holds one /GTS_PDFX output intent whose
  /DestOutputProfile is the press profile's ICC bytes (pnp.data.icc.CMYK_PROFILE: SWOP
  TR003 Coated, /N 4), its /OutputConditionIdentifier the characterization data's
  registered name (`CONDITION`, "CGATS TR 003", in the ICC's registry `REGISTRY`).
- The document information dictionary says /GTS_PDFXVersion (PDF/X-1:2003) and
  /GTS_PDFXConformance (PDF/X-1a:2003), next to the /Title, /CreationDate, /ModDate and
  /Trapped /False reportlab writes; the trailer has an /ID; the header says PDF 1.4.
- No transparency: colours are made opaque by the canvas's Press, pictures' alpha is a
  1-bit /Mask (pnp.render.images), SVG art's opacity is folded into its colours
  (pnp.render.svg_art), and a `PdfxCanvas` ignores any fill or stroke alpha below 1
  that would still reach it.
- Every page has a MediaBox, a TrimBox and a BleedBox (pnp.layout.page_boxes), every font
  is embedded (pnp.fonts: the kit's TrueType fonts, subset), and nothing is annotated.
tests/test_pdfx.py reads an export back and checks each rule (the preflight).
Source: issue 44 item 4 ("Press files").
"""

from __future__ import annotations

import zlib
from typing import Any

from reportlab.pdfbase.pdfdoc import (
    PDFArray,
    PDFCatalog,
    PDFDate,
    PDFDictionary,
    PDFInfo,
    PDFName,
    PDFStream,
    PDFString,
)

from pnp.data.icc import CMYK_PROFILE_NAME, cmyk_profile_bytes
from pnp.render.sheets import PageCompressingCanvas

VERSION = "PDF/X-1:2003"
CONFORMANCE = "PDF/X-1a:2003"
#: The output condition: the press profile's characterization data, by its name in the
#: ICC's characterization registry, and that registry.
CONDITION = "CGATS TR 003"
REGISTRY = "http://www.color.org"
CONDITION_TEXT = "SWOP web offset on coated #3 paper, characterization data CGATS TR 003"


class PdfxInfo(PDFInfo):
    """reportlab's document information dictionary (its entries as PDFInfo.format writes
    them) with the PDF/X version keys."""

    def format(self, document: Any) -> bytes:
        date = PDFDate(ts=document._timeStamp, dateFormatter=self._dateFormatter)
        entries = {
            "Title": PDFString(self.title),
            "Author": PDFString(self.author),
            "CreationDate": date,
            "ModDate": date,
            "Producer": PDFString(self.producer),
            "Creator": PDFString(self.creator),
            "Subject": PDFString(self.subject),
            "Keywords": PDFString(self.keywords),
            "Trapped": PDFName(self.trapped),
            "GTS_PDFXVersion": PDFString(VERSION),
            "GTS_PDFXConformance": PDFString(CONFORMANCE),
        }
        return PDFDictionary(entries).format(document)


class PdfxCanvas(PageCompressingCanvas):
    """A single-face canvas that never writes transparency: fill and stroke alpha stay 1
    (colours reach it opaque already; see the module docstring)."""

    def setFillAlpha(self, a: float) -> None:  # noqa: N802 - reportlab's name
        return

    def setStrokeAlpha(self, a: float) -> None:  # noqa: N802 - reportlab's name
        return


def make_pdfx(canvas: Any) -> None:
    """Give the document of `canvas` (a PdfxCanvas on a CMYK Press with `pdfx`) its
    output intent and PDF/X keys (module docstring)."""
    doc = canvas._doc
    doc.info.__class__ = PdfxInfo
    profile = PDFStream(
        PDFDictionary({"N": 4, "Filter": PDFName("FlateDecode")}),
        zlib.compress(cmyk_profile_bytes(), 9),
    )
    intent = PDFDictionary(
        {
            "Type": PDFName("OutputIntent"),
            "S": PDFName("GTS_PDFX"),
            "OutputConditionIdentifier": PDFString(CONDITION),
            "OutputCondition": PDFString(CONDITION_TEXT),
            "RegistryName": PDFString(REGISTRY),
            "Info": PDFString(CMYK_PROFILE_NAME),
            "DestOutputProfile": doc.Reference(profile, "pnpOutputProfile"),
        }
    )
    catalog = doc.Catalog
    setattr(catalog, "__NoDefault__", [*PDFCatalog.__NoDefault__, "OutputIntents"])
    catalog.OutputIntents = PDFArray([intent])
