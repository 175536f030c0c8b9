"""The bridge between a companion Session and the widgets: one signal when anything changed.

Widgets never decide a rule: they build an Input, hand it to ``Table.submit`` and redraw from
``Table.session`` when ``changed`` fires. ``changed`` carries the session's change record
(``companion.core.session.Change``; also ``Table.last_change``): the window hands it to the
screen's ``refresh(change)``, so a screen can skip what the change did not touch (which parts of
the state, ``Change.changed``; which log lines, ``Change.lines`` and ``restyled``). A refused or flagged input comes back through
``flagged`` (with the violations and whether the table may override) so the banner can show it.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from companion.core.autosave import Autosaver
from companion.core.inputs import Input, roll
from companion.core.session import Outcome, Session
from companion.core.violations import MalformedInput, Violation


class Table(QObject):
    #: the session's Change record of the submit, undo or redo
    changed = Signal(object)
    #: (input or None, violations, message): violations empty means a refused, malformed input.
    flagged = Signal(object, list, str)
    cleared = Signal()

    def __init__(self, session: Session, autosaver: Autosaver | None = None, parent=None):
        super().__init__(parent)
        self.session = session
        self.autosaver = autosaver
        self.last_rejected: Input | None = None
        session.listeners.append(lambda s: self.changed.emit(s.last_change))

    @property
    def rules(self):
        return self.session.rules

    @property
    def last_change(self):
        """What the latest submit, undo or redo changed (None before the first)."""
        return self.session.last_change

    @property
    def state(self):
        return self.session.state

    def submit(self, inp: Input, override: bool = False) -> Outcome | None:
        try:
            outcome = self.session.submit(inp, override)
        except MalformedInput as e:
            self.last_rejected = None
            self.flagged.emit(None, [], str(e))
            return None
        if outcome.accepted:
            self.last_rejected = None
            self.cleared.emit()
        else:
            self.last_rejected = inp
            self.flagged.emit(inp, outcome.violations, "")
        return outcome

    def override_last(self) -> Outcome | None:
        inp, self.last_rejected = self.last_rejected, None
        return self.submit(inp, override=True) if inp is not None else None

    def roll_app(self) -> Outcome | None:
        if self.session.pending_roll() is None:
            return None
        return self.submit(self.session.app_roll())

    def deal_app(self) -> Outcome | None:
        """Draw the pending card (or ball) from the app's virtual deck."""
        request = self.session.pending_draw()
        if request is None or not request.choices:
            return None
        return self.submit(self.session.app_draw())

    def roll_table(self, values) -> Outcome | None:
        return self.submit(roll(values, "table"))

    def undo(self) -> None:
        if self.session.can_undo:
            self.session.undo()
            self.cleared.emit()

    def redo(self) -> None:
        if self.session.can_redo:
            self.session.redo()

    def rule_text(self, rule_id: str):
        return self.session.pack.rule(rule_id)

    def violations_text(self, violations: list[Violation]) -> str:
        return "; ".join(v.reason for v in violations)
