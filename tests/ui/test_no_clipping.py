"""Every screen of every game read at 1280x720: each bundled sample record (its result screen
and its table, every tab of it) and each game's setup dialog, in light and dark colours at the
normal and the largest text size, and the Courier Desk's dialogs and the Postman's retreat
offer at every text size; one record of each game also at the large size and on a 1366x768
screen. Fails, naming the widget and its text, on: a visible label's or table
cell's text wider than its space; text that lies outside what the enclosing scroll area's
viewport or the window shows (cut at the side, or cut above or below where nothing scrolls); a
view that scrolls sideways (text a player needs is never behind a sideways scroll); a table
showing fewer whole rows than its useful minimum; a board out of sight or squeezed under a
share of the window's height; painted text (``text_boxes``) that does not
fit its box or overlaps other painted text; a dialog too narrow for its title; a label (in
rich text, each coloured run) or a table, list or log cell whose text and background contrast
under 4.5:1 (WCAG AA); or a game log
whose newest line is cut while it follows its newest line, or that shows fewer lines than it
keeps room for."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from PySide6 import QtGui
from PySide6.QtCore import QModelIndex, QPoint, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QFontMetrics, QFontMetricsF, QTextDocument
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractScrollArea,
    QApplication,
    QCheckBox,
    QComboBox,
    QDialog,
    QGraphicsView,
    QGroupBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QRadioButton,
    QStyle,
    QStyleOptionComboBox,
    QTableView,
    QTabWidget,
    QTreeView,
    QWidget,
)

import rules
from companion.games import bundled_pack
from ui import game_screens, palette
from ui.widgets.game_log import GameLog
from ui.widgets.hand_panel import HandPanel

from .courier_steps import ride_and_lose_the_trail, send_to_hancock

SAMPLES = sorted(Path(rules.__file__).parent.glob("*/samples/*.json"))
GAMES = ("postman", "thurn_and_taxis", "ab_die_post", "couriers")
LOOKS = [(c, s) for s in ("normal", "large", "larger") for c in ("light", "dark")]
# every screen at the smallest and largest text size; the whole matrix on the Courier Desk's
# dialogs and the Postman's retreat offer, which keep the suite fast
EVERY_SCREEN = [(c, s) for c, s in LOOKS if s != "large"]


def _shown(w: QWidget) -> bool:
    # a scroll area's viewport covers it (a frameless one, and every table heading, wholly):
    # what shows of it is what shows of its viewport
    region = w.viewport().visibleRegion() if isinstance(w, QAbstractScrollArea) else w.visibleRegion()
    return w.isVisible() and w.width() > 0 and w.height() > 0 and not region.isEmpty()


def _where(w: QWidget) -> str:
    names = []
    while w is not None and len(names) < 4:
        names.append(w.objectName() or type(w).__name__)
        w = w.parentWidget()
    return "/".join(reversed(names))


def _room(label: QLabel, indent: bool = True) -> QRect:
    """Where a label may draw its text: inside its frame and margin (and indent)."""
    room = label.contentsRect().adjusted(label.margin(), label.margin(), -label.margin(), -label.margin())
    if indent and label.indent() > 0:
        room.setLeft(room.left() + label.indent())
    return room


def _rich(label: QLabel, room: QRect) -> QTextDocument | None:
    """A rich-text label's words laid out as it lays them out (None for plain text)."""
    text = label.text()
    if not (label.textFormat() == Qt.TextFormat.RichText or (label.textFormat() == Qt.TextFormat.AutoText
                                                             and QtGui.Qt.mightBeRichText(text))):
        return None
    doc = QTextDocument()
    doc.setDefaultFont(label.font())
    doc.setDocumentMargin(0)
    doc.setHtml(text)
    if label.wordWrap():
        doc.setTextWidth(room.width())
    return doc


def _inks(label: QLabel) -> list[tuple[str, str, str | None]]:
    """The words of a label with the colour each is drawn in: its palette's text colour, or in
    rich text each run's own colour where it sets one (a player's name in their colour), the
    palette's elsewhere, on the label's own background where a run sets one."""
    fg = label.palette().color(label.foregroundRole()).name()
    doc = _rich(label, _room(label))
    if doc is None:
        return [(label.text(), fg, None)]
    out = []
    block = doc.begin()
    while block.isValid():
        it = block.begin()
        while not it.atEnd():
            fragment = it.fragment()
            words = fragment.text().strip()
            if words:
                brush = fragment.charFormat().foreground()
                ink = brush.color().name() if brush.style() != Qt.BrushStyle.NoBrush else fg
                paper = fragment.charFormat().background()
                out.append((words, ink, paper.color().name() if paper.style() != Qt.BrushStyle.NoBrush else None))
            it += 1
        block = block.next()
    return out


