"""The daemon's edges under faults and hostile load: each transport's connection
budget, the initialize deadline, closing connections, logging that cannot stop the
loop, exit codes and messages. Each test starts from the fault's repro and a bystander
that must still be served.

Run with `-s` to see the figures."""

from __future__ import annotations

import fcntl
import os
import re
import select
import socket
import tempfile
import time
from pathlib import Path

import pytest

from e2e_harness import SocketClient, descriptors, encode_body, frame, wait_for_socket
from ws_harness import WebSocketClient, read_web_json


class Edges:
    """A daemon on a Unix socket and, with `web`, on a TCP port (`--ws`)."""

    def __init__(self, daemon, path: Path, info: dict | None) -> None:
        self.daemon = daemon
        self.path = path
        self.info = info
        self.port = int(info["ws"].rsplit(":", 1)[1].split("/")[0]) if info else None

    def tcp(self) -> socket.socket:
        return socket.create_connection(("127.0.0.1", self.port), timeout=10)

    def bystander(self) -> SocketClient:
        """A Unix-socket client that connects and initializes: it must be answered."""
        client = SocketClient(self.path, "bystander")
        client.initialize()
        return client


@pytest.fixture
def edges(spawn, socket_dir, monkeypatch):
    def start(*args: str, web: bool = True) -> Edges:
        runtime = Path(tempfile.mkdtemp(prefix="rt-", dir="/tmp"))
        os.chmod(runtime, 0o700)
        monkeypatch.setenv("XDG_RUNTIME_DIR", str(runtime))
        path = socket_dir / "e.sock"
        extra = ["--ws", "127.0.0.1:0"] if web else []
        daemon = spawn("--listen", str(path), *extra, *args)
        wait_for_socket(path, daemon)
        return Edges(daemon, path, read_web_json(runtime, daemon) if web else None)

    return start


def wait_all_closed(socks: list[socket.socket], timeout: float) -> float:
    """Reads each socket until the daemon closes it (EOF or reset); returns when the
    last one closed (monotonic). Fails if one is still open after `timeout`."""
    open_socks = set(socks)
    deadline = time.monotonic() + timeout
    while open_socks:
        remaining = deadline - time.monotonic()
        assert remaining > 0, f"{len(open_socks)} of {len(socks)} connections still open after {timeout} s"
        ready, _, _ = select.select(list(open_socks), [], [], remaining)
        for s in ready:
            try:
                data = s.recv(65536)
            except OSError:
                data = b""
            if not data:
                open_socks.discard(s)
    return time.monotonic()


def closed_count(socks: list[socket.socket]) -> int:
    """How many of `socks` the daemon has closed so far (without waiting)."""
    closed = 0
    for s in socks:
        ready, _, _ = select.select([s], [], [], 0)
        if ready:
            try:
                closed += s.recv(65536, socket.MSG_PEEK) == b""
            except OSError:
                closed += 1
    return closed


def initialized_or_none(path: Path) -> SocketClient | None:
    """A client that connected and initialized, or None if it was refused."""
    client = SocketClient(path, "holder")
    try:
        client.initialize()
        return client
    except AssertionError:
        client.close()
        return None


def process_state(pid: int) -> str:
    """The state letter of /proc/PID/stat (R running, S sleeping, T stopped ...)."""
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]


def wait_until(predicate, timeout: float, what: str):
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        assert time.monotonic() < deadline, f"{what}: not within {timeout} s"
        time.sleep(0.02)


# ---------------------------------------------------------------------------
# Budgets and deadlines


@pytest.mark.native_only("the TCP budget is --ws's, the native daemon's")
@pytest.mark.time_limit(60)
def test_idle_tcp_connections_lock_out_neither_the_socket_nor_a_client_with_the_token(edges):
    """The repro: 300 idle TCP connections to the WebSocket port (any local process can
    open them) took all 256 places, so Unix-socket clients were refused and a client
    with the token was reset. Now TCP has a budget of its own (--max-web-connections,
    64): a Unix-socket client is answered, and when the TCP budget is full the oldest
    connection that has not shown the token makes room, for a client with it too."""
    e = edges()
    idle = [e.tcp() for _ in range(300)]
    bystander = e.bystander()
    assert bystander.call("session/list", {})["sessions"] == []
    # Each TCP connection past the 64th evicted the oldest unproven one.
    wait_until(lambda: closed_count(idle) >= 300 - 64, 10, "idle connections evicted")
    ws = WebSocketClient(e.info["ws"], "ws client with the token")
    assert ws.initialize()["serverInfo"]["name"] == "transitiond"
    wait_until(lambda: closed_count(idle) >= 300 - 63, 10, "a place made for the token")
    # The one with the token is never evicted for an idle one.
    late = [e.tcp() for _ in range(80)]
    assert ws.call("session/list", {})["sessions"] == []
    log = e.daemon.stderr()
    assert "had not shown the token: closed to make room (--max-web-connections 64)" in log, log[-2000:]
    assert "refused a connection: 256" not in log
    for s in idle + late:
        s.close()


