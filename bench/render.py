"""Image rendering, before and after issue 17's cheaper pictures, side by side in one run.

"Before" is each picture drawn in RGB as now (warm caches) and encoded as until issue 17: the
whole picture mapped onto its kind's fixed palette, written by Pillow's PNG encoder at zlib level
3. "After" is the bot's job (``bot.render.jobs``): the public tables drawn straight onto the
palette (``flat``), the file written by ``png.encode``, once deflated by zlib and once by ISA-L
where the ``isal`` package is installed. Before and after draw in two processes of their own,
asked in turn picture by picture, each variant going first in turn, so the machine's load hits
them alike; medians of CPU time with a bootstrap standard error. Then the steps of a Janpo table
alone, what keeping freed memory in the process would change, and where to draw: on the event
loop, in threads or in processes, with the event loop's lag meanwhile.
Targets: hand <= 15 ms, table <= 60 ms, every PNG <= 300 KB; issue 17: public tables at <= half
their "before" CPU time, no pixel changed, PNGs at most 10 % larger.
"""

from __future__ import annotations

import asyncio
import io
import multiprocessing
import random
import resource
import statistics
import time
from collections.abc import Callable
from functools import partial
from multiprocessing.connection import Connection
from typing import Any, Literal

from PIL import Image

from bot.render import holdem, jobs, layers, palette, png, samples, table
from bot.render.hand import render_hand
from bot.render.pool import PoolKind, RenderPool, keep_freed_memory
from bot.render.results import render_five_result, render_kyoku_result
from bot.render.table import render_table

Scene = tuple[Callable[[], Image.Image], palette.Kind, Callable[[], bytes]]  # RGB drawing, kind, the bot's job
SCENES: dict[str, Scene] = {
    "hand (Janpo, after a chi)": (lambda: render_hand(samples.HAND), "janpo", partial(jobs.hand_png, samples.HAND)),
    "hand (riichi, waits)": (lambda: render_hand(samples.HAND_RIICHI), "riichi",
                             partial(jobs.hand_png, samples.HAND_RIICHI, kind="riichi")),
    "table (riichi, busy)": (lambda: render_table(samples.TABLE), "riichi", partial(jobs.table_png, samples.TABLE)),
    "table (Janpo, side pots)": (lambda: render_table(samples.JANPO_TABLE), "janpo",
                                 partial(jobs.table_png, samples.JANPO_TABLE)),
    "hold'em table (9 seats)": (lambda: holdem.render_holdem_table(samples.HOLDEM_TABLE), "holdem",
                                partial(jobs.holdem_table_png, samples.HOLDEM_TABLE)),
    "kyoku result": (lambda: render_kyoku_result(samples.KYOKU_RESULT), "riichi",
                     partial(jobs.kyoku_result_png, samples.KYOKU_RESULT)),
    "Five result": (lambda: render_five_result(samples.FIVE_RESULT), "five", partial(jobs.five_result_png, samples.FIVE_RESULT)),
    "showdown": (lambda: holdem.render_showdown(samples.SHOWDOWN), "holdem", partial(jobs.showdown_png, samples.SHOWDOWN)),
}


def legacy_png(img: Image.Image, kind: palette.Kind) -> bytes:
    """The encoding before issue 17: the whole picture mapped, Pillow's encoder at zlib level 3."""
    buf = io.BytesIO()
    rgb = img if img.mode == "RGB" else img.convert("RGB")
    mapped = rgb.quantize(palette=palette.palette(kind), dither=Image.Dither.NONE)
    mapped.save(buf, "PNG", compress_level=3)
    return buf.getvalue()


def _before(scene: Scene) -> bytes:
    """The picture drawn in RGB and encoded as before issue 17."""
    return legacy_png(scene[0](), scene[1])


def _after(scene: Scene, deflate: Callable[[png.Parts], bytes]) -> bytes:
    """The picture as the bot's job makes it, deflated by ``deflate``."""
    png.deflate = deflate
    return scene[2]()


