"""Digests without OpenSSL: `hashlib`, whenever it is first imported in a process that
has imported pnp, is set up with CPython's own md5, sha1 and sha2 code, which is all
both tools ask of it (reportlab's md5 of a document's ID and of a picture's bytes, the
SVG cache's SHA-256 keys, the TTS export's GUIDs, the simulator's seeds, the page's
HMAC). Loading OpenSSL's libcrypto, as hashlib does when it can, costs about 3.5 MiB of
every process's memory (a tenth of a TTS export's peak) for digests of a few kilobytes
each; the digests are the same bytes either way.

How: pnp puts `OwnHashes` on `sys.meta_path` (`install`) when hashlib is not imported
yet, and nothing is imported until something imports hashlib (the score keeper's
commands never do). Then it finds hashlib as Python would and runs it with its OpenSSL
module, `_hashlib`, hidden (`_HiddenOpenSSL`), and steps aside: a module that imports
`_hashlib` itself afterwards (hmac, for OpenSSL's HMAC) gets it as usual. A Python
built without some of its own hash modules (some distributions rely on OpenSSL for
them) keeps OpenSSL's. Source: issue 41, item 4 (TTS export memory).
"""

from __future__ import annotations

import sys
from typing import Any

#: The modules of CPython's own hashes, one of which hashlib imports for every
#: algorithm it always offers (3.12 merged _sha256 and _sha512 into _sha2)
_OWN = ("_md5", "_sha1", "_blake2", "_sha3") + (
    ("_sha2",) if sys.version_info >= (3, 12) else ("_sha256", "_sha512")
)


def _own_hashes_present() -> bool:
    """Whether every module of `_OWN` can be imported (found, and not set aside)."""
    import importlib.machinery

    return all(
        sys.modules[name] is not None
        if name in sys.modules
        else name in sys.builtin_module_names
        or importlib.machinery.PathFinder.find_spec(name) is not None
        for name in _OWN
    )


class _HiddenOpenSSL:
    """hashlib's own loader, running the module with `_hashlib` hidden (an import of
    it raises ImportError, so hashlib takes its built-in constructors); everything
    else (its source, for tracebacks) is the real loader's."""

    def __init__(self, loader: Any):
        self._loader = loader

    def __getattr__(self, name: str) -> Any:
        return getattr(self._loader, name)

    def create_module(self, spec: Any) -> Any:
        return self._loader.create_module(spec)

    def exec_module(self, module: Any) -> None:
        sys.modules["_hashlib"] = None  # type: ignore[assignment]  # import raises ImportError
        try:
            self._loader.exec_module(module)
        finally:
            del sys.modules["_hashlib"]


class OwnHashes:
    """A meta path finder for hashlib alone, used once (module docstring)."""

    @classmethod
    def find_spec(cls, name: str, path: Any = None, target: Any = None) -> Any:
        if name != "hashlib":
            return None
        if cls in sys.meta_path:
            sys.meta_path.remove(cls)
        if "_hashlib" in sys.modules or not _own_hashes_present():
            return None  # hashlib is found and loaded as usual
        from importlib.machinery import PathFinder

        spec = PathFinder.find_spec(name, path)
        if spec is None or spec.loader is None:
            return None
        spec.loader = _HiddenOpenSSL(spec.loader)  # type: ignore[assignment]  # a Loader
        return spec


def install() -> None:
    """Put `OwnHashes` first on sys.meta_path unless hashlib is imported already (or
    it is there)."""
    if "hashlib" not in sys.modules and OwnHashes not in sys.meta_path:
        sys.meta_path.insert(0, OwnHashes)
