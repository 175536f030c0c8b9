"""Stopgap for a PySide6 defect seen with PySide6 6.12.0 on Python 3.11.

Each call of a Qt method that returns nothing (``setText``, ``setEnabled``, ``setZValue``...)
drops one reference to ``None`` without taking it, and CPython aborts the process ("Fatal Python
error: none_dealloc") once None's count reaches zero. None starts near 5,000 references; this
table makes a few hundred such calls per redraw, so a game died within some dozens of inputs.
Emitting a signal with a bool argument from Python drops True or False the same way. Python 3.12
made these singletons immortal (PEP 683), where the defect is harmless.

``guard()`` measures the defect once; only when it shows does it give None a count so large that
it cannot reach zero, which is what immortality amounts to. Remove this module once the project
pins a PySide6 without the defect or requires Python 3.12 or later (reported to the lead).
"""

from __future__ import annotations

import ctypes
import sys

_applied = False


def defect_shows() -> bool:
    from PySide6.QtCore import QObject

    probe = QObject()
    before = sys.getrefcount(None)
    for _ in range(100):
        probe.setObjectName("probe")
    return sys.getrefcount(None) < before - 50


def guard() -> bool:
    """Protect None once per process if this PySide6 steals references to it; True if applied."""
    global _applied
    if _applied or sys.version_info >= (3, 12) or not defect_shows():
        return _applied
    for singleton in (None, True, False):  # emitting a bool signal drops True/False the same way
        ctypes.c_ssize_t.from_address(id(singleton)).value += 1 << 40
    _applied = True
    return True
