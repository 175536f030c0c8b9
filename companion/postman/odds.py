"""Exact odds for The Postman: single d6 rolls, one battle round, whole battles and the duel.

Everything here is computed exactly by enumeration and dynamic programming over casualties,
never by sampling. The module stands alone (no other part of the postman package, no Qt): a
caller turns each unit's Fight stat and every modifier into one hit chance (``chance``), wraps it
in a ``Fighter`` and asks ``battle_odds``.

Numbers are floats by default. Pass ``exact=True`` (and ``Fraction`` hit chances) to get every
probability as a ``Fraction``: the same code runs on either, which is how the tests check it
against brute-force enumeration of the dice.

The battle procedure (postman.fight.*, as rules/postman/reference.md reads it):

1. Rule Number 7 (only when ``rule7``: both Leaders present): roll a d6 before round 1; on 4+
   the battle is a duel of the Leaders instead (``duel_odds``).
2. Round 1: every unit attacks once, simultaneously; each hit kills one unit of the other side.
   The owner chooses which of its units die; for the odds the owner removes Militia first, then
   its other non-Leader units, lowest hit chance first, and its Leader last.
3. A side with no units left has lost (both empty: both destroyed). If both remain, the side that
   took more casualties retreats; equal casualties (0-0 included) means the Postmen side. If that
   side can retreat (the caller says; a side made only of Militia never can) the battle ends.
4. Otherwise round 2. A side with no units left has lost; if both remain, the side with fewer
   units surrenders; on equal numbers the Postmen side (Postmen and Militia) surrenders.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

__all__ = [
    "OUTCOMES",
    "SUMMARY",
    "BattleOdds",
    "Fighter",
    "battle_odds",
    "chance",
    "duel_odds",
    "exact_chance",
    "hit_distribution",
    "removal_order",
    "round_odds",
    "type_roll_chances",
]

#: Every way a battle can end, in the order ``BattleOdds.outcomes()`` lists them.
OUTCOMES = (
    "postmen_win",  # the Holnists are all dead, some Postmen-side unit is left
    "holnists_win",  # the Postmen side (Postmen and Militia) is all dead, some Holnist is left
    "both_destroyed",  # nobody is left
    "postmen_retreat",  # after round 1 the Postmen side retreats
    "holnists_retreat",  # after round 1 the Holnists retreat
    "postmen_surrender",  # after round 2 the Postmen side surrenders (smaller, or equal numbers)
    "holnists_surrender",  # after round 2 the Holnists surrender (smaller)
    "duel_postman",  # Rule Number 7: the Postman wins the duel
    "duel_general",  # Rule Number 7: the General wins the duel
)

#: The four coarse bars for the UI, from the Postmen's point of view, and what each one adds up.
#: "win" is every end where the Postmen side keeps the field or wins the game; "lose" every end
#: where it has nothing left there (both sides destroyed counts as a loss: the town is empty and
#: the Postmen's units are gone) or the Postman falls in the duel.
SUMMARY = {
    "win": ("postmen_win", "holnists_retreat", "holnists_surrender", "duel_postman"),
    "retreat": ("postmen_retreat",),
    "surrender": ("postmen_surrender",),
    "lose": ("holnists_win", "both_destroyed", "duel_general"),
}

_SIDES = ("postmen", "holnists")


# --------------------------------------------------------------------------- single d6 rolls


def exact_chance(target: int, modifier: int = 0, *, natural_one_fails: bool = False) -> Fraction:
    """The chance that one d6 plus ``modifier`` reaches ``target``, as a Fraction.

    Used for a sneak, a recruit, a militia roll or one attack (target = the stat). With the
    optional house rule ``natural_one_fails`` a rolled 1 fails whatever the modifier.
    """
    lowest_face = 2 if natural_one_fails else 1
    faces = sum(1 for face in range(lowest_face, 7) if face + modifier >= target)
    return Fraction(faces, 6)


def chance(target: int, modifier: int = 0, *, natural_one_fails: bool = False) -> float:
    """The chance that one d6 plus ``modifier`` reaches ``target`` (see ``exact_chance``)."""
    return float(exact_chance(target, modifier, natural_one_fails=natural_one_fails))


def type_roll_chances(modifier: int = 0, *, exact: bool = False) -> dict[str, float | Fraction]:
    """The Recruit Type table: die + modifier of 1-5 gives the "light" unit (Postal Rider or
    Holnist Patrol), 6 or more the "heavy" one (Postmen Cavalry or Holnist Regiment).

    ``modifier`` is the sum of Small -1 / Large +1, Leader +1 and Organization +3.
    """
    heavy: float | Fraction = exact_chance(6, modifier)
    if not exact:
        heavy = float(heavy)
    return {"light": 1 - heavy, "heavy": heavy}


def duel_odds(general_bonus: int = 1, postman_rerolls: tuple[int, ...] = (1, 2)) -> Fraction:
    """The chance that the Postman wins the Rule Number 7 duel.

    Both roll a d6; the General adds ``general_bonus``; the Postman may reroll a roll in
    ``postman_rerolls`` once (he always does: the defaults make a 1 or 2 a certain non-win); the
    higher total wins and a tie is rolled again from the start, so the answer is
    P(win) / (P(win) + P(loss)) of a single exchange.
    """
    sixth = Fraction(1, 6)
    postman: dict[int, Fraction] = {}
    for face in range(1, 7):
        if face in postman_rerolls:
            for again in range(1, 7):
                postman[again] = postman.get(again, 0) + sixth * sixth
        else:
            postman[face] = postman.get(face, 0) + sixth
    win = loss = Fraction(0)
    for mine, p in postman.items():
        for theirs in range(1, 7):
            general = theirs + general_bonus
            if mine > general:
                win += p * sixth
            elif mine < general:
                loss += p * sixth
    if win + loss == 0:
        raise ValueError("the duel can never be decided: every exchange is a tie")
    return win / (win + loss)


# --------------------------------------------------------------------------- battle rounds


@dataclass(frozen=True, slots=True)
class Fighter:
    """One unit in a battle.

    ``hit`` is the chance that it scores a hit with its one attack, already worked out from its
    Fight stat and every modifier in play (e.g. ``chance(unit.fight, +2)`` under Trap).
    """

    name: str
    hit: float
    leader: bool = False
    militia: bool = False

    def __post_init__(self):
        if not 0 <= self.hit <= 1:
            raise ValueError(f"{self.name}: a hit chance must be between 0 and 1, not {self.hit!r}")


def _number(value, exact: bool):
    return Fraction(value) if exact else float(value)


def _poisson_binomial(chances, one):
    """Distribution of the number of hits of independent attacks: list index = hits."""
    dist = [one]
    for p in chances:
        q = one - p
        nxt = [d * q for d in dist]
        nxt.append(one - one)
        for k, d in enumerate(dist):
            nxt[k + 1] += d * p
        dist = nxt
    return dist


def hit_distribution(fighters: list[Fighter], *, exact: bool = False) -> list[float]:
    """The chance of each number of hits (the index) that these units score in one round."""
    one = _number(1, exact)
    return _poisson_binomial([_number(f.hit, exact) for f in fighters], one)


def round_odds(
    side_a: list[Fighter], side_b: list[Fighter], *, exact: bool = False
) -> dict[tuple[int, int], float]:
    """Joint distribution of the hits each side TAKES in one simultaneous round.

    Keys are ``(hits_on_a, hits_on_b)``: ``hits_on_a`` is scored by side_b's attackers (0 to
    ``len(side_b)``), ``hits_on_b`` by side_a's; the two are independent. Hits are not capped at
    the number of units (the casualties are ``min(hits, units)``). Every pair is listed, even if
    its chance is 0.
    """
    on_a = hit_distribution(side_b, exact=exact)
    on_b = hit_distribution(side_a, exact=exact)
    return {(i, j): pi * pj for i, pi in enumerate(on_a) for j, pj in enumerate(on_b)}


def removal_order(side: list[Fighter]) -> list[Fighter]:
    """The order in which the owner loses these units to hits, first casualty first: Militia,
    then other non-Leader units with the lowest hit chance first, the Leader last (equal units
    keep their listed order)."""
    return sorted(side, key=lambda f: (f.leader, not f.militia, f.hit))


# --------------------------------------------------------------------------- whole battles


@dataclass(frozen=True)
class BattleOdds:
    """The chance of each end of a battle (``OUTCOMES``), and what each side can expect to lose.

    - ``expected_casualties[side]``: units killed by hits, over both rounds.
    - ``expected_losses[side]``: units the side no longer has afterwards: those killed, plus the
      whole remaining side when it surrenders (Militia go over to the Holnists), plus the Leader
      who loses the duel.
    - ``second_round``: the chance that a second round is fought.
    - ``round1``: the distribution of ``(postmen_left, holnists_left)`` after round 1, given
      that round 1 is fought (it sums to 1 even when Rule Number 7 may replace the battle).
    """

    postmen_win: float
    holnists_win: float
    both_destroyed: float
    postmen_retreat: float
    holnists_retreat: float
    postmen_surrender: float
    holnists_surrender: float
    duel_postman: float
    duel_general: float
    expected_casualties: dict[str, float] = field(default_factory=dict, hash=False)
    expected_losses: dict[str, float] = field(default_factory=dict, hash=False)
    second_round: float = 0.0
    round1: dict[tuple[int, int], float] = field(default_factory=dict, hash=False)

    def outcomes(self) -> dict[str, float]:
        return {name: getattr(self, name) for name in OUTCOMES}

    def __getitem__(self, outcome: str) -> float:
        if outcome not in OUTCOMES:
            raise KeyError(outcome)
        return getattr(self, outcome)

    def total(self) -> float:
        return sum(self.outcomes().values())

    def summary(self) -> dict[str, float]:
        """Four bars for the UI, Postmen's view: win / retreat / surrender / lose (``SUMMARY``)."""
        return {bar: sum(getattr(self, name) for name in names) for bar, names in SUMMARY.items()}


