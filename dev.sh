#!/usr/bin/env bash
# Posthorn's two developer commands, for a fresh Debian/Ubuntu machine with Python 3.11+:
#
#   ./dev.sh run [ARGS...]   set everything up, then start the app (.venv/bin/posthorn ARGS...)
#   ./dev.sh test [ARGS...]  set everything up, then ruff, lint-imports, mypy and pytest (ARGS go to pytest)
#
# Setting up is idempotent and cheap when nothing changed: it finds a python3 >= 3.11, installs
# python3-venv and the system libraries Qt needs when they are missing (apt-get, with sudo unless
# root), creates .venv, and runs `pip install -e '.[test]'` only when pyproject.toml changed since
# the last install (its hash is kept in .venv/.posthorn-installed).
set -euo pipefail

cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")"

VENV=.venv
STAMP=$VENV/.posthorn-installed

# Libraries the Qt wheels load, as "debian-package:soname". The first set is enough for the
# offscreen platform (tests, screenshots); a real window on X11 also needs the xcb ones.
QT_LIBS=(
    libgl1:libGL.so.1
    libegl1:libEGL.so.1
    libfontconfig1:libfontconfig.so.1
    libxkbcommon0:libxkbcommon.so.0
    libxkbcommon-x11-0:libxkbcommon-x11.so.0
    libdbus-1-3:libdbus-1.so.3
    libglib2.0-0:libglib-2.0.so.0
)
# The phones' real-browser test (tests/phones/test_browser.py) drives Debian's Chromium through
# its chromium-driver, as "debian-package:command".
BROWSER=(
    chromium:chromium
    chromium-driver:chromedriver
)
XCB_LIBS=(
    libxcb-cursor0:libxcb-cursor.so.0
    libxcb-icccm4:libxcb-icccm.so.4
    libxcb-keysyms1:libxcb-keysyms.so.1
    libxcb-shape0:libxcb-shape.so.0
    libxcb-randr0:libxcb-randr.so.0
    libxcb-render-util0:libxcb-render-util.so.0
    libxcb-xinerama0:libxcb-xinerama.so.0
    libxcb-image0:libxcb-image.so.0
)

say() { printf 'dev.sh: %s\n' "$*" >&2; }
die() { say "$*"; exit 1; }

usage() {
    cat >&2 <<'EOF'
usage: ./dev.sh run [ARGS...]    set up, then start Posthorn (ARGS are passed to posthorn)
       ./dev.sh test [ARGS...]   set up, then run ruff, lint-imports, mypy and pytest (ARGS go to pytest)
EOF
    exit 2
}

as_root() {
    if [ "$(id -u)" = 0 ]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1; then
        sudo "$@"
    else
        die "need root to run '$*': run as root or install sudo"
    fi
}

APT_UPDATED=
need_apt() {
    command -v apt-get >/dev/null 2>&1 ||
        die "missing $*; this machine has no apt-get, so install them with its own package manager"
}

apt_update_once() {
    [ -z "$APT_UPDATED" ] || return 0
    say "apt-get update"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q || die "apt-get update failed"
    APT_UPDATED=1
}

apt_install() {
    need_apt "$@"
    apt_update_once
    say "installing $*"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "$@" ||
        die "apt-get install $* failed"
}

is_new_enough() {
    "$1" -c 'import sys; sys.exit(sys.version_info < (3, 11))' >/dev/null 2>&1
}

find_python() {
    local c
    for c in ${PYTHON:-} python3 python3.14 python3.13 python3.12 python3.11; do
        if command -v "$c" >/dev/null 2>&1 && is_new_enough "$c"; then
            command -v "$c"
            return 0
        fi
    done
    return 1
}

