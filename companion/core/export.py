"""The game log as Markdown, for sharing after the game or attaching to a bug report."""

from __future__ import annotations

from .records import now


def log_markdown(session, title: str = "", report=None) -> str:
    """The log as Markdown; ``report`` (the game's ``final_report``, a ``FinalReport``) adds the
    result screen's scores with their breakdown and the game's figures."""
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
    if ended is not None and report is not None:
        return "\n".join(lines + _report(report, ended.rule)) + "\n"
    if ended is not None:
        lines += ["", "## Result", "", f"{ended.reason[:1].upper()}{ended.reason[1:]} (`{ended.rule}`)."]
        lines += [""] + [f"- {name}: {score}" for name, score in ended.scores] if ended.scores else []
        return "\n".join(lines) + "\n"
    lines += ["", "## What the table must do next", ""]
    lines += [f"- {s.text}" for s in session.next_steps()] or ["- nothing"]
    return "\n".join(lines) + "\n"


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def _report(report, rule: str) -> list[str]:
    """The result screen in Markdown: headline, why, the score table, the figures."""
    lines = ["", "## Result", "", f"**{report.headline}.** {report.why} (`{rule}`).", ""]
    lines.append("| | " + " | ".join(_cell(c.capitalize()) for c in report.columns) + " |")
    lines.append("|---" * (len(report.columns) + 1) + "|")
    for line in report.scores:
        name = f"**{_cell(line.name)}** \u2605" if line.winner else _cell(line.name)
        lines.append(f"| {name} | " + " | ".join(_cell(c) for c in line.cells) + " |")
    if report.figures:
        lines += ["", "### The game in figures", ""] + [f"- {name}: {value}" for name, value in report.figures]
    return lines
