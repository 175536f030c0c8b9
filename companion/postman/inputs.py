"""The Postman's inputs, declared once: arguments, what admits each, its check, effect and words.

Rule ids are ``postman.*`` and each has a section in ``rules/postman/reference.md``. What holds
up ordinary play (a card to draw, a roll, a retreat offer, a battle decision) is the table's
``owed`` (the ``.pending`` rules, from ``steps.blocking``); the fall of a Leader ends the game
(postman.victory), after which only Luck may still reroll the deciding die (postman.card.luck).
"""

from __future__ import annotations

from ..core.input_table import (
    DieValues,
    Given,
    InputTable,
    ListOf,
    Name,
    Number,
    OneOf,
    Ref,
    arg,
    kind,
    optional,
)
from ..core.violations import Violation
from . import battle, cards, mail, movement, recruit, rolls, turn, words
from .catalog import SIDES
from .state import OTHER, Due, Fall, PostmanState
from .steps import ALLOWED, PENDING, blocking, next_steps
from .town_view import side_words, unit_label


def _units(s: PostmanState):
    return s.pos.units


def _towns(s: PostmanState):
    return s.board.towns


def _cards(s: PostmanState):
    return s.catalog.cards


UNIT = Ref(_units, "unit")
TOWN = Ref(_towns, "town on this map")
SIDE = OneOf(SIDES)
CARD = Ref(_cards, 'card (such as "QH" or "10S")')


# -- what ends or holds up the game (postman.victory, the .pending rules) -------------------------
def _luck_after_roll(s: PostmanState, a: Given) -> bool:
    """A Luck card played right after a roll (its window is the die just rolled)."""
    return s.pos.before_roll is not None and s.catalog.cards[a["card"]].effect == "luck"


def _ended(s: PostmanState, a: Given) -> Violation | None:
    if s.pos.winner:
        return Violation("postman.victory", f"the game is over: {side_words(s.pos.winner)} have won")
    return None


def _owed(s: PostmanState, a: Given) -> Violation | None:
    if s.pos.winner:  # only Luck's reroll comes after the end: nothing else is owed then
        return None
    t = s.pos
    if t.offer is not None and t.due is not None and a.kind in ("retreat", "stay"):
        return _offer_roll_first(s, t.due)
    block = blocking(s)
    if block is None or a.kind in ALLOWED[block]:
        return None
    if (block == "draw" and a.kind == "discard" and t.phase == "mail" and t.drawn == 0
            and not t.discards_owed):  # postman.mail.limit: the other colour's cards, before drawing
        return None
    return Violation(PENDING[block], f"first: {next_steps(s)[0].text}")


def _offer_roll_first(s: PostmanState, due: Due) -> Violation:
    """An answer to the retreat offer while its retreat roll is owed (postman.roll.pending) is
    firm: the roll says whether that unit got away, and staying or another retreat would close
    the offer the roll belongs to, so no table may override it."""
    who = unit_label(s, due.info.get("unit", "")) if due.kind == "retreat" else "the roll"
    return Violation(PENDING["roll"], f"first: {rolls.request(s, due).purpose}; it decides "
                     f"whether {who} gets away", firm=True)


def _prepare(s: PostmanState, a: Given) -> None:
    # any input but a roll (which takes its own snapshot) or Luck's reroll closes Luck's window
    if a.kind == "roll" or (a.kind == "play_card" and s.catalog.cards[a["card"]].effect == "luck"):
        return
    s.pos.before_roll = None


def _settle(s: PostmanState, a: Given) -> None:
    # postman.victory: the input a Leader fell to is recorded as it applies, so the result says
    # how he fell from the fold, never from the log's words. Luck undoes the deciding roll with
    # its position (no fall then) and rolls again: a Leader falling to that is a roll's doing.
    t = s.pos
    if t.winner is None or t.fall is not None:
        return
    leader = next(k for k, u in s.catalog.units.items() if u.side == OTHER[t.winner] and u.leader)
    card = s.catalog.cards[a["card"]] if a.kind == "play_card" else None
    if a.kind == "roll" or (card is not None and card.effect == "luck"):
        t.fall = Fall(leader, "roll", a.inp)
    elif card is not None:
        t.fall = Fall(leader, "card", a.inp, card.id)
    else:
        t.fall = Fall(leader, a.kind, a.inp)


# -- rolls (the roll owed: rolls.request says what it is for) --------------------------------------
def _check_roll(s: PostmanState, a: Given) -> list[Violation]:
    if s.pos.due is None:
        return [Violation("postman.roll.none", "no roll is asked for now")]
    rolls.dice_of(s, s.pos.due).check_values(a["values"])
    return []


def _roll(s: PostmanState, a: Given) -> None:
    t = s.pos
    due = t.due
    if due is None:  # an overridden roll nobody asked for changes nothing
        return
    values = tuple(a["values"])
    # Luck can only answer this roll if the Postmen hold it: copy the position only then
    lucky = any(s.catalog.cards[c].effect == "luck" for c in s.hand("postmen"))
    t.before_roll = t.snapshot() if lucky else None
    t.last_roll = values if due.reroll_index is None else tuple(
        values[0] if i == due.reroll_index else v for i, v in enumerate(due.keep))
    t.last_due = due
    rolls.settle(s, due, values)


# -- the rest, each in its own module --------------------------------------------------------------
def _check_stay(s: PostmanState, a: Given) -> list[Violation]:
    if s.pos.offer is None:
        return [Violation("postman.retreat.none", "no retreat is offered now")]
    return []


