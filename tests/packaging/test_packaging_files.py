"""Fast checks of what the installers are built from (no PyInstaller run): every rule pack and
resource file is bundled, and the icon files packaging/icons.py writes are well formed."""

from __future__ import annotations

import struct
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "packaging"))

import datafiles  # noqa: E402
import icons  # noqa: E402


def test_every_rule_pack_and_resource_file_is_bundled():
    bundled = {Path(src).relative_to(ROOT) for src, _dest in datafiles.data_files(ROOT)}
    on_disk = {p.relative_to(ROOT) for pkg in ("rules", "resources", "companion/phones/static")
               for p in (ROOT / pkg).rglob("*") if p.is_file() and p.suffix not in (".py", ".pyc")}
    assert on_disk - bundled == set(), "add these to PATTERNS in packaging/datafiles.py"
    for src, dest in datafiles.data_files(ROOT):
        assert Path(src).parent.relative_to(ROOT) == Path(dest)


def test_bundled_data_is_also_package_data():
    """The wheel (pip install) and the installers carry the same files."""
    package_data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    for src, _dest in datafiles.data_files(ROOT):
        rel = Path(src).relative_to(ROOT)
        globs = package_data[rel.parts[0]]
        assert any(Path(*rel.parts[1:]).match(g.replace("**/", "")) for g in globs), rel


def test_icon_pngs_exist_in_every_size():
    for size in icons.SIZES:
        head = icons.png(size).read_bytes()[:24]
        assert head[:8] == b"\x89PNG\r\n\x1a\n"
        assert struct.unpack(">II", head[16:24]) == (size, size)


def test_ico_and_icns_are_well_formed(tmp_path):
    ico = icons.write_ico(tmp_path / "p.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", ico[:6])
    assert (reserved, kind, count) == (0, 1, 7)
    for i in range(count):
        w, _h, _c, _r, _planes, _bpp, size, offset = struct.unpack("<BBBBHHII", ico[6 + 16 * i:22 + 16 * i])
        assert ico[offset:offset + 8] == b"\x89PNG\r\n\x1a\n" and offset + size <= len(ico)
    icns = icons.write_icns(tmp_path / "p.icns").read_bytes()
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns)
    pos, kinds = 8, []
    while pos < len(icns):
        kinds.append(icns[pos:pos + 4])
        pos += struct.unpack(">I", icns[pos + 4:pos + 8])[0]
    assert pos == len(icns) and b"ic10" not in kinds and b"ic09" in kinds


def test_desktop_entry_names_the_launcher_and_icon():
    text = (ROOT / "resources" / "posthorn.desktop").read_text()
    assert "\nExec=posthorn " in text and "\nIcon=posthorn\n" in text and "\nType=Application\n" in text
