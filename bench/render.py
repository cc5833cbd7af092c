"""Image rendering, before and after the drawing caches and fixed palettes, side by side in one run.

"Before" draws each picture with the text and layer caches emptied and encodes it the old way
(quantized afresh with ``FASTOCTREE``); "after" is the pipeline as the bot runs it. The two are
measured alternately, picture by picture, so the machine's load hits both alike. Then the PNG
settings (size against time) and where to draw: on the event loop, in threads or in processes,
with the event loop's lag meanwhile. Targets: hand <= 15 ms, table <= 60 ms, every PNG <= 300 KB.
"""

from __future__ import annotations

import asyncio
import io
import statistics
import time
from collections.abc import Callable
from functools import partial
from typing import Any, Literal

from PIL import Image

from bot.render import draw, holdem, jobs, palette, samples, table
from bot.render.hand import render_hand
from bot.render.pool import PoolKind, RenderPool
from bot.render.results import render_five_result, render_kyoku_result
from bot.render.table import render_table

Scene = tuple[Callable[[], Image.Image], palette.Kind]
SCENES: dict[str, Scene] = {
    "hand (Janpo, after a chi)": (lambda: render_hand(samples.HAND), "janpo"),
    "hand (riichi, waits)": (lambda: render_hand(samples.HAND_RIICHI), "riichi"),
    "table (riichi, busy)": (lambda: render_table(samples.TABLE), "riichi"),
    "table (Janpo, side pots)": (lambda: render_table(samples.JANPO_TABLE), "janpo"),
    "hold'em table (9 seats)": (lambda: holdem.render_holdem_table(samples.HOLDEM_TABLE), "holdem"),
    "kyoku result": (lambda: render_kyoku_result(samples.KYOKU_RESULT), "riichi"),
    "Five result": (lambda: render_five_result(samples.FIVE_RESULT), "five"),
    "showdown": (lambda: holdem.render_showdown(samples.SHOWDOWN), "holdem"),
}
CACHES = (draw._glyphs, draw.text_width, draw.fit, table._background, holdem._felt)


def legacy_png(img: Image.Image) -> bytes:
    """The encoding before fixed palettes: a fresh 256-colour quantization of every picture."""
    buf = io.BytesIO()
    img.convert("RGB").quantize(256, method=Image.Quantize.FASTOCTREE).save(buf, "PNG", compress_level=3)
    return buf.getvalue()


def _before(scene: Scene) -> bytes:
    for c in CACHES:
        c.cache_clear()
    return legacy_png(scene[0]())


def _after(scene: Scene) -> bytes:
    return draw.to_png(scene[0](), scene[1])


def _cpu_ms(f: Callable[[], object]) -> float:
    start = time.process_time()
    f()
    return (time.process_time() - start) * 1000


def _side_by_side(n: int) -> list[tuple[str, str]]:
    out = []
    for label, scene in SCENES.items():
        _before(scene), _after(scene)  # sprites, fonts and palettes loaded, as a running bot has them
        before, after = [], []
        for _ in range(n):
            before.append(_cpu_ms(partial(_before, scene)))
            after.append(_cpu_ms(partial(_after, scene)))
        kb_before, kb_after = len(_before(scene)) / 1024, len(_after(scene)) / 1024
        out.append((f"{label}: before -> after, median ms (PNG KB)",
                    f"{statistics.median(before):5.1f} -> {statistics.median(after):4.1f} ms"
                    f"  ({kb_before:.0f} -> {kb_after:.0f} KB)"))
    return out


