"""Posthorn's app icon in every format an installer wants.

``resources/icons/posthorn.svg`` is the drawing; the PNGs beside it are rendered from it with Qt
(run this file with the dev venv after changing the SVG: ``.venv/bin/python packaging/icons.py``)
and committed. ``write_ico`` and ``write_icns`` pack those PNGs into a Windows .ico and a macOS
.icns in plain Python (both formats can hold PNG data as is), so the build needs no Pillow.
"""

from __future__ import annotations

import struct
import sys
from pathlib import Path

ICONS = Path(__file__).resolve().parent.parent / "resources" / "icons"
SVG = ICONS / "posthorn.svg"
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


def png(size: int) -> Path:
    return ICONS / f"posthorn-{size}.png"


def render_pngs() -> None:
    """Render the SVG to ``posthorn-N.png`` for every size (needs PySide6)."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    _app = QGuiApplication.instance() or QGuiApplication(["icons", "-platform", "offscreen"])
    renderer = QSvgRenderer(str(SVG))
    if not renderer.isValid():
        raise SystemExit(f"icons: cannot read {SVG}")
    for size in SIZES:
        image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter)
        painter.end()
        if not image.save(str(png(size))):
            raise SystemExit(f"icons: cannot write {png(size)}")
        print(f"wrote {png(size)}")


def write_ico(out: Path, sizes=(16, 24, 32, 48, 64, 128, 256)) -> Path:
    """A Windows .ico of PNG entries (read by Windows Vista and later, and by Inno Setup)."""
    blobs = [(s, png(s).read_bytes()) for s in sizes]
    header = struct.pack("<HHH", 0, 1, len(blobs))
    offset = 6 + 16 * len(blobs)
    entries, data = b"", b""
    for size, blob in blobs:
        dim = 0 if size >= 256 else size  # 0 means 256 in an ICONDIRENTRY
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(blob), offset + len(data))
        data += blob
    out.write_bytes(header + entries + data)
    return out


# icns element types that hold PNG data, by pixel size (the @2x types share the larger size)
ICNS_TYPES = ((b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128), (b"ic08", 256),
              (b"ic09", 512), (b"ic11", 32), (b"ic12", 64), (b"ic13", 256), (b"ic14", 512))


def write_icns(out: Path) -> Path:
    """A macOS .icns of PNG elements."""
    body = b""
    for kind, size in ICNS_TYPES:
        blob = png(size).read_bytes()
        body += kind + struct.pack(">I", 8 + len(blob)) + blob
    out.write_bytes(b"icns" + struct.pack(">I", 8 + len(body)) + body)
    return out


if __name__ == "__main__":
    render_pngs()
    sys.exit(0)
