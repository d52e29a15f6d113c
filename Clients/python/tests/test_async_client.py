"""The asyncio client against the real daemon (each test runs its own event loop)."""

import asyncio
import time

import pytest

from transitiond import (
    AsyncClient,
    ConnectionClosed,
    Idle,
    InvalidParams,
    NoTransition,
    NotManualClock,
    ServerNotInitialized,
    Tick,
    TransitiondTimeout,
    TransitionInFlight,
    UnknownSession,
    spec,
)

VIEWPORT = (375, 667)
LIST = spec.list_layout(60)
GRID = spec.grid_layout(2, spacing=10, line_spacing=5, inset=10)
CENTER_20 = spec.placement("center", [(0, 20)])


def run(coroutine):
    return asyncio.run(asyncio.wait_for(coroutine, 30))


def test_lifecycle(async_options):
    async def main():
        async with AsyncClient.spawn(**async_options) as client:
            assert client.initialize_result.server_info.name == "transitiond"
            assert await client.list_sessions() == []
        assert client.closed and client.returncode == 0

        client = await AsyncClient.spawn(**async_options)
        await client.close()
        await client.close()
        assert client.returncode == 0
        with pytest.raises(ConnectionClosed):
            await client.list_sessions()

    run(main())


def test_before_initialize(async_options):
    async def main():
        client = await AsyncClient.spawn(initialize=False, **async_options)
        try:
            with pytest.raises(ServerNotInitialized):
                await client.list_sessions()
            await client.initialize()
            assert await client.list_sessions() == []
        finally:
            await client.close()
        assert client.returncode == 0

    run(main())


def test_list_to_grid_with_manual_clock(async_options):
    async def main():
        async with AsyncClient.spawn(**async_options) as client:
            session = await client.create_session(VIEWPORT, LIST, 100, clock="manual")
            started = await session.start(GRID, duration=1.0, content_offset=CENTER_20)
            assert (started.to_content_offset.x, started.to_content_offset.y) == (0, 1537.75)
            tick = await session.advance(0.25)
            assert isinstance(tick, Tick) and tick.progress == pytest.approx(0.25)
            sample = await session.sample(0.25, all=True)
            frame = sample.attribute(0, 3).frame
            assert (frame.x, frame.y, frame.width, frame.height) == pytest.approx((48.125, 181.875, 324.375, 88.125))
            await session.advance(to=2.0)
            ticks = session.ticks(timeout=2)
            assert [t.seq async for t in ticks] == [1, 2]
            assert ticks.end.reason == "finished"
            assert isinstance(await session.advance(1), Idle)

    run(main())


def test_realtime_ticks_until_did_end(async_options):
    async def main():
        async with AsyncClient.spawn(**async_options) as client:
            session = await client.create_session(VIEWPORT, LIST, 100, fps=60)
            begun = time.monotonic()
            started = await session.start(GRID, duration=0.25, content_offset=CENTER_20)
            ticks = session.ticks(timeout=3)
            received = [t async for t in ticks]
            assert time.monotonic() - begun >= 0.2
            assert 5 <= len(received) <= 40
            assert [t.seq for t in received] == sorted({t.seq for t in received})
            assert received[-1].progress == 1
            assert ticks.end.transition == started.transition and ticks.end.reason == "finished"

    run(main())


def test_concurrent_requests_and_two_sessions(async_options):
    async def main():
        async with AsyncClient.spawn(**async_options) as client:
            a, b = await asyncio.gather(
                client.create_session(VIEWPORT, LIST, 100, fps=120),
                client.create_session(VIEWPORT, GRID, 100, fps=120),
            )
            await asyncio.gather(a.start(GRID, duration=0.15), b.start(LIST, duration=0.15))

            async def collect(session):
                ticks = session.ticks(timeout=3)
                seen = [t async for t in ticks]
                return seen, ticks.end

            (ta, ea), (tb, eb) = await asyncio.gather(collect(a), collect(b))
            assert {t.session for t in ta} == {a.id} and {t.session for t in tb} == {b.id}
            assert ea.reason == eb.reason == "finished"
            statuses = await asyncio.gather(*(s.status() for s in (a, b) for _ in range(10)))
            assert all(s.idle for s in statuses)

    run(main())


def test_errors(async_options):
    async def main():
        async with AsyncClient.spawn(**async_options) as client:
            with pytest.raises(InvalidParams) as caught:
                await client.create_session((375, -5), LIST, 10)
            assert caught.value.field == "params.viewport.height"
            with pytest.raises(UnknownSession) as caught:
                await client.session("s404").status()
            assert caught.value.code == -32010
            session = await client.create_session(VIEWPORT, LIST, 10)
            with pytest.raises(NoTransition):
                await session.finish()
            with pytest.raises(NotManualClock):
                await session.advance(0.1)
            await session.start(GRID, duration=5)
            with pytest.raises(TransitionInFlight):
                await session.update(layout=LIST)
            await session.cancel_in_place()
            with pytest.raises(TransitiondTimeout):
                async for _ in session.ticks(until_end=False, timeout=0.2):
                    pass

    run(main())


def test_daemon_killed(async_options):
    async def main():
        client = await AsyncClient.spawn(**async_options)
        session = await client.create_session(VIEWPORT, LIST, 100)
        await session.start(GRID, duration=10)
        ticks = session.ticks(timeout=5)
        await ticks.__anext__()
        client.process.kill()
        with pytest.raises(ConnectionClosed):
            async for _ in ticks:
                pass
        with pytest.raises(ConnectionClosed):
            await session.status()
        await client.close(timeout=2)
        assert client.returncode is not None

    run(main())


def test_session_context_manager_and_dispose(async_options):
    async def main():
        async with AsyncClient.spawn(**async_options) as client:
            async with await client.create_session(VIEWPORT, LIST, 10) as session:
                await session.start(GRID, duration=5)
                assert [s.session for s in await client.list_sessions()] == [session.id]
            ticks = session.ticks(timeout=2)
            async for _ in ticks:
                pass
            assert ticks.end.reason == "disposed"
            assert await client.list_sessions() == []

    run(main())