def _label_problem(label: QLabel) -> str | None:
    text = label.text()
    if not text.strip() or label.pixmap() is not None and not label.pixmap().isNull():
        return None
    room = _room(label)
    doc = _rich(label, room)
    if doc is not None:
        if label.wordWrap():
            if doc.size().height() > room.height() + 2:
                return f"needs {doc.size().height():.0f} px of height, has {room.height()}"
            return None
        if doc.idealWidth() > room.width() + 1:
            return f"needs {doc.idealWidth():.0f} px, has {room.width()}"
        return None
    fm = QFontMetrics(label.font())
    lines = text.split("\n")
    if label.wordWrap():
        words = [word for line in lines for word in line.split()]
        longest = max((fm.horizontalAdvance(word) for word in words), default=0)
        if longest > room.width() + 1:
            return f"a word needs {longest} px, has {room.width()}"
        if label.heightForWidth(label.width()) > label.height() + 1:
            return f"needs {label.heightForWidth(label.width())} px of height, has {label.height()}"
        return None
    wide = max(fm.horizontalAdvance(line) for line in lines)
    if wide > room.width() + 1:
        return f"needs {wide} px, has {room.width()}"
    if len(lines) * fm.lineSpacing() > room.height() + fm.leading() + 2:
        return f"needs {len(lines) * fm.lineSpacing()} px of height, has {room.height()}"
    return None


def _button_problem(button: QAbstractButton) -> str | None:
    text = button.text().replace("&&", "\0").replace("&", "").replace("\0", "&")
    if not text.strip():
        return None
    fm = QFontMetrics(button.font())
    extra = 24 if isinstance(button, (QCheckBox, QRadioButton)) else 8
    if not button.icon().isNull():
        extra += button.iconSize().width() + 4
    need = max(fm.horizontalAdvance(line) for line in text.split("\n")) + extra
    return f"needs {need} px, has {button.width()}" if need > button.width() + 1 else None


def _columns(model) -> int:
    try:
        return model.columnCount(QModelIndex())
    except TypeError:  # a list model keeps columnCount to itself: one column
        return 1


def _padding(view) -> int:
    """What the style keeps on both sides of a cell's text (its focus frame margin, plus one)."""
    return 2 * (view.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, view) + 1)


def _shown_cells(view: QAbstractItemView, rows: int | None = None):
    """(row, column, index, rect, text) of each cell with words that shows in the view's
    viewport (of its first ``rows`` rows; all of them when None)."""
    model = view.model()
    port = view.viewport().rect()
    count = model.rowCount(QModelIndex())
    for row in range(count if rows is None else min(count, rows)):
        for col in range(_columns(model)):
            index = model.index(row, col, QModelIndex())
            rect = view.visualRect(index)
            if rect.isEmpty() or not port.intersects(rect):
                continue
            text = index.data(Qt.ItemDataRole.DisplayRole)
            if isinstance(text, str) and text.strip():
                yield row, col, index, rect, text


def _cell_problems(view: QAbstractItemView) -> list[str]:
    model = view.model()
    if model is None:
        return []
    out = []
    port = view.viewport().rect()
    pad = _padding(view)
    for row, col, index, rect, text in _shown_cells(view, 60):
        if view.horizontalScrollBarPolicy() == Qt.ScrollBarPolicy.ScrollBarAlwaysOff and \
                rect.right() > port.right() + 1:
            out.append(f"cell ({row}, {col}) {text!r}: runs {rect.right() - port.right()} px past the view")
            continue
        font = index.data(Qt.ItemDataRole.FontRole) or view.font()
        fm = QFontMetrics(font)
        extra = pad + (20 if index.data(Qt.ItemDataRole.DecorationRole) is not None else 0)
        if isinstance(view.parentWidget(), GameLog) and not view.wordWrap():
            continue  # until the log wraps (FINDINGS.md): then each row must fit the log's width
        if not isinstance(view, QTableView | QTreeView):
            # a list (the log) lays an unwrapped row out as wide as its widest row, and
            # scrolls sideways to it: the row's space is the view's width
            rect = QRect(rect.left(), rect.top(), min(rect.width(), port.width() - rect.left()), rect.height())
        if view.wordWrap() and " " in text:
            box = fm.boundingRect(QRect(0, 0, rect.width() - extra, 10_000), Qt.TextFlag.TextWordWrap, text)
            longest = max(fm.horizontalAdvance(w) for w in text.split())
            if box.height() > rect.height() or longest > rect.width() - extra:
                out.append(f"cell ({row}, {col}) {text!r}: wraps to {box.height()} px in a "
                           f"{rect.width()}x{rect.height()} cell")
        elif fm.horizontalAdvance(text) + extra > rect.width():
            out.append(f"cell ({row}, {col}) {text!r}: needs {fm.horizontalAdvance(text) + extra} px, "
                       f"has {rect.width()}")
    return out


