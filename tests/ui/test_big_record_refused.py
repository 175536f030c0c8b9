"""A million-input record (33 MB, inside the file size limit) is refused by the window with a
message that says how long it is and what the limit is, quickly and without growing the process
by a parsed million inputs; the file is left exactly as it was, and the start page still lists
the saves beside it (tests/core/test_big_records.py checks the reading itself, and that a
record at the limit is read)."""

import resource
import time

from companion.core import records

HEAD = ('{"format": "posthorn-record", "version": 1, "game": "couriers", "title": "A very long evening",'
        ' "pack": {"id": "couriers", "hash": "x"}, "setup": {}, "inputs": [\n')
LINE = '{"kind": "end_turn", "args": {}}'


def write(path, n: int):
    path.write_text(HEAD + ",\n".join([LINE] * n) + "\n]}\n", encoding="utf-8")
    return path


def test_the_window_refuses_a_million_input_record_and_leaves_it_as_it_was(window, tmp_path):
    path = write(tmp_path / "evening.json", 1_000_000)
    before_bytes = path.read_bytes()
    grown_from = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    t0 = time.process_time()
    assert window.open_record(str(path)) is False
    took = time.process_time() - t0
    grown_mib = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - grown_from) / 1024
    assert window.table is None  # still on the start page
    assert len(window.warnings) == 1
    assert f"about 1,000,000 inputs; Posthorn opens a game of at most {records.MAX_INPUTS:,}" in window.warnings[0]
    assert "left exactly as it was" in window.warnings[0]
    assert path.read_bytes() == before_bytes
    assert took < 5  # a parse and replay of a million inputs took a minute
    assert grown_mib < 200



def test_a_million_input_autosave_is_listed_with_its_problem_beside_the_others(window, tmp_path):
    from companion.core.storage import autosave_dir

    assert window.new_game("thurn_and_taxis", {"players": ["Anna", "Ben"]}, seed=3)
    window.close_game()  # a good save, on the start page
    write(autosave_dir() / "evening.json", 1_000_000)
    t0 = time.process_time()
    window.refresh_resume()
    took = time.process_time() - t0
    rows = {r.path.name: r for r in window.start.saved_games.rows}
    assert "about 1,000,000 inputs" in (rows["evening.json"].problem or "")
    good = [r for name, r in rows.items() if name != "evening.json"]
    assert len(good) == 1 and good[0].problem is None  # the good save still opens
    # Resume offers the good one, and says why the newest could not be read
    assert window._latest is not None and window._latest.path == good[0].path
    assert took < 5
