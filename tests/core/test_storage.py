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


def test_failed_write_leaves_the_old_file_intact(tmp_path, monkeypatch):
    target = tmp_path / "game.json"
    target.write_text("old", encoding="utf-8")

    def broken_fsync(fd):
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    with pytest.raises(OSError, match="Input/output"):
        atomic_write(target, "half written, never")
    assert target.read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


@pytest.mark.parametrize("lone", ["\ud800", "\udc80", "\udfff"])
def test_a_lone_surrogate_is_written_as_its_json_escape_and_reads_back(tmp_path, lone):
    """UTF-8 cannot hold a lone surrogate; a JSON string may. The file stays UTF-8 and the
    text reads back exactly, so saving a game whose record carries one never fails."""
    import json

    target = tmp_path / "game.json"
    text = json.JSONEncoder(ensure_ascii=False).encode({"message": f"hold {lone} the ridge \u00e9"})
    atomic_write(target, text)
    raw = target.read_bytes()
    assert f"\\u{ord(lone):04x}".encode() in raw and "\u00e9".encode() in raw
    assert json.loads(raw.decode("utf-8")) == {"message": f"hold {lone} the ridge \u00e9"}


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
