"""Where a person's pnp.toml files are and what they hold as written: `pnp.toml` in the
working folder, then `pnp.toml` in the user's config folder (platformdirs, or the folder
$HACKPACK_CONFIG_DIR names). pnp.cli.defaults checks what they hold against the
options; shell completion (pnp.cli.base) reads the data folder from them. This module
imports nothing of the command line, so both can use it."""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pnp.core.errors import PnpError, Problem
from pnp.core.terminal import one_line

FILE_NAME = "pnp.toml"
#: names the folder of the user's pnp.toml instead of platformdirs' config folder
ENV_DIR = "HACKPACK_CONFIG_DIR"
MAX_BYTES = 64 * 1024  # a handful of settings; anything larger is not a pnp.toml


@dataclass(frozen=True)
class ConfigFile:
    """One pnp.toml found: its path, how messages show it ("./pnp.toml"), and what it
    holds (a pnp.data.toml_source.TomlFile), or the line saying why it cannot be read."""

    path: Path
    shown: str
    parsed: Any = None
    problem: str | None = None


def user_folder() -> Path:
    """The folder of the user's pnp.toml: $HACKPACK_CONFIG_DIR, else platformdirs' user
    config folder for "hackpack" (~/.config/hackpack on Linux; a relative
    XDG_CONFIG_HOME is ignored, as the XDG spec says). PnpError if HACKPACK_CONFIG_DIR
    is set but empty or blank."""
    named = os.environ.get(ENV_DIR)
    if named is not None:
        if not named.strip():
            raise PnpError(f"{ENV_DIR} is set but empty: unset it or name a folder")
        return Path(os.path.expanduser(named))
    from platformdirs import user_config_dir

    found = user_config_dir("hackpack", appauthor=False)
    if not os.path.isabs(found):
        found = os.path.join(os.path.expanduser("~"), ".config", "hackpack")
    return Path(found)


def config_files() -> list[ConfigFile]:
    """Each pnp.toml there is, read, the working folder's first (one file named twice,
    as by HACKPACK_CONFIG_DIR=., is read once). PnpError as `user_folder`."""
    user = user_folder() / FILE_NAME
    seen: set[Path] = set()
    found = []
    for path, shown in ((Path(FILE_NAME), f"./{FILE_NAME}"), (user, one_line(str(user)))):
        real = Path(os.path.realpath(path))
        if os.path.lexists(path) and real not in seen:
            seen.add(real)
            found.append(_read(path, shown))
    return found


def _read(path: Path, shown: str) -> ConfigFile:
    from pnp.data.files import decode_text
    from pnp.data.toml_source import parse_toml_file

    raw = _bytes(path)
    if isinstance(raw, str):
        return ConfigFile(path, shown, problem=f"{shown}: {raw}")
    text = decode_text(path, raw)
    parsed = text if isinstance(text, Problem) else parse_toml_file(path, text)
    if isinstance(parsed, Problem):
        return ConfigFile(path, shown, problem=shown_at(parsed, shown))
    return ConfigFile(path, shown, parsed)


def _bytes(path: Path) -> bytes | str:
    """The bytes of `path`, or why it cannot be read (a folder, a pipe or a device in
    its place, larger than MAX_BYTES, no permission); never blocks."""
    try:
        info = path.stat()
        if not stat.S_ISREG(info.st_mode):
            return "cannot read it: it is not a regular file"
        if info.st_size > MAX_BYTES:
            return f"refused: it is larger than the {MAX_BYTES // 1024} KiB a {FILE_NAME} may hold"
        return path.read_bytes()
    except OSError as exc:
        return f"cannot read it: {exc.strerror or exc}"


def shown_at(problem: Problem, shown: str) -> str:
    """A problem's line with its file shown as `shown` ("./pnp.toml:3: ...")."""
    text = str(problem)
    return shown + text[len(str(problem.file)) :] if problem.file else text


def written_text(key: str, folder: bool = False) -> str | None:
    """The text `key` holds in the first pnp.toml that sets it as text (a `folder` path
    with `~` expanded), or None; whatever else the files hold is not checked. For shell
    completion, which must never fail."""
    try:
        files = config_files()
    except PnpError:
        return None
    for found in files:
        value = found.parsed.data.get(key) if found.parsed is not None else None
        if isinstance(value, str) and value.strip():
            return os.path.expanduser(value) if folder else value
    return None
