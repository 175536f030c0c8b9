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

    def expected(self) -> str:
        kinds = self.kind if isinstance(self.kind, tuple) else (self.kind,)
        words = " or ".join(_TYPE_NAMES.get(k, k.__name__) for k in kinds)
        if self.choices:
            words = "one of " + ", ".join(repr(c) for c in self.choices)
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


def tree_problem(value, max_depth: int) -> tuple[str, str] | None:
    """Where parsed data nests deeper than ``max_depth`` or holds text that is not proper Unicode
    (a lone UTF-16 surrogate such as ``\\ud800``, which JSON escapes can make): ``(key path,
    what is wrong)``, or None. Iterative, so no depth can make it recurse."""
    stack = [(value, "", 0)]
    while stack:
        item, path, depth = stack.pop()
        if isinstance(item, str):
            if not _is_unicode(item):
                return path or "(top level)", ("expected text; found a lone UTF-16 surrogate, which is not a "
                                               "character (a broken \\u escape)")
            continue
        if depth >= max_depth and isinstance(item, (dict, list)):
            return path or "(top level)", f"nested more than {max_depth} deep; expected plainer data"
        if isinstance(item, dict):
            for key, sub in item.items():
                if isinstance(key, str) and not _is_unicode(key):
                    return path or "(top level)", ("expected keys of text; found a key with a lone UTF-16 "
                                                   "surrogate (a broken \\u escape)")
                stack.append((sub, _join(path, _key(key) if isinstance(key, str) else str(key)), depth + 1))
        elif isinstance(item, list):
            stack.extend((sub, f"{path}[{i}]", depth + 1) for i, sub in enumerate(item))
    return None


def _is_unicode(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
