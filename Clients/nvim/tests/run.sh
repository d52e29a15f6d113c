#!/usr/bin/env bash
# Headless tests of the Neovim plugin against the real daemon.
#   TRANSITIOND=/path/to/transitiond bash Clients/nvim/tests/run.sh
# (default: <repo>/.build/debug/transitiond), and node_spec against the daemon on
# Node (Clients/web/bin/transitiond.mjs; its module from bash scripts/build-wasm.sh).
# Prints each check and, last, "N passed, M failed"; exits non-zero on any failure.
set -u

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
plugin="$(dirname "$here")"
repo="$(cd "$plugin/../.." && pwd)"
export TRANSITIOND="${TRANSITIOND:-$repo/.build/debug/transitiond}"

work="$(mktemp -d)"
# A private runtime directory (and state directory): the shared daemon the plugin
# starts by default (`transitiond --remote=auto`) serves $XDG_RUNTIME_DIR/transitiond/
# transitiond.sock, so the tests never meet the user's own.
mkdir -m 0700 "$work/runtime" "$work/state"
export XDG_RUNTIME_DIR="$work/runtime" XDG_STATE_HOME="$work/state"
shared_socket="$XDG_RUNTIME_DIR/transitiond/transitiond.sock"
# The shared daemons serving this run's socket (pids), found by their command line.
shared_daemons() {
  local d
  for d in /proc/[0-9]*; do
    if { tr '\0' '\n' <"$d/cmdline"; } 2>/dev/null | grep -qxF -- "$shared_socket"; then
      echo "${d#/proc/}"
    fi
  done
}
cleanup() {
  # The shared daemon waits a minute for new clients after the last one left: end
  # the one this run started (by its pid), then remove the directory.
  local pid
  for pid in $(shared_daemons); do
    kill "$pid" 2>/dev/null
  done
  rm -rf "$work"
}
trap cleanup EXIT
export TD_RESULTS="$work/results" TD_PID_FILE="$work/daemon.pid"
: >"$TD_RESULTS"

extra_passed=0
extra_failed=0
check() { # check DESCRIPTION COMMAND...
  local what="$1"
  shift
  if "$@"; then
    echo "ok   $what"
    extra_passed=$((extra_passed + 1))
  else
    echo "FAIL $what"
    extra_failed=$((extra_failed + 1))
  fi
}

check "nvim is installed" command -v nvim >/dev/null
check "the daemon is executable ($TRANSITIOND)" test -x "$TRANSITIOND"
check "node is installed, for the daemon on Node" command -v node >/dev/null
check "the daemon on Node has its module (bash scripts/build-wasm.sh)" test -f "$repo/Clients/web/transitiond.wasm"

start=$(date +%s)
status=0
for spec in framing_spec preview_spec node_spec lsp_spec watch_spec; do
  # Each spec quits Neovim itself; timeout only guards against a hang.
  timeout 60 nvim --headless --clean --cmd "set rtp^=$plugin" -c "luafile $here/$spec.lua" </dev/null
  rc=$?
  if [ "$rc" -ne 0 ]; then
    echo "FAIL $spec: nvim exited with status $rc"
    status=1
  fi
  if ! grep -q "^$spec " "$TD_RESULTS"; then
    echo "FAIL $spec: reported no results"
    extra_failed=$((extra_failed + 1))
  fi
done

# After Neovim has quit, the daemon it started must be gone.
if [ -s "$TD_PID_FILE" ]; then
  pid="$(tr -d '[:space:]' <"$TD_PID_FILE")"
  check "no transitiond left running after quitting (kill -0 $pid fails)" bash -c "! kill -0 $pid 2>/dev/null"
else
  check "the preview spec recorded the daemon's pid" false
fi
check "the tests took under 60 seconds" test $(($(date +%s) - start)) -lt 60

passed=$extra_passed
failed=$extra_failed
while read -r _ p f; do
  passed=$((passed + p))
  failed=$((failed + f))
done <"$TD_RESULTS"
if [ "$failed" -eq 0 ] && [ "$status" -ne 0 ]; then
  failed=1
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
