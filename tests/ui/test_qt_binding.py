"""The Qt binding must not leak or steal references: PySide6 6.12.0 took one reference to None
on every call of a method returning nothing, and the app aborted after a few thousand calls
("Fatal Python error: none_dealloc"). pyproject.toml keeps that release out."""

import sys

from PySide6.QtCore import QObject, Signal


class Probe(QObject):
    flag = Signal(bool)


def test_calls_returning_nothing_keep_none_alive():
    probe = Probe()
    before = sys.getrefcount(None)
    for _ in range(500):
        probe.setObjectName("probe")
    assert sys.getrefcount(None) >= before - 5


def test_bool_signals_keep_true_and_false_alive():
    probe = Probe()
    seen = []
    probe.flag.connect(seen.append)
    before = sys.getrefcount(True), sys.getrefcount(False)
    for _ in range(250):
        probe.flag.emit(True)
        probe.flag.emit(False)
    seen.clear()
    after = sys.getrefcount(True), sys.getrefcount(False)
    assert after[0] >= before[0] - 5 and after[1] >= before[1] - 5
