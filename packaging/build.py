"""Build Posthorn's installer for the system this runs on, from one entry point.

    python3 packaging/build.py            # Linux: .deb and .tar.xz; Windows: setup .exe; macOS: .dmg
    python3 packaging/build.py --app-only # stop after the PyInstaller folder (build/dist/posthorn)

Steps: (1) a virtual environment in build/venv holding only Posthorn's runtime dependencies and
PyInstaller (the dev .venv has pytest and hypothesis, whose runtime hooks would cost every start);
(2) PyInstaller with packaging/posthorn.spec, one folder, into build/dist; (3) the frozen app's
``--self-test``; (4) the installer into dist/. Signing runs only when its secrets are in the
environment (packaging/README.md). Needs: Python 3.11+ with venv; on Linux dpkg-deb; on Windows
Inno Setup 6 (iscc); on macOS hdiutil.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import os
import platform
import shutil
import subprocess
import sys
import tarfile
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build"
VENV = BUILD / "venv"
APP_DIST = BUILD / "dist"
OUT = ROOT / "dist"
LINUX, WINDOWS, MACOS = sys.platform.startswith("linux"), sys.platform == "win32", sys.platform == "darwin"

# System libraries the bundled Qt loads and that a bare Debian 12 or Ubuntu 22.04 lacks. Depends:
# enough for the app to start (checked on a bare Debian 12, offscreen). Recommends: a real X11
# window (every desktop already has them; apt installs them with the package anyway).
DEB_DEPENDS = ["libc6 (>= 2.28)", "libgl1", "libegl1", "libfontconfig1"]
DEB_RECOMMENDS = ["libxkbcommon0", "libxkbcommon-x11-0", "libdbus-1-3", "libglib2.0-0",
                  "libxcb-cursor0", "libxcb-icccm4", "libxcb-keysyms1", "libxcb-shape0",
                  "libxcb-randr0", "libxcb-render-util0", "libxcb-xinerama0", "libxcb-image0"]
HICOLOR_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


def say(msg: str) -> None:
    print(f"build: {msg}", flush=True)


def run(cmd: list, **kw) -> subprocess.CompletedProcess:
    say("$ " + " ".join(str(c) for c in cmd))
    return subprocess.run([str(c) for c in cmd], check=True, **kw)


def project() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if WINDOWS else "bin/python")


def make_venv(python: str) -> Path:
    """build/venv with the runtime dependencies and PyInstaller only; reused while they match."""
    meta = project()
    reqs = list(meta["dependencies"]) + list(meta["optional-dependencies"]["packaging"])
    stamp_text = "\n".join([sys.version, *reqs]) + "\n"
    stamp = VENV / ".posthorn-build"
    if venv_python().exists() and stamp.exists() and stamp.read_text() == stamp_text:
        say(f"reusing {VENV}")
        return venv_python()
    shutil.rmtree(VENV, ignore_errors=True)
    run([python, "-m", "venv", VENV])
    run([venv_python(), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", *reqs])
    stamp.write_text(stamp_text)
    return venv_python()


def freeze(py: Path) -> Path:
    """Run PyInstaller; return the one-folder app (build/dist/posthorn or Posthorn.app)."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    run([py, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
         "--distpath", APP_DIST, "--workpath", BUILD / "work", ROOT / "packaging" / "posthorn.spec"],
        cwd=ROOT, env=env)
    return APP_DIST / ("Posthorn.app" if MACOS else "posthorn")


def app_executable(app: Path) -> Path:
    if MACOS:
        return app / "Contents" / "MacOS" / "posthorn"
    return app / ("posthorn.exe" if WINDOWS else "posthorn")


def self_test(exe: Path) -> None:
    with tempfile.TemporaryDirectory(prefix="posthorn-selftest-") as data:
        env = dict(os.environ, POSTHORN_DATA_DIR=data, QT_QPA_PLATFORM="offscreen")
        run([exe, "--self-test"], env=env, timeout=300)


def size_mb(path: Path) -> float:
    if path.is_file():
        return path.stat().st_size / 1e6
    return sum(f.lstat().st_size for f in path.rglob("*") if f.is_file() or f.is_symlink()) / 1e6


