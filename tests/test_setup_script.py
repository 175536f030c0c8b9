"""dev.sh and .ci/run: the two commands the README promises (the real setup is tried on a fresh
clone by hand; these only guard the script's shape, without installing anything)."""

import os
import re
import subprocess
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(*args, cwd=ROOT):
    return subprocess.run(["bash", *map(str, args)], cwd=cwd, capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=30)


def test_scripts_are_executable_bash_that_parses():
    for name in ("dev.sh", ".ci/run"):
        path = ROOT / name
        assert os.access(path, os.X_OK), f"{name} is not executable"
        assert path.read_text().startswith("#!/usr/bin/env bash\n")
        assert run("-n", path).returncode == 0


def test_unknown_or_missing_subcommand_prints_usage_and_sets_nothing_up(tmp_path):
    for args in ([], ["bogus"]):
        out = run(ROOT / "dev.sh", *args, cwd=tmp_path)  # from another folder too
        assert out.returncode == 2
        assert "usage: ./dev.sh run [ARGS...]" in out.stderr
        assert "./dev.sh test [ARGS...]" in out.stderr
        assert "apt-get" not in out.stderr and "pip install" not in out.stderr


def test_ci_runs_dev_sh_test_and_nothing_else():
    lines = [line for line in (ROOT / ".ci/run").read_text().splitlines()
             if line.strip() and not line.lstrip().startswith("#")]
    assert lines[-1] == "exec ./dev.sh test"
    assert not any(re.search(r"\b(pytest|pip|ruff)\b", line) for line in lines)


def test_dev_sh_test_runs_ruff_lint_imports_and_fast_pytest_offscreen():
    text = (ROOT / "dev.sh").read_text()
    assert "export QT_QPA_PLATFORM=offscreen" in text
    assert '"$VENV/bin/ruff" check .' in text
    assert '"$VENV/bin/lint-imports"' in text
    assert '"$VENV/bin/pytest" -m "not slow"' in text


def test_dev_sh_test_type_checks_the_rules_core():
    text = (ROOT / "dev.sh").read_text()
    assert '"$VENV/bin/mypy" || failed+=("mypy")' in text
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert config["tool"]["mypy"]["files"] == ["companion"]
    assert any(dep.startswith("mypy") for dep in config["project"]["optional-dependencies"]["test"])


def test_readme_opens_with_exactly_the_two_commands():
    readme = (ROOT / "README.md").read_text()
    first_block = re.search(r"```\w*\n(.*?)```", readme, re.S).group(1)
    commands = [line.split("#")[0].strip() for line in first_block.splitlines() if line.strip()]
    assert commands == ["./dev.sh run", "./dev.sh test"]