def _cell_contrast(view: QAbstractItemView) -> list[str]:
    """Each shown cell's words against its background, as the view paints them: the model's
    own colours, else the palette's text on its base (every other row on the alternate base)."""
    model = view.model()
    if model is None:
        return []
    out = []
    pal = view.palette()
    group = QtGui.QPalette.ColorGroup.Active if view.isEnabled() else QtGui.QPalette.ColorGroup.Disabled
    chosen = view.selectionModel() if hasattr(view, "selectionModel") else None
    for row, col, index, _rect, text in _shown_cells(view):
        if chosen is not None and chosen.isSelected(index):
            continue
        fg, bg = index.data(Qt.ItemDataRole.ForegroundRole), index.data(Qt.ItemDataRole.BackgroundRole)
        fg = QtGui.QBrush(fg).color() if fg is not None else pal.color(group, QtGui.QPalette.ColorRole.Text)
        shaded = view.alternatingRowColors() if hasattr(view, "alternatingRowColors") else False
        base = QtGui.QPalette.ColorRole.AlternateBase if shaded and row % 2 else QtGui.QPalette.ColorRole.Base
        bg = QtGui.QBrush(bg).color() if bg is not None else pal.color(group, base)
        if palette.contrast(fg.name(), bg.name()) < 4.5:
            out.append(f"cell ({row}, {col}) {text[:40]!r}: {fg.name()} on {bg.name()} is "
                       f"{palette.contrast(fg.name(), bg.name()):.2f}:1, under 4.5:1")
    return out


def _newest_line(log: GameLog) -> str | None:
    """The log follows its newest line: at its bottom, that line shows whole."""
    view, rows = log.view, log.model.rowCount()
    bar = view.verticalScrollBar()
    if not _shown(view) or not rows or bar.value() < bar.maximum():
        return None
    rect = view.visualRect(log.model.index(rows - 1, 0))
    port = view.viewport().rect()
    if rect.top() < port.top() or rect.bottom() > port.bottom() + 1:
        return f"the newest line {log.model.index(rows - 1, 0).data()[:40]!r} is cut: y {rect.top()}..{rect.bottom()}, " \
               f"the log shows 0..{port.bottom()}"
    return None


def _header_problems(header: QHeaderView) -> list[str]:
    model = header.model()
    if model is None or not _shown(header):
        return []
    out = []
    count = _columns(model) if header.orientation() == Qt.Orientation.Horizontal else model.rowCount(QModelIndex())
    for section in range(count):
        if header.isSectionHidden(section) or header.sectionSize(section) == 0:
            continue
        text = model.headerData(section, header.orientation(), Qt.ItemDataRole.DisplayRole)
        if not isinstance(text, str) or not text.strip() or header.orientation() == Qt.Orientation.Vertical:
            continue
        # what the style draws round a heading's words (its margins, the sort mark's place): a
        # heading given only its words' width is drawn edge to edge, cramped against the next
        need = header.sectionSizeFromContents(section).width()
        if need > header.sectionSize(section):
            out.append(f"heading {text!r}: needs {need} px, has {header.sectionSize(section)}")
    return out


#: whole rows a table shows at the least (or all it has, when fewer), unless it says otherwise
#: with a ``usefulRows`` property: with fewer, a player cannot compare one row with the next
USEFUL_ROWS = 3


def _on_top(w: QWidget, top: QWidget) -> QRect:
    return QRect(w.mapTo(top, QPoint(0, 0)), w.size())


def _seen(w: QWidget, top: QWidget) -> tuple[QRect, QRect]:
    """Where ``w`` can be seen on ``top`` (its rect cut by every ancestor's, in ``top``'s
    coordinates), and the same cut only by the ancestors inside the first viewport that scrolls
    up and down: text below or above that viewport can be scrolled to, text cut by the others
    cannot."""
    seen = fixed = _on_top(w, top)
    scrolled = False
    p = w.parentWidget()
    while p is not None:
        area = _on_top(p, top) if p is not top else top.rect()
        seen = seen.intersected(area)
        outer = p.parentWidget()
        if isinstance(outer, QAbstractScrollArea) and p is outer.viewport() \
                and outer.verticalScrollBar().maximum() > 0:
            scrolled = True
        if not scrolled:
            fixed = fixed.intersected(area)
        if p is top:
            break
        p = p.parentWidget()
    return seen, fixed


def _cut(text: QRect, w: QWidget, top: QWidget) -> str | None:
    """Why the part of ``w`` at ``text`` (in ``w``'s coordinates) is not all where it can be seen."""
    seen, fixed = _seen(w, top)
    if seen.isEmpty():
        return None  # scrolled out of sight up or down (out of sight sideways fails as a scroll)
    box = QRect(w.mapTo(top, text.topLeft()), text.size())
    if box.left() < seen.left() - 1 or box.right() > seen.right() + 1:
        return (f"text at x {box.left()}..{box.right()} is cut at the side: only "
                f"{seen.left()}..{seen.right()} shows")
    if box.top() < fixed.top() - 1 or box.bottom() > fixed.bottom() + 1:
        return (f"text at y {box.top()}..{box.bottom()} is cut above or below: only "
                f"{fixed.top()}..{fixed.bottom()} shows and nothing scrolls to the rest")
    return None


