"""Frames of the main window, as the benchmark and the tests take them.

Two ways to bring the window up to date after a click:

- ``settle(app)``: the paint Qt itself delivers. Qt marks what a change made dirty and posts the
  window an update request; handling it paints the dirty regions into the backing store and
  flushes it. Events are processed until the event dispatcher has none left (a layout handled in
  one pass posts a queued call or marks more dirty for the next; one ``processEvents()`` leaves
  those, and a scroll bar moved a frame late), so every paint the click causes is in, and no
  more.
- ``full_render(win)``: every visible widget painted afresh, scroll areas' contents included
  (``QWidget.grab``: the window rendered into a pixmap). ``QWidget.repaint()`` is not that: it
  sends no paint to the viewports of item views and text browsers (the game log's rows).

``on_screen(win)`` reads the window's backing store (what the offscreen platform shows), so a
test can compare what the dirty-region paints left on screen with a fresh full render.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QAbstractEventDispatcher, QEventLoop, QPoint, QRect
from PySide6.QtGui import QImage

#: Events still pending after this many passes of the event loop are a redraw loop.
MAX_PASSES = 200
#: Anti-aliased drawings painted through a clip (a dirty region of a map) differ from the same
#: drawing painted whole by a step or two of a colour channel at the clip's edge; a widget left
#: stale differs by far more.
TOLERANCE = 8


def settle(app) -> int:
    """Process events until none is pending (the dirty regions painted and flushed); the
    passes of the event loop it took."""
    dispatcher = QAbstractEventDispatcher.instance()
    for passes in range(1, MAX_PASSES + 1):
        if not dispatcher.processEvents(QEventLoop.ProcessEventsFlag.AllEvents):
            return passes
    raise RuntimeError(f"events were still pending after {MAX_PASSES} passes of the event loop")


def full_render(win) -> QImage:
    """Every visible widget of ``win`` painted afresh."""
    return win.grab().toImage()


def on_screen(win) -> QImage:
    """The window's pixels as its backing store holds them (the offscreen platform's screen)."""
    return win.screen().grabWindow(win.winId()).toImage()


@dataclass(frozen=True)
class Stale:
    """A patch of the screen that differs from a fresh render, and the widget under it."""

    rect: QRect
    pixels: int
    widget: str

    def __str__(self) -> str:
        r = self.rect
        return f"{self.pixels} px in ({r.x()},{r.y()} {r.width()}x{r.height()}) over {self.widget}"


def _rgb(img: QImage) -> QImage:
    return img.convertToFormat(QImage.Format.Format_RGB32)


def stale_patches(win, shown: QImage, fresh: QImage, tolerance: int = TOLERANCE, cell: int = 32) -> list[Stale]:
    """Where ``shown`` differs from ``fresh`` by more than ``tolerance`` in a colour channel,
    gathered into ``cell``-pixel squares, each named by the widget under its middle."""
    a, b = _rgb(shown), _rgb(fresh)
    if a.size() != b.size():
        return [Stale(QRect(0, 0, b.width(), b.height()), b.width() * b.height(), "the whole window (sizes differ)")]
    w, h = a.width(), a.height()
    stride = a.bytesPerLine()
    ra, rb = bytes(a.constBits()), bytes(b.constBits())
    cells: dict[tuple[int, int], list[int]] = {}
    for y in range(h):
        row = slice(y * stride, y * stride + 4 * w)
        if ra[row] == rb[row]:
            continue
        base = y * stride
        for x in range(w):
            i = base + 4 * x
            if ra[i:i + 4] == rb[i:i + 4]:
                continue
            if max(abs(ra[i + c] - rb[i + c]) for c in range(3)) > tolerance:
                box = cells.setdefault((x // cell, y // cell), [x, y, x, y, 0])
                box[0], box[1] = min(box[0], x), min(box[1], y)
                box[2], box[3] = max(box[2], x), max(box[3], y)
                box[4] += 1
    out = []
    for x0, y0, x1, y1, n in cells.values():
        rect = QRect(QPoint(x0, y0), QPoint(x1, y1))
        out.append(Stale(rect, n, widget_path(win, rect.center())))
    return out


def widget_path(win, at: QPoint) -> str:
    """The widget of ``win`` at ``at`` and its parents, innermost first."""
    w, names = win.childAt(at), []
    while w is not None and w is not win:
        names.append(w.objectName() or type(w).__name__)
        w = w.parentWidget()
    return " < ".join(names) or type(win).__name__


#: A patch one pixel wide or high, of at most this many pixels, is a speck, left out: the edge of
#: a drawing cut by a dirty region's clip is sampled a shade apart from the same drawing painted
#: whole (a die's border, one corner pixel of the game log's frame). A stale widget leaves more.
SPECK = 8


def speck(patch: Stale) -> bool:
    return patch.pixels <= SPECK and min(patch.rect.width(), patch.rect.height()) <= 1


def stale(win) -> list[Stale]:
    """What the window shows now that a fresh full render would not."""
    return [p for p in stale_patches(win, on_screen(win), full_render(win)) if not speck(p)]
