"""Fuzzing autosave journals from the structure out: each bundled sample is played into a real
autosave (the record written at its first half, the rest as journal lines by the Autosaver),
then one value of one journal line is replaced by a hostile one (or dropped, or given twice).
Resuming it either works all the way or ends in a message naming the journal or its record,
the place and what is wrong. Never a traceback, and never a game that cannot be resumed for
want of a reason.
"""

from __future__ import annotations

import functools
import json

import pytest
from fuzzing import FUZZ, apply, clear_message, json_text, mutations
from hypothesis import given
from hypothesis import strategies as st
from test_fuzz_records import SAMPLES, load_all_the_way

from companion import games
from companion.core import autosave, records
from companion.core.violations import PosthornError


@functools.cache
def played(sample) -> tuple[bytes, list[dict]]:
    """The record and the journal lines (as JSON) of ``sample`` played into a real autosave."""
    import tempfile
    from pathlib import Path

    rec = records.parse(sample.read_text(encoding="utf-8"), sample.name)
    half = len(rec.inputs) // 2
    rest, rec.inputs = rec.inputs[half:], rec.inputs[:half]
    session, _ = games.restore(rec, sample.name)
    with tempfile.TemporaryDirectory() as folder:
        saver = autosave.Autosaver(session, Path(folder) / "game.json", title=rec.title)
        saver(session)
        for inp in rest:
            session.submit(inp, override=True)
        lines = autosave.journal_path(saver.path).read_text(encoding="utf-8").splitlines()
        assert len(lines) > 1, "the sample must leave journal lines to fuzz"
        return saver.path.read_bytes(), [json.loads(line) for line in lines]


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: f"{p.parent.parent.name}/{p.stem}")
@FUZZ
@given(data=st.data())
def test_a_journal_line_with_one_hostile_value(tmp_path_factory, sample, data):
    record, lines = played(sample)
    n = data.draw(st.integers(0, len(lines) - 1), label="line")
    m = data.draw(mutations(lines[n]), label="mutation")
    texts = [json_text(line) for line in lines]
    texts[n] = json_text(apply(lines[n], m), m)
    folder = tmp_path_factory.mktemp("fuzz-journal", numbered=True)
    path = folder / "game.json"
    path.write_bytes(record)
    autosave.journal_path(path).write_text("\n".join(texts) + "\n", encoding="utf-8")
    try:
        rec = autosave.read(path)
        text = rec.dumps()
    except PosthornError as e:
        name = str(autosave.journal_path(path)) if str(e).startswith(str(autosave.journal_path(path))) \
            else str(path)
        clear_message(e, name)
        return
    try:
        load_all_the_way(text, str(path))
    except PosthornError as e:
        clear_message(e, str(path))


def test_the_journals_resume_unmutated(tmp_path):
    """The fuzz starts from journals that resume whole: each line's input is folded back in."""
    for sample in SAMPLES:
        record, lines = played(sample)
        path = tmp_path / f"{sample.parent.parent.name}-{sample.stem}.json"
        path.write_bytes(record)
        autosave.journal_path(path).write_text("\n".join(json_text(x) for x in lines) + "\n")
        rec = autosave.read(path)
        assert len(rec.inputs) == len(records.read(path).inputs) + len(lines) - 1
        assert rec.inputs[-1].to_json() == lines[-1]["input"]