def _encodings(n: int) -> list[tuple[str, str]]:
    """The Janpo table picture under each encoding: milliseconds (CPU) and bytes."""
    img = render_table(samples.JANPO_TABLE).convert("RGB")
    pal = palette.palette("janpo")
    mapped = img.quantize(palette=pal, dither=Image.Dither.NONE)
    out = [("Janpo table: quantize afresh (FASTOCTREE)",
            f"{statistics.median(_cpu_ms(lambda: img.quantize(256, method=Image.Quantize.FASTOCTREE)) for _ in range(n)):.2f} ms"),
           ("Janpo table: map onto the fixed palette",
            f"{statistics.median(_cpu_ms(lambda: img.quantize(palette=pal, dither=Image.Dither.NONE)) for _ in range(n)):.2f} ms")]

    def save(im: Image.Image, level: int) -> bytes:
        buf = io.BytesIO()
        im.save(buf, "PNG", compress_level=level)
        return buf.getvalue()

    for level in (1, 3, 6, 9):
        ms = statistics.median(_cpu_ms(partial(save, mapped, level)) for _ in range(n))
        out.append((f"Janpo table: zlib level {level}, palette PNG", f"{ms:.2f} ms, {len(save(mapped, level)) / 1024:.0f} KB"))
    ms = statistics.median(_cpu_ms(partial(save, img, 3)) for _ in range(max(3, n // 3)))
    out.append(("Janpo table: zlib level 3, full-colour PNG", f"{ms:.2f} ms, {len(save(img, 3)) / 1024:.0f} KB"))
    return out


async def _under_load(submit: Callable[[], Any], pictures: int) -> tuple[float, list[float]]:
    """Draw ``pictures`` tables, two in flight at a time, while a 5 ms ticker measures how late
    the event loop runs it; returns the wall time and the ticker's lateness in ms."""
    lags: list[float] = []
    done = False

    async def ticker() -> None:
        while not done:
            start = time.perf_counter()
            await asyncio.sleep(0.005)
            lags.append(max(0.0, (time.perf_counter() - start) * 1000 - 5))

    tick = asyncio.create_task(ticker())
    start = time.perf_counter()
    inflight: list[asyncio.Future[bytes]] = []
    for _ in range(pictures):
        got = submit()
        if isinstance(got, bytes):
            await asyncio.sleep(0)  # inline: the loop gets a turn between pictures, no more
            continue
        inflight.append(asyncio.ensure_future(got) if asyncio.iscoroutine(got) else asyncio.wrap_future(got))
        if len(inflight) >= 2:
            await inflight.pop(0)
    await asyncio.gather(*inflight)
    wall = time.perf_counter() - start
    done = True
    await tick
    return wall, lags


def _where(pictures: int) -> list[tuple[str, str]]:
    out = []
    record = samples.JANPO_TABLE
    kinds: tuple[PoolKind | Literal["lanes"], ...] = ("inline", "thread", "process", "lanes")
    for kind in kinds:
        pool = RenderPool(2, kind="process" if kind == "lanes" else kind)
        start = time.perf_counter()
        if kind == "lanes":  # the bot's way: draw() through bot.workers.Lanes, read by the loop
            async def measure(pool: RenderPool = pool) -> tuple[float, list[float], float]:
                await pool.start()
                spent = time.process_time()
                wall, lags = await _under_load(partial(pool.draw, jobs.table_png, record), pictures)
                spent = time.process_time() - spent
                await pool.aclose()
                return wall, lags, spent

            wall, lags, cpu = asyncio.run(measure())
            warm = time.perf_counter() - start - wall
        else:
            pool.start_sync()
            warm = time.perf_counter() - start
            if kind == "inline":
                submit: Callable[[], Any] = partial(jobs.table_png, record)
            else:
                submit = partial(pool.submit, jobs.table_png, record)
            cpu = time.process_time()
            wall, lags = asyncio.run(_under_load(submit, pictures))
            cpu = time.process_time() - cpu
            pool.close()
        cpu = cpu * 1000 / pictures
        lags.sort()
        p95 = lags[min(len(lags) - 1, round(0.95 * (len(lags) - 1)))] if lags else 0.0
        where = {"inline": "on the event loop", "lanes": "process lanes of 2 (draw)"}.get(kind, f"{kind} pool of 2")
        out.append((f"{pictures} Janpo tables, {where}: pictures/s",
                    f"{pictures / wall:.0f}/s (warm-up {warm:.1f} s)"))
        # The bot process's own CPU per picture (all its threads): what the event loop and the
        # database compete with. A process pool leaves only pickling the record and the bytes.
        out.append((f"{pictures} Janpo tables, {where}: bot-process CPU", f"{cpu:.2f} ms per picture"))
        out.append((f"{pictures} Janpo tables, {where}: loop lag p50/p95/max",
                    f"{statistics.median(lags) if lags else 0:.1f} / {p95:.1f} / {lags[-1] if lags else 0:.1f} ms"))
    return out


def run(quick: bool) -> list[tuple[str, str]]:
    n = 10 if quick else 40
    return _side_by_side(n) + _encodings(n) + _where(60 if quick else 200)
