"""docs/records.md shows an example record and what `posthorn replay` prints for it: both must
stay true as the rules and their words change."""

import io
import re
from pathlib import Path

from companion import cli

DOC = Path(__file__).resolve().parents[2] / "docs" / "records.md"


def blocks(text: str) -> list[str]:
    return re.findall(r"```(?:json)?\n(.*?)```", text, flags=re.S)


def test_the_documented_example_replays_as_documented(tmp_path):
    text = DOC.read_text(encoding="utf-8")
    i = text.index("`posthorn replay` on it prints")
    record = blocks(text[:i])[-1]
    printed = blocks(text[i:])[0]
    path = tmp_path / "example.json"
    path.write_text(record, encoding="utf-8")
    out = io.StringIO()
    assert cli.replay(str(path), out=out) == 0
    got = [line for line in out.getvalue().splitlines() if not line.startswith("note: pack content")]
    expected = printed.rstrip("\n").splitlines()
    assert got[: len(expected)] == expected


def test_every_sample_names_the_pack_it_ships_with():
    """A sample whose pack hash is stale replays with a 'pack content differs' note and makes the
    window warn when opened: rebuild the sample when its pack changes."""
    import json

    from companion.games import bundled_pack

    samples = sorted((DOC.parents[1] / "rules").glob("*/samples/*.json"))
    assert samples
    for path in samples:
        pack = json.loads(path.read_text(encoding="utf-8"))["pack"]
        assert pack["hash"] == bundled_pack(pack["id"]).hash, f"{path.name}: rebuild it"
