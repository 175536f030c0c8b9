"""What a click on the Postman table means, by what the game is waiting for: moving a ticked
stack, choosing a card's target on the map, a retreat town, and the one-click steps (recruit
with every unit, roll all Militia, deal every card owed, resolve a battle with the app's dice).

Each step is an ordinary input; a one-click step is a short plan of inputs, driven one at a time
so every roll is its own line in the log, and it stops wherever a player must decide.
"""

from __future__ import annotations

from PySide6.QtWidgets import QInputDialog

from companion.core.inputs import Input
from companion.core.words import percent
from companion.postman import view as q

BATTLE_ROLLS = q.BATTLE_ROLLS  # the rolls a battle owes, as the rules list them


class Flows:
    def __init__(self):
        self.reach: dict = {}
        self.targeting: dict | None = None   # a card waiting for its target on the map
        self.plan: dict | None = None        # a one-click step in progress
        self.answer_pause: tuple | None = None  # (the roll's log entry, card kinds): Resolve waits
        self._running = False
        #: asks the player to pick one of (value, label); tests replace it
        self.pick = self._pick_dialog

    # -- the map ----------------------------------------------------------------------------------
    def town_clicked(self, town: str) -> None:
        s = self.state
        t = s.pos
        if self.targeting is not None:
            return self._target_clicked(town)
        b = t.battle
        if b is not None and b.step == "retreat":
            return self.submit("battle_retreat", to=town)
        ticked = self.stack.ticked()
        if (t.phase == "move" and ticked and town != self.selected and t.offer is None and t.due is None
                and all(x in t.units for x in ticked)):
            path = q.path_to(s, ticked, town)
            out = self.submit("move", units=ticked, path=path)
            if out is not None and out.accepted:
                self.select(town)
            return None
        if t.phase == "fight" and town in t.battles_left and t.battle is None:
            self.preview_battle = town
            self.tabs.setCurrentWidget(self.battle)
        self.select(town)
        return None

    def drag_started(self, town: str) -> None:
        """A drag from a town picks its stack, as a click would, so the towns in reach light up
        while the pointer moves; a stack already ticked there keeps its ticks."""
        t = self.state.pos
        if t.phase == "move" and self.targeting is None and (town != self.selected or not self.stack.ticked()):
            self.select(town)

    def stack_dropped(self, start: str, town: str) -> None:
        """Let go over a town: the same ``move`` input as ticking the stack and clicking there."""
        if self.state.pos.phase != "move" or self.targeting is not None or self.selected != start:
            return
        self.town_clicked(town)

    def battle_town(self) -> str | None:
        t = self.state.pos
        if self.session.result() is not None:  # no battle after the end (postman.victory)
            return None
        if t.battle is not None:
            return t.battle.town
        chosen = getattr(self, "preview_battle", None)
        if t.phase == "fight" and chosen in t.battles_left:
            return chosen
        return q.battle_town(self.state)

    def mark_map(self, looks, tips) -> None:
        s = self.state
        t = s.pos
        self.reach = {}
        if self.targeting is not None:
            for town in self._target_towns():
                looks[town].mark = "target"
            return
        b = t.battle
        if b is not None and b.step == "retreat":
            for town in q.retreat_towns(s, b.town, b.retreating):
                looks[town].mark = "retreat"
            return
        if t.offer is not None:
            for town in q.retreat_towns(s, t.offer.town, t.offer.side):
                looks[town].mark = "retreat"
            return
        ticked = [u for u in self.stack.ticked() if u in t.units]
        if t.phase != "move" or not ticked or t.due is not None:
            return
        self.reach = q.reachable(s, ticked)
        for town, reach in self.reach.items():
            looks[town].mark = "reach"
            if reach.sneaks:
                looks[town].note = f"sneak {percent(reach.arrive)}"
            elif reach.battle:
                looks[town].note = "battle"
            tips[town] += "\n\n" + self.reach_text(town, reach)

    def reach_text(self, town: str, reach) -> str:
        path = " \u2192 ".join(self.name(x) for x in reach.path)
        lines = [f"Move to {self.name(town)}: {path}"]
        for r in reach.sneaks:
            lines.append(f"  sneak past {self.name(r.town)}: {r.die.what} needs {r.die.text()}")
        if reach.sneaks:
            lines.append(f"  the whole stack gets there: {percent(reach.arrive)}")
        if reach.battle:
            lines.append("  enemy units there: they may retreat, else a battle")
        return "\n".join(lines)

    def move_hint(self) -> str:
        s = self.state
        t = s.pos
        if self.targeting is not None:
            return self._target_prompt()
        if t.phase != "move" or self.selected is None:
            return ""
        ticked = self.stack.ticked()
        if not ticked:
            return "Tick the units to move."
        problems = q.stack_problems(s, ticked)
        if problems:
            return "This stack may not move: " + "; ".join(v.reason for v in problems) + \
                ". Clicking a town asks the rules anyway (you may override)."
        n = len(q.reachable(s, ticked))
        return (f"Click or drag to a green town to move there ({n} in reach); \"sneak N%\": the chance the "
                "whole stack slips past the enemy on the way. Hover a town for the path and its rolls.")

    # -- the one-click step of each phase ---------------------------------------------------------
    def action_for(self, steps) -> tuple[str, str]:
        s = self.state
        t = s.pos
        if self.plan is not None and self.plan.get("paused"):
            return "Continue", "Roll on with the app's dice"
        if t.winner or self.session.pending_draw() is not None or t.due is not None:
            return "", ""
        if t.phase == "recruit":
            able = q.recruiters(s)
            if able:
                return (f"Recruit with all ({len(able)})",
                        "Every unit that may makes its recruit roll, one after another")
        if t.phase == "militia" and any(st.kind == "militia_phase" for st in steps):
            return ("Roll all Militia", "One Militia roll for every town without units, below its cap")
        if t.phase == "fight" and t.battle is None and t.battles_left:
            town = self.battle_town()
            # offered only when the session would take it, as it will judge the click
            if town is not None and not self.session.why_not(Input("fight", {"town": town})):
                return f"Fight in {self.name(town)}", "Begin this battle; see the Battle tab"
        return "", ""

    def one_click(self) -> None:
        s = self.state
        t = s.pos
        if self.plan is not None and self.plan.get("paused"):
            self.plan["go_on"] = True
            self.continue_plan()
            return
        if t.phase == "recruit":
            self.recruit_units([u for u, _c in q.recruiters(s)])
        elif t.phase == "militia":
            self._start_plan("militia", [])
            self.submit("militia_phase")
            self.continue_plan()
        elif t.phase == "fight" and t.battles_left:
            self.submit("fight", town=self.battle_town())

    def recruit_units(self, units: list[str]) -> None:
        self._start_plan("recruit", list(units))
        self.continue_plan()

    def _start_plan(self, kind: str, units: list[str]) -> None:
        # go_on: the click that starts the plan is the table's chance to play a card first
        self.plan = {"kind": kind, "units": units, "before": self.state, "go_on": True}
        self.summary.hide()

    def after_change(self) -> None:
        if self.plan is not None and not self._running:
            self.one_click_later()

    def continue_plan(self) -> None:
        """Drive the plan on: the app's dice roll now, the table's wait for the tray."""
        if self.plan is None or self._running:
            return
        self._running = True
        try:
            for _ in range(500):
                s = self.session
                if s.pending_roll() is not None:
                    if self.table_dice.isChecked():
                        return
                    answers = q.answers_open(self.state)
                    go_on = self.plan.pop("go_on", False)  # the click was the chance for this roll
                    if answers and not go_on:
                        # a card may answer this roll (Conscription, Organization, Luck...):
                        # stop, as Resolve does, whoever holds what (see answers_open)
                        self.plan["paused"] = answers
                        self.summary.setText("Cards may answer this roll: " + ", ".join(answers)
                                             + ". Play one, or press Continue.")
                        self.summary.show()
                        self.refresh()
                        return
                    self.plan.pop("paused", None)
                    out = self.table.roll_app()
                    if out is None or not out.accepted:
                        break
                    continue
                units = self.plan["units"]
                able = {u for u, _c in q.recruiters(s.state)}
                while units and units[0] not in able:
                    units.pop(0)
                if self.plan["kind"] == "recruit" and units:
                    out = self.submit("recruit", unit=units.pop(0))
                    if out is None or not out.accepted:
                        break
                    continue
                break
            plan, self.plan = self.plan, None
            lines = q.change_summary(self.state, plan["before"])
            title = {"recruit": "Recruit phase", "militia": "Militia phase"}[plan["kind"]]
            self.summary.setText(f"{title}: " + "; ".join(lines))
            self.summary_of = (self.state.pos.turn, self.state.pos.active, self.state.pos.phase)
            self.summary.show()
        finally:
            self._running = False

    def deal_all(self) -> None:
        for _ in range(60):
            if self.session.pending_draw() is None:
                return
            out = self.table.deal_app()
            if out is None or not out.accepted:
                return

    def resolve_battle(self) -> None:
        """Roll every die of the battle with the app's dice until a side must decide, or until
        a card may answer the roll just made (``q.answers_open``): then the table may play one
        or Continue, which rolls on from there."""
        self.answer_pause = None
        for _ in range(60):
            t = self.state.pos
            if t.battle is None or t.due is None or t.due.kind not in BATTLE_ROLLS:
                break
            out = self.table.roll_app()
            if out is None or not out.accepted:
                break
            t = self.state.pos
            if t.battle is not None and t.due is not None and t.due.kind in BATTLE_ROLLS:
                answers = q.answers_open(self.state)
                if answers:
                    self.answer_pause = (self.session.entries[-1], answers)
                    break
        self.refresh()

    def paused_answers(self) -> list[str]:
        """The card kinds Resolve paused for, while nothing has happened since."""
        pause = self.answer_pause
        entries = self.session.entries
        if pause is None or not entries or entries[-1] is not pause[0]:
            return []
        return pause[1]

    # -- cards ------------------------------------------------------------------------------------
    def card_clicked(self, side: str, cid: str) -> None:
        s = self.state
        card = s.catalog.cards[cid]
        if q.discarding(s, side, self.session.next_steps()) or (
                card.side != side and s.pos.phase == "mail" and s.pos.active == side):
            self.submit("discard", side=side, cards=[cid])  # postman.mail.limit
            return
        needs = q.NEEDS.get(card.effect, ())
        if not needs:
            out = self.submit("play_card", card=cid, side=side)
            if out is not None and out.accepted and s.pos.battle is not None:
                self.tabs.setCurrentWidget(self.battle)  # see what the card did to the odds
            return
        if needs == ("die",):
            dice = list(s.pos.last_roll)
            die = 0
            if len(dice) > 1:
                die = self.pick(f"{card.name}: which die?",
                                [(i, f"Die {i + 1}: {v}") for i, v in enumerate(dice)])
                if die is None:
                    return
            self.submit("play_card", card=cid, side=side, die=die)
            return
        targets = q.card_targets(s, side, cid)
        if not targets:  # none is legal: offer every town and unit, so the table may override
            units = list(s.pos.units)
            towns = list(s.board.towns)
            targets = [{"unit": u, "to": x} if needs == ("unit", "to") else {"unit": u}
                       for u in units for x in (towns if needs == ("unit", "to") else [None])] \
                if "unit" in needs else [{needs[0]: x} for x in towns]
        self.targeting = {"side": side, "card": cid, "needs": needs, "targets": targets, "chosen": {}}
        self.tabs.setCurrentWidget(self.stack)
        self.refresh()

    def cancel_targeting(self) -> None:
        self.targeting = None
        self.refresh()

    def _open_targets(self) -> list[dict]:
        g = self.targeting
        return [a for a in g["targets"] if all(a.get(k) == v for k, v in g["chosen"].items())]

    def _next_need(self) -> str:
        g = self.targeting
        return next(n for n in g["needs"] if n not in g["chosen"])

    def _target_towns(self) -> set[str]:
        need = self._next_need()
        units = self.state.pos.units
        battle = self.state.pos.battle
        out = set()
        for a in self._open_targets():
            value = a[need]
            if need == "unit":
                out.add(battle.town if value == "militia" and battle else units[value].town if value in units else None)
            else:
                out.add(value)
        return out - {None}

    def _target_prompt(self) -> str:
        g = self.targeting
        card = self.state.catalog.cards[g["card"]]
        what = {"unit": "the town of the unit", "town": "the town", "to": "where it goes"}[self._next_need()]
        return f"{card.name}: click {what} on the map (ringed in purple), or Cancel."

    def _target_clicked(self, town: str) -> None:
        g = self.targeting
        need = self._next_need()
        s = self.state
        if need == "unit":
            here = []
            for a in self._open_targets():
                u = a["unit"]
                where = s.pos.battle.town if u == "militia" and s.pos.battle else s.pos.units[u].town if u in s.pos.units else None
                if where == town and u not in here:
                    here.append(u)
            if not here:
                self.targeting = None
                self.refresh()
                return
            unit = here[0] if len(here) == 1 else self.pick(
                "Which unit?", [(u, q.unit_label(s, u)) for u in here])
            if unit is None:
                return
            g["chosen"]["unit"] = unit
        else:
            g["chosen"][need] = town
        if all(n in g["chosen"] for n in g["needs"]):
            self.targeting = None
            self.submit("play_card", card=g["card"], side=g["side"], **g["chosen"])
            self.refresh()
        else:
            self.refresh()

    def card_odds_tips(self, side: str) -> dict[str, str]:
        """For battle cards: the battle's odds if this card were played now."""
        s = self.state
        b = s.pos.battle
        if b is None:
            return {}
        out = {}
        for c in q.playable_cards(s, side):
            view = q.odds_with_card(s, c)
            if view is not None and view.odds:
                out[c.id] = "With it the Postmen: " + ", ".join(
                    f"{k} {percent(v)}" for k, v in view.odds.items() if v > 0.0005)
        return out

    def _pick_dialog(self, title: str, options):
        labels = [label for _v, label in options]
        text, ok = QInputDialog.getItem(self, title, title, labels, 0, False)
        return options[labels.index(text)][0] if ok else None
