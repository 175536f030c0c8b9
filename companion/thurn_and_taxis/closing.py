"""Closing a route: the two house options, the bonus tiles, the carriage, the hand cut to 3.

``options`` and ``preview`` are the queries behind the close dialog: what each house option can
place, and which tiles and carriage a given set of houses would earn, without changing the game.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core.input_table import Given
from ..core.violations import MalformedInput, Violation
from ..core.words import counted
from .state import GameState, Player

OPTIONS = ("each_province", "one_province")


@dataclass(frozen=True)
class HouseOption:
    """One way to place houses: ``choices`` maps each province to the route cities open to it.

    ``each_province``: one house in one city of each province; ``one_province``: a house in every
    open city of ``province``. ``count`` is how many houses it places (fewer when houses run out).
    """

    kind: str
    province: str | None
    choices: dict[str, tuple[str, ...]]
    count: int

    def default_cities(self) -> list[str]:
        if self.kind == "one_province" and self.province is not None:
            return list(self.choices[self.province])[: self.count]
        return [cities[0] for cities in self.choices.values()][: self.count]


@dataclass
class Award:
    houses: list[str]
    tiles: list[tuple[str, int]] = field(default_factory=list)
    carriage: int | None = None
    ends_game: bool = False


def open_cities(s: GameState, p: Player) -> dict[str, tuple[str, ...]]:
    """Route cities without a house of this player, by province (thurn_and_taxis.houses.once)."""
    out: dict[str, list[str]] = {}
    for c in p.route:
        if c not in p.houses:
            out.setdefault(s.board.cities[c].province, []).append(c)
    return {k: tuple(v) for k, v in out.items()}


def options(s: GameState, p: Player | None = None) -> list[HouseOption]:
    p = p or s.active
    left = s.houses_left(p)
    opened = open_cities(s, p)
    out = [HouseOption("each_province", None, opened, min(left, len(opened)))]
    for prov, cities in opened.items():
        out.append(HouseOption("one_province", prov, {prov: cities}, min(left, len(cities))))
    return out


def next_carriage(s: GameState, p: Player) -> int | None:
    lengths = list(s.board.carriages)
    nxt = lengths[0] if p.carriage is None else p.carriage + 1
    return nxt if nxt in s.board.carriages else None


def carriage_reach(s: GameState, p: Player, cartwright: bool | None = None) -> int:
    """The route's count toward the carriage; ``cartwright`` asks "what if he were called"."""
    if cartwright is None:
        cartwright = s.turn.official == "cartwright"
    bonus = s.board.game["cartwright_bonus"] if cartwright else 0
    return len(p.route) + bonus


def preview(s: GameState, cities: list[str], claimed: int | None = None,
            cartwright: bool | None = None) -> Award:
    """What closing the active player's route with houses in ``cities`` earns."""
    p, b = s.active, s.board
    cities = cities[: max(0, s.houses_left(p))]
    award = Award(list(cities))
    houses = set(p.houses) | set(cities)
    owned = {sid for sid, _v in p.tiles}
    award.tiles += _route_tile(s, len(p.route))
    for st in b.stacks_of("province_group"):
        needed = {c for prov in st.provinces for c in b.provinces[prov].cities}
        if st.id not in owned and s.stacks[st.id] and needed <= houses:
            award.tiles.append((st.id, s.stacks[st.id][0]))  # thurn_and_taxis.bonus.province_group
    (allp,) = b.stacks_of("all_provinces")
    skip = allp.excluded if s.switches["all_provinces_excludes_baiern"] else ()
    covered = {b.cities[c].province for c in houses}
    if allp.id not in owned and s.stacks[allp.id] and all(
            prov in covered for prov in b.provinces if prov not in skip):
        award.tiles.append((allp.id, s.stacks[allp.id][0]))  # thurn_and_taxis.bonus.all_provinces
    nxt = next_carriage(s, p)
    if claimed is not None:
        award.carriage = claimed
    elif nxt is not None and s.carriages_left[nxt] > 0 and carriage_reach(s, p, cartwright) >= nxt:
        award.carriage = nxt
    last = max(b.carriages)
    if s.ended_by is None and (award.carriage == last or s.houses_left(p) - len(cities) <= 0):
        award.ends_game = True  # thurn_and_taxis.end.trigger
        (end,) = b.stacks_of("game_end")
        if s.stacks[end.id]:
            award.tiles.append((end.id, s.stacks[end.id][0]))  # thurn_and_taxis.bonus.game_end
    return award


def _route_tile(s: GameState, length: int) -> list[tuple[str, int]]:
    """thurn_and_taxis.bonus.route_length, with the empty-stack fallback switch."""
    stacks = sorted(s.board.stacks_of("route_length"), key=lambda st: st.min_length, reverse=True)
    reached = [st for st in stacks if st.min_length <= length]
    fallback = s.switches["route_stack_fallback"]
    steps = {"none": 1, "next_lower": 2, "cascade": len(reached)}[fallback]
    for st in reached[:steps]:
        if s.stacks[st.id]:
            return [(st.id, s.stacks[st.id][0])]
    return []


# -- the close input -----------------------------------------------------------------------------
def _province(a: Given) -> str | None:
    """The province the houses go to: asked of one_province only (each_province ignores it)."""
    if a["option"] != "one_province":
        return None
    if a["province"] is None:
        raise MalformedInput("close_route: missing argument 'province'")
    return a["province"]


