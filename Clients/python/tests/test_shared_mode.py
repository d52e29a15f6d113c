"""``spawn(shared=True)``: clients that each start ``transitiond --remote=auto`` share the
per-user daemon, so one follows another's session by its name. Each test has its own
XDG_RUNTIME_DIR (no daemon of the user's is met) and kills the daemon it started."""

import asyncio
import os
import shutil
import signal
import tempfile
from pathlib import Path

import pytest

from transitiond import AsyncClient, Client, spec

VIEWPORT = (375, 667)
LIST = spec.list_layout(60)
GRID = spec.grid_layout(2, spacing=10, line_spacing=5, inset=10)


@pytest.fixture
def shared_env():
    root = tempfile.mkdtemp(prefix="tdp-", dir="/tmp")
    os.chmod(root, 0o700)
    socket = os.path.join(root, "transitiond", "transitiond.sock")
    yield dict(os.environ, XDG_RUNTIME_DIR=root, XDG_STATE_HOME=os.path.join(root, "state"))
    for entry in Path("/proc").iterdir():
        try:
            args = (entry / "cmdline").read_bytes().split(b"\0") if entry.name.isdigit() else []
        except OSError:
            continue
        if b"--listen" in args and socket.encode() in args:
            os.kill(int(entry.name), signal.SIGKILL)
    shutil.rmtree(root, ignore_errors=True)


def test_a_client_follows_another_clients_session_by_name(transitiond_path, shared_env):
    with Client.spawn(transitiond_path, shared=True, env=shared_env) as script, \
            Client.spawn(transitiond_path, shared=True, env=shared_env) as preview:
        session = script.create_session(VIEWPORT, LIST, 100, clock="manual", name="gallery")
        followed = preview.subscribe_by_name("gallery")
        assert followed.id == session.id and followed.content_size.height == 6000
        (info,) = preview.list_sessions()
        assert (info.name, info.owner_process_id, info.subscribers, info.owned) == \
            ("gallery", os.getpid(), 1, False)

        session.start(GRID, duration=1)
        session.advance(0.5)
        tick = next(iter(followed.ticks(until_end=False, timeout=10)))
        assert tick.session == session.id and tick.time == 0.5
    # Through the forwarder, a clean close is still a clean exit.
    assert script.returncode == 0 and preview.returncode == 0


def test_asyncio_clients_share_too(transitiond_path, shared_env):
    async def run():
        async with AsyncClient.spawn(transitiond_path, shared=True, env=shared_env) as script, \
                AsyncClient.spawn(transitiond_path, shared=True, env=shared_env) as preview:
            session = await script.create_session(VIEWPORT, LIST, 10, clock="manual", name="async")
            followed = await preview.subscribe_by_name("async")
            assert followed.id == session.id
            assert [(s.name, s.subscribers) for s in await script.list_sessions()] == [("async", 1)]

    asyncio.run(run())