@pytest.mark.native_only("its slowloris clients are on --ws, the native daemon's (the Unix socket's deadline is tested in Tests/TransitionWasmTests)")
@pytest.mark.time_limit(60)
def test_idle_and_slowloris_connections_are_closed_at_the_initialize_deadline(edges):
    """The repro: idle connections were never dropped, and 100 slowloris clients on the
    HTTP head stayed open indefinitely. Now a client that has not completed initialize
    (for TCP: its request head, the token and initialize) within --initialize-timeout
    is closed; an initialized bystander opened at the same time is still served."""
    e = edges("--initialize-timeout", "1s")
    bystander = e.bystander()
    idle_unix = []
    for _ in range(20):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(str(e.path))
        idle_unix.append(s)
    idle_tcp = [e.tcp() for _ in range(20)]
    slow = [e.tcp() for _ in range(40)]
    head = f"GET /?token={e.info['token']} HTTP/1.1\r\nHost: 127.0.0.1:{e.port}\r\nX-Slow: ".encode()
    for s in slow:
        s.sendall(head)
    began = time.monotonic()
    # The slow clients trickle their head one byte at a time until the daemon closes them.
    trickling = list(slow)
    while trickling and time.monotonic() - began < 20:
        for s in list(trickling):
            try:
                s.sendall(b"a")
            except OSError:
                trickling.remove(s)
        ready, _, _ = select.select(trickling, [], [], 0.1)
        for s in ready:
            try:
                if s.recv(65536) == b"":
                    trickling.remove(s)
            except OSError:
                trickling.remove(s)
    assert not trickling, f"{len(trickling)} slowloris clients still open after 20 s"
    wait_all_closed(idle_unix + idle_tcp, timeout=15)
    assert bystander.call("session/list", {})["sessions"] == []
    log = e.daemon.stderr()
    assert "did not initialize within 1000 ms: closing" in log, log[-2000:]


@pytest.mark.time_limit(60)
def test_clients_that_close_after_their_request_leave_the_budget_at_once(server):
    """The repro: clients that initialize, ask one thing and close at once held their
    place (and descriptor) until the 5 s drain bound fired, so later clients were
    refused. A write to a client that has gone fails, and the connection closes then,
    without waiting; here 300 such clients pass through the three places a bystander
    leaves of a budget of 4."""
    srv = server("--max-connections", "4", "--log-level", "info")
    # The baseline once start-up is over: the bystander was answered (the state
    # directory's scan is closed), and its descriptor counts.
    bystander = SocketClient(srv.path, "bystander")
    bystander.initialize()
    before = descriptors(srv.daemon.pid)
    for k in range(300):
        client = SocketClient(srv.path, f"brief {k}")
        client.call("initialize", {"processId": None, "capabilities": {}})
        client.send_bytes(frame({"jsonrpc": "2.0", "id": 2, "method": "session/list", "params": {}}))
        client.close()
    assert bystander.call("session/list", {})["sessions"] == []
    try:
        wait_until(lambda: len(descriptors(srv.daemon.pid)) <= len(before), 10,
                   "descriptors back to those before")
    except AssertionError as e:
        raise AssertionError(f"{e}: before {before}, now {descriptors(srv.daemon.pid)}") from None
    log = srv.daemon.stderr()
    assert log.count("output error") >= 1, log[-2000:]
    assert "did not read its last answers" not in log, log[-2000:]
    assert "refused a connection" not in log, log[-2000:]


# ---------------------------------------------------------------------------
# Logging


