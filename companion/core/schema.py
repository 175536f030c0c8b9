"""A small checker for rule-pack data: each problem names the file, the key path and what was
expected, so a player editing a house-rule copy can find the line to mend.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from .violations import PackError

#: No number a game uses comes near this; a larger one (``1e400`` written out, an int past float
#: range) is refused here, before any game converts it and overflows.
NUMBER_LIMIT = 10**12

_TYPE_NAMES = {int: "a whole number", float: "a number", str: "text", bool: "true or false",
               list: "a list", dict: "a table"}


@dataclass(frozen=True)
class Spec:
    """What one value must be. ``fields`` describes a table's keys; ``item`` a list's items."""

    kind: type | tuple = str
    required: bool = True
    lo: float | None = None
    hi: float | None = None
    choices: tuple | None = None
    fields: dict = field(default_factory=dict)
    item: Spec | None = None
    extra_keys: bool = False
    min_items: int = 0
    #: For a table with free keys (``extra_keys``): what every value must be.
    values: Spec | None = None
    #: For text that names something on screen: False refuses "" and text of spaces only.
    blank: bool = True

    def expected(self) -> str:
        kinds = self.kind if isinstance(self.kind, tuple) else (self.kind,)
        words = " or ".join(_TYPE_NAMES.get(k, k.__name__) for k in kinds)
        if self.choices:
            words = "one of " + ", ".join(repr(c) for c in self.choices)
        elif not self.blank:
            words = "text that is not empty"
        if self.lo is not None or self.hi is not None:
            words += f" from {self.lo if self.lo is not None else '...'} to {self.hi if self.hi is not None else '...'}"
        return words


def _is(value, kind) -> bool:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if isinstance(value, bool):
        return bool in kinds
    if float in kinds and isinstance(value, int):
        return True
    return isinstance(value, kinds)


def check(value, spec: Spec, file: str, path: str = "") -> None:
    """Raise PackError at the first value that does not match ``spec``."""
    where = path or "(top level)"
    if not _is(value, spec.kind):
        raise PackError(file, where, f"expected {spec.expected()}, found {_show(value)}")
    if not spec.blank and isinstance(value, str) and not value.strip():
        raise PackError(file, where, f"expected {spec.expected()}, found {_show(value)}")
    if spec.choices is not None and value not in spec.choices:
        raise PackError(file, where, f"expected {spec.expected()}, found {_show(value)}")
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if isinstance(value, float) and not math.isfinite(value) or abs(value) > NUMBER_LIMIT:
            raise PackError(file, where, f"expected {spec.expected()}, found {_show(value)}"
                                         f"{'' if spec.lo is not None else f' (at most {NUMBER_LIMIT:,} either way)'}")
        if (spec.lo is not None and value < spec.lo) or (spec.hi is not None and value > spec.hi):
            raise PackError(file, where, f"expected {spec.expected()}, found {value}")
    if isinstance(value, dict):
        for key, sub in spec.fields.items():
            if key not in value:
                if sub.required:
                    raise PackError(file, _join(path, key), f"missing; expected {sub.expected()}")
                continue
            check(value[key], sub, file, _join(path, key))
        if not spec.extra_keys:
            unknown = sorted(set(value) - set(spec.fields))
            if unknown:
                raise PackError(file, _join(path, unknown[0]),
                                f"unknown key; expected one of {', '.join(spec.fields) or 'none'}")
        elif spec.values is not None:
            for key in sorted(set(value) - set(spec.fields)):
                check(value[key], spec.values, file, _join(path, _key(key)))
    if isinstance(value, list):
        if len(value) < spec.min_items:
            raise PackError(file, where, f"expected at least {spec.min_items} item(s), found {len(value)}")
        if spec.item is not None:
            for i, item in enumerate(value):
                check(item, spec.item, file, f"{path}[{i}]")


def _key(key: str) -> str:
    """A key as TOML would write it in a dotted path ("15mm" needs quotes)."""
    bare = key.replace("_", "").replace("-", "").isalnum() and key.isascii()
    return key if bare else '"' + key.replace('"', '\\"') + '"'


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def _show(value) -> str:
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, int) and abs(value) > NUMBER_LIMIT:
        return f"a whole number of about {int(value.bit_length() * 0.30103) + 1} digits"  # str() may refuse it
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


#: Marks a JSON object that gave a key twice (``object_pairs``): json.loads keeps the last value
#: silently, which would hide what the file says; tree_problem reports it at its key path.
DUPLICATE_KEY = object()


#: Python converts at most this many digits to an int (sys.get_int_max_str_digits' default)
MAX_INT_DIGITS = 4300


@dataclass(frozen=True)
class LongNumber:
    """A JSON integer with more digits than Python converts (``read_int``): tree_problem reports
    it at its key path, where json.loads alone could only say that some number somewhere was."""
    digits: int


def read_int(text: str) -> int | LongNumber:
    """``json.loads(parse_int=...)``: the integer, or a LongNumber if it is too long to read."""
    digits = len(text.lstrip("-"))
    return LongNumber(digits) if digits > MAX_INT_DIGITS else int(text)


def object_pairs(pairs: list) -> dict:
    """``json.loads(object_pairs_hook=...)``: an object, marked if a key is given twice."""
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set = set()
        for key, _value in pairs:
            if key in seen:
                out[DUPLICATE_KEY] = key
                break
            seen.add(key)
    return out


def tree_problem(value, max_depth: int) -> tuple[str, str] | None:
    """Where parsed data nests deeper than ``max_depth`` or holds text that is not proper Unicode
    (a lone UTF-16 surrogate such as ``\\ud800``, which JSON escapes can make): ``(key path,
    what is wrong)``, or None. Iterative, so no depth can make it recurse; leaves are checked
    where they lie and key paths are built only for tables and lists (a record has thousands)."""
    if isinstance(value, str):
        return None if _is_unicode(value) else ("(top level)", _SURROGATE)
    stack = [(value, "", 0)] if isinstance(value, (dict, list)) else []
    while stack:
        item, path, depth = stack.pop()
        if depth >= max_depth:
            return path or "(top level)", f"nested more than {max_depth} deep; expected plainer data"
        pairs = item.items() if isinstance(item, dict) else enumerate(item)
        for key, sub in pairs:
            if key is DUPLICATE_KEY:
                return _place(path, sub), "this key is given twice in one object; expected each key once"
            if isinstance(key, str) and not _is_unicode(key):
                return path or "(top level)", ("expected keys of text; found a key with a lone UTF-16 "
                                                   "surrogate (a broken \\u escape)")
            if isinstance(sub, str):
                if not _is_unicode(sub):
                    return _place(path, key), _SURROGATE
            elif isinstance(sub, LongNumber):
                return _place(path, key), (f"a number of {sub.digits} digits, more than can be read "
                                           f"({MAX_INT_DIGITS}); expected a number of a few digits")
            elif isinstance(sub, (dict, list)):
                stack.append((sub, _place(path, key), depth + 1))
    return None


_SURROGATE = "expected text; found a lone UTF-16 surrogate, which is not a character (a broken \\u escape)"


def _place(path: str, key) -> str:
    return f"{path}[{key}]" if isinstance(key, int) else _join(path, _key(key))


def _is_unicode(text: str) -> bool:
    if text.isascii():
        return True
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
