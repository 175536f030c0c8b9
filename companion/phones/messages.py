"""What a phone is sent, what it may send back, and the last check before anything leaves.

Every message is built from the session's views: a seat's from ``view(seat)``, the board's from
``public_view()``, plus the log's words (the same the laptop shows everyone). ``withheld``
checks a message once more before it is sent: built again with every other seat's hidden things
swapped for others (``Seating.blind``), it must come out the same, or it depends on them.
"""

from __future__ import annotations

import copy
from collections.abc import Callable

from ..core.inputs import Input
from ..core.session import NotYourSeat, Outcome, Session
from ..core.violations import MalformedInput, Violation
from . import offers

LOG_LINES = 12


def _log(session: Session) -> list[dict]:
    return [{"event": line.event, "number": line.entry.number, "text": line.entry.text,
             "seat": line.entry.seat} for line in session.journal[-LOG_LINES:]]


def announcement(session: Session) -> str:
    if not session.journal:
        return ""
    line = session.journal[-1]
    prefix = {"undo": "Undone: ", "redo": "Redone: "}.get(line.event, "")
    return prefix + line.entry.text


def seat_message(session: Session, seat: str) -> dict:
    view = session.view(seat)
    names = {s.id: s.name for s in session.seats()}
    game = session.rules.game_id
    offered = offers.offers(session, seat, view)
    return {"type": "state", "role": "seat", "game": game, "seat": seat, "seat_name": names[seat],
            "title": session.rules.title, "headline": offers.headline(game, view),
            "hand": offers.hand(game, view, offered), "hand_words": offers.hand_words(game), "offers": offered,
            "view": view, "log": _log(session), "announcement": announcement(session),
            "version": len(session.journal)}


def board_message(session: Session) -> dict:
    view = session.public_view()
    game = session.rules.game_id
    return {"type": "state", "role": "board", "game": game, "title": session.rules.title,
            "headline": offers.headline(game, view), "facts": offers.facts(game, view), "view": view,
            "log": _log(session), "announcement": announcement(session), "version": len(session.journal)}


def blinded(session: Session, reader: str | None) -> Session | None:
    """``session`` as ``reader`` (None: the board) must not be able to tell it from: every other
    seat's hidden things swapped for others; None when no seat hides anything from ``reader``.
    Only read: it shares the journal and dice with ``session``."""
    state = session.state
    for seat in session.seats():
        if seat.id != reader:
            state = session.rules.blind(state, seat.id, reader) or state
    if state is session.state:
        return None
    twin = copy.copy(session)
    twin.state, twin.listeners = state, []
    return twin


def withheld(session: Session, reader: str | None, message: dict,
             build: Callable[[Session], dict | None] | None = None) -> bool:
    """Whether ``message`` for ``reader`` depends on what other seats hide from ``reader``: the
    same message ``build`` makes from ``blinded`` must come out (a state message by default).
    Asked of each game's ``Seating.blind``, not of the views, so a view that shows too much is
    caught; asked of the hidden things where they lie, not of words, so an honest message that
    names the same city or the same words as a hidden card or order is never held back."""
    if build is None:
        def build(s: Session) -> dict:
            return board_message(s) if reader is None else seat_message(s, reader)
    twin = blinded(session, reader)
    if twin is None:
        return False
    try:
        again = build(twin)
    except Exception:  # noqa: BLE001 - a build that trips over a stand-in read what it may not
        return True
    return again is not None and again != message


def _violation(session: Session, v: Violation) -> dict:
    rule = session.pack.rule(v.rule)
    return {"rule": v.rule, "reason": v.reason, "title": rule.title if rule else v.rule,
            "text": rule.body if rule else ""}


def _outcome(session: Session, out: Outcome) -> dict:
    if out.entry is not None:
        return {"type": "result", "ok": True, "text": out.entry.text}
    return {"type": "result", "ok": False, "violations": [_violation(session, v) for v in out.violations]}


def _app_input(session: Session, seat: str, what: str) -> Input:
    """The app's own roll or draw, made only for the seat it is owed by."""
    if what == "roll":
        if session.pending_roll() is None:
            raise MalformedInput("no roll is asked for now")
    elif session.pending_draw() is None:
        raise MalformedInput("no draw is asked for now")
    owner = session.seat_of(Input(what))
    if owner not in (None, seat):
        names = {s.id: s.name for s in session.seats()}
        raise NotYourSeat(f"that {what} is for {names.get(owner, owner)}, not for {names[seat]}")
    return session.app_roll() if what == "roll" else session.app_draw()


def _phone_input(data: dict) -> Input:
    inp = Input.from_json(data.get("input"), "input")
    if inp.kind == "draw":
        # naming the card drawn would let a phone pick its cards, or probe the draw pile
        # (and so the other hands) by the answer: phones draw with the app's deck
        raise MalformedInput("a phone draws with the app's deck (its Draw button); a card "
                             "drawn from a real deck is typed in at the laptop")
    return inp


def refusal(session: Session, seat: str, data) -> dict | None:
    """``handle``'s reply to an input ``data`` that would be refused, worked out without giving it;
    None for one that would be accepted, or for the app's roll or draw (whose refusals name only
    what is owed and by whom)."""
    if isinstance(data, dict) and data.get("type") in ("app_roll", "app_draw"):
        return None
    return handle(session, seat, data, dry=True) or None


def handle(session: Session, seat: str, data, *, dry: bool = False) -> dict:
    """One message from ``seat``'s phone: an input, or the app's roll or draw. Never raises for
    anything a phone can send; the reply says what happened. ``dry``: see ``refusal``."""
    if not isinstance(data, dict) or data.get("type") not in ("input", "app_roll", "app_draw"):
        return {"type": "result", "ok": False, "error": "expected an input, app_roll or app_draw message"}
    try:
        if dry:
            inp = _phone_input(data)
            session.check_from(seat, inp)
            violations = session.check(inp)
            return _outcome(session, Outcome(None, violations)) if violations else {}
        if data["type"] == "input":
            inp = _phone_input(data)
        else:
            inp = _app_input(session, seat, data["type"][4:])
        out = session.submit_from(seat, inp)
        if out.accepted:
            offers.after_input(session)
        return _outcome(session, out)
    except MalformedInput as e:
        return {"type": "result", "ok": False, "error": str(e)}
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
        # a rule that trips over arguments it did not expect: refused, and the game goes on
        return {"type": "result", "ok": False, "error": f"that input cannot be used here ({type(e).__name__})"}
