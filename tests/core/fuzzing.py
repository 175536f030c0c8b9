"""Structure-aware fuzzing: take a real document (a bundled sample record, a pack's TOML file, a
map file), pick one path in it, and put a hostile value there (a wrong type, a huge or negative
number, NaN, a lone surrogate, 10,000 characters of text, nesting thousands deep), or drop the
key, or give it twice. Each mutant is written out as the text a hostile file would hold, so the
loader meets it exactly as it would on disk.

``POSTHORN_FUZZ_EXAMPLES`` sets the examples per test (the long run in the README sets it
high); the normal suite keeps a modest number.
"""

from __future__ import annotations

import json
import math
import os
import re
from dataclasses import dataclass

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from companion.core.violations import FileProblem, PosthornError

EXAMPLES = int(os.environ.get("POSTHORN_FUZZ_EXAMPLES", "40"))
#: The normal suite draws the same examples every run (derandomize), so a regression it can
#: catch fails every time, not one run in ten; the long runs (``LONG``) draw afresh each time.
FUZZ = settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.filter_too_much])


@dataclass(frozen=True)
class Deep:
    """Nesting ``depth`` levels deep, written straight as text (no encoder recursion)."""

    depth: int
    table: bool = False


@dataclass(frozen=True)
class Mutation:
    path: tuple
    how: str  # replace | delete | duplicate
    value: object = None

    def __str__(self) -> str:
        shown = repr(self.value)
        return f"{self.how} at {'/'.join(map(str, self.path))}: {shown[:80]}"


WRONG_TYPES = [None, True, False, 0, 1, -1, 1.5, "", "text", [], {}, [1, "a"], {"a": 1}, [[]], {"": None}]
NUMBERS = [10**400, -(10**400), 2**63, -(2**63) - 1, 2**64, 10**13, -(10**13), 1e308, -1e308, 5e-324,
           -0.0, 0.5, -7, 1000000]
NON_FINITE = [math.nan, math.inf, -math.inf]
SURROGATES = ["\ud800", "\udfff", "a\udc80b", "\udbff\udbff"]


