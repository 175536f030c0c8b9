"""The state of a game of Thurn and Taxis: the players, the city cards, the stacks and the turn.

The city cards live in a core ``Deck`` (draw pile as a multiset, discard pile, hands) plus the
six display slots and each player's route, so the 66 cards can always be counted.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core.deck import Deck
from ..core.violations import MalformedInput
from .board import FALLBACKS, Board


@dataclass
class Player:
    name: str
    colour: str
    route: list[str] = field(default_factory=list)      # city ids, left end first
    houses: list[str] = field(default_factory=list)     # cities with a house, in order placed
    carriages: list[int] = field(default_factory=list)  # lengths, in order taken
    tiles: list[tuple[str, int]] = field(default_factory=list)  # (stack id, value)

    @property
    def carriage(self) -> int | None:
        return self.carriages[-1] if self.carriages else None


@dataclass
class Turn:
    """What the active player has done this turn (thurn_and_taxis.turn.steps)."""

    seat: int
    taken: int = 0
    played: int = 0
    official: str | None = None
    forced: bool = False        # empty hand at the start: the Postmaster is in force
    discarded: bool = False
    closed: bool = False
    cut_due: bool = False       # closed with more than 3 cards in hand


@dataclass
class GameState:
    board: Board
    switches: dict
    players: list[Player]
    deck: Deck
    display: list[str | None]
    stacks: dict[str, list[int]]          # values left, top first
    carriages_left: dict[int, int]
    deck_mode: str = "virtual"
    round: int = 1
    turn: Turn = field(default_factory=lambda: Turn(0))
    ended_by: int | None = None           # seat that triggered the end (thurn_and_taxis.end.trigger)
    over: bool = False

    @property
    def active(self) -> Player:
        return self.players[self.turn.seat]

    def hand(self, player: Player | None = None) -> list[str]:
        return self.deck.hands[(player or self.active).name]

    def houses_left(self, player: Player) -> int:
        return self.board.game["houses_per_player"] - len(player.houses)

    def refill_due(self) -> bool:
        """A display gap is filled at once while the deck has cards (thurn_and_taxis.display.refill)."""
        return None in self.display and self.deck.left > 0

    def cards_in_play(self) -> int:
        """Every city card, wherever it is: 66 with the standard pack."""
        return (self.deck.total_cards() + sum(c is not None for c in self.display)
                + sum(len(p.route) for p in self.players))

    def to_json(self) -> dict:
        from .scoring import scores

        return {
            "round": self.round,
            "active": self.active.name,
            "turn": {k: v for k, v in vars(self.turn).items()},
            "display": list(self.display),
            "draw_pile": self.deck.cards_left(),
            "discard": list(self.deck.discard),
            "stacks": {k: list(v) for k, v in self.stacks.items()},
            "carriages_left": {str(k): v for k, v in self.carriages_left.items()},
            "players": [{"name": p.name, "colour": p.colour, "hand": list(self.hand(p)),
                         "route": list(p.route), "houses": list(p.houses),
                         "houses_left": self.houses_left(p), "carriages": list(p.carriages),
                         "tiles": [list(t) for t in p.tiles]} for p in self.players],
            "ended_by": None if self.ended_by is None else self.players[self.ended_by].name,
            "over": self.over,
            "scores": scores(self),
            "switches": dict(self.switches),
            "deck_mode": self.deck_mode,
        }


def new_game(board: Board, setup: dict) -> GameState:
    if not isinstance(setup, dict):
        raise MalformedInput("setup: expected an object")
    g = board.game
    names = setup.get("players")
    if (not isinstance(names, list) or not g["players_min"] <= len(names) <= g["players_max"]
            or not all(isinstance(n, str) and n.strip() for n in names)):
        raise MalformedInput(f"setup.players: expected {g['players_min']} to {g['players_max']} "
                             "player names, in turn order from the start player")
    names = [n.strip() for n in names]
    if len(set(names)) != len(names):
        raise MalformedInput("setup.players: two players have the same name")
    mode = setup.get("deck", "virtual")
    if mode not in ("virtual", "table"):
        raise MalformedInput(f"setup.deck: expected 'virtual' or 'table', got {mode!r}")
    switches = dict(board.switches)
    chosen = setup.get("switches", {})
    if not isinstance(chosen, dict):
        raise MalformedInput("setup.switches: expected an object")
    for key, value in chosen.items():
        if key not in switches:
            raise MalformedInput(f"setup.switches.{key}: unknown; expected one of {', '.join(switches)}")
        ok = value in FALLBACKS if key == "route_stack_fallback" else isinstance(value, bool)
        if not ok:
            raise MalformedInput(f"setup.switches.{key}: {value!r} is not a setting of this switch")
        switches[key] = value
    players = [Player(n, g["player_colours"][i]) for i, n in enumerate(names)]
    s = GameState(board, switches, players, Deck.of("city cards", board.city_cards(), names),
                  [None] * g["display_size"], {k: list(st.values) for k, st in board.stacks.items()},
                  {length: copies for length, (_pts, copies) in board.carriages.items()}, mode)
    begin_turn(s, 0)
    return s


def begin_turn(s: GameState, seat: int) -> None:
    """A player with no cards must call the Postmaster (thurn_and_taxis.official.forced_postmaster)."""
    s.turn = Turn(seat)
    if not s.hand():
        s.turn.official, s.turn.forced = "postmaster", True
