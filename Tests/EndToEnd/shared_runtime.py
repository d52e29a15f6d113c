"""A private runtime directory (XDG_RUNTIME_DIR) per test for `transitiond --remote=auto`,
so that no two tests share a daemon, and the forwarders and daemons started in it."""

from __future__ import annotations

import os
import time
from pathlib import Path

from e2e_harness import Daemon, ProcessClient

WAIT = 30.0


class Runtime:
    """A private XDG_RUNTIME_DIR and the forwarders started in it."""

    def __init__(self, root: Path, logs: Path) -> None:
        self.root = root
        self.logs = logs
        self.env = dict(os.environ, XDG_RUNTIME_DIR=str(root))
        self.forwarders: list[Daemon] = []

    @property
    def socket(self) -> Path:
        return self.root / "transitiond" / "transitiond.sock"

    @property
    def daemon_log(self) -> Path:
        return self.root / "transitiond" / "transitiond.log"

    def forwarder(self, *args: str) -> ProcessClient:
        process = Daemon(["--remote=auto", *args], self.logs / f"forwarder{len(self.forwarders) + 1}.log",
                         env=self.env)
        self.forwarders.append(process)
        return ProcessClient(process)

    def daemons(self) -> list[tuple[int, list[str]]]:
        """The daemons serving this runtime directory's socket: (pid, arguments)."""
        found = []
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                argv = (entry / "cmdline").read_bytes().split(b"\0")
                state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
            except OSError:
                continue
            args = [a.decode(errors="replace") for a in argv if a]
            if state != "Z" and "--listen" in args and str(self.socket) in args:
                found.append((int(entry.name), args))
        return found

    def the_daemon(self) -> int:
        running = self.daemons()
        assert len(running) == 1, running
        return running[0][0]


def gone(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return True
    return state == "Z"


def wait_until(condition, what: str, timeout: float = WAIT) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"still waiting for {what} after {timeout} s"
        time.sleep(0.02)
