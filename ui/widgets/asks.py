"""Whether a button's input may be given now, asked of the session (never re-derived here).

A button is enabled when the session would take its input, or take it as an override the table
may choose (the banner then names the rule); it is disabled, with the reason as its tooltip, when
something else is owed first (a ``.pending`` rule) or the game is over.
"""

from __future__ import annotations

from companion.core.inputs import Input
from companion.core.violations import MalformedInput


def waits_for(session, inp: Input) -> str:
    """"" when ``inp`` may be given now; else why not, with the rule id."""
    ended = session.result()
    if ended is not None:
        return f"The game is over ({ended.rule})"
    try:
        found = session.why_not(inp)
    except MalformedInput as e:
        return str(e)
    return "; ".join(f"{v.reason} ({v.rule})" for v in found if v.rule.endswith(".pending"))


def ask(button, session, inp: Input, tip: str = "") -> None:
    """Enable ``button`` exactly when ``waits_for`` finds nothing in the way."""
    why = waits_for(session, inp)
    button.setEnabled(not why)
    button.setToolTip(why or tip)
