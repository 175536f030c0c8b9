"""What each input of Ab die Post! did, in the table's words: the bust on the third red 3, the
ball and its wind or hurricane with every bill, the flight's places and the winner.

``before`` keeps the few facts ``said`` compares with the state after the input.
"""

from __future__ import annotations

from ..core.inputs import Input
from .state import HURRICANE, RaceState


def before(s: RaceState, inp: Input) -> dict:
    return {"phase": s.phase, "current": s.current, "threes": s.threes(s.current),
            "results": len(s.results), "winners": s.winners, "passenger": s.passenger,
            "in_air": {p: plane.in_air for p, plane in s.planes.items()}}


def said(b: dict, s: RaceState, inp: Input) -> str:
    parts: list[str] = []
    who = b["current"]
    if inp.kind == "draw" and b["phase"] in ("turn", "drawing"):
        if s.ended == (who, "bust"):
            parts.append(f"Bust! {who}'s third red 3: all {who}'s 3s go to the discards and "
                         f"the turn passes to {s.current}")
    elif inp.kind == "draw" and b["phase"] == "indicator":
        parts.append(_ball(b, s, inp.args.get("card")))
    if s.passenger != b["passenger"]:
        parts.append(f"{s.passenger} picks up the passenger" if s.passenger else
                     f"The passenger goes back to the board ({b['passenger']} lost it)")
    if len(s.results) > b["results"]:
        parts.append(flight_words(s, s.results[-1]))
    if s.winners and not b["winners"]:
        parts.append(winners_words(s))
    return ". ".join(p for p in parts if p)


def _ball(b: dict, s: RaceState, ball) -> str:
    if ball != HURRICANE:
        return ""  # the draw's own words say the wind: "The indicator shows green: ... flies 2"
    bills = [f"{p.player} ({p.lane} lane) must pay {p.cost}" for p in s.payments]
    back = [f"{p} cannot pay and goes back to the start field" for p in s.grounded]
    if not bills and not back:
        return "Hurricane! No plane is in the air, so nobody pays"
    return "Hurricane! " + "; ".join(bills + back)


def flight_words(s: RaceState, r) -> str:
    order = sorted(r.places, key=lambda p: r.places[p])
    placed = ", ".join(f"{r.places[p]}. {p} +{r.points[p]}" for p in order)
    bonus = f" (passenger: {r.passenger})" if r.passenger else ""
    return f"Flight {r.flight} ends: {placed}{bonus}"


def winners_words(s: RaceState) -> str:
    names = " and ".join(s.winners)
    top = max(s.scores[p] for p in s.winners)
    return f"{names} win{'s' if len(s.winners) == 1 else ''} the game with {top} points"