ensure_venv_module() {
    local py=$1 ver
    "$py" -c 'import venv, ensurepip' >/dev/null 2>&1 && return 0
    # Debian and Ubuntu ship venv's ensurepip separately, in python3-venv / python3.X-venv.
    ver=$("$py" -c 'import sys; print(f"{sys.version_info[0]}.{sys.version_info[1]}")')
    local pkgs=(python3-venv)
    need_apt "${pkgs[@]}"
    apt_update_once
    if command -v apt-cache >/dev/null 2>&1; then
        apt-cache show "python$ver-venv" >/dev/null 2>&1 && pkgs+=("python$ver-venv")
    fi
    apt_install "${pkgs[@]}"
    "$py" -c 'import venv, ensurepip' >/dev/null 2>&1 ||
        die "$py still cannot create virtual environments (no ensurepip) after installing ${pkgs[*]}"
}

have_lib() {  # have_lib PACKAGE SONAME
    if [ -n "$LDCACHE" ] && awk -v so="$2" '$1 == so { found = 1 } END { exit !found }' <<<"$LDCACHE"; then
        return 0
    fi
    dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'
}

ensure_libs() {
    local entry missing=()
    LDCACHE=$( (ldconfig -p || /sbin/ldconfig -p) 2>/dev/null || true)
    for entry in "$@"; do
        have_lib "${entry%%:*}" "${entry#*:}" || missing+=("${entry%%:*}")
    done
    [ ${#missing[@]} -eq 0 ] || apt_install "${missing[@]}"
}

ensure_commands() {
    local entry missing=()
    for entry in "$@"; do
        command -v "${entry#*:}" >/dev/null 2>&1 || missing+=("${entry%%:*}")
    done
    [ ${#missing[@]} -eq 0 ] || apt_install "${missing[@]}"
}

venv_ok() {
    [ -x "$VENV/bin/python" ] && is_new_enough "$VENV/bin/python"
}

setup() {
    local py hash
    if ! venv_ok; then
        py=$(find_python) ||
            die "Posthorn needs Python 3.11 or newer: install python3 (>= 3.11), or set PYTHON to one"
        ensure_venv_module "$py"
        if [ -e "$VENV" ]; then
            say "$VENV is unusable (no Python 3.11+ in it): making it again"
            rm -rf "$VENV"
        fi
        say "creating $VENV with $py ($("$py" --version 2>&1))"
        "$py" -m venv "$VENV" || { rm -rf "$VENV"; die "could not create $VENV with $py"; }
    fi
    hash=$(sha256sum pyproject.toml | cut -d' ' -f1)
    if [ "$(cat "$STAMP" 2>/dev/null || true)" != "$hash" ]; then
        if [ -f "$STAMP" ]; then
            say "pyproject.toml changed since the last install: pip install -e '.[test]'"
        else
            say "installing Posthorn and its test tools: pip install -e '.[test]'"
        fi
        "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check -e '.[test]' ||
            die "pip install -e '.[test]' failed"
        printf '%s\n' "$hash" >"$STAMP"
    fi
}

cmd=${1:-}
[ $# -gt 0 ] && shift
case $cmd in
run)
    # the xcb libraries only serve a window on an X display; with none, posthorn itself says so
    # and how to get one (Qt would abort with a misleading "xcb-cursor0 is needed")
    if [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; then
        ensure_libs "${QT_LIBS[@]}" "${XCB_LIBS[@]}"
    else
        ensure_libs "${QT_LIBS[@]}"
    fi
    setup
    exec "$VENV/bin/posthorn" "$@"
    ;;
test)
    ensure_libs "${QT_LIBS[@]}"
    ensure_commands "${BROWSER[@]}"
    setup
    export QT_QPA_PLATFORM=offscreen
    failed=()
    say "ruff check ."
    "$VENV/bin/ruff" check . || failed+=("ruff")
    say "lint-imports"
    "$VENV/bin/lint-imports" || failed+=("lint-imports")
    say "mypy (companion/, configured in pyproject.toml)"
    "$VENV/bin/mypy" || failed+=("mypy")
    say "pytest -m 'not slow'"
    "$VENV/bin/pytest" -m "not slow" "$@" || failed+=("pytest")
    if [ ${#failed[@]} -gt 0 ]; then
        say "FAILED: ${failed[*]}"
        exit 1
    fi
    ;;
*)
    usage
    ;;
esac