VARIANTS: dict[str, Callable[[Scene], bytes]] = {
    "before": _before, "after, zlib": partial(_after, deflate=png._zlib),
    f"after, {png.DEFLATE_NAME}": partial(_after, deflate=png.deflate)}


def _cpu_ms(f: Callable[[], object]) -> float:
    start = time.process_time()
    f()
    return (time.process_time() - start) * 1000


def median_se(xs: list[float], resamples: int = 400) -> tuple[float, float]:
    """The median and its bootstrap standard error (fixed seed: the same data, the same figure)."""
    rng = random.Random(0)
    meds = [statistics.median(rng.choices(xs, k=len(xs))) for _ in range(resamples)]
    return statistics.median(xs), statistics.stdev(meds)


def _drawer(conn: Connection) -> None:
    """A drawing process: answers each (scene, variant) asked with the CPU milliseconds it took
    and the PNG's size."""
    for scene in SCENES.values():  # sprites, fonts and palettes loaded, as a running bot has them
        for make in VARIANTS.values():
            make(scene)
    while (ask := conn.recv()) is not None:
        scene, make = SCENES[ask[0]], VARIANTS[ask[1]]
        start = time.process_time()
        data = make(scene)
        conn.send(((time.process_time() - start) * 1000, len(data)))


def _side_by_side(n: int) -> list[tuple[str, str]]:
    """"Before" and "after" in a drawing process each, asked one picture at a time in turn, so
    they never run at once and share the machine's load."""
    context = multiprocessing.get_context("spawn")
    pipes, procs = {}, []
    for after in (False, True):
        ours, theirs = context.Pipe()
        proc = context.Process(target=_drawer, args=(theirs,), daemon=True)
        proc.start()
        procs.append(proc)
        pipes[after] = ours
    names = list(VARIANTS)
    out = []
    try:
        for label in SCENES:
            times: dict[str, list[float]] = {name: [] for name in names}
            sizes: dict[str, int] = {}
            for i in range(n):
                for name in names[i % len(names):] + names[:i % len(names)]:  # each goes first in turn
                    pipe = pipes[name != "before"]
                    pipe.send((label, name))
                    ms, sizes[name] = pipe.recv()
                    times[name].append(ms)
            figures = []
            for name in names:
                med, se = median_se(times[name])
                figures.append(f"{med:.2f} ±{se:.2f} ms {sizes[name] / 1024:.1f} KB")
            out.append((f"{label}: {' | '.join(names)}", " | ".join(figures)))
    finally:
        for pipe in pipes.values():
            pipe.send(None)
        for proc in procs:
            proc.join(10)
    return out


MIX = ("table (riichi, busy)", "table (Janpo, side pots)", "hold'em table (9 seats)", "hand (Janpo, after a chi)",
       "kyoku result")


def _allocator(n: int) -> list[tuple[str, str]]:
    """Page faults and CPU per picture of the bot's jobs with the allocator's defaults and with
    glibc keeping freed memory (``pool.keep_freed_memory``, what a picture worker does), each in a
    fresh process, three rounds in turn: the Janpo table alone in a loop, a mix of five samples in
    turn, and a seeded Janpo game's table pictures in the order it made them (sizes change from
    one to the next as ponds grow: what a worker meets)."""
    context = multiprocessing.get_context("spawn")
    got: dict[tuple[str, bool], list[tuple[float, float]]] = {}
    for _ in range(3):
        for scenes in (MIX[1:2], MIX, ("game",)):
            for keep in (False, True):
                with context.Pool(1) as pool:
                    what = "game" if scenes == ("game",) else scenes[0] if len(scenes) == 1 else "mix"
                    got.setdefault((what, keep), []).append(pool.apply(_loop, (scenes, keep, n)))
    names = {"game": "a Janpo game's table pictures in order", "mix": "mix of 5 pictures in turn"}
    out = []
    for (what, keep), rounds in got.items():
        how = "glibc keeping freed memory" if keep else "allocator defaults"
        faults = statistics.median(f for f, _ in rounds)
        out.append((f"{names.get(what, 'Janpo table in a loop')}, {how}",
                    f"{faults:.0f} page faults, {' / '.join(f'{ms:.2f}' for _, ms in rounds)} ms CPU a picture"))
    return out


