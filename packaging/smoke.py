"""Install a built Posthorn installer, check the installed app, uninstall it, check it is gone.

    python3 packaging/smoke.py dist/posthorn_0.1.0_amd64.deb [--screenshot shot.png]

By the file's kind: a ``.deb`` (dpkg -i / dpkg -r, as root or through sudo), a Linux ``.tar.xz``
(unpacked into a temporary folder), a Windows ``-setup.exe`` (a silent per-user install and its
uninstaller), a macOS ``.dmg`` (mounted, the app copied out as a user would). In every case the
installed app runs ``--self-test`` (every rule pack, every bundled sample, the user data folder)
and ``--screenshot`` offscreen, which must write a PNG of the window. Exit 0 if all of it worked;
the release workflow and tests/packaging run this same script.
"""

from __future__ import annotations

import argparse
import os
import shutil
import struct
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

TIMEOUT = 300


class SmokeFailed(Exception):
    pass


def say(msg: str) -> None:
    print(f"smoke: {msg}", flush=True)


def check(cond: bool, what: str) -> None:
    if not cond:
        raise SmokeFailed(what)
    say(f"ok: {what}")


def run(cmd: list, **kw) -> subprocess.CompletedProcess:
    say("$ " + " ".join(str(c) for c in cmd))
    return subprocess.run([str(c) for c in cmd], timeout=TIMEOUT, **kw)


def as_root(cmd: list) -> list:
    if os.name != "posix" or os.geteuid() == 0:
        return cmd
    return ["sudo", "-n", *cmd]


def png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    if len(head) < 24 or head[:8] != b"\x89PNG\r\n\x1a\n":
        raise SmokeFailed(f"{path} is not a PNG")
    return struct.unpack(">II", head[16:24])