def _stay(s: PostmanState, a: Given) -> None:
    if s.pos.offer is not None:  # overridden with nothing offered (postman.retreat.none): no change
        movement.next_offer(s)


def _check_fight(s: PostmanState, a: Given) -> list[Violation]:
    b = s.pos.battle
    if b is not None:  # postman.battle.pending: a battle begun is fought to its end first
        return [Violation("postman.battle.pending",
                          f"first: the battle in {s.board.towns[b.town].name} is fought to its end")]
    return battle.check_fight(s, a["town"])


def _fight(s: PostmanState, a: Given) -> None:
    if s.pos.battle is None:  # overridden while a battle is on (postman.battle.pending): no change
        battle.apply_fight(s, a["town"])


def _check_retreat(s: PostmanState, a: Given) -> list[Violation]:
    if s.pos.offer is None:
        return [Violation("postman.retreat.none", "no retreat is offered now")]
    return movement.check_retreat(s, a["unit"], a["to"])


def _retreat(s: PostmanState, a: Given) -> None:
    if s.pos.offer is not None:  # overridden with nothing offered (postman.retreat.none): no change
        movement.apply_retreat(s, a["unit"], a["to"])


def _deciding(s: PostmanState, step: str, side: str | None = None) -> bool:
    """Whether the battle asks for this decision now (casualties of ``side``, or a retreat)."""
    b = s.pos.battle
    if b is None or b.step != step:
        return False
    return side in b.to_choose if step == "casualties" else b.retreating is not None


def _check_casualties(s: PostmanState, a: Given) -> list[Violation]:
    if not _deciding(s, "casualties", a["side"]):
        return [Violation("postman.battle.none", f"the {a['side']} have no casualties to choose now")]
    return battle.check_casualties(s, a["side"], a["units"])


def _casualties(s: PostmanState, a: Given) -> None:
    if _deciding(s, "casualties", a["side"]):  # else overridden (postman.battle.none): no change
        battle.apply_casualties(s, a["side"], a["units"])


def _check_battle_retreat(s: PostmanState, a: Given) -> list[Violation]:
    if not _deciding(s, "retreat"):
        return [Violation("postman.battle.none", "no side has to retreat from a battle now")]
    return battle.check_battle_retreat(s, a["to"])


def _battle_retreat(s: PostmanState, a: Given) -> None:
    if _deciding(s, "retreat"):  # else overridden (postman.battle.none): no change
        battle.apply_battle_retreat(s, a["to"])


INPUTS = InputTable("The Postman", [
    kind("draw", arg("card", Name()),
         check=lambda s, a: mail.check_draw(s, a["card"]),
         apply=lambda s, a: mail.apply_draw(s, a["card"]), words=words.draw,
         hidden=lambda s, a: () if s.pos.discards_owed else ("card",)),  # into a hand: unseen
    kind("roll", arg("values", DieValues()), check=_check_roll, apply=_roll, words=words.roll),
    kind("move", arg("units", ListOf(UNIT, 1, "unit ids")), arg("path", ListOf(TOWN, 1, "town ids")),
         check=lambda s, a: movement.check_move(s, a["units"], a["path"]),
         apply=lambda s, a: movement.apply_move(s, a["units"], a["path"]), words=words.move),
    kind("retreat", arg("unit", UNIT), arg("to", TOWN),
         check=_check_retreat, apply=_retreat, words=words.retreat),
    kind("stay", check=_check_stay, apply=_stay, words="The rest stay"),
    kind("end_phase", check=lambda s, a: turn.check_end_phase(s),
         apply=lambda s, a: turn.apply_end_phase(s), words=words.end_phase),
    kind("fight", arg("town", TOWN), check=_check_fight,
         apply=_fight, words=words.fight),
    kind("casualties", arg("side", SIDE), arg("units", ListOf(Name(), 0, 'unit ids (or "militia")')),
         check=_check_casualties, apply=_casualties, words=words.casualties),
    kind("battle_retreat", arg("to", TOWN),
         check=_check_battle_retreat, apply=_battle_retreat, words=words.battle_retreat),
    kind("recruit", arg("unit", UNIT),
         check=lambda s, a: recruit.check_recruit(s, a["unit"]),
         apply=lambda s, a: recruit.apply_recruit(s, a["unit"]), words=words.recruit),
    kind("militia_phase", check=lambda s, a: recruit.check_militia_phase(s),
         apply=lambda s, a: recruit.apply_militia_phase(s), words="Militia phase: roll for every empty town"),
    kind("discard", arg("side", SIDE), arg("cards", ListOf(Name(), 0, "card ids")),
         check=lambda s, a: mail.check_discard(s, a["side"], a["cards"]),
         apply=lambda s, a: mail.apply_discard(s, a["side"], a["cards"]), words=words.discard),
    # a card's targets vary with its effect: each is declared here, and the card's own needs
    # (play_options.NEEDS) say which it reads
    kind("play_card", arg("card", CARD), optional("side", SIDE),
         optional("unit", Name()), optional("to", TOWN), optional("town", TOWN),
         optional("die", Number(0, whole=True)),
         check=cards.check_play, apply=cards.apply_play, words=words.play_card,
         after_end=_luck_after_roll),
], ended=_ended, owed=_owed, prepare=_prepare, settle=_settle)
