"""A PDF/X-1a:2003 preflight (ISO 15930-4) for the tests, read with pypdf: `preflight(path)`
lists every rule the file breaks, in words (empty: it passes). No veraPDF-like validator
for PDF/X is a Python package the suite can install, so this is the check. Rules:

- header PDF 1.4 at most; a trailer /ID; no /Encrypt;
- the information dictionary: /GTS_PDFXVersion "PDF/X-1:2003" and /GTS_PDFXConformance
  "PDF/X-1a:2003", a /Title, /CreationDate and /ModDate, /Trapped /True or /False;
- the catalog: one /GTS_PDFX output intent with an /OutputConditionIdentifier and a
  /DestOutputProfile that is a CMYK output ICC profile (/N 4, read by LittleCMS);
  no /OpenAction, /AA, JavaScript or /AcroForm;
- every page: a MediaBox, a TrimBox and a BleedBox with TrimBox inside BleedBox inside
  MediaBox, no annotations, no transparency group;
- no transparency anywhere: no graphics state with an /SMask but /None, /CA or /ca under
  1 or a blend mode other than Normal or Compatible; no image with an /SMask; no form
  with a transparency /Group;
- colour: every content stream (pages and forms) sets colours only with k, K, g, G
  (no rg, RG, sc, scn, cs, CS, sh), every image is /DeviceCMYK or /DeviceGray or an
  image mask, and no colour space object anywhere is RGB, ICC-based, Lab or calibrated;
  no inline image;
- every font is embedded (/FontFile, /FontFile2 or /FontFile3 in its descriptor, or in
  its descendant's for a Type0 font); no Type3 font.
"""

from __future__ import annotations

import io
from pathlib import Path

from PIL import ImageCms
from pypdf import PdfReader
from pypdf.generic import ArrayObject, ContentStream, DictionaryObject, IndirectObject, NameObject

COLOUR_OPERATORS = {b"rg", b"RG", b"sc", b"scn", b"SC", b"SCN", b"cs", b"CS", b"sh"}
FORBIDDEN_SPACES = {"/DeviceRGB", "/ICCBased", "/Lab", "/CalRGB", "/CalGray"}


def _inside(inner, outer) -> bool:
    a, b = [float(v) for v in inner], [float(v) for v in outer]
    eps = 0.01
    return a[0] >= b[0] - eps and a[1] >= b[1] - eps and a[2] <= b[2] + eps and a[3] <= b[3] + eps


def _document(reader: PdfReader, raw: bytes) -> list[str]:
    faults = []
    version = reader.pdf_header.removeprefix("%PDF-")
    if float(version) > 1.4:
        faults.append(f"PDF {version} is newer than PDF/X-1a:2003's 1.4")
    trailer = reader.trailer
    if "/ID" not in trailer:
        faults.append("the trailer has no /ID")
    if "/Encrypt" in trailer:
        faults.append("the file is encrypted")
    info = trailer.get("/Info")
    info = info.get_object() if info is not None else {}
    if info.get("/GTS_PDFXVersion") != "PDF/X-1:2003":
        faults.append(f"/GTS_PDFXVersion is {info.get('/GTS_PDFXVersion')!r}")
    if info.get("/GTS_PDFXConformance") != "PDF/X-1a:2003":
        faults.append(f"/GTS_PDFXConformance is {info.get('/GTS_PDFXConformance')!r}")
    for key in ("/Title", "/CreationDate", "/ModDate"):
        if not info.get(key):
            faults.append(f"the information dictionary has no {key}")
    if info.get("/Trapped") not in ("/True", "/False"):
        faults.append(f"/Trapped is {info.get('/Trapped')!r}, not /True or /False")
    root = trailer["/Root"].get_object()
    for key in ("/OpenAction", "/AA", "/AcroForm"):
        if key in root:
            faults.append(f"the catalog has {key}")
    if b"/JavaScript" in raw or b"/JS " in raw:
        faults.append("the file holds JavaScript")
    faults += _output_intent(root)
    return faults


def _output_intent(root) -> list[str]:
    intents = [i.get_object() for i in root.get("/OutputIntents", [])]
    pdfx = [i for i in intents if i.get("/S") == "/GTS_PDFX"]
    if len(pdfx) != 1:
        return [f"{len(pdfx)} /GTS_PDFX output intents, not one"]
    intent = pdfx[0]
    faults = []
    if not intent.get("/OutputConditionIdentifier"):
        faults.append("the output intent has no /OutputConditionIdentifier")
    stream = intent.get("/DestOutputProfile")
    if stream is None:
        return [*faults, "the output intent has no /DestOutputProfile"]
    stream = stream.get_object()
    if stream.get("/N") != 4:
        faults.append(f"the output profile has /N {stream.get('/N')}, not 4")
    profile = ImageCms.ImageCmsProfile(io.BytesIO(stream.get_data())).profile
    if profile.xcolor_space.strip() != "CMYK" or profile.device_class != "prtr":
        faults.append("the output profile is not a CMYK output (printer) profile")
    return faults