def _label_text_rect(label: QLabel) -> QRect:
    """Where a label draws its text: its width and height, placed by its alignment."""
    room = _room(label, indent=False)
    fm = QFontMetrics(label.font())
    text = label.text()
    doc = _rich(label, room)
    if doc is not None:
        wide, high = min(int(doc.idealWidth()), room.width()), int(doc.size().height())
    elif label.wordWrap():
        wide = min(room.width(), max(fm.horizontalAdvance(line) for line in text.split("\n")))
        high = fm.boundingRect(QRect(0, 0, max(room.width(), 1), 100_000), Qt.TextFlag.TextWordWrap, text).height()
    else:
        wide = max(fm.horizontalAdvance(line) for line in text.split("\n"))
        high = fm.lineSpacing() * len(text.split("\n"))
    wide, high = min(wide, room.width()), min(high, room.height())
    align = label.alignment()
    x = room.left()
    if align & Qt.AlignmentFlag.AlignRight:
        x = room.right() + 1 - wide
    elif align & Qt.AlignmentFlag.AlignHCenter:
        x = room.left() + (room.width() - wide) // 2
    y = room.top() + (room.height() - high) // 2
    if align & Qt.AlignmentFlag.AlignTop:
        y = room.top()
    elif align & Qt.AlignmentFlag.AlignBottom:
        y = room.bottom() + 1 - high
    return QRect(x, y, max(wide, 1), max(high, 1))


def _sideways(area: QAbstractScrollArea) -> str | None:
    """A scroll area (a table, a list, the log, a column) that scrolls sideways hides text behind
    it; only the boards, which pan, may."""
    if isinstance(area, QGraphicsView) or not _shown(area) or \
            isinstance(area.parentWidget(), GameLog) and not area.wordWrap():
        return None
    bar = area.horizontalScrollBar()
    if bar.maximum() > 0:
        return f"scrolls sideways: {bar.maximum()} px of it is out of sight"
    return None


def _rows_shown(view: QAbstractItemView, top: QWidget) -> str | None:
    model = view.model()
    if model is None or not _shown(view):
        return None
    rows = model.rowCount(QModelIndex())
    want = view.property("usefulRows")
    if isinstance(view.parentWidget(), GameLog):
        want = view.parentWidget()._rows_kept or want  # the lines it keeps room for (keep_rows)
    want = min(rows, USEFUL_ROWS if want is None else int(want))
    if want <= 0:
        return None
    _seen_rect, fixed = _seen(view.viewport(), top)
    port = QRect(view.viewport().mapFrom(top, fixed.topLeft()), fixed.size())
    whole = 0
    for row in range(rows):
        rect = view.visualRect(model.index(row, 0, QModelIndex()))
        if rect.isEmpty():
            continue
        if rect.top() >= port.top() - 1 and rect.bottom() <= port.bottom() + 1:
            whole += 1
        elif whole:
            break
    if whole < want:
        return f"shows {whole} whole row(s) of {rows}, needs at least {want}"
    return None


def _painted_problems(w: QWidget) -> list[str]:
    """Text a widget paints itself, which it lists as ``text_boxes()``: (box, text, font, flags)."""
    out = []
    boxes = w.text_boxes()
    for box, text, font, flags in boxes:
        need = QFontMetricsF(font).boundingRect(QRectF(box.left(), box.top(), box.width(), 100_000), flags, text)
        if need.width() > box.width() + 1 or need.height() > box.height() + 1:
            out.append(f"painted {text!r} needs {need.width():.0f}x{need.height():.0f}, its box is "
                       f"{box.width():.0f}x{box.height():.0f}")
    drawn = [(QFontMetricsF(font).boundingRect(box, flags, text), text) for box, text, font, flags in boxes]
    for i, (a, ta) in enumerate(drawn):
        for b, tb in drawn[i + 1:]:
            if a.intersects(b):
                out.append(f"painted {ta!r} overlaps {tb!r}")
    if any(not QRectF(w.rect()).adjusted(-1, -1, 1, 1).contains(box) for box, *_ in boxes):
        out.append("paints text outside itself")
    return out


def _background(image, label: QLabel, top: QWidget) -> str:
    seen, _fixed = _seen(label, top)  # only what is drawn of it: the rest is other widgets' pixels
    counts: Counter = Counter()
    for y in range(seen.top(), seen.bottom() + 1, 2):
        for x in range(seen.left(), seen.right() + 1, 2):
            if 0 <= x < image.width() and 0 <= y < image.height():
                counts[image.pixelColor(x, y).name()] += 1
    return counts.most_common(1)[0][0] if counts else "#ffffff"


SCREEN = (1280, 720)
TITLE_BAR = 30  # what a desktop's window frame adds above a dialog (offscreen draws none)

#: a board (a view a screen marks with its ``board`` property: the Postman map, the Thurn and
#: Taxis map, the flight) is drawn at least this share of the window's height, wholly in sight:
#: a board scrolled out of sight or squeezed into a strip is not read from across the table
BOARD_SHARE = 0.22


