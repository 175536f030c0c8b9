"""The state of a game of The Postman.

``PostmanState`` holds what never changes in a game (the board, the catalog, the variants) and a
``Position`` with everything that does. The position is what Luck's reroll restores (postman.card.luck),
so it is copied before every roll; the board is never copied.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Literal

from ..core.checkpoints import copy_state
from ..core.deck import Deck
from ..core.violations import MalformedInput

if TYPE_CHECKING:
    from ..core.inputs import Input
    from .board import Board
    from .catalog import Catalog, UnitType

OTHER = {"postmen": "holnists", "holnists": "postmen"}

#: The turn's phases (postman.turn.order); "deal" is the opening draw before the first turn.
Phase = Literal["deal", "move", "fight", "recruit", "militia", "mail"]
PHASES: tuple[Phase, ...] = ("move", "fight", "recruit", "militia", "mail")
#: What a roll the table owes is for.
DueKind = Literal["sneak", "retreat", "recruit", "type", "militia", "militia_fight", "round",
                  "rule7", "duel", "duel_reroll"]
#: Where a battle stands (postman.fight.*); "preview" is an odds view before the fight input.
BattleStep = Literal["preview", "open", "militia", "rule7", "duel", "round", "casualties", "retreat",
                     "surrender_type", "over"]


@dataclass
class Unit:
    id: str
    kind: str
    side: str
    town: str
    fresh: bool = False  # arrived this turn (recruited, surrendered militia): acts next turn


@dataclass
class Due:
    """A roll the table owes now: what for, how many d6, and what the result will decide."""

    kind: DueKind
    side: str | None     # whose roll it is
    count: int = 1
    info: dict = field(default_factory=dict)
    #: Luck: the other dice of the roll being rerolled, and which one is rerolled
    keep: tuple[int, ...] = ()
    reroll_index: int | None = None

    @property
    def roller(self) -> str:
        """The side making a roll only one side makes (a recruit type, a sneak, a retreat)."""
        if self.side is None:
            raise MalformedInput(f"the {self.kind} roll belongs to no side")
        return self.side


@dataclass
class Movement:
    """A stack on the road (postman.move.sneak): who still moves, along which path, from where."""

    units: list[str]
    path: list[str]
    pos: int                       # index in path of the town reached
    sneaking: list[str] = field(default_factory=list)   # units owing a sneak roll at path[pos]
    stops: list[str] = field(default_factory=list)      # towns where units of the stack stopped


@dataclass
class Offer:
    """Enemy units in a town a stack ended its move in may try to retreat (postman.move.retreat)."""

    town: str
    side: str
    units: list[str]
    queue: list[str] = field(default_factory=list)       # further towns to offer, after this one


@dataclass
class Battle:
    town: str
    step: BattleStep = "open"
    round: int = 1
    militia_fight: bool | None = None
    resistance: bool = False
    cowed: bool = False
    bonus: dict = field(default_factory=lambda: {"postmen": 0, "holnists": 0})
    hits: dict = field(default_factory=dict)             # hits each side takes this round
    round_losses: dict = field(default_factory=dict)     # casualties each side must take this round
    losses: dict = field(default_factory=lambda: {"postmen": 0, "holnists": 0})
    to_choose: list[str] = field(default_factory=list)   # sides still choosing casualties
    retreating: str | None = None
    saved: int = 0                                       # Discipline: Holnist units spared
    surrendering: bool = False                           # the Holnists give up their units
    rule7_checked: bool = False
    duel_rerolled: bool = False
    duel_general: int = 0          # the General's die while the Postman rerolls his 1 or 2
    result: str = ""


@dataclass(frozen=True)
class Fall:
    """How a Leader fell (postman.victory), as the rules recorded it when he did: ``by`` is
    "roll" (a roll's outcome took him, a Luck reroll of the deciding die included), "card" (a
    card destroyed him: ``card`` is its id) or the kind of the input he fell to; ``input`` is
    that input (its log line says it in words)."""

    leader: str
    by: str
    input: Input
    card: str | None = None


@dataclass
class Position:
    turn: int = 0
    active: str = "postmen"
    phase: Phase = "deal"
    units: dict[str, Unit] = field(default_factory=dict)
    militia: dict[str, int] = field(default_factory=dict)
    decks: dict[str, Deck] = field(default_factory=dict)
    due: Due | None = None
    movement: Movement | None = None
    offer: Offer | None = None
    battle: Battle | None = None
    battles_left: list[str] = field(default_factory=list)
    moved: set[str] = field(default_factory=set)
    recruited: set[str] = field(default_factory=set)
    move_bonus: dict[str, int] = field(default_factory=dict)   # Pony Express, Forced March
    halted: set[str] = field(default_factory=set)              # Rough Terrain: towns whose stack may not move
    effects: dict = field(default_factory=dict)                # hope, rumors, winter, fear, ...
    drawn: int = 0                                             # cards drawn this Mail phase
    draws_owed: list[str] = field(default_factory=list)        # whose draws are due (deal, mail, Spies, Resupply)
    discards_owed: list[str] = field(default_factory=list)     # random discards (Confusion, Break Morale)
    winner: str | None = None
    fall: Fall | None = None                                   # how the loser's Leader fell
    last_battle: Battle | None = None
    next_id: dict[str, int] = field(default_factory=dict)
    before_roll: Position | None = None                           # Luck restores this (postman.card.luck)
    last_roll: tuple[int, ...] = ()
    last_due: Due | None = None

    def snapshot(self) -> Position:
        """A copy that shares nothing that can change with this position (for Luck, seat views
        and what-if queries), with no ``before_roll`` of its own: Luck goes back one roll.

        Every field is copied by ``copy_state``, so a field added later is copied too; a deck
        two sides share stays one deck in the copy."""
        return copy_state(replace(self, before_roll=None))


@dataclass
class PostmanState:
    board: Board
    catalog: Catalog
    pos: Position

    # -- small queries used everywhere -----------------------------------------------------------
    def units_in(self, town: str, side: str | None = None) -> list[Unit]:
        return [u for u in self.pos.units.values() if u.town == town and (side is None or u.side == side)]

    def enemy_in(self, town: str, side: str) -> bool:
        return any(u.town == town and u.side == OTHER[side] for u in self.pos.units.values())

    def units_by_town(self) -> dict[str, list[Unit]]:
        """Every town's units, in one pass: ``units_in`` for each town at once (a question asked
        of every town, or of every unit's town, would otherwise walk all units each time)."""
        out: dict[str, list[Unit]] = {}
        for u in self.pos.units.values():
            out.setdefault(u.town, []).append(u)
        return out

    def sides_by_town(self) -> dict[str, set[str]]:
        """The sides with units in each town, in one pass (``enemy_in`` for every town at once)."""
        out: dict[str, set[str]] = {}
        for u in self.pos.units.values():
            out.setdefault(u.town, set()).add(u.side)
        return out

    @property
    def fight(self) -> Battle:
        """The battle being fought; only asked where the phase says one is."""
        if self.pos.battle is None:
            raise MalformedInput("no battle is being fought now")
        return self.pos.battle

    @property
    def owed(self) -> Due:
        """The roll owed now; only asked where one is."""
        if self.pos.due is None:
            raise MalformedInput("no roll is owed now")
        return self.pos.due

    @property
    def moving(self) -> Movement:
        """The stack on the road; only asked where one is."""
        if self.pos.movement is None:
            raise MalformedInput("no stack is moving now")
        return self.pos.movement

    @property
    def offered(self) -> Offer:
        """The retreat offered now; only asked where one is."""
        if self.pos.offer is None:
            raise MalformedInput("no retreat is offered now")
        return self.pos.offer

    def unit_type(self, unit: Unit) -> UnitType:
        return self.catalog.units[unit.kind]

    def deck(self, side: str) -> Deck:
        return self.pos.decks[side]

    def hand(self, side: str) -> list:
        return self.pos.decks[side].hands[side]

    def new_id(self, kind: str) -> str:
        n = self.pos.next_id.get(kind, 0) + 1
        self.pos.next_id[kind] = n
        return f"{kind}{n}"
