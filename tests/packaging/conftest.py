"""The installer test builds for minutes and installs a .deb into this machine, so it runs only
when asked for by marker (`./dev.sh test -m slow tests/packaging`), never from a plain `pytest`."""

from __future__ import annotations

from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(config, items):
    expr = config.getoption("markexpr") or ""
    if "slow" in expr and "not slow" not in expr:
        return
    skip = pytest.mark.skip(reason="slow: run with -m slow (see packaging/README.md)")
    for item in items:
        if "slow" in item.keywords and HERE in Path(item.path).resolve().parents:
            item.add_marker(skip)