# --- Linux -------------------------------------------------------------------------------------

def deb_arch() -> str:
    return subprocess.run(["dpkg", "--print-architecture"], check=True, capture_output=True,
                          text=True).stdout.strip()


def build_deb(app: Path, version: str) -> Path:
    """/opt/posthorn (the app), /usr/bin/posthorn (a link to it), the menu entry and icons."""
    arch = deb_arch()
    stage = BUILD / "deb" / f"posthorn_{version}_{arch}"
    shutil.rmtree(stage.parent, ignore_errors=True)
    shutil.copytree(app, stage / "opt" / "posthorn", symlinks=True)
    (stage / "usr" / "bin").mkdir(parents=True)
    (stage / "usr" / "bin" / "posthorn").symlink_to("/opt/posthorn/posthorn")
    share = stage / "usr" / "share"
    (share / "applications").mkdir(parents=True)
    shutil.copy2(ROOT / "resources" / "posthorn.desktop", share / "applications" / "posthorn.desktop")
    icons = ROOT / "resources" / "icons"
    for n in HICOLOR_SIZES:
        d = share / "icons" / "hicolor" / f"{n}x{n}" / "apps"
        d.mkdir(parents=True)
        shutil.copy2(icons / f"posthorn-{n}.png", d / "posthorn.png")
    d = share / "icons" / "hicolor" / "scalable" / "apps"
    d.mkdir(parents=True)
    shutil.copy2(icons / "posthorn.svg", d / "posthorn.svg")
    doc = share / "doc" / "posthorn"
    doc.mkdir(parents=True)
    (doc / "copyright").write_text(
        "Posthorn is released under the MIT license.\n"
        "It bundles Python (PSF license), Qt and PySide6 (LGPLv3), networkx (BSD), qasync (BSD)\n"
        "and platformdirs (MIT); their licenses are in /opt/posthorn/_internal.\n")
    for p in [stage, *stage.rglob("*")]:  # dpkg wants 0755 folders and 0644/0755 files
        if p.is_symlink():
            continue
        p.chmod(0o755 if p.is_dir() or os.access(p, os.X_OK) else 0o644)
    meta = project()
    installed_kib = sum(f.lstat().st_size for f in stage.rglob("*") if not f.is_dir()) // 1024
    control = stage / "DEBIAN" / "control"
    control.parent.mkdir()
    control.write_text(
        f"Package: posthorn\nVersion: {version}\nArchitecture: {arch}\n"
        f"Maintainer: {os.environ.get('POSTHORN_MAINTAINER', 'Posthorn developers <posthorn@localhost>')}\n"
        f"Installed-Size: {installed_kib}\nSection: games\nPriority: optional\n"
        f"Depends: {', '.join(DEB_DEPENDS)}\nRecommends: {', '.join(DEB_RECOMMENDS)}\n"
        f"Description: {meta['description']}\n"
        " Posthorn keeps the books the table would rather not: whose turn and which step it is,\n"
        " which dice to roll against what, the odds, and what the rules say. It rolls dice or\n"
        " takes the numbers your own dice showed, and records every input so undo, redo,\n"
        " resuming and replaying all come from one log.\n")
    control.chmod(0o644)
    control.parent.chmod(0o755)
    OUT.mkdir(exist_ok=True)
    deb = OUT / f"posthorn_{version}_{arch}.deb"
    run(["dpkg-deb", "--root-owner-group", "-Zxz", "--build", stage, deb])
    return deb


def build_tarball(app: Path, version: str) -> Path:
    """A portable folder: run posthorn-VERSION/posthorn from anywhere, no install."""
    name = f"posthorn-{version}-linux-{platform.machine()}"
    OUT.mkdir(exist_ok=True)
    out = OUT / f"{name}.tar.xz"

    def owner(info: tarfile.TarInfo) -> tarfile.TarInfo:
        info.uid = info.gid = 0
        info.uname = info.gname = "root"
        return info

    extra = BUILD / "portable"
    shutil.rmtree(extra, ignore_errors=True)
    extra.mkdir(parents=True)
    shutil.copy2(ROOT / "resources" / "posthorn.desktop", extra / "posthorn.desktop")
    shutil.copy2(ROOT / "resources" / "icons" / "posthorn-256.png", extra / "posthorn.png")
    say(f"writing {out}")
    with tarfile.open(out, "w:xz", preset=6) as tar:
        tar.add(app, arcname=name, filter=owner)
        for f in sorted(extra.iterdir()):
            tar.add(f, arcname=f"{name}/{f.name}", filter=owner)
    return out


