"""``posthorn serve``: the phone server without a window, on loopback."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from companion.core import records

from .kit import postman_game

POSTHORN = [sys.executable, "-c", "import sys; from ui.app import main; sys.exit(main())"]


def start(args, data_dir: Path) -> tuple[subprocess.Popen, list[str]]:
    env = {**os.environ, "POSTHORN_DATA_DIR": str(data_dir)}
    proc = subprocess.Popen([*POSTHORN, "serve", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=env)
    lines: list[str] = []
    deadline = time.monotonic() + 30
    while not (lines and lines[-1].startswith("BOARD")) and time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        lines.append(line.rstrip("\n"))
    return proc, lines


def test_serve_prints_a_link_per_seat_and_the_board_serves_and_autosaves(tmp_path):
    record = tmp_path / "game.json"
    records.save(postman_game(), record)
    before = record.read_text()
    proc, lines = start([str(record), "--host", "127.0.0.1", "--port", "0"], tmp_path / "data")
    try:
        assert [line.split()[:-1] for line in lines] == [["SEAT", "Postmen"], ["SEAT", "Holnists"], ["BOARD"]], \
            (lines, proc.stderr.read() if proc.poll() is not None else "")
        urls = [line.split()[-1] for line in lines]
        assert all(u.startswith("http://127.0.0.1:") for u in urls) and len(set(urls)) == 3
        with urllib.request.urlopen(urls[0], timeout=5) as r:
            assert r.status == 200 and r.headers["Content-Security-Policy"]
        try:
            urllib.request.urlopen(urls[0].rsplit("/", 1)[0] + "/wrong", timeout=5)
            raise AssertionError("a wrong token was answered")
        except urllib.error.HTTPError as e:
            assert e.code == 404
    finally:
        proc.send_signal(signal.SIGINT)
        _out, err = proc.communicate(timeout=10)  # closes the pipes
    assert proc.returncode == 0, err
    saves = list((tmp_path / "data" / "autosave").glob("postman-*.json"))
    assert len(saves) == 1 and json.loads(saves[0].read_text())["inputs"]
    assert record.read_text() == before  # the record opened is never written back


def test_serve_refuses_a_public_address_unless_told(tmp_path):
    record = tmp_path / "game.json"
    records.save(postman_game(), record)
    env = {**os.environ, "POSTHORN_DATA_DIR": str(tmp_path / "data")}
    out = subprocess.run([*POSTHORN, "serve", str(record), "--host", "0.0.0.0", "--port", "0"],
                         capture_output=True, text=True, env=env, timeout=30)
    assert out.returncode == 2 and "every interface" in out.stderr and "SEAT" not in out.stdout
    assert "--public" in out.stderr
    assert not [p for p in (tmp_path / "data").rglob("*") if p.is_file()], "a refused serve wrote a file"


def test_serve_without_a_game_says_so(tmp_path):
    env = {**os.environ, "POSTHORN_DATA_DIR": str(tmp_path / "empty")}
    out = subprocess.run([*POSTHORN, "serve", "--host", "127.0.0.1"], capture_output=True, text=True,
                         env=env, timeout=30)
    assert out.returncode == 2 and "no game to serve" in out.stderr
