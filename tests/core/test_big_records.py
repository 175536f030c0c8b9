"""A record too long to replay in reasonable time and memory is refused with a clear message,
before the JSON parser builds it; one at the limit still opens."""

from __future__ import annotations

import json
import resource

import pytest

from companion.core import records
from companion.core.violations import RecordError

HEAD = ('{"format": "posthorn-record", "version": 1, "game": "couriers", "title": "",'
        ' "pack": {"id": "couriers", "hash": "x"}, "setup": {}, "inputs": [\n')
LINE = '{"kind": "end_turn", "args": {}}'


def write(tmp_path, n):
    path = tmp_path / f"game-{n}.json"
    path.write_text(HEAD + ",\n".join([LINE] * n) + "\n]}\n", encoding="utf-8")
    return path


def test_a_million_input_record_is_refused_quickly_and_without_parsing(tmp_path):
    path = write(tmp_path, 1_000_000)  # 33 MB: inside the size limit
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    with pytest.raises(RecordError, match=r"about 1,000,000 inputs; Posthorn opens a game of at most 100,000"):
        records.read(path)
    grown_mib = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
    assert grown_mib < 200  # the file's bytes and its text, never a parsed million objects


def test_the_exact_count_is_checked_when_the_kinds_hide(tmp_path):
    data = json.loads(HEAD + "]}")
    data["inputs"] = [{"args": {}, "kind": "end_turn"}] * (records.MAX_INPUTS + 1)
    with pytest.raises(RecordError, match="inputs: 100,001 inputs"):
        records.parse(json.dumps(data).replace('"kind"', '"k\\u0069nd"'))


def test_a_record_at_the_limit_is_parsed(tmp_path):
    rec = records.read(write(tmp_path, records.MAX_INPUTS))
    assert len(rec.inputs) == records.MAX_INPUTS