def _game_jobs() -> list[Callable[[], object]]:
    """A seeded East-only Janpo game of four normal CPUs: its public table picture at every move."""
    from bench.cpu import PLAYERS, spec
    from bot.play.images import table_job
    from engine.cpu import choose_move
    from engine.cpu.match import play_match
    from engine.games import new_game

    players = list(PLAYERS)
    game = new_game(spec("janpo", 7001, players))
    names = {p: f"CPU {i + 1}" for i, p in enumerate(players)}
    records: list[tuple[Any, Any]] = []

    def policy(view: dict[str, Any], legal: list[Any], rng: random.Random) -> Any:
        records.append(table_job("janpo", game.public_view(), names))
        return choose_move("janpo", view, legal, rng, "normal")

    play_match(game, dict.fromkeys(players, policy), 7001)
    return [partial(job, record, None) for job, record in records]


def _loop(scenes: tuple[str, ...], keep: bool, n: int) -> tuple[float, float]:
    if keep:
        keep_freed_memory()
    if scenes == ("game",):
        jobs_ = _game_jobs()
        rounds = 1  # each picture once, as a worker draws them
    else:
        jobs_ = [SCENES[name][2] for name in scenes]
        rounds = n
        for job in jobs_ * 3:
            job()
    before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    times = []
    for _ in range(rounds):
        for job in jobs_:
            start = time.process_time()
            job()
            times.append((time.process_time() - start) * 1000)
    return (resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before) / len(times), statistics.fmean(times)


def _encodings(n: int) -> list[tuple[str, str]]:
    """The steps of the Janpo table picture, each alone: milliseconds (CPU) and bytes."""
    img = render_table(samples.JANPO_TABLE)
    pal = palette.palette("janpo")
    mapped = layers.to_palette(img, "janpo")

    def save(im: Image.Image, level: int) -> bytes:
        buf = io.BytesIO()
        im.save(buf, "PNG", compress_level=level)
        return buf.getvalue()

    steps: list[tuple[str, Callable[[], object]]] = [
        ("draw it in RGB (warm caches)", lambda: render_table(samples.JANPO_TABLE)),
        ("draw it straight onto the palette (flat)", lambda: table.table_picture(samples.JANPO_TABLE)),
        ("map the whole picture onto the palette", lambda: img.quantize(palette=pal, dither=Image.Dither.NONE)),
        ("map only its drawn boxes over the cached felt", lambda: layers.to_palette(img, "janpo")),
        ("Pillow's PNG encoder, zlib level 1", partial(save, mapped, 1)),
        ("Pillow's PNG encoder, zlib level 3", partial(save, mapped, 3)),
        ("png.encode, zlib level 3 memLevel 8", partial(png.encode, mapped, png._zlib)),
        (f"png.encode, default ({png.DEFLATE_NAME})", partial(png.encode, mapped)),
    ]
    times: dict[str, list[float]] = {name: [] for name, _ in steps}
    for _ in range(n):
        for name, step in steps:
            times[name].append(_cpu_ms(step))
    out = []
    for name, step in steps:
        med, se = median_se(times[name])
        got = step()
        size = f", {len(got) / 1024:.1f} KB" if isinstance(got, bytes) else ""
        out.append((f"Janpo table: {name}", f"{med:.2f} ±{se:.2f} ms{size}"))
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
    from bench import render_words

    return render_words.run(quick) + _side_by_side(n) + _encodings(n) + _allocator(n) + _where(60 if quick else 200)
