"""Files written atomically: a failure leaves the old file as it was and no stray temp file."""

from __future__ import annotations

import os

import pytest

from companion.core import storage
from companion.core.storage import atomic_write


def test_atomic_write_writes_and_replaces(tmp_path):
    target = tmp_path / "sub" / "game.json"
    atomic_write(target, "first\n")
    assert target.read_text(encoding="utf-8") == "first\n"
    atomic_write(target, "second ✓\n")
    assert target.read_text(encoding="utf-8") == "second ✓\n"
    assert sorted(p.name for p in target.parent.iterdir()) == ["game.json"]


def test_failed_write_leaves_the_old_file_intact(tmp_path):
    target = tmp_path / "game.json"
    target.write_text("old", encoding="utf-8")
    with pytest.raises(UnicodeEncodeError):
        atomic_write(target, "half written \ud800 never")  # a lone surrogate cannot be encoded
    assert target.read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_failed_rename_leaves_the_old_file_intact(tmp_path, monkeypatch):
    target = tmp_path / "game.json"
    target.write_text("old", encoding="utf-8")

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError, match="No space left"):
        atomic_write(target, "new")
    assert target.read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_data_dir_honours_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("POSTHORN_DATA_DIR", str(tmp_path / "data"))
    assert storage.data_dir() == tmp_path / "data"
    assert storage.autosave_dir() == tmp_path / "data" / "autosave" and storage.autosave_dir().is_dir()
    assert storage.user_packs_dir().is_dir()