@pytest.mark.time_limit(60)
def test_a_standard_error_nobody_reads_never_stops_the_loop(socket_dir, tmp_path):
    """The repro: with standard error a pipe nobody reads (as editors that spawn a
    server often leave it), the log filled the pipe and the loop blocked in write(2):
    a new client got no answer until the pipe was drained. Now the log writes without
    blocking into a bounded backlog, drops what does not fit, and says how many lines it
    dropped once the pipe is read again."""
    import fcntl
    import subprocess
    import termios
    from e2e_harness import binary_path

    path = socket_dir / "p.sock"
    read_end, write_end = os.pipe()
    daemon = subprocess.Popen([str(binary_path()), "--listen", str(path), "--log-level", "debug"],
                              stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=write_end)
    os.close(write_end)
    try:
        wait_until(lambda: path.exists(), 10, "the socket")

        def unread() -> int:
            buf = bytearray(4)
            fcntl.ioctl(read_end, termios.FIONREAD, buf)
            return int.from_bytes(buf, "little")

        # Each client logs a few lines (opened, exited, closed): clients until the pipe
        # is full, and as many again past it. Each waits for its answer, so the daemon
        # logs as they go.
        def brief_client() -> None:
            client = SocketClient(path, "brief")
            client.call("initialize", {"processId": None, "capabilities": {}})
            client.close()

        opened = 0
        while unread() < 60_000:
            assert opened < 5_000, f"the pipe holds {unread()} bytes after {opened} clients"
            brief_client()
            opened += 1
        # Past the pipe and the log's 64 KiB backlog: lines are dropped.
        for _ in range(2 * opened + 100):
            brief_client()
        bystander = SocketClient(path, "bystander")
        bystander.initialize()
        assert bystander.call("session/list", {})["sessions"] == []
        # The pipe is read again: the backlog, then the count of what was dropped.
        log = b""
        deadline = time.monotonic() + 10
        while b"log lines dropped: the log's reader did not keep up" not in log:
            assert time.monotonic() < deadline, log[-2000:]
            ready, _, _ = select.select([read_end], [], [], 0.5)
            if ready:
                log += os.read(read_end, 1 << 16)
        print(f"\nedges: {opened} clients filled the pipe, {opened} more and the bystander were served")
        bystander.close()
    finally:
        daemon.kill()
        daemon.wait()
        os.close(read_end)


@pytest.mark.time_limit(60)
def test_a_flood_of_refused_connections_logs_one_line_a_second_per_reason(server):
    """The repro: a refused-connection flood at the default level wrote a line per
    connection (1.5 MB/s). Now repeated lines of one reason are written once a second,
    the others counted: every refusal is either a line or in a count."""
    srv = server("--max-connections", "1")
    # The fixture's probe may still hold the one place for a moment: the attempts
    # refused meanwhile are refusals too.
    attempts = []
    holder = wait_until(lambda: attempts.append(1) or initialized_or_none(srv.path), 10, "the one place")
    refused_before = len(attempts) - 1
    refused = 500
    for _ in range(refused):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(str(srv.path))
        assert s.recv(10) == b""  # closed at once
        s.close()
    pattern = re.compile(r"refused a connection: 1 unix connections already \(--max-connections\)"
                         r"(?: \((\d+) (more like it suppressed in the second before|such lines suppressed, this one the last)\))?")

    def accounted() -> tuple[int, int] | None:
        """(lines written, refusals they account for), once all are accounted for. A
        line counts itself and the refusals it reports before it; a summary line
        reports the window's suppressed refusals, itself the last of them."""
        found = pattern.findall(srv.daemon.stderr())
        counts = [(int(n) if n else 0) + (0 if form.startswith("such") else 1) for n, form in found]
        total = sum(counts)
        return (len(found), total) if total >= refused + refused_before else None

    lines, total = wait_until(accounted, 10, "every refusal written or counted")
    assert total == refused + refused_before, (lines, total, refused_before)
    assert lines < refused / 10, f"{lines} lines for {refused} refusals"
    print(f"\nedges: {refused} refusals logged as {lines} lines")
    assert holder.call("session/list", {})["sessions"] == []


# ---------------------------------------------------------------------------
# The forwarder


@pytest.mark.native_only("the --remote forwarder is the native daemon's")
@pytest.mark.time_limit(60)
def test_a_forwarder_whose_daemon_never_answers_says_why_and_exits_1(runtime):
    """The repro: on a full runtime filesystem a new --remote=auto forwarder exited 0,
    having answered nothing and written nothing to standard error. A daemon that closes
    every connection without a word (here a stand-in that accepts and closes) is now
    reported, and the forwarder exits 1."""
    import socket as sockets
    import threading

    runtime.socket.parent.mkdir(mode=0o700)
    listener = sockets.socket(sockets.AF_UNIX, sockets.SOCK_STREAM)
    listener.bind(str(runtime.socket))
    listener.listen(8)
    stop = threading.Event()

    def close_every_connection() -> None:
        listener.settimeout(0.1)
        while not stop.is_set():
            try:
                connection, _ = listener.accept()
            except OSError:
                continue
            connection.recv(65536)  # what the client said, then nothing
            connection.close()

    thread = threading.Thread(target=close_every_connection, daemon=True)
    thread.start()
    try:
        client = runtime.forwarder()
        client.request("initialize", {"processId": os.getpid(), "capabilities": {}})
        assert client.daemon.wait(20) == 1
        assert f"the daemon at '{runtime.socket}' closed the connection without answering, twice" \
            in client.daemon.stderr()
    finally:
        stop.set()
        thread.join(5)
        listener.close()