def check_close(s: GameState, a: Given) -> list[Violation]:
    option, province, cities, claimed = a["option"], _province(a), a["cities"], a["carriage"]
    p, t, b = s.active, s.turn, s.board
    out = []
    if t.closed:
        out.append(Violation("thurn_and_taxis.turn.steps", f"{p.name} has already closed a route this turn"))
    elif not t.played:
        out.append(Violation("thurn_and_taxis.turn.steps", f"{p.name} plays this turn's card before closing"))
    need = b.game["min_route_to_close"]
    if len(p.route) < need:
        out.append(Violation("thurn_and_taxis.close.length",
                             f"a route is closed with at least {need} cards; {p.name}'s has {len(p.route)}"))
    out += _check_houses(s, p, option, province, cities)
    out += _check_carriage(s, p, claimed)
    return out


def _check_houses(s, p, option, province, cities) -> list[Violation]:
    b, out = s.board, []
    for c in cities:
        if c not in p.route:
            out.append(Violation("thurn_and_taxis.houses.option", f"{b.name(c)} is not on the route"))
        elif c in p.houses:
            out.append(Violation("thurn_and_taxis.houses.once", f"{p.name} already has a house in {b.name(c)}"))
        elif province is not None and b.cities[c].province != province:
            out.append(Violation("thurn_and_taxis.houses.option",
                                 f"{b.name(c)} is in {b.provinces[b.cities[c].province].name}, "
                                 f"not {b.provinces[province].name}"))
    if option == "one_province" and province is not None and not any(
            b.cities[c].province == province for c in p.route):
        out.append(Violation("thurn_and_taxis.houses.option",
                             f"the route does not pass through {b.provinces[province].name}"))
    if option == "each_province":
        seen: dict[str, str] = {}
        for c in cities:
            prov = b.cities[c].province
            if prov in seen:
                out.append(Violation("thurn_and_taxis.houses.option",
                                     f"one house per province: {b.name(seen[prov])} and {b.name(c)} "
                                     f"are both in {b.provinces[prov].name}"))
            seen[prov] = c
    if out:
        return out
    opened, left = open_cities(s, p), s.houses_left(p)
    count = min(left, len(opened) if option == "each_province" else len(opened.get(province, ())))
    if len(cities) > left:
        out.append(Violation("thurn_and_taxis.houses.all", f"{p.name} has only {counted(left, 'house')} left"))
    elif len(cities) < count:
        out.append(Violation("thurn_and_taxis.houses.all",
                             f"this option places {counted(count, 'house')}, and {len(cities)} are named"))
    return out


def _check_carriage(s, p, claimed) -> list[Violation]:
    if claimed is None:
        return []
    nxt = next_carriage(s, p)
    if claimed != nxt:
        why = f"the next is the {nxt}" if nxt else "the last one is taken"
        return [Violation("thurn_and_taxis.carriage.order",
                          f"carriages are taken in order and {p.name}'s {why}, not the {claimed}")]
    reach = carriage_reach(s, p)
    if reach < claimed or s.carriages_left.get(claimed, 0) <= 0:
        helped = " with the Cartwright" if s.turn.official == "cartwright" else ""
        return [Violation("thurn_and_taxis.carriage.length",
                          f"a route of {len(p.route)} cards counts {reach}{helped}: "
                          f"not enough for the {claimed}")]
    return []


def apply_close(s: GameState, a: Given) -> None:
    cities, claimed = a["cities"], a["carriage"]
    p = s.active
    award = preview(s, cities, claimed)
    p.houses.extend(award.houses)
    for sid, value in award.tiles:
        s.stacks[sid].pop(0)
        p.tiles.append((sid, value))
    if award.carriage is not None:
        s.carriages_left[award.carriage] = s.carriages_left.get(award.carriage, 1) - 1
        p.carriages.append(award.carriage)
    if award.ends_game:
        s.ended_by = s.turn.seat
    s.deck.discard.extend(p.route)
    p.route.clear()
    s.turn.closed = True
    s.turn.cut_due = len(s.hand()) > s.board.game["hand_after_closing"]


# -- the hand cut to 3 ---------------------------------------------------------------------------
def _cut_cards(s: GameState, a: Given) -> list[str]:
    hand = list(s.hand())
    for c in a["cards"]:
        if c not in hand:
            raise MalformedInput(f"cut_hand.cards: {s.active.name} holds no (more) {s.board.name(c)}")
        hand.remove(c)
    return a["cards"]


def check_cut(s: GameState, a: Given) -> list[Violation]:
    cards = _cut_cards(s, a)
    keep, name = s.board.game["hand_after_closing"], s.active.name
    if not s.turn.cut_due:
        return [Violation("thurn_and_taxis.hand.limit",
                          f"the hand is cut to {keep} only after closing a route with more in hand")]
    if len(s.hand()) - len(cards) < keep or not cards:
        return [Violation("thurn_and_taxis.hand.limit",
                          f"{name} keeps {keep} cards: discard {len(s.hand()) - keep} more, not {len(cards)}")]
    return []


def apply_cut(s: GameState, a: Given) -> None:
    for c in a["cards"]:
        s.hand().remove(c)
        s.deck.discard.append(c)
    s.turn.cut_due = len(s.hand()) > s.board.game["hand_after_closing"]


def award_text(s: GameState, award: Award) -> str:
    b = s.board
    parts = [("houses in " + ", ".join(b.name(c) for c in award.houses)) if award.houses else "no houses"]
    for sid, _value in award.tiles:  # face down until the end (thurn_and_taxis.score)
        parts.append(f"a {b.stacks[sid].name} tile")
    if award.carriage is not None:
        parts.append(f"carriage {award.carriage} ({b.carriages[award.carriage][0]} points)"
                     if award.carriage in b.carriages else f"carriage {award.carriage}")
    if award.ends_game:
        parts.append("this ends the game after the round")
    return "; ".join(parts)
