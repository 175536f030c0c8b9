"""The close dialog: each house option with what it would place and earn, before choosing.

Every option and preview comes from ``companion.thurn_and_taxis.view`` (the same code that
applies the close), so what the dialog promises is what the close does.
"""

from __future__ import annotations

import re

from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFrame,
    QGridLayout,
    QLabel,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from companion.core.words import counted
from companion.thurn_and_taxis import view

from .. import looks
from ..widgets.columns import ScrollingColumn

#: what the dialog leaves of the screen's height (its title bar and frame)
SCREEN_EDGE = 60


#: a figure and the word after it ("5 points", "6 tile"), kept on one line
_FIGURE = re.compile(r"(\d) (?=\S)")


def figures_kept(text: str) -> str:
    """``text`` with each figure joined to its next word by a no-break space: a preview wrapped
    "carriage 5 (5 / points)" at the large type (#14)."""
    return _FIGURE.sub("\\1\u00a0", text)


class CloseDialog(QDialog):
    def __init__(self, state, parent=None):
        super().__init__(parent)
        s = self.state = state
        b = s.board
        self.setWindowTitle("Close the route")
        self.setMinimumWidth(520)
        lay = QVBoxLayout(self)
        p = s.active
        head = QLabel(f"<b>{p.name}</b> closes {view.route_text(s, p.route)} ({len(p.route)} cards). "
                      f"{s.houses_left(p)} houses left.")
        head.setWordWrap(True)
        self.head = head
        lay.addWidget(head)

        self.cartwright = QCheckBox(f"Call the Cartwright: the route counts "
                                    f"+{b.game['cartwright_bonus']} toward the carriage")
        already = s.turn.official == "cartwright"
        self.cartwright.setChecked(already)
        refused = None if already else view.official_refusal(s, "cartwright")
        self.cartwright.setEnabled(not already and refused is None)
        if refused is not None:
            self.cartwright.setToolTip(refused.reason)
        lay.addWidget(self.cartwright)

        # the options scroll: in the larger type four of them wanted 713 px, more than a 720-pixel
        # screen holds, and the window cut each preview's last line (#14)
        options = QWidget()
        column = QVBoxLayout(options)
        column.setContentsMargins(0, 0, 0, 0)
        self.options_column = ScrollingColumn(options)
        lay.addWidget(self.options_column, 1)
        self.options = view.house_options(s)
        self.group = QButtonGroup(self)
        self.radios: list[QRadioButton] = []
        self.previews: list[QLabel] = []
        self.pickers: dict[str, QComboBox] = {}
        #: when houses run short: the boxes of the places the player picks (thurn_and_taxis.houses.all)
        self.short: dict[int, list[tuple[QCheckBox, str]]] = {}
        for i, opt in enumerate(self.options):
            box = QFrame()
            box.setFrameShape(QFrame.Shape.StyledPanel)
            grid = QGridLayout(box)
            radio = QRadioButton(self._title(opt))
            self.group.addButton(radio, i)
            self.radios.append(radio)
            grid.addWidget(radio, 0, 0, 1, 2)
            row = 1
            if opt.kind == "each_province":
                for prov, cities in opt.choices.items():
                    if len(cities) > 1:
                        combo = QComboBox()
                        combo.addItems([b.name(c) for c in cities])
                        combo.currentIndexChanged.connect(self._update)
                        self.pickers[prov] = combo
                        grid.addWidget(QLabel(f"    In {b.provinces[prov].name}:"), row, 0)
                        grid.addWidget(combo, row, 1)
                        row += 1
            places = self._places(opt)
            if opt.count < len(places):
                grid.addWidget(QLabel(f"    Only {counted(opt.count, 'house')} left: choose where"), row, 0, 1, 2)
                row += 1
                boxes = []
                for n, (key, text) in enumerate(places):
                    box_ = QCheckBox(text)
                    box_.setStyleSheet("margin-left: 22px;")
                    box_.setChecked(n < opt.count)
                    box_.toggled.connect(lambda _on, i=i: self._limit(i))
                    grid.addWidget(box_, row, 0, 1, 2)
                    boxes.append((box_, key))
                    row += 1
                self.short[i] = boxes
                self._limit(i)
            preview = QLabel()
            preview.setWordWrap(True)
            preview.setStyleSheet("margin-left: 22px;")
            looks.tone(preview, "accent")
            self.previews.append(preview)
            grid.addWidget(preview, row, 0, 1, 2)
            column.addWidget(box)
        if self.radios:
            best = max(range(len(self.options)), key=lambda i: self.options[i].count)
            self.radios[best].setChecked(True)
        self.cartwright.toggled.connect(self._update)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Close the route")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        lay.addWidget(self.buttons)
        self._update()
        self._hold_width()
        self._hold_height()

    def _hold_width(self) -> None:
        """At least as wide as its lines that cannot wrap (the Cartwright's tick, each option's
        title): the least of 520 px alone let the dialog take that width in the larger type, the
        tick's words ran past its edge ("toward t") and the options' previews lost their last
        line under their frames (#14)."""
        options = self.options_column.widget()
        inner = options.minimumSizeHint().width() + self.options_column.verticalScrollBar().sizeHint().width()
        self.options_column.setMinimumWidth(inner)
        self.setMinimumWidth(max(520, self.layout().minimumSize().width()))

    def _hold_height(self) -> None:
        """The options as tall as they are, or as the screen leaves them beside the rest."""
        lay = self.layout()
        margins = lay.contentsMargins()
        inner = self.minimumWidth() - margins.left() - margins.right()
        rest = (margins.top() + margins.bottom() + 3 * lay.spacing() + self.head.heightForWidth(inner)
                + self.cartwright.sizeHint().height() + self.buttons.sizeHint().height())
        room = (self.parentWidget() or self).screen().availableGeometry().height() - rest - SCREEN_EDGE
        options = self.options_column.widget()
        want = options.heightForWidth(inner) if options.hasHeightForWidth() else options.sizeHint().height()
        self.options_column.setMinimumHeight(max(0, min(want, room)))

    def _title(self, opt) -> str:
        b = self.state.board
        if opt.kind == "each_province":
            return f"One house in each province ({opt.count} house{'s' if opt.count != 1 else ''})"
        names = ", ".join(b.name(c) for c in opt.choices[opt.province])
        return f"Every city of {b.provinces[opt.province].name}: {names}"

    def _places(self, opt) -> list[tuple[str, str]]:
        """Where the option may put a house: cities of the province, or the provinces crossed."""
        b = self.state.board
        if opt.kind == "one_province":
            return [(c, b.name(c)) for c in opt.choices[opt.province]]
        return [(p, b.provinces[p].name) for p in opt.choices]

    def _limit(self, i: int) -> None:
        """At most as many ticks as houses left: the other boxes wait until one is cleared."""
        boxes = self.short[i]
        full = sum(b.isChecked() for b, _k in boxes) >= self.options[i].count
        for b, _k in boxes:
            b.setEnabled(b.isChecked() or not full)
        self._update()

    def cities_for(self, i: int) -> list[str]:
        opt = self.options[i]
        chosen = {k for b, k in self.short.get(i, []) if b.isChecked()} if i in self.short else None
        if opt.kind == "one_province":
            cities = list(opt.choices[opt.province])
            return [c for c in cities if c in chosen] if chosen is not None else opt.default_cities()
        picked = [cities[max(0, self.pickers[p].currentIndex())] if p in self.pickers else cities[0]
                  for p, cities in opt.choices.items() if chosen is None or p in chosen]
        return picked if chosen is not None else picked[: opt.count]

    def _update(self, *_):
        cw = self.cartwright.isChecked()
        for i, label in enumerate(self.previews):
            award = view.close_preview(self.state, self.cities_for(i), cartwright=cw)
            label.setText("\u2192 " + figures_kept(view.award_text(self.state, award)))

    def chosen(self) -> tuple[dict, bool]:
        """The close_route arguments, and whether the Cartwright is to be called first."""
        i = max(0, self.group.checkedId())
        args = view.close_input(self.options[i], self.cities_for(i)).args
        call = self.cartwright.isChecked() and self.state.turn.official != "cartwright"
        return args, call
