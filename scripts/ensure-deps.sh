#!/usr/bin/env bash
# Installs what transitiond needs when it is missing: Debian packages (libuv1-dev,
# pkg-config) and, for the end-to-end tests, Python's pytest and jsonschema, and for the
# export tests Debian's chromium and chromium-driver with Selenium and rlottie-python.
# Safe to run again: it does nothing when everything is present.
set -euo pipefail

packages=(libuv1-dev pkg-config python3)
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# python3 may come from elsewhere than Debian (pyenv): then it is not missing.
if command -v python3 >/dev/null 2>&1; then
    missing=("${missing[@]/python3/}")
fi
missing=($(printf '%s\n' "${missing[@]}" | grep -v '^$' || true))
if [ ${#missing[@]} -gt 0 ]; then
    echo "Installing: ${missing[*]}" >&2
    sudo_cmd=""
    [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
    $sudo_cmd apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${missing[@]}" >&2
fi

if [ "${1:-}" = "--tests" ]; then
    # The editor clients' tests: node (VS Code's client code), neovim and emacs.
    tools=()
    command -v node >/dev/null 2>&1 || tools+=(nodejs)
    command -v nvim >/dev/null 2>&1 || tools+=(neovim)
    command -v emacs >/dev/null 2>&1 || tools+=(emacs-nox)
    # The packaging tests: the shells whose completions are loaded, man and groff for
    # the man pages, lintian for the .deb.
    command -v bash >/dev/null 2>&1 || tools+=(bash)
    command -v zsh >/dev/null 2>&1 || tools+=(zsh)
    command -v fish >/dev/null 2>&1 || tools+=(fish)
    command -v man >/dev/null 2>&1 || tools+=(man-db)
    command -v groff >/dev/null 2>&1 || tools+=(groff-base)
    command -v lintian >/dev/null 2>&1 || tools+=(lintian)
    # dpkg-shlibdeps computes the .deb's Depends; systemd-analyze verifies the units.
    command -v dpkg-shlibdeps >/dev/null 2>&1 || tools+=(dpkg-dev)
    command -v systemd-analyze >/dev/null 2>&1 || tools+=(systemd)
    # The wheel is tried in a fresh venv: Debian's python3 needs python3-venv for that.
    python3 -c "import ensurepip, venv" 2>/dev/null || tools+=(python3-venv)
    # The export tests play the exports in a real browser.
    command -v chromium >/dev/null 2>&1 || tools+=(chromium)
    command -v chromedriver >/dev/null 2>&1 || tools+=(chromium-driver)
    if [ ${#tools[@]} -gt 0 ]; then
        echo "Installing: ${tools[*]}" >&2
        sudo_cmd=""
        [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
        $sudo_cmd apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get -o DPkg::Lock::Timeout=600 install -y -qq "${tools[@]}" >&2
    fi
    # Python: the test tools, and build, setuptools and wheel for the client's wheel
    # and sdist (built without isolation: offline).
    if ! python3 -c "import pytest, jsonschema, build, wheel, setuptools" 2>/dev/null; then
        echo "Installing: pytest jsonschema build wheel setuptools (PyPI)" >&2
        python3 -m pip install --quiet pytest jsonschema build wheel "setuptools>=61" >&2 \
            || python3 -m pip install --quiet --break-system-packages pytest jsonschema build wheel "setuptools>=61" >&2
    fi
    # Selenium drives chromium; rlottie-python renders the Lottie export.
    if ! python3 -c "import selenium, rlottie_python" 2>/dev/null; then
        echo "Installing: selenium rlottie-python (PyPI)" >&2
        python3 -m pip install --quiet selenium rlottie-python >&2 \
            || python3 -m pip install --quiet --break-system-packages selenium rlottie-python >&2
    fi
fi