def _can_retreat(order: list[Fighter], flag: bool) -> list[bool]:
    """For each number of units left (a prefix of the survival order): may this side retreat?"""
    out = [False]
    only_militia = True
    for f in order:
        only_militia = only_militia and f.militia
        out.append(flag and not only_militia)
    return out


def _prefix_distributions(order: list[Fighter], one) -> list[list]:
    """Hit distribution of the first m survivors, for every m (the alive set after k casualties
    is always the first n - k units of the survival order, because the removal order is fixed)."""
    dists = [[one]]
    dist = [one]
    zero = one - one
    for f in order:
        p = f.hit
        q = one - p
        nxt = [d * q for d in dist]
        nxt.append(zero)
        for k, d in enumerate(dist):
            nxt[k + 1] += d * p
        dists.append(nxt)
        dist = nxt
    return dists


def battle_odds(
    postmen: list[Fighter],
    holnists: list[Fighter],
    *,
    postmen_can_retreat: bool,
    holnists_can_retreat: bool,
    rule7: bool = False,
    duel_postman_wins: float | None = None,
    rule7_on: int = 4,
    exact: bool = False,
) -> BattleOdds:
    """The exact distribution of a battle's end (see the module docstring for the procedure).

    ``postmen`` is the whole Postmen side, Militia who fight included. ``*_can_retreat`` says
    whether that side has a town to retreat to; a side made only of Militia never retreats,
    whatever the flag. ``rule7`` rolls for Rule Number 7 (both Leaders must be in the battle);
    ``duel_postman_wins`` replaces the Postman's chance of winning the duel (default
    ``duel_odds()``, 40/91); ``rule7_on`` is the d6 number that calls the duel (a pack's
    ``rule7.trigger_on``).
    """
    if not postmen or not holnists:
        raise ValueError("a battle needs units on both sides")
    if rule7 and not (any(f.leader for f in postmen) and any(f.leader for f in holnists)):
        raise ValueError("Rule Number 7 needs both Leaders in the battle")
    one = _number(1, exact)
    zero = one - one

    # Survival order: index 0 is lost last; the units alive after k casualties are order[:n-k].
    pm_order = [Fighter(f.name, _number(f.hit, exact), f.leader, f.militia)
                for f in reversed(removal_order(postmen))]
    hl_order = [Fighter(f.name, _number(f.hit, exact), f.leader, f.militia)
                for f in reversed(removal_order(holnists))]
    pm_dists = _prefix_distributions(pm_order, one)  # hits the Postmen score with m units
    hl_dists = _prefix_distributions(hl_order, one)  # hits the Holnists score with m units
    pm_retreat_ok = _can_retreat(pm_order, postmen_can_retreat)
    hl_retreat_ok = _can_retreat(hl_order, holnists_can_retreat)
    na, nb = len(pm_order), len(hl_order)

    out = dict.fromkeys(OUTCOMES, zero)
    cas_a = cas_b = zero  # expected casualties
    gone_a = gone_b = zero  # expected units surrendered
    second = zero
    round1: dict[tuple[int, int], float] = {}
    on_a1 = hl_dists[nb]  # hits the Postmen side takes in round 1
    on_b1 = pm_dists[na]

    for i, pi in enumerate(on_a1):
        a1 = na - i if i < na else 0
        for j, pj in enumerate(on_b1):
            p = pi * pj
            if not p:
                continue
            b1 = nb - j if j < nb else 0
            round1[(a1, b1)] = round1.get((a1, b1), zero) + p
            cas_a += p * (na - a1)
            cas_b += p * (nb - b1)
            if a1 == 0 or b1 == 0:
                key = "both_destroyed" if a1 == b1 else ("holnists_win" if a1 == 0 else "postmen_win")
                out[key] += p
                continue
            if i >= j:  # the Postmen side took more casualties, or equal ones
                if pm_retreat_ok[a1]:
                    out["postmen_retreat"] += p
                    continue
            elif hl_retreat_ok[b1]:
                out["holnists_retreat"] += p
                continue
            # Round 2 from (a1, b1): units left a2, b2 are independent.
            second += p
            on_a2 = hl_dists[b1]
            on_b2 = pm_dists[a1]
            # left_a[x] = P(a2 == x); hits beyond a1 all mean a2 == 0.
            left_a = [zero] * (a1 + 1)
            for k, q in enumerate(on_a2):
                left_a[a1 - k if k < a1 else 0] += q
            left_b = [zero] * (b1 + 1)
            for k, q in enumerate(on_b2):
                left_b[b1 - k if k < b1 else 0] += q
            a_dead, b_dead = left_a[0], left_b[0]
            out["both_destroyed"] += p * a_dead * b_dead
            out["holnists_win"] += p * a_dead * (one - b_dead)
            out["postmen_win"] += p * b_dead * (one - a_dead)
            # tail_x[k] = P(x2 >= k), for k up to both sides' sizes + 1
            top = (a1 if a1 > b1 else b1) + 2
            tail_a = [zero] * top
            tail_b = [zero] * top
            t = zero
            for x in range(a1, 0, -1):
                t += left_a[x]
                tail_a[x] = t
            t = zero
            for y in range(b1, 0, -1):
                t += left_b[y]
                tail_b[y] = t
            # The Postmen side surrenders when 1 <= a2 <= b2, the Holnists when 1 <= b2 < a2.
            ps = ps_units = hs = hs_units = zero
            e_a2 = e_b2 = zero
            below = zero  # P(1 <= b2 < x)
            for x in range(1, a1 + 1):
                q = left_a[x]
                if x <= b1 + 1 and x > 1:
                    below += left_b[x - 1]
                hs += q * below
                ps += q * tail_b[x]
                ps_units += x * q * tail_b[x]
                e_a2 += x * q
            for y in range(1, b1 + 1):
                q = left_b[y]
                hs_units += y * q * tail_a[y + 1]
                e_b2 += y * q
            out["holnists_surrender"] += p * hs
            out["postmen_surrender"] += p * ps
            gone_a += p * ps_units
            gone_b += p * hs_units
            cas_a += p * (a1 - e_a2)
            cas_b += p * (b1 - e_b2)

    fought = one
    duel_a = duel_b = zero
    if rule7:
        duel = exact_chance(rule7_on)  # the Rule Number 7 roll: 4+ on a d6 as printed
        duel = _number(duel, exact)
        fought = one - duel
        d = duel_odds() if duel_postman_wins is None else duel_postman_wins
        d = _number(d, exact)
        duel_a, duel_b = duel * d, duel * (one - d)
        out = {k: v * fought for k, v in out.items()}
        out["duel_postman"] = duel_a
        out["duel_general"] = duel_b
    cas_a, cas_b = cas_a * fought, cas_b * fought
    return BattleOdds(
        **out,
        expected_casualties={"postmen": cas_a, "holnists": cas_b},
        # the duel's loser loses its Leader
        expected_losses={"postmen": cas_a + gone_a * fought + duel_b,
                         "holnists": cas_b + gone_b * fought + duel_a},
        second_round=second * fought,
        round1=round1,
    )
