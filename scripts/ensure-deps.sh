#!/usr/bin/env bash
# Installs what transitiond needs when it is missing: Debian packages (libuv1-dev,
# pkg-config) and, for the tests, node, neovim, emacs and eglot, chromium and chromium-driver,
# wasi-libc, the packaging tools, and Python's pytest, jsonschema, websockets,
# selenium, rlottie-python, mcp and pygls.
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
    # Emacs's language client (Emacs 28 has none built in), for the language server's test.
    ls -d /usr/share/emacs/site-lisp/elpa/eglot-* >/dev/null 2>&1 \
        || tools+=(elpa-eglot)
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
    # The Embedded Swift check links the pure modules against wasi-libc's libc and libm.
    [ -f /usr/lib/wasm32-wasi/libm.a ] || tools+=(wasi-libc)
    # The JavaScript client's declarations are checked with tsc --strict.
    command -v tsc >/dev/null 2>&1 || tools+=(node-typescript)
    # The WebAssembly module is shrunk by binaryen's wasm-opt.
    command -v wasm-opt >/dev/null 2>&1 || tools+=(binaryen)
    # The export and web viewer tests: a real browser driven by Selenium.
    command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || tools+=(chromium)
    command -v chromedriver >/dev/null 2>&1 || tools+=(chromium-driver)
    if [ ${#tools[@]} -gt 0 ]; then
        echo "Installing: ${tools[*]}" >&2
        sudo_cmd=""
        [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
        $sudo_cmd apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get -o DPkg::Lock::Timeout=600 install -y -qq "${tools[@]}" >&2
    fi
    # PyPI: pytest and jsonschema; build, wheel and setuptools for the client's wheel and
    # sdist (built without isolation: offline); websockets (a WebSocket client the
    # project did not write); selenium drives chromium; rlottie-python renders Lottie; mcp
    # (the official Model Context Protocol SDK, the client of `transitiond --mcp`); pygls
    # (a language-server client for the document language server, with lsprotocol).
    wanted=()
    for module in pytest jsonschema build wheel websockets selenium rlottie_python mcp pygls; do
        python3 -c "import $module" 2>/dev/null || wanted+=("${module//_/-}")
    done
    python3 -c "import setuptools, sys; sys.exit(int(setuptools.__version__.split('.')[0]) < 61)" 2>/dev/null \
        || wanted+=("setuptools>=61")
    if [ ${#wanted[@]} -gt 0 ]; then
        echo "Installing: ${wanted[*]} (PyPI)" >&2
        python3 -m pip install --quiet "${wanted[@]}" >&2 \
            || python3 -m pip install --quiet --break-system-packages "${wanted[@]}" >&2
    fi
fi