def _board_problems(top: QWidget) -> list[str]:
    out = []
    for view in top.findChildren(QGraphicsView):
        if not view.property("board") or not view.isVisibleTo(top) or view.window() is not top:
            continue
        port = _on_top(view.viewport(), top)
        _seen_rect, fixed = _seen(view.viewport(), top)
        if not _shown(view) or not fixed.adjusted(-1, -1, 1, 1).contains(port):
            out.append(f"{_where(view)} the board is out of sight: y {port.top()}..{port.bottom()}, "
                       f"only {fixed.top()}..{fixed.bottom()} shows")
        elif port.height() < BOARD_SHARE * top.height():
            out.append(f"{_where(view)} the board is squeezed: {port.width()}x{port.height()} px, "
                       f"needs {BOARD_SHARE * top.height():.0f} px of height")
    return out


def _board_words(top: QWidget) -> list[str]:
    """The words drawn on a board (a town's name, a zone) against the board's paper."""
    from PySide6.QtWidgets import QGraphicsSimpleTextItem, QGraphicsTextItem

    out = []
    for view in top.findChildren(QGraphicsView):
        if not _shown(view) or view.scene() is None:
            continue
        paper = view.backgroundBrush()
        if paper.style() == Qt.BrushStyle.NoBrush:
            paper = view.scene().backgroundBrush()
        if paper.style() != Qt.BrushStyle.SolidPattern:
            continue
        for item in view.scene().items():
            if not item.isVisible():
                continue
            if isinstance(item, QGraphicsSimpleTextItem):
                text, ink = item.text(), item.brush().color()
            elif isinstance(item, QGraphicsTextItem):
                text, ink = item.toPlainText(), item.defaultTextColor()
            else:
                continue
            ratio = palette.contrast(ink.name(), paper.color().name())
            if text.strip() and ratio < 4.5:
                out.append(f"{_where(view)} word {text[:30]!r}: {ink.name()} on its paper "
                           f"{paper.color().name()} is {ratio:.2f}:1, under 4.5:1")
    return out


def problems(top: QWidget) -> list[str]:
    """Everything on ``top`` (a window or a dialog) that a player could not read in full, once
    its layout has settled (tables share their width and make room over a few passes)."""
    for _ in range(4):
        QApplication.processEvents()
        QTest.qWait(5)
    out = []
    image = top.grab().toImage()
    for label in top.findChildren(QLabel):
        if not _shown(label) or not label.text().strip():
            continue
        why = _label_problem(label) or _cut(_label_text_rect(label), label, top)
        if why:
            out.append(f"{_where(label)} {label.text()[:60]!r}: {why}")
        # a disabled label too: a label is words to read, never a control, and greyed words on a
        # panel (a box disabled until something is chosen) are words a player cannot read
        if not (label.pixmap() is not None and not label.pixmap().isNull()):
            drawn_on = _background(image, label, top)
            for words, fg, own in _inks(label):
                bg = own or drawn_on
                if palette.contrast(fg, bg) < 4.5:
                    out.append(f"{_where(label)} {words[:60]!r}: {fg} on {bg} is "
                               f"{palette.contrast(fg, bg):.2f}:1, under 4.5:1")
    for button in top.findChildren(QAbstractButton):
        if _shown(button) and not isinstance(button.parentWidget(), QHeaderView):
            why = _button_problem(button) or (_cut(button.rect(), button, top) if button.text().strip() else None)
            if why:
                out.append(f"{_where(button)} {button.text()!r}: {why}")
    for combo in top.findChildren(QComboBox):
        if _shown(combo) and combo.currentText():
            opt = QStyleOptionComboBox()
            combo.initStyleOption(opt)
            text = QSize(QFontMetrics(combo.font()).horizontalAdvance(combo.currentText()), combo.height())
            need = combo.style().sizeFromContents(QStyle.ContentsType.CT_ComboBox, opt, text, combo).width()
            why = f"needs {need} px, has {combo.width()}" if need > combo.width() + 1 else _cut(combo.rect(), combo, top)
            if why:
                out.append(f"{_where(combo)} {combo.currentText()!r}: {why}")
    for edit in top.findChildren(QLineEdit):
        # an empty field's placeholder says what to type there: cut, it says nothing
        hint = edit.placeholderText()
        if _shown(edit) and not edit.text() and hint and not isinstance(edit.parentWidget(), QComboBox):
            need = QFontMetrics(edit.font()).horizontalAdvance(hint) + 12  # frame and text margins
            if need > edit.width() + 1:
                out.append(f"{_where(edit)} placeholder {hint!r}: needs {need} px, has {edit.width()}")
    for box in top.findChildren(QGroupBox):
        if _shown(box) and box.title():
            need = QFontMetrics(box.font()).horizontalAdvance(box.title()) + 16
            if need > box.width():
                out.append(f"{_where(box)} title {box.title()!r}: needs {need} px, has {box.width()}")
    for view in top.findChildren(QAbstractItemView):
        if isinstance(view, QHeaderView):
            out += [f"{_where(view)} {p}" for p in _header_problems(view)]
        elif _shown(view):
            out += [f"{_where(view)} {p}" for p in _cell_problems(view) + _cell_contrast(view)]
            why = _rows_shown(view, top)
            if why:
                out.append(f"{_where(view)} {why}")
    for area in top.findChildren(QAbstractScrollArea):
        why = _sideways(area)
        if why:
            out.append(f"{_where(area)} {why}")
        elif _shown(area) and not isinstance(area, QGraphicsView):
            seen, _fixed = _seen(area.viewport(), top)
            port = _on_top(area.viewport(), top)
            if not seen.isEmpty() and (port.left() < seen.left() - 1 or port.right() > seen.right() + 1):
                out.append(f"{_where(area)} is cut at the side: x {port.left()}..{port.right()}, "
                           f"only {seen.left()}..{seen.right()} shows")
    for w in top.findChildren(QWidget):
        if hasattr(w, "text_boxes") and _shown(w):
            out += [f"{_where(w)} {p}" for p in _painted_problems(w)]
    out += _board_problems(top) + _board_words(top)
    for log in top.findChildren(GameLog):
        why = _newest_line(log)
        if why:
            out.append(f"{_where(log)} {why}")
        if not isinstance(log.view, QAbstractItemView) and _shown(log.view):  # a text view of rows
            out += [f"{_where(log)} {p}" for p in _cell_problems(log.view) + _cell_contrast(log.view)]
    if isinstance(top, QDialog) and (top.width() > SCREEN[0] or top.height() > SCREEN[1] - TITLE_BAR):
        out.append(f"dialog {top.windowTitle()!r} is {top.width()}x{top.height()}: with its title bar it "
                   f"does not fit a {SCREEN[0]}x{SCREEN[1]} screen")
    if isinstance(top, QDialog) and top.windowTitle():
        need = QFontMetrics(QApplication.font()).horizontalAdvance(top.windowTitle()) + 120
        if need > top.width():
            out.append(f"dialog title {top.windowTitle()!r}: needs {need} px, the dialog is {top.width()}")
    return out