def gpg_sign(paths: list[Path]) -> None:
    """Signing hook (Linux): a detached ASCII signature beside each file, when a key is given."""
    key = os.environ.get("POSTHORN_GPG_PRIVATE_KEY")
    if not key:
        say("not signing (POSTHORN_GPG_PRIVATE_KEY not set)")
        return
    with tempfile.TemporaryDirectory(prefix="posthorn-gnupg-") as home:
        env = dict(os.environ, GNUPGHOME=home)
        run(["gpg", "--batch", "--import"], input=key.encode(), env=env)
        passphrase = ["--pinentry-mode", "loopback", "--passphrase-fd", "0"]
        for p in paths:
            run(["gpg", "--batch", "--yes", *passphrase, "--armor", "--detach-sign", p],
                input=os.environ.get("POSTHORN_GPG_PASSPHRASE", "").encode(), env=env)


# --- Windows -----------------------------------------------------------------------------------

def find_tool(name: str, patterns: list[str]) -> str:
    """``name`` on PATH, else the newest match of a "FOLDER|GLOB" pattern."""
    found = shutil.which(name)
    if found:
        return found
    for pattern in patterns:
        base, _, rest = pattern.partition("|")
        hits = sorted(Path(base).glob(rest))
        if hits:
            return str(hits[-1])
    raise SystemExit(f"build: {name} not found")


def windows_signing() -> tuple[list[str], Path | None]:
    """Signing hook (Windows): (signtool command up to the file, pfx to delete) or ([], None)."""
    pfx_b64 = os.environ.get("POSTHORN_WINDOWS_PFX_BASE64")
    if not pfx_b64:
        say("not signing (POSTHORN_WINDOWS_PFX_BASE64 not set)")
        return [], None
    pfx = Path(tempfile.mkdtemp(prefix="posthorn-sign-")) / "posthorn.pfx"
    pfx.write_bytes(base64.b64decode(pfx_b64))
    signtool = find_tool("signtool", [r"C:\Program Files (x86)\Windows Kits\10\bin|*/x64/signtool.exe"])
    cmd = [signtool, "sign", "/fd", "sha256", "/f", str(pfx),
           "/p", os.environ.get("POSTHORN_WINDOWS_PFX_PASSWORD", "")]
    if os.environ.get("POSTHORN_TIMESTAMP_URL"):
        cmd += ["/tr", os.environ["POSTHORN_TIMESTAMP_URL"], "/td", "sha256"]
    return cmd, pfx


def build_inno(app: Path, version: str) -> Path:
    sign, pfx = windows_signing()
    try:
        if sign:
            subprocess.run([*sign, str(app / "posthorn.exe")], check=True)
        iscc = find_tool("iscc", [r"C:\Program Files (x86)|Inno Setup */ISCC.exe",
                                  r"C:\Program Files|Inno Setup */ISCC.exe"])
        sys.path.insert(0, str(ROOT / "packaging"))
        import icons

        ico = icons.write_ico(BUILD / "posthorn.ico")
        OUT.mkdir(exist_ok=True)
        cmd = [iscc, "/Q", f"/DAppVersion={version}", f"/DSourceDir={app}", f"/DIconFile={ico}",
               f"/DOutputDir={OUT}"]
        if sign:
            # Inno Setup signs the installer and its uninstaller with this command ($f: the file)
            cmd += ["/Sposthorn=" + " ".join(f"$q{c}$q" if " " in c else c for c in sign) + " $f",
                    "/DSignTool=posthorn"]
        subprocess.run([*cmd, str(ROOT / "packaging" / "posthorn.iss")], check=True)
    finally:
        if pfx:
            shutil.rmtree(pfx.parent, ignore_errors=True)
    return OUT / f"posthorn-{version}-windows-x64-setup.exe"


