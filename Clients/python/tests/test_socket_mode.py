"""Socket mode: ``transitiond --listen PATH`` serves several clients, which can share
sessions (keepAlive, subscribe)."""

import asyncio
import os
import stat

import pytest

from transitiond import AsyncClient, spec

VIEWPORT = (375, 667)
LIST = spec.list_layout(60)
GRID = spec.grid_layout(2, spacing=10, line_spacing=5, inset=10)


def test_two_clients_share_a_kept_alive_session(listening_daemon, open_client):
    assert stat.S_ISSOCK(os.stat(listening_daemon.path).st_mode)
    owner = open_client(socket=listening_daemon.path)
    watcher = open_client(socket=listening_daemon.path)
    assert owner.initialize_result.server_info.name == "transitiond"

    session = owner.create_session(VIEWPORT, LIST, 100, keep_alive=True, fps=60)
    (seen,) = watcher.list_sessions()
    assert (seen.session, seen.owned, seen.keep_alive) == (session.id, False, True)

    mirror = watcher.session(session.id)
    subscribed = mirror.subscribe()
    assert subscribed.state == "idle" and subscribed.content_size.height == 6000

    started = session.start(GRID, duration=0.2)
    mine = session.ticks(timeout=3)
    theirs = mirror.ticks(timeout=3)
    own_seqs = [t.seq for t in mine]
    their_seqs = [t.seq for t in theirs]
    assert own_seqs == their_seqs and own_seqs
    assert mine.end == theirs.end and theirs.end.transition == started.transition

    # The owner leaves; the session stays (keepAlive) and the watcher drives it.
    owner.close()
    assert owner.returncode is None  # not a spawned daemon
    (left,) = watcher.list_sessions()
    assert left.session == session.id and not left.owned
    mirror.start(LIST, duration=0.1)
    assert mirror.wait_for_end(timeout=3).reason == "finished"
    assert mirror.attributes().attributes[0].layout_state == "list"
    mirror.dispose()
    assert watcher.list_sessions() == []
    watcher.close()

    assert listening_daemon.stop() == 0


def test_sessions_of_a_closed_connection_end(listening_daemon, open_client):
    first = open_client(socket=listening_daemon.path)
    first.create_session(VIEWPORT, LIST, 10)
    first.close()
    second = open_client(socket=listening_daemon.path)
    assert second.list_sessions() == []


def test_asyncio_client_over_the_socket(listening_daemon, traffic):
    async def main():
        async with AsyncClient.connect(listening_daemon.path, on_message=traffic.hook, timeout=5) as client:
            session = await client.create_session(VIEWPORT, LIST, 100, clock="manual")
            await session.start(GRID, duration=1.0, content_offset=spec.placement("center", [(0, 20)]))
            tick = await session.advance(0.25)
            assert tick.progress == pytest.approx(0.25)
            sample = await session.sample(0.25, all=True)
            assert sample.attribute(0, 3).frame.y == pytest.approx(181.875)
        assert client.closed
        async with AsyncClient.connect(listening_daemon.path, on_message=traffic.hook, timeout=5) as again:
            assert await again.list_sessions() == []

    asyncio.run(asyncio.wait_for(main(), 30))