# ---------------------------------------------------------------------------
# Exit codes and messages


def in_private_tmp(script: str, timeout: float = 20) -> "subprocess.CompletedProcess":
    """Runs `script` (sh) in a mount namespace of its own with an empty /tmp, so the
    fallback runtime directory /tmp/transitiond-<uid> can be made unsafe without
    touching the machine's. Needs root (unshare -m)."""
    import shutil
    import subprocess
    from e2e_harness import binary_path

    if os.geteuid() != 0 or shutil.which("unshare") is None:
        pytest.skip("needs root and unshare for a private /tmp")
    probe = subprocess.run(["unshare", "-m", "true"], capture_output=True)
    if probe.returncode != 0:
        pytest.skip(f"unshare -m refused: {probe.stderr.decode()}")
    # A checkout under /tmp (and with it the daemon) would vanish under the empty /tmp:
    # the old /tmp is kept at /mnt, and the checkout bound back at its own path.
    root = Path(__file__).resolve().parents[2]
    mount = "mount -t tmpfs tmpfs /tmp"
    if root.is_relative_to("/tmp"):
        if not Path("/mnt").is_dir():
            pytest.skip("a checkout under /tmp needs /mnt to keep it visible in the private /tmp")
        inside = root.relative_to("/tmp")
        mount = (f"mount --bind /tmp /mnt && {mount} && mkdir -p '{root}' "
                 f"&& mount --bind '/mnt/{inside}' '{root}'")
    return subprocess.run(
        ["unshare", "-m", "sh", "-c", mount + " && " + script],
        capture_output=True, text=True, timeout=timeout,
        env={**os.environ, "TD": str(binary_path())})


def test_listen_with_an_unsafe_default_runtime_directory_exits_1_without_the_usage():
    """The repro: `--listen` with no safe default directory exited 64 (a command-line
    mistake) and printed the usage; --help says a failure to start is 1."""
    uid = os.geteuid()
    done = in_private_tmp(f'mkdir -m 777 /tmp/transitiond-{uid} && XDG_RUNTIME_DIR= exec "$TD" --listen')
    assert done.returncode == 1, done
    assert f"no safe default socket path: '/tmp/transitiond-{uid}' is not a directory owned by uid {uid}" \
        in done.stderr, done.stderr
    assert "Usage" not in done.stderr and "USAGE" not in done.stderr and "transitiond [--stdio" not in done.stderr


def test_an_unsafe_xdg_runtime_dir_is_passed_over_with_a_warning():
    """The repro: an unsafe XDG_RUNTIME_DIR fell back to /tmp/transitiond-<uid> silently."""
    uid = os.geteuid()
    done = in_private_tmp('mkdir -m 777 /tmp/open && XDG_RUNTIME_DIR=/tmp/open exec "$TD" --listen --listen-timeout 100ms')
    assert done.returncode == 0, done
    assert (f"warning: XDG_RUNTIME_DIR '/tmp/open' is not a directory owned by uid {uid} that only it can "
            f"enter; using /tmp/transitiond-{uid} instead") in done.stderr, done.stderr


def test_listen_in_a_missing_directory_is_reported_as_enoent(spawn, tmp_path):
    """The repro: a --listen path in a missing directory was reported as EACCES."""
    daemon = spawn("--listen", str(tmp_path / "missing" / "d.sock"))
    assert daemon.wait() == 1
    assert f"cannot bind '{tmp_path}/missing/d.sock': ENOENT: the directory '{tmp_path}/missing' does not exist" \
        in daemon.stderr(), daemon.stderr()


@pytest.mark.native_only("--ws is the native daemon's")
def test_ws_alone_that_cannot_write_web_json_exits_1(spawn, monkeypatch):
    """The repro: `--ws` alone kept running when it could not write web.json, so nobody
    could learn its token. Here web.json is a directory, so the rename onto it fails."""
    runtime = Path(tempfile.mkdtemp(prefix="rt-", dir="/tmp"))
    os.chmod(runtime, 0o700)
    (runtime / "transitiond").mkdir(mode=0o700)
    (runtime / "transitiond" / "web.json").mkdir()
    (runtime / "transitiond" / "web.json" / "keep").write_text("")
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(runtime))
    daemon = spawn("--ws", "127.0.0.1:0")
    assert daemon.wait() == 1
    assert f"cannot write {runtime}/transitiond/web.json" in daemon.stderr(), daemon.stderr()
    assert "without it nobody can learn the token of --ws" in daemon.stderr()


