"""Reading TOML the one way every loader does: bytes checked as UTF-8, parsed, and any problem
raised as a PackError naming the file and the line and column (or byte) where it lies."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from .violations import PackError


def parse_toml(raw: bytes, name: str) -> dict:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise PackError(name, f"byte {e.start}", "not UTF-8 text") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise PackError(name, toml_where(e), f"not valid TOML: {toml_what(e)}") from None
    except RecursionError:
        raise PackError(name, "", "nested too deeply to be read") from None


def read_toml(path, max_bytes: int) -> dict:
    """Read and parse the TOML file at ``path``, refusing files over ``max_bytes``."""
    path = Path(path)
    name = str(path)
    try:
        if path.stat().st_size > max_bytes:
            raise PackError(name, "", f"file is larger than {max_bytes} bytes")
        raw = path.read_bytes()
    except OSError as e:
        raise PackError(name, "", f"cannot be read: {e.strerror or e}") from None
    return parse_toml(raw, name)


def toml_where(e: tomllib.TOMLDecodeError) -> str:
    line, col = getattr(e, "lineno", None), getattr(e, "colno", None)
    if line is None:
        m = re.search(r"line (\d+), column (\d+)", str(e))
        if m:
            line, col = m.group(1), m.group(2)
    return f"line {line}, column {col}" if line else ""


def toml_what(e: tomllib.TOMLDecodeError) -> str:
    msg = getattr(e, "msg", None) or str(e)
    return msg.split(" (at line")[0]
