"""End to end, slow (minutes): build the .deb and the portable .tar.xz with packaging/build.py,
install the .deb into this machine, run the installed `posthorn --self-test` and `posthorn
--screenshot`, uninstall, check nothing is left; the same for the unpacked .tar.xz. The checks
are packaging/smoke.py's, which the release workflow runs on every system.

    ./dev.sh test -m slow tests/packaging     # needs root (or sudo) and dpkg

Set POSTHORN_DIST to a folder that already holds the built files to skip the build.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
DEB_BUDGET_MB = 45

pytestmark = [
    pytest.mark.slow,
    pytest.mark.timeout(1800),
    pytest.mark.skipif(not sys.platform.startswith("linux") or shutil.which("dpkg-deb") is None,
                       reason="the .deb is built and installed on Debian/Ubuntu"),
]


@pytest.fixture(scope="module")
def dist() -> Path:
    given = os.environ.get("POSTHORN_DIST")
    if given:
        return Path(given)
    env = {k: v for k, v in os.environ.items() if k != "POSTHORN_DATA_DIR"}
    subprocess.run([sys.executable, str(ROOT / "packaging" / "build.py")], cwd=ROOT, env=env,
                   check=True, timeout=1700)
    return ROOT / "dist"


def smoke(path: Path, tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "POSTHORN_DATA_DIR"}
    r = subprocess.run([sys.executable, str(ROOT / "packaging" / "smoke.py"), str(path),
                        "--screenshot", str(tmp_path / "shot.png")], env=env,
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "all checks passed" in r.stdout


def test_deb_installs_runs_its_self_test_and_uninstalls(dist, tmp_path):
    if os.geteuid() != 0 and shutil.which("sudo") is None:
        pytest.skip("installing a .deb needs root or sudo")
    if Path("/opt/posthorn").exists():
        pytest.skip("Posthorn is already installed here (/opt/posthorn): dpkg -r posthorn first")
    (deb,) = dist.glob(f"posthorn_{VERSION}_*.deb")
    assert deb.stat().st_size / 1e6 < DEB_BUDGET_MB
    fields = subprocess.run(["dpkg-deb", "-f", str(deb), "Package", "Depends"], check=True,
                            capture_output=True, text=True).stdout
    assert "Package: posthorn" in fields and "libgl1" in fields
    smoke(deb, tmp_path)


def test_portable_tarball_runs_its_self_test(dist, tmp_path):
    (tarball,) = dist.glob(f"posthorn-{VERSION}-linux-*.tar.xz")
    smoke(tarball, tmp_path)
