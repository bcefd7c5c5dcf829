"""pdfium, the PDF renderer pypdfium2 ships, called for the few things rasterising does
(open a PDF, load a page, draw it into a bitmap over a buffer of ours, close them):
ten of its functions declared here with ctypes on pypdfium2's own library file,
rather than through pypdfium2's Python layer, whose bindings declare all of pdfium's
functions and types as they are imported (3.7 MiB of memory, a tenth of a TTS export's
peak, and 40 ms, for the ten used here). The pixels are the same: the same library,
initialised as pypdfium2 initialises it (its default configuration), drawing with
the same call and flags.

The library file is found beside pypdfium2_raw's bindings (without importing them),
named as they name it; when it is not there (a pypdfium2 built against a pdfium found
elsewhere), pypdfium2's own bindings are used. The library is initialised once, when
first opened here; pypdfium2, when imported in the same process, loads the same
library and skips a second initialisation. It is never destroyed here: pypdfium2
destroys it at exit if it was imported, else the process's exit does.
Source: issue 41, item 4 (TTS export memory at most 1.5x a bare pypdfium2 render).
"""

from __future__ import annotations

import ctypes
import importlib.util
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from pnp.core.errors import PnpError

#: FPDFBitmap_CreateEx's format: 3 bytes a pixel (B, G, R; R, G, B with the flag below)
BITMAP_BGR = 2
#: FPDF_RenderPageBitmap's flags: draw annotations; write R, G, B rather than B, G, R
ANNOTATIONS, REVERSE_BYTE_ORDER = 0x01, 0x10

_HANDLE = ctypes.c_void_p
#: name -> (argument types, result type) of the functions used
_FUNCTIONS: dict[str, tuple[tuple, Any]] = {
    "FPDF_InitLibrary": ((), None),
    "FPDF_LoadDocument": ((ctypes.c_char_p, ctypes.c_char_p), _HANDLE),
    "FPDF_GetLastError": ((), ctypes.c_ulong),
    "FPDF_GetPageCount": ((_HANDLE,), ctypes.c_int),
    "FPDF_LoadPage": ((_HANDLE, ctypes.c_int), _HANDLE),
    "FPDF_ClosePage": ((_HANDLE,), None),
    "FPDF_CloseDocument": ((_HANDLE,), None),
    "FPDFBitmap_CreateEx": ((ctypes.c_int,) * 3 + (ctypes.c_void_p, ctypes.c_int), _HANDLE),
    "FPDFBitmap_Destroy": ((_HANDLE,), None),
    "FPDF_RenderPageBitmap": ((_HANDLE, _HANDLE) + (ctypes.c_int,) * 6, None),
}

_library: Any = None


def library_file() -> Path | None:
    """pypdfium2's pdfium library file (pypdfium2_raw's folder, named as its bindings
    name it: libpdfium.so, libpdfium.dylib or pdfium.dll), or None when there is none."""
    spec = importlib.util.find_spec("pypdfium2_raw")
    if spec is None or spec.origin is None:
        return None
    if sys.platform.startswith(("win32", "cygwin", "msys")):
        name = "pdfium.dll"
    elif sys.platform.startswith(("darwin", "ios")):
        name = "libpdfium.dylib"
    else:
        name = "libpdfium.so"
    found = Path(spec.origin).resolve().parent / name
    return found if found.is_file() else None


def library() -> Any:
    """The functions of `_FUNCTIONS` as attributes, pdfium initialised (once)."""
    global _library
    if _library is None:
        found = library_file()
        if found is None:
            import pypdfium2.raw as bindings  # initialises pdfium as it is imported

            _library = bindings
        else:
            loaded = ctypes.CDLL(str(found))
            for name, (arguments, result) in _FUNCTIONS.items():
                function = getattr(loaded, name)
                function.argtypes, function.restype = arguments, result
            loaded.FPDF_InitLibrary()  # pdfium does nothing if it is initialised already
            _library = loaded
    return _library


@contextmanager
def document(path: Path) -> Iterator[Any]:
    """The PDF at `path`, opened with pdfium and closed at the end. PnpError when
    pdfium cannot open it (its error code named)."""
    lib = library()
    handle = lib.FPDF_LoadDocument(str(path).encode("utf-8", "surrogateescape"), None)
    if not handle:
        raise PnpError(f"pdfium cannot open {path} (error {lib.FPDF_GetLastError()})")
    try:
        yield handle
    finally:
        lib.FPDF_CloseDocument(handle)


def page_count(handle: Any) -> int:
    """How many pages the open document `handle` has."""
    return int(library().FPDF_GetPageCount(handle))


@contextmanager
def page(handle: Any, index: int) -> Iterator[Any]:
    """Page `index` (0-based) of the open document `handle`, closed at the end.
    PnpError when pdfium cannot load it."""
    lib = library()
    loaded = lib.FPDF_LoadPage(handle, index)
    if not loaded:
        raise PnpError(f"pdfium cannot load page {index + 1} (error {lib.FPDF_GetLastError()})")
    try:
        yield loaded
    finally:
        lib.FPDF_ClosePage(loaded)
