"""Reading TOML the one way every loader does: bytes checked as UTF-8, nesting depth checked,
parsed, and any problem raised as a PackError naming the file and the line and column (or byte)
where it lies."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from .schema import tree_problem
from .storage import read_regular
from .violations import PackError

#: Arrays and inline tables nested deeper than this are refused before parsing: no pack or map
#: needs more than four, and tomllib recurses once per level.
MAX_NESTING = 32

#: What can hold a bracket that does not nest: strings (all four kinds) and comments.
_NOT_NESTING = re.compile(r'"""[\s\S]*?"""|\'\'\'[\s\S]*?\'\'\'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|#[^\n]*')
_BRACKET = re.compile(r"[\[\]{}]")


def parse_toml(raw: bytes, name: str) -> dict:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise PackError(name, f"byte {e.start}", "not UTF-8 text") from None
    deep = too_deep(text, MAX_NESTING)
    if deep is not None:
        raise PackError(name, f"line {deep}", f"arrays or tables nested more than {MAX_NESTING} deep; "
                                               "expected a pack or map file")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise PackError(name, toml_where(e), f"not valid TOML: {toml_what(e)} (expected TOML: "
                                             "key = value lines and [tables], each key given once)") from None
    except ValueError as e:  # an integer longer than Python converts (sys.get_int_max_str_digits)
        raise PackError(name, "", "not usable TOML: a number with more digits than can be read "
                                  f"({str(e).split(';')[0]}); expected a number of a few digits") from None
    except RecursionError:  # only if the depth check above was fooled
        raise PackError(name, "", "nested too deeply to be read") from None
    problem = tree_problem(data, MAX_NESTING)  # dotted keys nest without brackets
    if problem is not None:
        raise PackError(name, *problem)
    return data


def too_deep(text: str, limit: int) -> int | None:
    """The line where brackets first nest deeper than ``limit``, or None; for TOML and for JSON
    (whose strings the same pattern skips). Table headers (``[[town]]``) count as two levels,
    which is harmless at this limit."""
    depth = 0
    plain = _NOT_NESTING.sub(lambda m: "\n" * m.group().count("\n"), text)
    for m in _BRACKET.finditer(plain):
        depth += 1 if m.group() in "[{" else -1
        if depth > limit:
            return plain.count("\n", 0, m.start()) + 1
        depth = max(depth, 0)
    return None


def read_toml(path, max_bytes: int) -> dict:
    """Read and parse the TOML file at ``path``, refusing files over ``max_bytes``."""
    path = Path(path)
    name = str(path)
    try:
        if path.stat().st_size > max_bytes:
            raise PackError(name, "", f"file is larger than {max_bytes} bytes")
        raw = read_regular(path)
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
