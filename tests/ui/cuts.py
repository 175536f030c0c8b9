"""A sample record cut at an input and opened in the window at a look (size, text size, table
mode): the moment a layout test reads."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtWidgets import QApplication


def settle() -> None:
    for _ in range(8):
        QApplication.processEvents()


def cut(tmp_path: Path, record: Path, kept: int | None) -> Path:
    """``record`` with only its first ``kept`` inputs (all of them for None), nothing undone."""
    data = json.loads(record.read_text())
    if kept is not None:
        data["inputs"], data["undone"] = data["inputs"][:kept], []
    path = tmp_path / f"{record.stem}-{kept}.json"
    path.write_text(json.dumps(data))
    return path


def open_cut(window, tmp_path: Path, record: Path, kept: int | None, size=(1280, 720),
             text: str = "larger", table: bool = False):
    """The window at the look, then the cut opened in it; its screen."""
    path = cut(tmp_path, record, kept)
    window.set_text_size(text, remember=False)
    window.resize(*size)
    window.set_table_mode(table, full_screen=False)
    assert window.open_record(str(path))
    settle()
    return window.screen_widget