# --- macOS -------------------------------------------------------------------------------------

def macos_keychain() -> None:
    """Signing hook (macOS): put the Developer ID certificate from the secrets into a keychain of
    its own before PyInstaller runs (the spec signs with POSTHORN_MACOS_SIGN_IDENTITY)."""
    p12 = os.environ.get("POSTHORN_MACOS_CERT_P12_BASE64")
    if not (p12 and os.environ.get("POSTHORN_MACOS_SIGN_IDENTITY")):
        os.environ.pop("POSTHORN_MACOS_SIGN_IDENTITY", None)
        say("not signing (POSTHORN_MACOS_CERT_P12_BASE64 / _SIGN_IDENTITY not set)")
        return
    keychain = BUILD / "posthorn-signing.keychain-db"
    password = hashlib.sha256(os.urandom(32)).hexdigest()
    cert = BUILD / "cert.p12"
    cert.write_bytes(base64.b64decode(p12))
    try:
        run(["security", "create-keychain", "-p", password, keychain])
        run(["security", "set-keychain-settings", "-lut", "21600", keychain])
        run(["security", "unlock-keychain", "-p", password, keychain])
        run(["security", "import", cert, "-k", keychain, "-P",
             os.environ.get("POSTHORN_MACOS_CERT_PASSWORD", ""), "-T", "/usr/bin/codesign"])
        run(["security", "set-key-partition-list", "-S", "apple-tool:,apple:", "-k", password,
             keychain], stdout=subprocess.DEVNULL)
        run(["security", "list-keychains", "-d", "user", "-s", keychain, "login.keychain-db"])
    finally:
        cert.unlink(missing_ok=True)


def build_dmg(app: Path, version: str) -> Path:
    stage = BUILD / "dmg"
    shutil.rmtree(stage, ignore_errors=True)
    stage.mkdir(parents=True)
    shutil.copytree(app, stage / app.name, symlinks=True)
    (stage / "Applications").symlink_to("/Applications")
    OUT.mkdir(exist_ok=True)
    dmg = OUT / f"Posthorn-{version}-macos-{platform.machine()}.dmg"
    dmg.unlink(missing_ok=True)
    run(["hdiutil", "create", "-volname", f"Posthorn {version}", "-srcfolder", stage,
         "-fs", "HFS+", "-format", "UDZO", "-ov", dmg])
    identity = os.environ.get("POSTHORN_MACOS_SIGN_IDENTITY")
    if identity:
        run(["codesign", "--force", "--timestamp", "--sign", identity, dmg])
        notary = [os.environ.get(k) for k in ("POSTHORN_NOTARY_APPLE_ID", "POSTHORN_NOTARY_TEAM_ID",
                                              "POSTHORN_NOTARY_PASSWORD")]
        if all(notary):
            run(["xcrun", "notarytool", "submit", dmg, "--apple-id", notary[0], "--team-id",
                 notary[1], "--password", notary[2], "--wait"])
            run(["xcrun", "stapler", "staple", dmg])
        else:
            say("not notarizing (POSTHORN_NOTARY_* not set)")
    return dmg


# --- main --------------------------------------------------------------------------------------

def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--app-only", action="store_true", help="stop after the PyInstaller folder")
    parser.add_argument("--python", default=sys.executable,
                        help="the Python to build with (default: this one)")
    args = parser.parse_args(argv)
    version = project()["version"]
    if MACOS:
        macos_keychain()
    py = make_venv(args.python)
    app = freeze(py)
    say(f"app folder {app}: {size_mb(app):.1f} MB")
    self_test(app_executable(app))
    if args.app_only:
        return 0
    if LINUX:
        outputs = [build_deb(app, version), build_tarball(app, version)]
        gpg_sign(outputs)
    elif WINDOWS:
        outputs = [build_inno(app, version)]
    elif MACOS:
        outputs = [build_dmg(app, version)]
    else:
        raise SystemExit(f"build: no installer for {sys.platform}")
    for out in outputs:
        say(f"{out.relative_to(ROOT)}: {size_mb(out):.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
