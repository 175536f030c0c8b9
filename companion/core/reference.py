"""The rule reference: Markdown in our own words, one section per stable rule id.

A section starts with a heading that carries its id in braces::

    ### A captured courier stays captured {#couriers.move.finished}

Everything up to the next heading of the same or a higher level is that rule's text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*(?:\{#([a-z0-9_.\-]+)\})?\s*$")


@dataclass(frozen=True)
class RuleText:
    id: str
    title: str
    body: str
    level: int

    def markdown(self) -> str:
        return f"{'#' * self.level} {self.title}\n\n{self.body}".rstrip() + "\n"


def parse_reference(text: str) -> dict[str, RuleText]:
    rules: dict[str, RuleText] = {}
    current: tuple[str, str, int] | None = None
    body: list[str] = []

    def close():
        if current is not None:
            rid, title, level = current
            rules[rid] = RuleText(rid, title, "\n".join(body).strip(), level)

    for line in text.splitlines():
        m = _HEADING.match(line)
        if m:
            level = len(m.group(1))
            if current is not None and level <= current[2]:
                close()
                current = None
            if m.group(3):
                close()
                current = (m.group(3), m.group(2), level)
                body = []
                continue
        if current is not None:
            body.append(line)
    close()
    return rules
