"""What each input of the Courier Desk did, in the table's words: "Courier C3 is lost on the
way", "Courier C3 finds Hancock", a headquarters set up, the end of the game. The couriers' own history lines (the
rules write them as each thing happens) are the words; a roll adds the verdict first.
"""

from __future__ import annotations

import re

from ..core.inputs import Input
from . import ending
from .state import DeskState

_TURN = re.compile(r"^Turn \d+: ")

#: A verdict first for the moments the table waits for (couriers.loss, .locate.roll, .capture).
HEADLINE = {"lost": "Courier {id} is lost", "located": "Courier {id} has located {to}",
            "delivered": "Courier {id} delivers the message to {to}", "captured": "Courier {id} is captured"}


def before(s: DeskState, inp: Input) -> dict:
    # only couriers still on the way can change (``riding``), and the one the input names,
    # which an override may touch: a long evening's finished couriers cost nothing per input
    named = inp.args.get("courier")
    ids: tuple | list = s.riding
    if isinstance(named, str) and named in s.couriers and named not in s.riding:
        ids = [cid for cid in s.couriers if cid in s.riding or cid == named]  # in the roster's order
    couriers = s.couriers
    return {"ride": {cid: (len(c.history), c.status) for cid in ids for c in (couriers[cid],)},
            "hq": {cid: cmd.hq for cid, cmd in s.commanders.items()}, "over": s.over}


def said(b: dict, s: DeskState, inp: Input) -> str:
    if inp.kind == "end_game" and s.over and not b["over"]:
        return ending.verdict(s)  # the result screen's headline and why, in the same words
    if inp.kind in ("send_courier", "move_courier"):
        return ""  # the input's own words say it; the ride's verdict comes with its roll
    parts = []
    for cid, (seen, was) in b["ride"].items():
        c = s.couriers.get(cid)
        if c is None:
            continue
        headline = c.status != was and c.status in HEADLINE
        if headline:
            to = s.commanders[c.recipient].name if c.recipient in s.commanders else c.recipient
            parts.append(HEADLINE[c.status].format(id=cid, to=to))
        if c.status in ("delivered", "captured") and c.status != was:
            continue  # the headline says it all
        for line in c.history[seen:]:
            line = _TURN.sub("", line)  # after the headline the courier is named once already
            parts.append(line[:1].upper() + line[1:] if headline else f"Courier {cid}: {line}")
    for cid, cmd in s.commanders.items():
        if cmd.hq and cmd.hq != b["hq"].get(cid):
            parts.append(f"{cmd.name} sets up his headquarters at {cmd.hq}")
    return ". ".join(parts)
