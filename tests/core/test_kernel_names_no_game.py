"""The kernel names no game: a new game is added by its pack, its input table and its view.

The core, the session, the table screen, the shared widgets and the random playout hold no
game's id, title or package in their code (names and strings; comments and docstrings may give
an example). What a game alone knows (its seats, its setup) each game declares itself.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from companion.games import GAMES

ROOT = Path(__file__).resolve().parents[2]
KERNEL = sorted([*(ROOT / "companion" / "core").glob("*.py"), ROOT / "ui" / "table.py",
                 *(ROOT / "ui" / "widgets").glob("*.py"), ROOT / "tests" / "playout.py"])
#: every game's id, title and what its title would be written as in code
WORDS = sorted({w.lower() for g in GAMES.values()
                for w in (g.id, g.title, g.title.removeprefix("The "), g.title.replace(" ", "_"))})


def _docstrings(tree: ast.AST) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) \
                and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
            out.add(id(body[0].value))
    return out


def words_in_code(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _docstrings(tree)
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            out.append((node.lineno, node.value))
        elif isinstance(node, ast.Name):
            out.append((node.lineno, node.id))
        elif isinstance(node, ast.Attribute):
            out.append((node.lineno, node.attr))
        elif isinstance(node, ast.alias):
            out.append((node.lineno, node.name))
        elif isinstance(node, ast.FunctionDef | ast.ClassDef | ast.AsyncFunctionDef):
            out.append((node.lineno, node.name))
    return out


@pytest.mark.parametrize("path", KERNEL, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_kernel_names_no_game(path):
    found = [(line, text) for line, text in words_in_code(path)
             if any(w in text.lower() for w in WORDS)]
    assert not found, f"{path.name} names a game: {found}"


def test_the_check_finds_a_game_named_in_code(tmp_path):
    """The check itself can fail: a game's id in a string or a name is found, in a docstring not."""
    sample = tmp_path / "sample.py"
    sample.write_text('"""The Postman, as an example."""\nFIXED = {"postman": ("Postmen",)}\n'
                      'def f():\n    return thurn_and_taxis\n', encoding="utf-8")
    found = {text for _line, text in words_in_code(sample) if any(w in text.lower() for w in WORDS)}
    assert found == {"postman", "thurn_and_taxis"}