def exercise(exe: Path, shot: Path, env_extra: dict | None = None) -> None:
    """Run the installed app's self-test and a screenshot; both must succeed."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", **(env_extra or {}))
    env.pop("POSTHORN_DATA_DIR", None)  # the self-test must touch the real user data folder
    r = run([exe, "--self-test"], env=env, capture_output=True, text=True)
    sys.stdout.write(r.stdout)
    sys.stderr.write(r.stderr)
    check(r.returncode == 0, f"{exe} --self-test exits 0")
    if r.stdout:  # a windowed Windows app may have no stdout to print to
        check("self-test passed" in r.stdout, "the self-test reports 'self-test passed'")
    shot.unlink(missing_ok=True)
    r = run([exe, "--screenshot", shot], env=env)
    check(r.returncode == 0 and shot.exists(), f"{exe} --screenshot writes {shot}")
    w, h = png_size(shot)
    check((w, h) == (1280, 800), f"the screenshot is the 1280x800 window ({w}x{h})")
    # A game table too: the tables are imported by name, so this proves they were bundled.
    app = Path(shutil.which(exe) or exe).resolve().parent  # the app folder, or Contents/MacOS
    if app.name == "MacOS":
        app = app.parent
    record = next(app.rglob("rules/postman/samples/short_game.json"), None)
    check(record is not None, "the bundled Postman sample record is installed")
    table = shot.with_name(shot.stem + "-postman.png")
    r = run([exe, "--screenshot", table, record], env=env)
    check(r.returncode == 0 and png_size(table) == (1280, 800),
          f"{exe} --screenshot {table.name} opens the Postman sample")


def files_under(folder: Path) -> set[str]:
    return {str(p.relative_to(folder)) for p in folder.rglob("*")}


def smoke_deb(deb: Path, shot: Path, work: Path) -> None:
    if shutil.which("dpkg") is None:
        raise SmokeFailed("no dpkg on this machine")
    opt = Path("/opt/posthorn")
    check(not opt.exists(), f"{opt} does not exist before the install")
    r = run(as_root(["dpkg", "-i", deb]))
    check(r.returncode == 0, f"dpkg -i {deb.name}")
    try:
        launcher = Path("/usr/bin/posthorn")
        desktop = Path("/usr/share/applications/posthorn.desktop")
        check(launcher.exists() and os.access(launcher, os.X_OK), f"{launcher} is on PATH")
        check(shutil.which("posthorn") == str(launcher), "`posthorn` finds the launcher")
        check(desktop.is_file(), f"the menu entry {desktop} is installed")
        if shutil.which("desktop-file-validate"):
            check(run(["desktop-file-validate", desktop]).returncode == 0, "the menu entry is valid")
        for icon in ("48x48/apps/posthorn.png", "256x256/apps/posthorn.png", "scalable/apps/posthorn.svg"):
            check(Path("/usr/share/icons/hicolor", icon).is_file(), f"icon {icon} is installed")
        before = files_under(opt)
        home = work / "home"
        home.mkdir()
        exercise(Path("posthorn"), shot, {"HOME": str(home), "XDG_DATA_HOME": str(home / "data")})
        check((home / "data" / "Posthorn").is_dir(), "the self-test made the user data folder")
        check(files_under(opt) == before, f"running the app wrote nothing under {opt}")
    finally:
        r = run(as_root(["dpkg", "-r", "posthorn"]))
    check(r.returncode == 0, "dpkg -r posthorn")
    check(not opt.exists(), f"nothing is left under {opt}")
    check(not Path("/usr/bin/posthorn").exists(), "the launcher is gone")
    check(not Path("/usr/share/applications/posthorn.desktop").exists(), "the menu entry is gone")


def smoke_tarball(tarball: Path, shot: Path, work: Path) -> None:
    with tarfile.open(tarball) as tar:
        safe = {"filter": "tar"} if hasattr(tarfile, "data_filter") else {}
        tar.extractall(work / "portable", **safe)
    (top,) = (work / "portable").iterdir()
    check((top / "posthorn.desktop").is_file(), "the portable folder has its .desktop file")
    exercise(top / "posthorn", shot, {"XDG_DATA_HOME": str(work / "data")})


def smoke_windows(setup: Path, shot: Path, work: Path) -> None:
    local = Path(os.environ["LOCALAPPDATA"])
    app = local / "Programs" / "Posthorn"
    link = Path(os.environ["APPDATA"]) / "Microsoft/Windows/Start Menu/Programs/Posthorn.lnk"
    r = run([setup, "/VERYSILENT", "/SUPPRESSMSGBOXES", "/NORESTART", "/CURRENTUSER",
             f"/LOG={work / 'install.log'}"])
    check(r.returncode == 0, f"{setup.name} installs silently for this user")
    check((app / "posthorn.exe").is_file(), f"posthorn.exe is installed in {app}")
    check(link.is_file(), f"the Start menu entry {link} exists")
    exercise(app / "posthorn.exe", shot)
    r = run([app / "unins000.exe", "/VERYSILENT", "/SUPPRESSMSGBOXES", "/NORESTART"])
    check(r.returncode == 0, "the uninstaller runs")
    deadline = time.monotonic() + 120  # it finishes from a copy of itself in %TEMP%
    while (app.exists() or link.exists()) and time.monotonic() < deadline:
        time.sleep(1)
    check(not app.exists(), f"nothing is left in {app}")
    check(not link.exists(), "the Start menu entry is gone")


def smoke_dmg(dmg: Path, shot: Path, work: Path) -> None:
    mnt = work / "mnt"
    r = run(["hdiutil", "attach", "-nobrowse", "-readonly", "-mountpoint", mnt, dmg])
    check(r.returncode == 0, f"hdiutil attach {dmg.name}")
    try:
        check((mnt / "Posthorn.app").is_dir(), "the image holds Posthorn.app")
        check(os.readlink(mnt / "Applications") == "/Applications", "and a link to /Applications")
        apps = work / "Applications"
        apps.mkdir()
        r = run(["ditto", mnt / "Posthorn.app", apps / "Posthorn.app"])
        check(r.returncode == 0, "Posthorn.app copies out of the image")
    finally:
        run(["hdiutil", "detach", mnt])
    exercise(apps / "Posthorn.app" / "Contents" / "MacOS" / "posthorn", shot)
    shutil.rmtree(apps / "Posthorn.app")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("installer", type=Path)
    parser.add_argument("--screenshot", type=Path, help="where to keep the screenshot")
    args = parser.parse_args(argv)
    name = args.installer.name
    kinds = {".deb": smoke_deb, ".tar.xz": smoke_tarball, "-setup.exe": smoke_windows,
             ".dmg": smoke_dmg}
    kind = next((f for suffix, f in kinds.items() if name.endswith(suffix)), None)
    if kind is None:
        print(f"smoke: do not know how to install {name}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="posthorn-smoke-") as tmp:
        work = Path(tmp)
        shot = (args.screenshot or work / "shot.png").resolve()
        try:
            kind(args.installer.resolve(), shot, work)
        except (SmokeFailed, subprocess.TimeoutExpired, OSError) as e:
            print(f"smoke: FAILED: {e}", file=sys.stderr)
            return 1
    say(f"{name}: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
