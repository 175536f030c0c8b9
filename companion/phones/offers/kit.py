"""The pieces an offer is made of: an action (a button or a short form) and its fields."""

from __future__ import annotations

from collections.abc import Sequence


def action(label: str, kind: str, args: dict | None = None, *, fields: list[dict] | None = None,
           source: str | None = None, app: str | None = None, private: bool = False,
           note: str = "") -> dict:
    """One thing a seat may do. ``app`` is "roll" or "draw" for the app's own dice or deck;
    ``private`` actions show only behind the seat's privacy cover (they name its cards). An
    empty ``kind`` is a note: something the seat does elsewhere (on the laptop's map)."""
    return {"label": label, "kind": kind, "args": dict(args or {}), "fields": fields or [],
            "source": source, "app": app, "private": private, "note": note}


def pick(key: str, label: str, options: Sequence[tuple[str, str]], count: int) -> dict:
    """Choose exactly ``count`` of ``options`` (value, label); the input gets them as a list."""
    return {"key": key, "type": "pick", "label": label, "count": count,
            "options": [{"value": v, "label": t} for v, t in options]}


def choice(key: str, label: str, options: Sequence[tuple[object, str]], optional: bool = False,
           default: int = 0) -> dict:
    return {"key": key, "type": "choice", "label": label, "optional": optional, "default": default,
            "options": [{"value": v, "label": t} for v, t in options]}


def number(key: str, label: str, lo: float, hi: float, optional: bool = False, step: float = 1) -> dict:
    return {"key": key, "type": "number", "label": label, "min": lo, "max": hi, "step": step,
            "optional": optional}


def text(key: str, label: str, max_len: int) -> dict:
    return {"key": key, "type": "text", "label": label, "max": max_len}


def flag(key: str, label: str) -> dict:
    return {"key": key, "type": "flag", "label": label}


def dice_actions(step: dict, private: bool = False) -> list[dict]:
    """A roll owed: the app's dice, or the numbers the seat's own dice showed."""
    roll = step["roll"]
    dice = {"key": "values", "type": "dice", "label": "Your dice", "count": roll["count"],
            "sides": roll["sides"]}
    return [action(f"Roll {roll['dice']} with the app's dice", "roll", app="roll", note=roll["purpose"]),
            action("Enter my own dice", "roll", fields=[dice], source="table")]


def mine(step: dict, seat: str) -> bool:
    """A step this seat may take: its own, or the whole table's."""
    return step["who"] in (seat, None)
