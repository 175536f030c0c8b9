"""The banner that shows a flagged input: the rule it breaks, with Rule, Override and Cancel.

A firm violation (``Violation.firm``) is one the table may not override: the banner then offers
no Override, says so on that violation's line and names its rule (whose text says why)."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton

from .. import looks


class FlagBanner(QFrame):
    override_clicked = Signal()
    rule_clicked = Signal(str)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("flagBanner")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        lay = QHBoxLayout(self)
        lay.setContentsMargins(10, 6, 10, 6)
        self.icon = QLabel("\u2691")
        looks.text_size(self.icon, "title")
        self.text = QLabel()
        self.text.setWordWrap(True)
        self.rule_button = QPushButton("Show rule")
        self.override_button = QPushButton("Override")
        self.override_button.setToolTip("Play it anyway: the log records the rule it breaks")
        self.cancel_button = QPushButton("Cancel")
        lay.addWidget(self.icon)
        lay.addWidget(self.text, 1)
        for b in (self.rule_button, self.override_button, self.cancel_button):
            lay.addWidget(b)
        self.rule_button.clicked.connect(lambda: self.rule_clicked.emit(self._rule or ""))
        self.override_button.clicked.connect(self.override_clicked)
        self.cancel_button.clicked.connect(self.hide)
        self._rule: str | None = None
        self.hide()

    def least_height(self) -> int:
        """The height its icon, its buttons and its frame take whatever its words."""
        m = self.layout().contentsMargins()
        tallest = max(w.sizeHint().height() for w in (self.icon, self.rule_button, self.override_button,
                                                       self.cancel_button))
        return tallest + m.top() + m.bottom() + 2 * self.frameWidth()

    def show_violations(self, violations, titles: dict[str, str]) -> None:
        lines = []
        for v in violations:
            title = titles.get(v.rule)
            head = "Not allowed, and no Override for it" if v.firm else "Not allowed"
            lines.append(f"{head}: {v.reason}.  Rule: {title or v.rule} ({v.rule})")
        firm = [v.rule for v in violations if v.firm]
        self._rule = violations[0].rule if violations else None
        self._show("\n".join(lines), warn=True, can_override=not firm)

    def show_error(self, message: str) -> None:
        self._rule = None
        self._show(f"Refused: {message}", warn=False, can_override=False)

    def _show(self, text: str, warn: bool, can_override: bool) -> None:
        from PySide6.QtCore import Qt  # loaded here, not before the window's first frame

        self.text.setTextFormat(Qt.TextFormat.PlainText)  # a reason is never read as markup
        looks.panel(self, "notice" if warn else "bad")
        self.icon.setText("\u2691" if warn else "\u2716")
        self.text.setText(text)
        self.rule_button.setVisible(self._rule is not None)
        self.override_button.setVisible(can_override)
        self.show()
