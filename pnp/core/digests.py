"""Digests without OpenSSL: `hashlib` set up, before anything else imports it, with
CPython's own md5, sha1 and sha2 code, which is all both tools ask of it (reportlab's
md5 of a document's ID and of a picture's bytes, the SVG cache's SHA-256 keys, the TTS
export's GUIDs, the simulator's seeds). Loading OpenSSL's libcrypto, as hashlib does
when it can, costs about 3.5 MiB of every process's memory (a tenth of a TTS export's
peak) for digests of a few kilobytes each; the digests are the same bytes either way.

Only hashlib is changed, and only when it is not imported yet: a module that imports
OpenSSL's bindings itself afterwards (hmac, ssl) gets them as usual. A Python built
without some of its own hash modules (some distributions rely on OpenSSL for them)
keeps OpenSSL's. Source: issue 41, item 4 (TTS export memory).
"""

from __future__ import annotations

import sys

#: The modules of CPython's own hashes, one of which hashlib imports for every
#: algorithm it always offers (3.12 merged _sha256 and _sha512 into _sha2)
_OWN = ("_md5", "_sha1", "_blake2", "_sha3") + (
    ("_sha2",) if sys.version_info >= (3, 12) else ("_sha256", "_sha512")
)


def without_openssl() -> bool:
    """Import hashlib with CPython's own hashes when it is not imported yet and every
    one of them is there (its OpenSSL module hidden while it imports, then shown
    again). Whether hashlib now uses them."""
    if "hashlib" in sys.modules:
        return getattr(sys.modules["hashlib"], "_hashlib", None) is None
    if "_hashlib" in sys.modules:
        return False
    try:
        for name in _OWN:
            __import__(name)
    except ImportError:
        return False
    sys.modules["_hashlib"] = None  # type: ignore[assignment]  # import raises ImportError
    try:
        import hashlib  # noqa: F401
    finally:
        del sys.modules["_hashlib"]
    return True
