"""Shared by the benchmarks: a compact text table."""

from __future__ import annotations


def table(head: list[str], rows: list[tuple]) -> str:
    """Left-align the first column, right-align the rest, a rule under the head."""
    cells = [head, *[[str(c) for c in r] for r in rows]]
    widths = [max(len(r[i]) for r in cells) for i in range(len(head))]
    lines = ["  ".join(c.ljust(w) if i == 0 else c.rjust(w)
                       for i, (c, w) in enumerate(zip(r, widths, strict=True))) for r in cells]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(line.rstrip() for line in lines)
