"""A unit table's upright scroll bar, once it has come, kept while the table shows the same town
or battle (#12).

Shown as needed, the bar of a late game's town of forty units went and came back within one
click (the rows measured on screen one after another, the range shrank and grew) and hid for
good when an end of phase made the rows shorter: each time the rows' width changed by the bar's,
the columns were shared anew, every row on screen measured again and the table painted whole
twice (at 5,000 inputs the table's paints were the largest part of an end of phase). A bar
kept costs the table no room it had not already given, and nothing moves under the pointer."""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QAbstractScrollArea

AS_NEEDED = Qt.ScrollBarPolicy.ScrollBarAsNeeded
KEPT = Qt.ScrollBarPolicy.ScrollBarAlwaysOn


class KeptBar(QObject):
    """Keeps ``view``'s upright bar once it is needed, until ``release``."""

    def __init__(self, view: QAbstractScrollArea):
        super().__init__(view)
        self.view = view
        view.verticalScrollBar().rangeChanged.connect(self._range_changed)

    @property
    def kept(self) -> bool:
        return self.view.verticalScrollBarPolicy() == KEPT

    def _range_changed(self, low: int, high: int) -> None:
        # (Qt shows or hides the bar in a queued call after the range changed: set before it)
        if high > low and not self.kept:
            self.view.setVerticalScrollBarPolicy(KEPT)

    def release(self) -> None:
        """Another town or battle: its bar comes as its rows need it."""
        if self.kept:
            self.view.setVerticalScrollBarPolicy(AS_NEEDED)
            bar = self.view.verticalScrollBar()
            self._range_changed(bar.minimum(), bar.maximum())
