"""The files the frozen app carries as package data: every rule pack, the resources and the phone
pages, at the same place under the bundle as in the source tree, so importlib.resources.files()
finds them. Used by packaging/posthorn.spec; tests/packaging checks that
nothing under rules/ or resources/ is left out."""

from __future__ import annotations

from pathlib import Path

PATTERNS = {"rules": ("*/*.toml", "*/*.md", "*/samples/*.json", "*/maps/*.toml"),
            "resources": ("icons/*.png", "icons/*.svg", "*.desktop"),
            "companion": ("phones/static/*",)}  # the phone pages (companion/phones/server.py)


def data_files(root: Path) -> list[tuple[str, str]]:
    """(source file, destination folder relative to the bundle) for PyInstaller's datas."""
    return sorted({(str(f), str(f.parent.relative_to(root)))
                   for pkg, globs in PATTERNS.items() for g in globs for f in (root / pkg).glob(g)})
