"""Pictures drawn off the event loop: picklable records, worker jobs, the fixed palettes, the pool."""

from __future__ import annotations

import asyncio
import io
import pickle

import pytest
from PIL import Image

from bot.render import draw, jobs, palette, render_table, samples
from bot.render.pool import RenderPool
from tests.bot.render.test_render_golden import difference

RECORDS = [samples.HAND, samples.HAND_POKER, samples.HAND_RIICHI, samples.TABLE, samples.JANPO_TABLE,
           samples.FIVE_RESULT, samples.KYOKU_RESULT, samples.STANDINGS, samples.HOLDEM_TABLE, samples.SHOWDOWN]


@pytest.mark.parametrize("record", RECORDS, ids=lambda r: type(r).__name__)
def test_every_record_crosses_a_process_boundary_unchanged(record: object) -> None:
    data = pickle.dumps(record)
    assert pickle.loads(data) == record
    assert len(data) < 4096  # small: a worker gets the record, not an image


@pytest.mark.parametrize("kind", palette.KINDS)
def test_each_kind_has_one_fixed_palette_of_at_most_256_colours(kind: palette.Kind) -> None:
    pal = palette.palette(kind)
    assert pal is palette.palette(kind) and pal.mode == "P"
    assert len(pal.getpalette() or []) // 3 <= 256


def test_a_picture_mapped_onto_its_palette_stays_what_was_drawn() -> None:
    drawn = render_table(samples.JANPO_TABLE)
    png = Image.open(io.BytesIO(draw.to_png(drawn, "janpo")))
    assert png.mode == "P"
    mean, changed = difference(drawn, png)
    assert mean < 1.0 and changed < 0.002
    # A palette that does not fit (the hold'em one has no tile colours) is measurably worse.
    worse, _ = difference(drawn, Image.open(io.BytesIO(draw.to_png(drawn, "holdem"))))
    assert worse > mean


def test_jobs_draw_what_the_renderers_draw() -> None:
    assert jobs.table_png(samples.JANPO_TABLE) == draw.to_png(render_table(samples.JANPO_TABLE), "janpo")
    assert jobs.table_png(samples.TABLE, {"turn": "X"}) != jobs.table_png(samples.TABLE)


@pytest.mark.parametrize("kind", ["inline", "thread", "process"])
def test_pool_returns_the_same_bytes_as_drawing_here(kind: str) -> None:
    want = jobs.table_png(samples.TABLE)
    with RenderPool(2, kind=kind) as pool:  # type: ignore[arg-type]
        futures = [pool.submit(jobs.table_png, samples.TABLE) for _ in range(3)]
        assert [f.result(timeout=120) for f in futures] == [want] * 3
        got = asyncio.run(pool.draw(jobs.hand_png, samples.HAND_RIICHI, None, "riichi"))
    assert got == jobs.hand_png(samples.HAND_RIICHI, None, "riichi")


def test_a_failing_job_reports_its_error_to_the_caller() -> None:
    with RenderPool(1, kind="inline") as pool:
        future = pool.submit(jobs.table_png, "not a table")
        with pytest.raises(AttributeError):
            future.result()


@pytest.mark.parametrize("kind", palette.KINDS)
def test_stored_palettes_are_what_the_art_script_builds_today(kind: palette.Kind) -> None:
    """assets/palettes saves a process the second or two of building them at its first picture;
    after changing the art or a sample picture, rerun ``python -m bot.render.make_assets``."""
    stored = Image.open(palette.PALETTE_DIR / f"{kind}.png")
    assert stored.getpalette() == palette.build(kind).getpalette()


def test_process_workers_are_warm_before_the_first_picture() -> None:
    """start spawns every worker and each draws the samples first (its caches filled), so no
    player waits on a cold worker; two workers are two processes, neither of them this one."""
    import os

    from bot.render.pool import ready

    with RenderPool(2, kind="process") as pool:
        answers = [f.result(timeout=120) for f in [pool.submit(ready) for _ in range(6)]]
    pids = {pid for pid, _ in answers}
    assert os.getpid() not in pids and 1 <= len(pids) <= 2
    assert all(cached > 20 for _, cached in answers)


def test_picture_workers_keep_freed_memory_and_the_bot_process_does_not() -> None:
    """glibc (Linux, as in production and CI) is told to keep freed memory in a picture worker,
    so its changing 750 KB buffers are not faulted in afresh for every picture; the bot's own
    process keeps the allocator's defaults (a thread or inline pool tunes nothing)."""
    from bot.render import pool as render_pool

    with RenderPool(1, kind="process") as pool:
        assert pool.submit(render_pool.tuned).result(timeout=120) is True

    async def by_lanes() -> object:  # draw's own workers (the bot's way)
        lanes_pool = RenderPool(1, kind="process")
        await lanes_pool.start()
        try:
            return await lanes_pool.draw(render_pool.tuned)  # type: ignore[arg-type]
        finally:
            await lanes_pool.aclose()

    assert asyncio.run(by_lanes()) is True
    with RenderPool(1, kind="thread") as pool:
        assert pool.submit(render_pool.tuned).result(timeout=120) is False


def test_a_dead_worker_is_replaced_and_the_picture_still_drawn() -> None:
    import os
    import signal

    from bot.render.pool import ready

    async def scenario(pool: RenderPool) -> bytes:
        pid, _ = pool.submit(ready).result(timeout=120)
        os.kill(pid, signal.SIGKILL)
        return await pool.draw(jobs.table_png, samples.TABLE)

    with RenderPool(1, kind="process") as pool:
        assert asyncio.run(scenario(pool)) == jobs.table_png(samples.TABLE)

    async def by_lanes() -> tuple[bytes, int, int]:  # draw's own workers (the bot's way)
        lanes_pool = RenderPool(1, kind="process")
        await lanes_pool.start()
        [pid] = lanes_pool.pids
        os.kill(pid, signal.SIGKILL)
        try:
            return await lanes_pool.draw(jobs.table_png, samples.TABLE, urgent=True), pid, lanes_pool.pids[0]
        finally:
            await lanes_pool.aclose()

    png, dead, fresh = asyncio.run(by_lanes())
    assert png == jobs.table_png(samples.TABLE) and fresh != dead


_HOLDER = """
import sys
from bot.render.pool import RenderPool, ready
pool = RenderPool(workers=2, texts=())
pool.start_sync()
pids = {pool._executor.submit(ready).result()[0] for _ in range(8)}
print(" ".join(map(str, sorted(pids))), flush=True)
sys.stdin.read()
"""


def test_workers_end_when_the_bot_is_killed_with_sigkill() -> None:
    """A kill -9 of the bot must not leave its picture workers running beside the restarted one."""
    from tests.bot.killed import workers_left_after_kill_9

    pids, left = workers_left_after_kill_9(_HOLDER)
    assert pids and not left



@pytest.mark.parametrize("record", RECORDS, ids=lambda r: type(r).__name__)
def test_a_record_travels_as_its_class_and_values(record: object) -> None:
    """Pickled with every picture: by the records' own ``__reduce__``, not the dataclasses'
    state functions, which look the fields up for each nested object (twice the time)."""
    import pickletools

    data = pickle.dumps(record, protocol=pickle.HIGHEST_PROTOCOL)
    assert "BUILD" not in {op.name for op, _, _ in pickletools.genops(data)}  # no state set after creation
    assert pickle.loads(data) == record