def every_tab(top: QWidget):
    """Yield once per page of every tab widget on ``top`` (the first page included), and once
    more on each page where a hand behind its privacy screen is shown, with its cards revealed."""
    yield None
    yield from _revealed(top, "table")
    for tabs in top.findChildren(QTabWidget):
        if _shown(tabs):
            start = tabs.currentIndex()
            for i in range(tabs.count()):
                if i != start and tabs.isTabEnabled(i):
                    tabs.setCurrentIndex(i)
                    yield f"tab {tabs.tabText(i)!r}"
                    yield from _revealed(top, f"tab {tabs.tabText(i)!r}")
            tabs.setCurrentIndex(start)


def _revealed(top: QWidget, where: str):
    for hand in top.findChildren(HandPanel):
        if _shown(hand) and hand.owner is not None and not hand.is_revealed:
            hand.reveal()
            QApplication.processEvents()
            yield f"{where}, {hand.owner}'s hand revealed"
            hand.cover()


def _looks(param) -> str:
    return "-".join(param)


@pytest.fixture
def looks_window(request, window):
    scheme, size = request.param
    window.set_colours(scheme, remember=False)
    window.set_text_size(size, remember=False)
    window.resize(1280, 720)
    QApplication.processEvents()
    yield window
    window.set_table_mode(False, full_screen=False)
    window.set_colours("light", remember=False)
    window.set_text_size("normal", remember=False)


@pytest.mark.parametrize("looks_window", EVERY_SCREEN, ids=_looks, indirect=True)
@pytest.mark.parametrize("record", SAMPLES, ids=lambda p: f"{p.parent.parent.name}-{p.stem}")
def test_every_sample_screen_reads_in_full(looks_window, record, qtbot):
    found = _read_every_screen(looks_window, record, qtbot, (1280, 720))
    assert not found, "\n".join(found)


def _read_every_screen(window, record, qtbot, size) -> list[str]:
    """Opens RECORD and reads its result screen, every tab of its table and the table in table
    mode (the same screen read from across the table); returns what clips or lacks contrast."""
    assert window.open_record(str(record))
    found = []
    result = window.telling.result
    if result.isVisible():
        found += [f"result screen: {p}" for p in problems(window)]
        qtbot.mouseClick(result.buttons["back"], Qt.MouseButton.LeftButton)
    assert window.width() <= size[0] and window.height() <= size[1], f"the window is forced to {window.size()}"
    for tab in every_tab(window):
        found += [f"{tab or 'table'}: {p}" for p in problems(window)]
    window.set_table_mode(True, full_screen=False)
    found += [f"table mode: {p}" for p in problems(window)]
    window.set_table_mode(False, full_screen=False)
    return found


@pytest.mark.parametrize("looks_window", EVERY_SCREEN, ids=_looks, indirect=True)
@pytest.mark.parametrize("game", GAMES)
def test_every_setup_dialog_reads_in_full(looks_window, game, monkeypatch):
    seen = _looked_at(monkeypatch)
    assert game_screens.ask_setup(looks_window, game, bundled_pack(game)) is None
    assert len(seen) == 1 and not seen[0][1], "\n".join(seen[0][1])