def _pages(reader: PdfReader) -> list[str]:
    faults = []
    for n, page in enumerate(reader.pages, 1):
        boxes = {key: page.get(key) for key in ("/MediaBox", "/TrimBox", "/BleedBox")}
        missing = [k for k, v in boxes.items() if v is None]
        if "/MediaBox" in missing and page.mediabox is not None:
            missing.remove("/MediaBox")  # inherited from the page tree
        if missing:
            faults.append(f"page {n} has no {', '.join(missing)}")
            continue
        if not (_inside(page.trimbox, page.bleedbox) and _inside(page.bleedbox, page.mediabox)):
            faults.append(f"page {n}: TrimBox, BleedBox and MediaBox are not nested")
        if page.get("/Annots"):
            faults.append(f"page {n} has annotations")
        group = page.get("/Group")
        if group is not None and group.get_object().get("/S") == "/Transparency":
            faults.append(f"page {n} has a transparency group")
    return faults


def _objects(reader: PdfReader):
    """Every indirect object of the file (each once)."""
    for number in range(1, int(reader.trailer["/Size"])):
        try:
            obj = reader.get_object(IndirectObject(number, 0, reader))
        except Exception:  # noqa: BLE001 - a free entry
            continue
        if obj is not None:
            yield number, obj


def _spaces(value) -> set[str]:
    """The colour-space family names anywhere in `value` (a name or an array)."""
    if isinstance(value, IndirectObject):
        value = value.get_object()
    if isinstance(value, NameObject):
        return {str(value)}
    if isinstance(value, ArrayObject) and value:
        return {str(value[0])} | set().union(*(_spaces(v) for v in value[1:]))
    return set()


def _object_faults(reader: PdfReader) -> list[str]:
    faults = []
    for number, obj in _objects(reader):
        if not isinstance(obj, DictionaryObject):
            continue
        kind, subtype = obj.get("/Type"), obj.get("/Subtype")
        if kind == "/ExtGState" or "/ca" in obj or "/CA" in obj:
            if obj.get("/SMask", "/None") != "/None":
                faults.append(f"object {number}: a graphics state with a soft mask")
            if float(obj.get("/ca", 1)) < 1 or float(obj.get("/CA", 1)) < 1:
                faults.append(f"object {number}: a graphics state with opacity under 1")
            if obj.get("/BM", "/Normal") not in ("/Normal", "/Compatible"):
                faults.append(f"object {number}: a blend mode {obj.get('/BM')}")
        if subtype == "/Image":
            if "/SMask" in obj:
                faults.append(f"object {number}: an image with a soft mask")
            if obj.get("/ImageMask") != True:  # noqa: E712 - a pypdf BooleanObject
                spaces = _spaces(obj.get("/ColorSpace"))
                if not spaces or not spaces <= {"/DeviceCMYK", "/DeviceGray"}:
                    faults.append(f"object {number}: an image in {sorted(spaces)}")
        if subtype == "/Form":
            group = obj.get("/Group")
            if group is not None and group.get_object().get("/S") == "/Transparency":
                faults.append(f"object {number}: a form with a transparency group")
        if "/ColorSpace" in obj and subtype != "/Image":
            for name, space in obj["/ColorSpace"].get_object().items():
                if _spaces(space) & FORBIDDEN_SPACES:
                    faults.append(f"object {number}: colour space {name} is {_spaces(space)}")
        if kind == "/Font":
            faults += _font_faults(number, obj)
    return faults


def _font_faults(number: int, font) -> list[str]:
    if font.get("/Subtype") == "/Type3":
        return [f"object {number}: a Type3 font"]
    if font.get("/Subtype") == "/Type0":
        font = font["/DescendantFonts"][0].get_object()
    descriptor = font.get("/FontDescriptor")
    if descriptor is None or not any(
        k in descriptor.get_object() for k in ("/FontFile", "/FontFile2", "/FontFile3")
    ):
        return [f"object {number}: font {font.get('/BaseFont')} is not embedded"]
    return []


def _content_faults(reader: PdfReader) -> list[str]:
    faults, seen = [], set()

    def walk(content, resources, where: str) -> None:
        for _operands, op in ContentStream(content, reader).operations:
            if op in COLOUR_OPERATORS:
                faults.append(f"{where}: colour operator {op.decode()}")
            if op == b"INLINE IMAGE":
                faults.append(f"{where}: an inline image")
        for ref in (resources or {}).get("/XObject", {}).values():
            if ref.idnum in seen:
                continue
            seen.add(ref.idnum)
            xobject = ref.get_object()
            if xobject.get("/Subtype") == "/Form":
                walk(xobject, xobject.get("/Resources"), f"form {ref.idnum}")

    for n, page in enumerate(reader.pages, 1):
        walk(page.get_contents(), page.get("/Resources"), f"page {n}")
    return sorted(set(faults))


def preflight(path: Path) -> list[str]:
    """Every PDF/X-1a:2003 rule (module docstring) the PDF at `path` breaks."""
    raw = Path(path).read_bytes()
    reader = PdfReader(io.BytesIO(raw))
    return (
        _document(reader, raw) + _pages(reader) + _object_faults(reader) + _content_faults(reader)
    )
