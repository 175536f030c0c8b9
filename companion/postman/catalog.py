"""The Postman's numbers, read from its rule pack into small typed objects (units, cards,
tables, variants), with every value checked so a house-rule copy fails with file and key."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.schema import Spec, check
from ..core.violations import PackError

SIDES = ("postmen", "holnists")
SUITS = {"H": "postmen", "D": "postmen", "C": "holnists", "S": "holnists"}
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
EFFECTS = ("luck", "rumors", "resistance", "spies", "winter", "ambush", "narrow_escape", "hope",
           "confusion", "pony_express", "deliver_the_mail", "california_postman", "rough_terrain",
           "wilderness", "resupply", "forced_march", "brutality", "fear", "cowed", "trap",
           "firepower", "intercept", "discipline", "organization", "conscription", "break_morale")
WINDOWS = ("roll", "own_militia", "battle", "own_turn", "retreat", "own_recruit", "own_move",
           "opponent_move", "sneak", "casualties", "own_type", "own_recruit_roll")

_STAT = Spec((int, str))
UNIT_SPEC = Spec(dict, fields={
    "name": Spec(str, blank=False), "side": Spec(str, choices=SIDES + ("militia",)),
    "leader": Spec(bool, required=False),
    "move": _STAT, "fight": _STAT, "sneak": _STAT, "recruit": _STAT,
})
CARDS_SPEC = Spec(dict, fields={"card": Spec(list, min_items=1, item=Spec(dict, fields={
    "cards": Spec(list, min_items=1, item=Spec(str)),
    "name": Spec(str), "effect": Spec(str, choices=EFFECTS), "window": Spec(str, choices=WINDOWS),
    "text": Spec(str), "modifier": Spec(int, lo=-6, hi=6, required=False),
    "count": Spec(int, lo=0, hi=10, required=False),
}))})
#: The field each effect takes its number from: the rules read no number of their own
NUMBERED = {"pony_express": "modifier", "forced_march": "modifier", "resupply": "count",
            "confusion": "count", "break_morale": "count"}
_SIDE_SETUP = Spec(dict, fields={"cards": Spec(int, lo=0, hi=20),
                                 "start": Spec(str, choices=("post_town", "base_camp")),
                                 "units": Spec(dict, extra_keys=True, values=Spec(int, lo=0, hi=50))})
_TYPES = Spec(dict, fields={"light": Spec(str), "heavy": Spec(str), "heavy_on": Spec(int, lo=1, hi=12)})
_SIZE = Spec(dict, fields={"modifier": Spec(int, lo=-6, hi=6), "militia_cap": Spec(int, lo=0, hi=20)})
TABLES_SPEC = Spec(dict, fields={
    "setup": Spec(dict, fields={s: _SIDE_SETUP for s in SIDES}),
    "recruit_types": Spec(dict, fields={s: _TYPES for s in SIDES}),
    "towns": Spec(dict, fields={s: _SIZE for s in ("small", "medium", "large")}),
    "terrain": Spec(dict, fields={k: Spec(int, lo=-6, hi=6)
                                  for k in ("forest_sneak", "water_sneak", "mountain_defence")}),
    "militia": Spec(dict, fields={"appear_on": Spec(int, lo=1, hi=7), "fights_holnists_on": Spec(int, lo=1, hi=7)}),
    "recruit": Spec(dict, fields={"leader_type_bonus": Spec(int, lo=-6, hi=6)}),
    "mail": Spec(dict, fields={"draw": Spec(int, lo=0, hi=10), "hand_limit": Spec(int, lo=1, hi=52)}),
    "rule7": Spec(dict, fields={"trigger_on": Spec(int, lo=1, hi=7), "general_bonus": Spec(int, lo=-6, hi=6),
                                "postman_rerolls_up_to": Spec(int, lo=0, hi=6)}),
    "variants": Spec(dict, fields={"deck": Spec(str, choices=("shared", "split")),
                                   "ambush": Spec(str, choices=("all", "own"))}),
})


@dataclass(frozen=True)
class UnitType:
    id: str
    name: str
    side: str
    leader: bool
    move: int | None   # None: "X", cannot
    fight: int         # every unit fights (postman.fight.round)
    sneak: int | None
    recruit: int | None


@dataclass(frozen=True)
class Card:
    id: str          # "QH", "10S"
    name: str
    effect: str
    window: str
    text: str
    #: What the card adds to the roll it answers (Intercept, Organization, Conscription)
    modifier: int = 0
    #: How many cards the card draws (Resupply) or makes the opponent discard (Confusion)
    count: int = 0

    @property
    def side(self) -> str:
        return SUITS[self.id[-1]]


@dataclass(frozen=True)
class Catalog:
    units: dict[str, UnitType]
    cards: dict[str, Card]
    tables: dict

    @property
    def variants(self) -> dict:
        return self.tables["variants"]

    def size(self, size: str) -> dict:
        return self.tables["towns"][size]


def _stat(value, file: str, where: str) -> int | None:
    if value == "X":
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 7:
        raise PackError(file, where, f"expected a stat from 1 to 7 or \"X\", found {value!r}")
    return value


def catalog_of(pack) -> Catalog:
    """Check the pack's postman data and build the catalog; raise PackError at the first problem."""
    src = pack.source
    data = pack.data
    for name in ("units", "cards", "tables"):
        if name not in data:
            raise PackError(f"{src}/{name}.toml", "", "missing: The Postman needs this file")
    units_file, cards_file, tables_file = (f"{src}/{n}.toml" for n in ("units", "cards", "tables"))
    check(data["units"], Spec(dict, fields={"units": Spec(dict, extra_keys=True)}), units_file)
    units = {}
    for uid, raw in data["units"]["units"].items():
        check(raw, UNIT_SPEC, units_file, f"units.{uid}")
        move, fight, sneak, recruit = (_stat(raw[k], units_file, f"units.{uid}.{k}")
                                       for k in ("move", "fight", "sneak", "recruit"))
        if fight is None:
            raise PackError(units_file, f"units.{uid}.fight", "expected a stat from 1 to 7: every unit fights")
        units[uid] = UnitType(uid, raw["name"], raw["side"], raw.get("leader", False),
                              move, fight, sneak, recruit)
    for side in SIDES:
        leaders = [u for u in units.values() if u.side == side and u.leader]
        if len(leaders) != 1:
            raise PackError(units_file, "units", f"expected exactly one leader for the {side}, found {len(leaders)}")
    if "militia" not in units:
        raise PackError(units_file, "units.militia", "missing: the Town Militia unit")
    check(data["cards"], CARDS_SPEC, cards_file)
    cards = {}
    for i, entry in enumerate(data["cards"]["card"]):
        need = NUMBERED.get(entry["effect"])
        if need and need not in entry:
            raise PackError(cards_file, f"card[{i}].{need}", f"missing: {entry['name']} needs its number here")
        for j, cid in enumerate(entry["cards"]):
            where = f"card[{i}].cards[{j}]"
            if cid[-1:] not in SUITS or cid[:-1] not in RANKS:
                raise PackError(cards_file, where, f"expected a card such as \"QH\" or \"10S\", found {cid!r}")
            if cid in cards:
                raise PackError(cards_file, where, f"{cid} is listed twice")
            cards[cid] = Card(cid, entry["name"], entry["effect"], entry["window"], entry["text"],
                              entry.get("modifier", 0), entry.get("count", 0))
    if len(cards) != 52:
        raise PackError(cards_file, "card", f"expected all 52 cards, found {len(cards)}")
    check(data["tables"], TABLES_SPEC, tables_file)
    t = data["tables"]
    for side in SIDES:
        for uid in t["setup"][side]["units"]:
            if units.get(uid) is None or units[uid].side != side:
                raise PackError(tables_file, f"setup.{side}.units.{uid}", f"not a {side} unit in units.toml")
        for k in ("light", "heavy"):
            uid = t["recruit_types"][side][k]
            if units.get(uid) is None or units[uid].side != side:
                raise PackError(tables_file, f"recruit_types.{side}.{k}", f"not a {side} unit in units.toml")
    return Catalog(units, cards, t)
