"""The rule reference viewer: every rule of the pack by title; a flag's rule is one click away."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QListWidget,
    QListWidgetItem,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)


class RuleViewer(QWidget):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.list = QListWidget()
        # a long title wraps onto a second line: a topic is never behind a sideways scroll
        self.list.setWordWrap(True)
        self.list.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.text = QTextBrowser()
        self.text.setOpenExternalLinks(False)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.list)
        split.addWidget(self.text)
        split.setSizes([160, 320])
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(split)
        self.rules: dict = {}
        self.list.currentItemChanged.connect(self._show_current)

    def set_pack(self, pack) -> None:
        self.list.clear()
        self.rules = dict(pack.reference) if pack else {}
        for rid, rule in self.rules.items():
            item = QListWidgetItem(rule.title)
            item.setData(Qt.ItemDataRole.UserRole, rid)
            item.setToolTip(rid)
            self.list.addItem(item)
        self.text.clear()
        if self.list.count():
            self.list.setCurrentRow(0)  # never an empty pane: the first rule until one is asked for

    def show_rule(self, rule_id: str) -> bool:
        for i in range(self.list.count()):
            if self.list.item(i).data(Qt.ItemDataRole.UserRole) == rule_id:
                self.list.setCurrentRow(i)
                return True
        return False

    def current_rule(self) -> str | None:
        item = self.list.currentItem()
        return item.data(Qt.ItemDataRole.UserRole) if item else None

    def _show_current(self, item, _prev=None) -> None:
        if item is None:
            self.text.clear()
            return
        rule = self.rules[item.data(Qt.ItemDataRole.UserRole)]
        self.text.setMarkdown(f"## {rule.title}\n\n{rule.body}\n\n*Rule id: `{rule.id}`*")