def _looked_at(monkeypatch):
    seen = []

    def look_instead(dlg):
        dlg.show()
        QApplication.processEvents()
        seen.append((dlg.windowTitle(), problems(dlg)))
        dlg.hide()
        return QDialog.DialogCode.Rejected

    monkeypatch.setattr(QDialog, "exec", look_instead)
    return seen


@pytest.mark.parametrize("looks_window", LOOKS, ids=_looks, indirect=True)
def test_every_courier_desk_dialog_reads_in_full(looks_window, monkeypatch):
    couriers = [p for p in SAMPLES if p.parent.parent.name == "couriers"][0]
    assert looks_window.open_record(str(couriers))
    dialogs = looks_window.screen_widget.dialogs
    seen = _looked_at(monkeypatch)
    state = looks_window.table.state
    assert dialogs.add_commander(state.sides) is None
    assert dialogs.send_courier(state, next(iter(state.commanders))) is None
    assert dialogs.place("Declare headquarters", "Headquarters at", with_building=True) is None
    assert dialogs.place("Establish headquarters", "Headquarters at", with_building=False) is None
    assert dialogs.moved(next(iter(state.commanders.values())).name) is None
    assert [title for title, _ in seen] == ["Add a commander", "Send a courier", "Declare headquarters",
                                            "Establish headquarters", "Commander moved"]
    found = [f"{title}: {p}" for title, found in seen for p in found]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("looks_window", EVERY_SCREEN, ids=_looks, indirect=True)
def test_a_six_player_flight_reads_in_full(looks_window, qtbot):
    """Six planes on the flight board and six rows in the players' table: the board keeps its
    share of the window and its words never run into each other (text_boxes)."""
    window = looks_window
    window.ask_setup = lambda parent, game, pack: {"players": ["Anna", "Ben", "Cleo", "Dirk", "Emil", "Frieda"]}
    assert window.new_game("ab_die_post", seed=3)
    found = problems(window)
    assert window.width() <= 1280 and window.height() <= 720, f"the window is forced to {window.size()}"
    assert not found, "\n".join(found)


@pytest.mark.parametrize("looks_window", EVERY_SCREEN, ids=_looks, indirect=True)
def test_the_map_editor_reads_in_full(looks_window, qtbot):
    """The map editor with the bundled board open, over a 1280x720 window."""
    from companion.games import bundled_pack
    from ui.postman.map_editor import MapEditor

    editor = MapEditor(looks_window)
    qtbot.addWidget(editor)
    editor.ask_open = lambda: bundled_pack("postman").source + "/maps/default.toml"
    editor.show()
    qtbot.mouseClick(editor.open_button, Qt.MouseButton.LeftButton)
    assert len(editor.draft.towns) == 40
    found = problems(editor)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("looks_window", LOOKS, ids=_looks, indirect=True)
def test_the_retreat_offer_reads_in_full(looks_window, qtbot):
    from .test_postman_table import BOARD, HOLNISTS, start, type_card

    window = looks_window
    screen = start(window, qtbot, {"board": BOARD})
    for card in ["3H", "KH", "AD", "5D", "KD", *HOLNISTS]:
        type_card(qtbot, screen, card)
    window.table.state.pos.units["general1"].town = "fo"  # the General waits where the stack rides in
    screen.select("pt")
    screen.stack.model.set_checked(["postman1", "rider1"])
    screen.map.click_town("fo")
    assert window.table.state.pos.offer is not None
    offer = screen.stack.offer
    assert offer.isVisible() and len(offer.rows) >= 3
    found = problems(window)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("looks_window", LOOKS, ids=_looks, indirect=True)
def test_a_searching_courier_reads_in_full(looks_window, qtbot):
    """After a failed location roll the ride panel asks whom the courier rides to and whether
    that is the next closest unit (couriers.locate.failed): the window still fits 1280x720."""
    window = looks_window
    window.ask_setup = lambda parent, game, pack: {"sides": ["Union", "Confederate"]}
    qtbot.mouseClick(window.start.cards["couriers"].button, Qt.MouseButton.LeftButton)
    desk = window.screen_widget
    send_to_hancock(qtbot, window, desk)
    ride_and_lose_the_trail(qtbot, window, desk, "buford")
    assert desk.next_closest.isVisibleTo(desk) and desk.towards.isVisibleTo(desk)
    window.resize(1280, 720)
    found = problems(window)
    assert window.width() <= 1280 and window.height() <= 720, f"the window is forced to {window.size()}"
    assert not found, "\n".join(found)


