"""Every setting the window remembers, declared once with its type and its default.

Read and write them only through ``get`` and ``put``: a stored value of the wrong type or out of
its choices (an old version's, a hand-edited file's) reads as the default instead of breaking the
window. They live in an INI file under ``POSTHORN_SETTINGS_DIR`` when that is set (tests, a
portable copy), else in QSettings' usual place for the organisation and application "Posthorn".
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from PySide6.QtCore import QSettings


@dataclass(frozen=True)
class Option:
    key: str
    type: type
    default: object
    choices: tuple = ()


OPTIONS = {o.key: o for o in (
    Option("looks/colours", str, "system", ("system", "light", "dark")),
    Option("looks/text_size", str, "normal", ("normal", "large", "larger")),
    Option("thurn_and_taxis/scores", str, "hidden", ("hidden", "open")),  # bonus tiles face down or up
    Option("window/geometry", str, ""),  # QWidget.saveGeometry as base64; empty: fit the screen
)}

_store: QSettings | None = None
_store_path = ""


def store() -> QSettings:
    """The settings file; looked up again when POSTHORN_SETTINGS_DIR changes (each test has one)."""
    global _store, _store_path
    folder = os.environ.get("POSTHORN_SETTINGS_DIR", "")
    path = os.path.join(folder, "posthorn.ini") if folder else ""
    if _store is None or path != _store_path:
        _store = QSettings(path, QSettings.Format.IniFormat) if path else QSettings("Posthorn", "Posthorn")
        _store_path = path
    return _store


def get(key: str):
    option = OPTIONS[key]
    value = store().value(key, option.default)
    if not isinstance(value, option.type):
        try:
            value = option.type(value)
        except (TypeError, ValueError):
            return option.default
    if option.choices and value not in option.choices:
        return option.default
    return value


def put(key: str, value) -> None:
    option = OPTIONS[key]
    if option.choices and value not in option.choices:
        raise ValueError(f"setting {key} must be one of {', '.join(option.choices)}, not {value!r}")
    store().setValue(key, value)
    store().sync()  # at once: a crash later must not lose the choice
