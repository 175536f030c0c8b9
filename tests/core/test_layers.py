"""The rules core never imports Qt (docs/architecture.md, "Layers"): checked by reading the code and by
import-linter's contract in pyproject.toml."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import companion

FORBIDDEN = ("PySide6", "shiboken6", "qasync", "ui")
ROOT = Path(companion.__file__).resolve().parent
PROJECT = ROOT.parent


def imported_modules(path: Path):
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.lineno, node.module
        elif (isinstance(node, ast.Call) and isinstance(node.func, (ast.Name, ast.Attribute))
              and getattr(node.func, "id", getattr(node.func, "attr", "")) == "import_module"
              and node.args and isinstance(node.args[0], ast.Constant)
              and isinstance(node.args[0].value, str)):
            yield node.lineno, node.args[0].value


def test_no_companion_module_imports_qt_or_ui():
    files = sorted(ROOT.rglob("*.py"))
    assert len(files) > 10
    bad = [f"{f.relative_to(PROJECT)}:{line} imports {name}"
           for f in files for line, name in imported_modules(f)
           if name.split(".")[0] in FORBIDDEN]
    assert not bad, bad


def test_the_check_itself_sees_a_qt_import(tmp_path):
    sample = tmp_path / "x.py"
    sample.write_text("import os\nfrom PySide6.QtCore import Qt\nimport_module('ui.app')\n")
    assert [n for _, n in imported_modules(sample) if n.split(".")[0] in FORBIDDEN] == [
        "PySide6.QtCore", "ui.app"]


def test_importing_companion_loads_no_qt():
    code = ("import sys, companion.cli, companion.core.records, companion.core.packs, "
            "companion.couriers.rules, companion.games\n"
            f"bad = [m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r}]\n"
            "print(bad); sys.exit(1 if bad else 0)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                          check=False)
    assert done.returncode == 0, done.stdout + done.stderr


def test_import_linter_contract_holds():
    lint = Path(sys.executable).with_name("lint-imports")
    assert lint.exists(), "import-linter is not installed in this environment"
    done = subprocess.run([str(lint)], cwd=PROJECT, capture_output=True, text=True, timeout=120,
                          check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "The rules core never imports Qt KEPT" in done.stdout