# ---------------------------------------------------------------------------
# One message that holds the loop


@pytest.mark.time_limit(60)
def test_a_bystander_is_answered_before_a_long_batchs_response(server):
    """The repro: a batch was handled in one go, so a batch of requests within the
    limits (each one costly on a large session) kept every other client waiting until
    its last answer. Now a batch takes turns with the others a message at a time, like a
    pipeline. Both requests reach the daemon while it is stopped, in either order (the
    order it then reads them in is the kernel's): the bystander's answer is written
    before the batch's response array."""
    import signal
    from e2e_harness import create_params

    srv = server()
    # The busy client came last: the kernel reports it first when both are readable (it
    # does here; a kernel that reports them otherwise tests the same in the other order).
    bystander = srv.connect(name="bystander")
    busy = srv.connect(name="busy")
    s = busy.call("session/create", create_params(sections=[{"items": 2000}], clock="manual"))["session"]
    for round, bystander_first in enumerate([False, True]):
        # 600 requests: more than two turns' share (256 each).
        ids = [1000 * (round + 1) + i for i in range(600)]
        calls = [{"jsonrpc": "2.0", "id": i, "method": "layout/attributes", "params": {"session": s}} for i in ids]
        os.kill(srv.daemon.pid, signal.SIGSTOP)
        try:
            # SIGSTOP is delivered asynchronously: wait until the daemon is stopped.
            wait_until(lambda: process_state(srv.daemon.pid) == "T", 10, "the daemon stopped")
            if bystander_first:
                request = bystander.request("session/list", {})
                busy.send(calls)
            else:
                busy.send(calls)
                request = bystander.request("session/list", {})
        finally:
            os.kill(srv.daemon.pid, signal.SIGCONT)
        listed = bystander.response(request)
        assert [e["session"] for e in listed["result"]["sessions"]] == [s]
        # Written before the batch's response: none of it can have reached the busy client.
        assert select.select([busy.fileno()], [], [], 0)[0] == [], f"bystander first: {bystander_first}"
        answer = busy.wait_for(lambda m: isinstance(m, list), 30, "the batch's response")
        assert [r["id"] for r in answer] == ids
        assert all(len(r["result"]["attributes"]) == len(answer[0]["result"]["attributes"]) > 0 for r in answer)


# ---------------------------------------------------------------------------
# Time


@pytest.mark.time_limit(60)
def test_the_first_tick_after_sigstop_and_sigcont_carries_the_present_time(server):
    """The repro: after SIGSTOP and SIGCONT the first tick still carried its pre-stop
    time (the missed deadline), and only the ticks after it the present. Now a tick that
    fell more than a period behind carries the latest grid point before now."""
    import signal
    from e2e_harness import create_params, GRID

    srv = server()
    client = srv.connect()
    s = client.call("session/create", create_params(fps=30))["session"]
    client.call("transition/start", {"session": s, "to": GRID, "duration": 30})
    seen = client.notification("transition/tick", s)["params"]["time"]
    os.kill(srv.daemon.pid, signal.SIGSTOP)
    try:
        client.drain(0.2)  # whatever it wrote before it stopped
        before = max([seen] + [m["params"]["time"] for m in client.take("transition/tick", s)])
        time.sleep(1.5)
    finally:
        os.kill(srv.daemon.pid, signal.SIGCONT)
    first_after = client.notification("transition/tick", s)["params"]
    assert first_after["time"] >= before + 1.4, (before, first_after["time"])


@pytest.mark.native_only("the daemon on Node leaves its pipes as they are")
def test_the_stdio_daemon_widens_its_output_pipe_to_one_mebibyte(stdio):
    # A tick of a few hundred attributes and its reply outgrow a pipe's default 64 KiB:
    # the daemon asks for 1 MiB, the most an unprivileged process may have by default.
    limit = int(Path("/proc/sys/fs/pipe-max-size").read_text())
    if limit < 1 << 20:
        pytest.skip(f"this system caps pipes at {limit} bytes")
    client = stdio()
    client.initialize()
    get_pipe_size = getattr(fcntl, "F_GETPIPE_SZ", 1032)
    assert fcntl.fcntl(client.fileno(), get_pipe_size) == 1 << 20
