"""The game log as Markdown, for sharing after the game or attaching to a bug report."""

from __future__ import annotations

from .records import now


def log_markdown(session, title: str = "") -> str:
    rules = session.rules
    lines = [f"# {title or rules.title}", "",
             f"Rule pack `{session.pack.id}` version {session.pack.version} ({session.pack.hash[:19]}...). "
             f"Exported {now()}.", ""]  # never the seed: it would predict the app's next rolls
    for line in session.journal:
        e = line.entry
        if line.event == "undo":
            lines.append(f"   - *undone:* ~~{e.text}~~")
            continue
        if line.event == "redo":
            lines.append(f"   - *redone:* {e.text}")
            continue
        lines.append(f"{e.number}. {e.text}")  # the words already say whose dice
        for v in e.violations:
            lines.append(f"   - **overridden** `{v.rule}`: {v.reason}")
    ended = session.result()
    if ended is not None:
        lines += ["", "## Result", "", f"{ended.reason[:1].upper()}{ended.reason[1:]} (`{ended.rule}`)."]
        lines += [""] + [f"- {name}: {score}" for name, score in ended.scores] if ended.scores else []
        return "\n".join(lines) + "\n"
    lines += ["", "## What the table must do next", ""]
    lines += [f"- {s.text}" for s in session.next_steps()] or ["- nothing"]
    return "\n".join(lines) + "\n"
