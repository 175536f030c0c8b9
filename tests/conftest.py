"""Fixtures shared by the rules-core and Courier Desk tests.

No Qt here (tests/ui brings its own): the rules core must be testable without a display.
"""

from __future__ import annotations

import pytest

from companion.core.inputs import Input
from companion.core.session import Session
from companion.couriers.rules import RULES
from companion.games import bundled_pack


@pytest.fixture(scope="session", autouse=True)
def _private_data_dir(tmp_path_factory):
    """Keep every test away from the real user data folder (autosaves, user packs)."""
    mp = pytest.MonkeyPatch()
    mp.setenv("POSTHORN_DATA_DIR", str(tmp_path_factory.mktemp("posthorn-data")))
    mp.setenv("POSTHORN_SETTINGS_DIR", str(tmp_path_factory.mktemp("posthorn-settings")))  # never the player's
    yield
    mp.undo()


@pytest.fixture(scope="session")
def couriers_pack():
    return bundled_pack("couriers")


#: The roster most tests use: an army, a corps and a brigade commander on each side.
ROSTER = (
    ("meade", "Meade", "Blue", "army"),
    ("hancock", "Hancock", "Blue", "corps"),
    ("gibbon", "Gibbon", "Blue", "brigade"),
    ("lee", "Lee", "Grey", "army"),
    ("longstreet", "Longstreet", "Grey", "corps"),
    ("pickett", "Pickett", "Grey", "brigade"),
)


class Desk:
    """A Courier Desk session with short verbs, so a test reads like the rulebook."""

    def __init__(self, pack, setup: dict | None = None, seed: int = 1):
        self.session = Session(RULES, pack, setup if setup is not None else {}, seed)

    @property
    def state(self):
        return self.session.state

    def courier(self, cid: str):
        return self.state.couriers[cid]

    def commander(self, cid: str):
        return self.state.commanders[cid]

    def submit(self, kind: str, override: bool = False, **args):
        return self.session.submit(Input(kind, args), override)

    def ok(self, kind: str, **args):
        """Submit an input the rules must accept without complaint."""
        out = self.submit(kind, **args)
        assert out.accepted and not out.violations, [str(v) for v in out.violations]
        return out.entry

    def broken(self, kind: str, **args) -> list[str]:
        """Submit an input the rules must refuse; return the ids of the rules it breaks."""
        before = self.session.rules.state_json(self.state)
        out = self.submit(kind, **args)
        assert not out.accepted and out.violations
        assert self.session.rules.state_json(self.state) == before, "a refused input changed the state"
        return [v.rule for v in out.violations]

    def table_roll(self, *values: int):
        out = self.session.submit(Input("roll", {"values": list(values)}, "table"))
        assert out.accepted, out.violations
        return out.entry

    # -- common stretches of play ----------------------------------------------------------------
    def roster(self, *ids: str, hq: dict | None = None):
        """Add commanders from ROSTER (all of them by default); ``hq`` maps id -> place to declare."""
        for cid, name, side, rank in ROSTER:
            if not ids or cid in ids:
                self.ok("add_commander", id=cid, name=name, side=side, rank=rank)
        for cid, place in (hq or {}).items():
            self.ok("declare_hq", commander=cid, place=place)
        return self

    def start(self):
        self.ok("start_game")
        return self

    def courier_step(self):
        self.ok("begin_courier_step")
        return self

    def end_turn(self):
        self.ok("end_turn")
        return self

    def next_turn(self):
        """End this turn (from the courier step) and go to the next turn's courier step."""
        return self.end_turn().courier_step()

    def ride(self, cid: str, *loss_roll: int, speed: str = "officer", arrives: bool = True,
             nearest_enemy=None):
        """Move a courier and make its loss roll with the given table dice."""
        args = {"courier": cid, "speed": speed, "arrives": arrives}
        if nearest_enemy is not None:
            args["nearest_enemy"] = nearest_enemy
        self.ok("move_courier", **args)
        self.table_roll(*loss_roll)

    def look(self, cid: str, *location_roll: int):
        """Make a courier's location roll with the given table dice."""
        self.ok("attempt_location", courier=cid)
        self.table_roll(*location_roll)


@pytest.fixture
def desk(couriers_pack):
    """A new Courier Desk game (no commanders yet)."""
    return Desk(couriers_pack)


@pytest.fixture(scope="session")
def make_desk(couriers_pack):
    """A factory of new Courier Desk games (session scoped, so hypothesis tests may use it)."""

    def make(setup: dict | None = None, seed: int = 1, pack=None) -> Desk:
        return Desk(pack or couriers_pack, setup, seed)

    return make
