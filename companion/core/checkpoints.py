"""Copies of the state every few inputs, so an undo replays a few inputs instead of the game.

Undo stays what docs/architecture.md says it is, a replay of the inputs still live; it only
starts from the newest copy at or before them. The session's own states are never changed once
made (each submit, undo and redo makes a new one), so a checkpoint of one is the state itself;
a state a fold goes on changing (a record restored, an undo's replay) is copied. Only the newest
few are kept: the rest of the game is rebuilt from its setup when an undo reaches back past them.
"""

from __future__ import annotations

import copy
import dataclasses
from collections import Counter, OrderedDict, defaultdict
from enum import Enum
from types import MappingProxyType

#: inputs between two copies: an undo replays at most this many
INTERVAL = 64
#: copies kept (the newest): an undo within INTERVAL * KEEP inputs of the end never replays more
KEEP = 6
#: copies a restore makes, of its newest inputs: undoing a few dozen inputs after a resume
RESTORED = 2

#: values copied as they are: nothing in them can change; each frozen dataclass joins them when
#: first met (``_is_frozen``), so a dict of them (a long evening's couriers) is copied without a
#: call per value
_SHARED = {int, float, complex, str, bytes, bool, type(None), range, frozenset, MappingProxyType}
#: per dataclass type: True when frozen (shared as it is), False when its fields are copied
_FROZEN: dict[type, bool] = {}


class Checkpoints:
    def __init__(self, rules, pack, setup):
        self.rules, self.pack, self.setup = rules, pack, setup
        self._copies: dict[int, object] = {}
        #: while a record is restored, its length: only the copies of its last RESTORED
        #: intervals are made (each costs a deep copy; an undo further back makes its own)
        self.coming: int | None = None

    def passed(self, count: int, state, kept: bool = False) -> None:
        """The state after ``count`` inputs, kept when ``count`` is a multiple of INTERVAL: as it
        is when ``kept`` (nothing will change it again), else a copy."""
        if self.coming is not None and self.coming - count >= INTERVAL * RESTORED:
            return
        if count and count % INTERVAL == 0:
            self._copies[count] = state if kept else copy_state(state)
            for old in sorted(self._copies)[:-KEEP]:
                del self._copies[old]

    def state_after(self, entries) -> object:
        """The state with ``entries`` applied, never to be changed (the copies past them are
        dropped): a checkpoint itself when one is there, else a fold on a copy of the newest
        one before (or on a new state)."""
        n = len(entries)
        for later in [k for k in self._copies if k > n]:
            del self._copies[later]
        start = max(self._copies, default=0)
        if start and start == n:
            return self._copies[start]
        state = copy_state(self._copies[start]) if start else self.rules.new_state(self.pack, self.setup)
        for i in range(start, n):
            self.rules.apply(state, entries[i].input)
            if n - (i + 1) < INTERVAL * KEEP:  # copies near the end only: an undo stays near it
                self.passed(i + 1, state, kept=i + 1 == n)  # the last: the session's, unchanged
        return state


def copy_state(x, memo: dict | None = None):
    """A deep copy that shares what cannot change: numbers, text, frozen dataclasses, read-only
    mappings (a board, a catalog, settings). ``copy.deepcopy`` cannot copy a read-only mapping
    and copies every frozen board again."""
    return _copy(x, {} if memo is None else memo)


def _copy(x, memo):
    # the common values (text, numbers) inside a dict, list or dataclass are taken as they are
    # without a call: a Postman position is a few hundred of them, copied before every Luck roll
    t = type(x)
    if t in _SHARED:
        return x
    key = id(x)
    if key in memo:
        return memo[key]
    if t is dict:
        if _SHARED.issuperset(map(type, x.values())):  # every value shared: copied in C
            memo[key] = x.copy()
            return memo[key]
        y: object = {}
        memo[key] = y
        for k, v in x.items():
            y[k] = v if type(v) in _SHARED else _copy(v, memo)  # type: ignore[index]
        return y
    if t is list:
        y = []
        memo[key] = y
        y.extend([v if type(v) in _SHARED else _copy(v, memo) for v in x])
        return y
    if t is set or t is Counter:  # members and counts are hashable values
        y = x.copy()
    elif t is tuple:
        y = tuple([v if type(v) in _SHARED else _copy(v, memo) for v in x])
    elif t is defaultdict or t is OrderedDict:
        y = copy.copy(x)
        memo[key] = y
        for k, v in x.items():
            y[k] = _copy(v, memo)  # type: ignore[index]
        return y
    elif _is_frozen(t) is False:
        y = object.__new__(t)
        memo[key] = y
        if hasattr(x, "__dict__"):
            mine = y.__dict__
            for name, v in x.__dict__.items():
                mine[name] = v if type(v) in _SHARED else _copy(v, memo)
        else:
            for f in dataclasses.fields(x):
                object.__setattr__(y, f.name, _copy(getattr(x, f.name), memo))
        return y
    elif _is_frozen(t) or isinstance(x, Enum):
        return x
    else:
        y = copy.deepcopy(x, memo)
    memo[key] = y
    return y


def _is_frozen(t: type) -> bool | None:
    """True for a frozen dataclass, False for another dataclass, None for any other type."""
    if t not in _FROZEN:
        if not dataclasses.is_dataclass(t):
            return None
        _FROZEN[t] = bool(t.__dataclass_params__.frozen)  # type: ignore[attr-defined]
        if _FROZEN[t]:
            _SHARED.add(t)
    return _FROZEN[t]