def hostile(original) -> st.SearchStrategy:
    """A value to put where ``original`` was: hostile in every way a file can be, and also near
    misses of the original (one more, negative, a letter added) that get past type checks."""
    near = []
    if isinstance(original, bool):
        near = [not original, int(original)]
    elif isinstance(original, int):
        near = [original + 1, original - 1, -original, original * 1000, float(original), str(original)]
    elif isinstance(original, float):
        near = [original + 0.5, -original, original * 1e6, int(original), str(original)]
    elif isinstance(original, str):
        near = [original + "x", original.upper(), original[:1], original * 2, " " + original, [original],
                original + "\ud800", (original or "x") * (10_000 // max(1, len(original)) + 1)]
    elif isinstance(original, list):
        near = [original[:1], original[1:], original + original[:1], list(reversed(original)), original * 20]
    elif isinstance(original, dict):
        near = [dict(list(original.items())[:1]), {**original, "unknown_key": 1}]
    return st.one_of(
        st.sampled_from(WRONG_TYPES), st.sampled_from(NUMBERS), st.sampled_from(NON_FINITE),
        st.sampled_from(SURROGATES), st.just("x" * 10_000), st.just("\u00e9" * 10_000),
        st.builds(Deep, st.sampled_from([33, 200, 3000, 50_000]), st.booleans()),
        st.integers(), st.floats(), st.text(max_size=20),
        st.sampled_from(near) if near else st.nothing(),
    )


def paths(value, prefix=()):
    """Every path into a document (keys and list indexes), the root excluded."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield (*prefix, k)
            yield from paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield (*prefix, i)
            yield from paths(v, (*prefix, i))


def at(doc, path):
    for key in path:
        doc = doc[key]
    return doc


@st.composite
def mutations(draw, doc, where=None) -> Mutation:
    """One mutation of ``doc`` at a path (under ``where`` if given: a few top-level keys)."""
    choices = [p for p in paths(doc) if where is None or p[0] in where]
    path = draw(st.sampled_from(choices), label="path")
    parent_is_table = isinstance(at(doc, path[:-1]), dict)
    how = draw(st.sampled_from(["replace", "replace", "replace", "delete"]
                               + (["duplicate"] if parent_is_table else [])), label="how")
    value = None if how == "delete" else draw(hostile(at(doc, path)), label="value")
    return Mutation(path, how, value)


def apply(doc, m: Mutation):
    """The mutated document: a copy sharing nothing that changed. A ``duplicate`` leaves the key
    as it is and is written out twice by the writers below."""
    import copy

    doc = copy.deepcopy(doc)
    parent = at(doc, m.path[:-1])
    if m.how == "delete":
        del parent[m.path[-1]]
    elif m.how == "replace":
        parent[m.path[-1]] = m.value
    return doc


# -- writing a mutant as a hostile file would hold it -------------------------------------------------
def json_text(doc, m: Mutation | None = None) -> str:
    """JSON text of ``doc``, ASCII with \\u escapes (as a surrogate must be), NaN and Infinity
    as Python writes them; a ``duplicate`` mutation gives the key twice, the hostile value first."""
    out: list[str] = []
    _json(doc, (), m if m is not None and m.how == "duplicate" else None, out)
    return "".join(out)


def _json(value, path, dup, out) -> None:
    if isinstance(value, Deep):
        out.append(('{"a": ' * value.depth + "1" + "}" * value.depth) if value.table
                   else "[" * value.depth + "]" * value.depth)
    elif isinstance(value, dict):
        out.append("{")
        first = True
        for k, v in value.items():
            here = (*path, k)
            if dup is not None and here == dup.path:
                out.append(("" if first else ", ") + json.dumps(k) + ": ")
                _json(dup.value, here, None, out)
                first = False
            out.append(("" if first else ", ") + json.dumps(k) + ": ")
            _json(v, here, dup, out)
            first = False
        out.append("}")
    elif isinstance(value, list):
        out.append("[")
        for i, v in enumerate(value):
            if i:
                out.append(", ")
            _json(v, (*path, i), dup, out)
        out.append("]")
    else:
        out.append(json.dumps(value))


def toml_bytes(doc: dict, m: Mutation | None = None) -> bytes:
    """A TOML file of ``doc``: one ``key = value`` line per top-level key, every table inline.
    A lone surrogate cannot be written as UTF-8: it comes out as the bytes a careless writer
    would make (``surrogatepass``), which is what such a file holds."""
    dup = m if m is not None and m.how == "duplicate" else None
    lines = []
    for k, v in doc.items():
        if dup is not None and dup.path == (k,):
            lines.append(f"{_toml_key(k)} = {_toml(dup.value, (k,), None)}")
        lines.append(f"{_toml_key(k)} = {_toml(v, (k,), dup)}")
    return ("\n".join(lines) + "\n").encode("utf-8", "surrogatepass")


def _toml_key(k) -> str:
    return json.dumps(str(k), ensure_ascii=False)


def _toml(value, path, dup) -> str:
    if isinstance(value, Deep):
        return ("{a = " * value.depth + "1" + "}" * value.depth) if value.table else \
            "[" * value.depth + "]" * value.depth
    if value is None:
        return '""'  # TOML has no null: the nearest a hand-edited file has is an empty text
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v, (*path, i), dup) for i, v in enumerate(value)) + "]"
    parts = []
    for k, v in value.items():
        here = (*path, k)
        if dup is not None and here == dup.path:
            parts.append(f"{_toml_key(k)} = {_toml(dup.value, here, None)}")
        parts.append(f"{_toml_key(k)} = {_toml(v, here, dup)}")
    return "{" + ", ".join(parts) + "}"


# -- what may come of it ------------------------------------------------------------------------------
def clear_message(e: PosthornError, file: str) -> str:
    """A problem with a file must name the file, the place in it and what is wrong with it (the
    loaders say "expected ..."; a game's own checks word it their way: "not 30", "unknown")."""
    text = str(e)
    assert isinstance(e, FileProblem), f"{type(e).__name__} without a file: {text}"
    assert e.path == file, f"names {e.path!r}, not the file {file!r}: {text}"
    whole_file = e.what.startswith(("file is larger than", "file is ", "cannot be read"))
    assert e.where.strip() or whole_file, f"no place in the file: {text}"
    assert e.what.strip(), f"says nothing: {text}"
    # a real place: a key path, a line, a byte; not a stand-in for "somewhere"
    assert e.where.strip() not in ("(a number)", "(somewhere)", "?"), f"no real place: {text}"
    # in words: what was expected, or what is wrong ("not valid JSON", "unknown", "nested ...")
    assert re.search(r"[A-Za-z]{3,}[^A-Za-z]+[A-Za-z]{2,}", e.what), f"not in words: {text}"
    text.encode("utf-8", "backslashreplace")
    return text


#: The long runs' sweep: every path of a document gets one of these in turn, so each kind of
#: hostile value lands all over the document, not only where the random draws fell.
SWEEP = [("replace", None), ("replace", "\ud800"), ("replace", 10**400), ("replace", math.nan),
         ("replace", "x" * 10_000), ("replace", Deep(3000)), ("delete", None), ("duplicate", [1]),
         ("replace", -1), ("replace", {}), ("replace", []), ("replace", -(10**13)), ("replace", True)]


def sweep(doc):
    """One mutation at every path of ``doc``, the kinds of SWEEP in turn."""
    for i, path in enumerate(paths(doc)):
        how, value = SWEEP[i % len(SWEEP)]
        if how == "duplicate" and not isinstance(at(doc, path[:-1]), dict):
            how, value = "replace", "text"
        yield Mutation(path, how, value)
