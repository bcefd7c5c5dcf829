"""pnp.core.digests: in a process that imports pnp first, hashlib (when something imports
it) hashes with CPython's own md5, sha1 and sha2 code, never loading OpenSSL's libcrypto
for it (about 3.5 MiB of memory; issue 41, TTS export memory), with the same digests;
importing pnp imports nothing for it (the score keeper's commands never load hashlib);
a module that wants OpenSSL's bindings afterwards (hmac) still gets them, and a Python
without its own hash modules keeps OpenSSL's. Each case runs in a fresh interpreter: in
this one, hashlib was imported long before pnp."""

from __future__ import annotations

import hashlib
import hmac
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def run(code: str) -> list[str]:
    """What `code` prints, one item per line, run by a fresh interpreter in the repo."""
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True
    )
    assert done.stderr == ""
    return done.stdout.splitlines()


def test_hashlib_uses_cpythons_own_hashes_after_pnp_with_the_same_digests():
    out = run(
        "import sys, pnp\n"
        "print('hashlib' in sys.modules)\n"
        "import hashlib, inspect, reportlab.pdfbase.pdfdoc\n"
        "print(hashlib._hashlib is None, '_hashlib' in sys.modules)\n"
        "print(hashlib.md5(b'abc', usedforsecurity=False).hexdigest())\n"
        "print(hashlib.sha1(b'abc').hexdigest())\n"
        "print(hashlib.sha256(b'abc').hexdigest())\n"
        "print(hashlib.new('sha512', b'abc').hexdigest())\n"
        "print('def file_digest' in inspect.getsource(hashlib))\n"
    )
    assert out[:2] == ["False", "True False"]
    assert out[2:6] == [
        hashlib.md5(b"abc").hexdigest(),
        hashlib.sha1(b"abc").hexdigest(),
        hashlib.sha256(b"abc").hexdigest(),
        hashlib.sha512(b"abc").hexdigest(),
    ]
    assert out[6] == "True"  # hashlib's source is still found (tracebacks show it)


def test_the_score_keeper_loads_no_hashlib():
    out = run("import sys, scorekeeper.cli\nprint('hashlib' in sys.modules)\n")
    assert out == ["False"]


def test_openssl_is_still_there_for_a_module_that_imports_it_itself():
    out = run(
        "import sys, pnp, hashlib, hmac\n"
        "print('_hashlib' in sys.modules)\n"
        "print(hmac.new(b'key', b'abc', hashlib.sha256).hexdigest())\n"
        "print(hmac.new(b'key', b'abc', 'sha256').hexdigest())\n"
    )
    expected = hmac.new(b"key", b"abc", hashlib.sha256).hexdigest()
    assert out == ["True", expected, expected]


def test_hashlib_imported_before_pnp_is_left_as_it_is():
    out = run(
        "import sys, hashlib, pnp\n"
        "from pnp.core.digests import OwnHashes\n"
        "print(hashlib._hashlib is None, OwnHashes in sys.meta_path)\n"
    )
    assert out == ["False False"]


def test_a_python_without_its_own_md5_keeps_openssls():
    out = run(
        "import sys\n"
        "sys.modules['_md5'] = None  # as a build that relies on OpenSSL for it\n"
        "import pnp, hashlib\n"
        "print(hashlib._hashlib is None, hashlib.md5(b'abc').hexdigest())\n"
    )
    assert out == [f"False {hashlib.md5(b'abc').hexdigest()}"]
