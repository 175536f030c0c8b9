"""Race to Ten, a toy game that proves a new game needs no kernel change.

Its pack (``pack/``), its input table, its seats and views and its rules are all here, in the
test folder, and it is registered only by the tests (``register``). Nothing in companion/core,
the session, the log, the records, ui/table.py or the random playout knows of it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from companion.core.dice import Dice, RollRequest
from companion.core.game import GameResult, Rules, Seat, Seating, Step, setup_names
from companion.core.input_table import DieValues, Given, InputTable, OneOf, arg, kind
from companion.core.inputs import Input
from companion.core.schema import Spec, check
from companion.core.violations import MalformedInput, Violation

PACK = Path(__file__).parent / "pack"
RULE_IDS = frozenset({"toy.turn.order", "toy.roll.pending", "toy.roll.none", "toy.rest.once",
                      "toy.race.win"})
RACE_SPEC = Spec(dict, fields={"target": Spec(int), "die": Spec(int), "rests": Spec(int)})


@dataclass
class Race:
    players: tuple[str, ...]
    target: int
    die: int
    rests: int
    at: dict[str, int] = field(default_factory=dict)
    rested: dict[str, int] = field(default_factory=dict)
    turn: int = 0
    running: str | None = None  # the player whose roll is owed
    winner: str | None = None

    @property
    def active(self) -> str:
        return self.players[self.turn % len(self.players)]


# -- the input table -------------------------------------------------------------------------------
def _players(s: Race):
    return s.players


PLAYER = OneOf(_players, "players")


def _ended(s: Race, a: Given) -> Violation | None:
    return Violation("toy.race.win", f"the race is over: {s.winner} has won") if s.winner else None


def _owed(s: Race, a: Given) -> Violation | None:
    if s.running is not None and a.kind != "roll":
        return Violation("toy.roll.pending", f"first: the roll for {s.running}")
    return None


def _in_turn(s: Race, a: Given) -> list[Violation]:
    if a["player"] != s.active:
        return [Violation("toy.turn.order", f"it is {s.active}'s turn, not {a['player']}'s")]
    return []


def _check_rest(s: Race, a: Given) -> list[Violation]:
    if s.rested.get(a["player"], 0) >= s.rests:
        return [Violation("toy.rest.once", f"{a['player']} has rested {s.rests} time(s) already")]
    return []


def _check_roll(s: Race, a: Given) -> list[Violation]:
    if s.running is None:
        return [Violation("toy.roll.none", "nobody is running: no roll is owed")]
    Dice(1, s.die).check_values(a["values"])
    return []


def _run(s: Race, a: Given) -> None:
    s.running = a["player"]


def _rest(s: Race, a: Given) -> None:
    s.rested[a["player"]] = s.rested.get(a["player"], 0) + 1
    s.turn += 1


def _roll(s: Race, a: Given) -> None:
    who = s.running
    if who is None:  # overridden with nothing owed: no change
        return
    s.at[who] = s.at.get(who, 0) + a["values"][0]
    s.running = None
    if s.at[who] >= s.target:
        s.winner = who
    else:
        s.turn += 1


INPUTS = InputTable("Race to Ten", [
    kind("run", arg("player", PLAYER), admits=_in_turn, apply=_run,
         words=lambda s, a: f"{a['player']} runs"),
    kind("rest", arg("player", PLAYER), admits=_in_turn, check=_check_rest, apply=_rest,
         words=lambda s, a: f"{a['player']} rests"),
    kind("roll", arg("values", DieValues()), check=_check_roll, apply=_roll,
         words=lambda s, a: f"{s.running} rolls {a['values'][0]}"),
], ended=_ended, owed=_owed)


# -- seats and views: an open game, nothing hidden -------------------------------------------------
class RaceSeating(Seating):
    def seats(self, state: Race) -> list[Seat]:
        return [Seat(p, p) for p in state.players]

    def public_view(self, state: Race) -> dict:
        return {"at": {p: state.at.get(p, 0) for p in state.players}, "target": state.target,
                "turn": state.active, "winner": state.winner}

    def own_view(self, state: Race, seat: str) -> dict:
        return {}

    def seat_of(self, state: Race, inp: Input) -> str | None:
        player = inp.args.get("player")
        return player if player in state.players else state.running


# -- the rules -------------------------------------------------------------------------------------
class RaceRules(Rules):
    game_id = "toy_race"
    title = "Race to Ten"
    inputs = INPUTS
    seating = RaceSeating()

    def players(self, setup: dict) -> tuple[str, ...]:
        return setup_names(setup.get("players"))

    def validate_pack(self, pack) -> None:
        check(pack.data.get("race"), RACE_SPEC, str(Path(pack.source) / "race.toml"))

    def rule_ids(self) -> frozenset[str]:
        return RULE_IDS

    def new_state(self, pack, setup: dict) -> Race:
        players = self.players(setup)
        if len(players) < 2 or len(set(players)) != len(players):
            raise MalformedInput("setup.players: expected two or more different names")
        race = pack.data["race"]
        return Race(players, race["target"], race["die"], race["rests"])

    def next_steps(self, state: Race) -> list[Step]:
        if state.winner:
            return [Step(f"{state.winner} has won the race", "none", required=False)]
        if state.running is not None:
            request = RollRequest(f"run of {state.running}", Dice(1, state.die), 1, "toy.roll.pending",
                                  who=state.running)
            return [Step(f"Roll for {state.running}", "roll", state.running, roll=request)]
        p = state.active
        return [Step(f"{p} runs or rests", "run", p, {"player": p}),
                Step(f"{p} rests", "rest", p, {"player": p}, required=False)]

    def candidates(self, state: Race):
        return [Input(k, {"player": p}) for p in state.players for k in ("run", "rest")]

    def state_json(self, state: Race) -> dict:
        return {"players": list(state.players), "at": dict(state.at), "rested": dict(state.rested),
                "turn": state.turn, "running": state.running, "winner": state.winner}

    def result(self, state: Race) -> GameResult | None:
        if state.winner is None:
            return None
        return GameResult((state.winner,), f"{state.winner} reached {state.target} first", "toy.race.win",
                          tuple((p, state.at.get(p, 0)) for p in state.players))


RULES = RaceRules()


def register(monkeypatch) -> None:
    """Put the race in the registry for one test, as a game's own registration would."""
    from companion import games

    monkeypatch.setitem(games.GAMES, "toy_race", games.GameInfo(
        "toy_race", "Race to Ten", "A test game: race a token to ten with one die.", "toy_race.rules"))
