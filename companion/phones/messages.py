"""What a phone is sent, what it may send back, and the last check before anything leaves.

Every message is built from the session's views: a seat's from ``view(seat)``, the board's from
``public_view()``, plus the log's words (the same the laptop shows everyone). ``withheld``
checks a message once more against every other seat's secrets before it is sent.
"""

from __future__ import annotations

from ..core.inputs import Input
from ..core.session import NotYourSeat, Outcome, Session
from ..core.violations import MalformedInput, Violation
from . import offers

LOG_LINES = 12
#: Secrets this long are also looked for inside longer words (orders quoted in a sentence).
QUOTED = 12


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


def _words(data) -> list[str]:
    out: list[str] = []
    stack = [data]
    while stack:
        x = stack.pop()
        if isinstance(x, str):
            out.append(x)
        elif isinstance(x, dict):
            stack.extend(x.keys())
            stack.extend(x.values())
        elif isinstance(x, (list, tuple)):
            stack.extend(x)
    return out


def withheld(session: Session, reader: str | None, message: dict) -> list[str]:
    """The secrets of other seats that ``message`` (for ``reader``; None for the board) would
    carry. Asked of the rules' ``secrets``, not of the views that built the message, so a view
    that shows too much is caught here."""
    secrets: set[str] = set()
    for seat in session.seats():
        if seat.id != reader:
            secrets |= session.rules.secrets(session.state, seat.id, reader)
    if not secrets:
        return []
    words = _words(message)
    quoted = [x for x in secrets if len(x) >= QUOTED]
    return sorted({w for w in words if w in secrets} | {x for w in words for x in quoted if x in w})


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


def handle(session: Session, seat: str, data) -> dict:
    """One message from ``seat``'s phone: an input, or the app's roll or draw. Never raises for
    anything a phone can send; the reply says what happened."""
    if not isinstance(data, dict) or data.get("type") not in ("input", "app_roll", "app_draw"):
        return {"type": "result", "ok": False, "error": "expected an input, app_roll or app_draw message"}
    try:
        if data["type"] == "input":
            inp = Input.from_json(data.get("input"), "input")
            if inp.kind == "draw":
                # naming the card drawn would let a phone pick its cards, or probe the draw pile
                # (and so the other hands) by the answer: phones draw with the app's deck
                raise MalformedInput("a phone draws with the app's deck (its Draw button); a card "
                                     "drawn from a real deck is typed in at the laptop")
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