@pytest.mark.parametrize("size", ["normal", "larger"])
def test_the_dice_tray_reads_in_full_in_a_narrow_dock(window, size, qtbot):
    """The tray's dock is narrow at the largest text size: the chart's title and a duel's
    outcomes wrap, and the table-dice field keeps its whole placeholder, rather than be cut."""
    from companion.core.dice import Dice, RollRequest
    from ui.widgets.dice_tray import DiceTray

    window.set_text_size(size, remember=False)  # the whole application's type
    tray = DiceTray()
    qtbot.addWidget(tray)
    tray.show()
    duel = RollRequest("duel", Dice(2, 6), 0, "the Postman against the General",
                       contest=(("the Postman wins — either unit may retreat", 0.42),
                                ("the General wins — each rider is lost", 0.41),
                                ("a tie — roll again", 0.17)))
    summed = RollRequest("loss", Dice(2, 6), 9, "loss roll for courier C1", outcome_if_met="courier lost")
    for request in (duel, summed):
        tray.set_request(request, [])
        tray.setFixedWidth(230)
        tray.resize(230, 1400)  # as tall as its words need: the dock scrolls to them
        assert tray.chart.text_boxes(), "the chart lists the words it paints"
        found = [p for p in problems(tray) if "contrast" not in p]
        assert not found, "\n".join(found)
    window.set_text_size("normal", remember=False)


def _type_too_small(top: QWidget) -> list[str]:
    """Words drawn smaller than the text size asks (its smallest named size is nine tenths of
    the body text): a widget that kept the type it was built with when the size changed."""
    from ui.looks import LOOKS, SIZES

    least = LOOKS.points() * min(SIZES.values()) - 0.2
    out = []
    for w in top.findChildren(QLabel) + top.findChildren(QAbstractButton):
        if _shown(w) and w.text().strip() and w.font().pointSizeF() < least:
            out.append(f"{_where(w)} {w.text()[:40]!r}: {w.font().pointSizeF():.1f} pt, the text size "
                       f"asks at least {least:.1f}")
    return out


@pytest.mark.parametrize("record", [SAMPLES[i] for i in (1, 3, 5, 6)],
                         ids=lambda p: f"{p.parent.parent.name}-{p.stem}")
def test_every_screen_follows_looks_changed_while_it_is_open(window, record, qtbot):
    """A player opens a game, then turns the lights down and the type up: every word on the
    screen takes the new colours and size (a widget given its own style sheet keeps the
    palette and the type it was first drawn with, black on the dark panel)."""
    window.resize(1280, 720)
    assert window.open_record(str(record))
    result = window.telling.result
    for scheme, size in (("dark", "larger"), ("light", "large")):
        window.set_colours(scheme, remember=False)
        window.set_text_size(size, remember=False)
        found = []
        if result.isVisible():
            found += [f"result screen: {p}" for p in problems(window) + _type_too_small(window)]
            qtbot.mouseClick(result.buttons["back"], Qt.MouseButton.LeftButton)
        for tab in every_tab(window):
            found += [f"{tab or 'table'}: {p}" for p in problems(window) + _type_too_small(window)]
        assert not found, f"{scheme}, {size}:\n" + "\n".join(found)
    window.set_colours("light", remember=False)
    window.set_text_size("normal", remember=False)


@pytest.mark.parametrize("looks_window", EVERY_SCREEN, ids=_looks, indirect=True)
def test_the_start_page_with_its_saved_games_reads_in_full(looks_window, qtbot):
    """The start page once every sample has been played here: the resume box names the last
    game and the saved-games list shows each one's game, title, players, time and length."""
    window = looks_window
    for record in SAMPLES:
        assert window.open_record(str(record))
    window.close_game()
    assert window.start.isVisible()
    saved = window.start.saved_games
    assert saved.isVisible() and saved.list.topLevelItemCount() == len(SAMPLES)
    found = problems(window)
    assert window.width() <= 1280 and window.height() <= 720, f"the window is forced to {window.size()}"
    assert not found, "\n".join(found)
    # the newest saved game is in sight as the page opens, without scrolling to it
    tree = saved.list
    newest = tree.visualItemRect(tree.topLevelItem(0))
    row = QRect(tree.viewport().mapTo(window, newest.topLeft()), newest.size())
    page = window.start.findChild(QAbstractScrollArea)
    shown = QRect(page.viewport().mapTo(window, QPoint(0, 0)), page.viewport().size())
    assert page.verticalScrollBar().value() == 0 and shown.contains(row), (row, shown)



#: the looks the matrix above leaves out, on one record of each game (so the suite stays fast):
#: the large text size at 1280x720, and a 1366x768 screen at the normal and the larger size
OTHER_LOOKS = [((1280, 720), "dark", "large"), ((1366, 768), "light", "normal"), ((1366, 768), "dark", "larger")]
ONE_A_GAME = [next(p for p in SAMPLES if p.parent.parent.name == game) for game in GAMES]


@pytest.mark.parametrize("look", OTHER_LOOKS, ids=lambda lk: f"{lk[0][0]}x{lk[0][1]}-{lk[1]}-{lk[2]}")
@pytest.mark.parametrize("record", ONE_A_GAME, ids=lambda p: f"{p.parent.parent.name}-{p.stem}")
def test_one_record_of_each_game_reads_in_full_at_the_other_looks(window, record, look, qtbot):
    (w, h), scheme, size = look
    window.set_colours(scheme, remember=False)
    window.set_text_size(size, remember=False)
    window.resize(w, h)
    QApplication.processEvents()
    found = _read_every_screen(window, record, qtbot, (w, h))
    assert not found, "\n".join(found)
