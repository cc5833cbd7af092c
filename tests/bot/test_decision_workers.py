"""CPU decisions in worker processes (``bot.workers.Lanes``, ``bot.play.cpu.Decisions``): the same
moves as in this process, a human's table first, a dead worker replaced, nothing left running
after a kill -9 of the bot."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest

from bot import workers
from bot.play import cpu
from bot.play.steps import Steps
from bot.workers import Lanes
from engine.games import new_game
from engine.rng import derive, derive_seed
from tests.bot.harness import StartBot
from tests.bot.killed import workers_left_after_kill_9


def _wait_for(path: str, value: str) -> str:
    """A job that blocks its worker until ``path`` exists (so the test decides when it ends)."""
    while not os.path.exists(path):
        os.sched_yield()
    return value


def _die_once(marker: str) -> int:
    """Kills its worker the first time it runs; answers the second time."""
    if not os.path.exists(marker):
        Path(marker).touch()
        os._exit(1)
    return os.getpid()


def _echo(value: int) -> int:
    return value


def _fails() -> None:
    raise ValueError("no such move")


def _games() -> list[tuple[str, object]]:
    options = {"riichi": {"length": "east"}, "five": {}, "janpo": {}, "holdem": {}}
    return [(name, new_game({"game": name, "players": ["A", "B", "C", "D"], "seed": 7, "options": o}))
            for name, o in options.items()]


async def _play_some(decisions: cpu.Decisions, name: str, game: object, moves: int,
                     as_number: bool) -> list[list[object]]:
    played: list[list[object]] = []
    for n in range(moves):
        if game.finished:  # type: ignore[attr-defined]
            break
        player = game.waiting_on()[0]  # type: ignore[attr-defined]
        rng = derive_seed(7, "cpu", n) if as_number else derive(7, "cpu", n)
        move = await decisions.choose(name, game, player, rng, "hard")  # type: ignore[arg-type]
        game.play(move)  # type: ignore[attr-defined]
        played.append(move)
    return played


async def test_worker_processes_choose_the_moves_this_process_would() -> None:
    """A replayed table must make the same CPU moves wherever its choices ran (the workers get
    the number that seeds the stream, this process the stream itself)."""
    here, there = cpu.Decisions(kind="inline"), cpu.Decisions(2, kind="process", start_with=2)
    await there.start()
    try:
        assert len(set(there.pids)) == 2 and os.getpid() not in there.pids
        for (name, a), (_, b) in zip(_games(), _games(), strict=True):
            assert await _play_some(there, name, a, 60, True) == await _play_some(here, name, b, 60, False), name
        assert there.made == here.made > 200
        assert there.cpu_seconds > 0
    finally:
        await there.close()


async def test_a_human_tables_choice_goes_before_cpu_only_tables(tmp_path: Path) -> None:
    lanes = Lanes(1, name="test")
    await lanes.start()
    gate = str(tmp_path / "go")
    done: list[str] = []

    async def run(value: str, urgent: bool) -> None:
        done.append(await lanes.run(_wait_for, gate, value, urgent=urgent))

    try:
        first = asyncio.ensure_future(run("busy", False))  # takes the one worker
        await asyncio.sleep(0)
        later = [asyncio.ensure_future(run(f"cpu-only {i}", False)) for i in range(3)]
        await asyncio.sleep(0)
        human = asyncio.ensure_future(run("human", True))
        await asyncio.sleep(0)
        Path(gate).touch()
        await asyncio.gather(first, *later, human)
        assert done == ["busy", "human", "cpu-only 0", "cpu-only 1", "cpu-only 2"]
    finally:
        lanes.close()


async def test_a_worker_that_dies_is_replaced_and_the_job_answered(tmp_path: Path) -> None:
    lanes = Lanes(1, name="test")
    await lanes.start()
    try:
        [before] = lanes.pids
        answered_by = await lanes.run(_die_once, str(tmp_path / "died"))
        assert answered_by != before and lanes.pids == [answered_by]
        assert (tmp_path / "died").exists()
    finally:
        lanes.close()


async def test_a_jobs_error_reaches_the_caller_and_the_worker_stays() -> None:
    lanes = Lanes(1, name="test")
    await lanes.start()
    try:
        pids = lanes.pids
        with pytest.raises(ValueError, match="no such move"):
            await lanes.run(_fails)
        assert lanes.pids == pids
        assert await lanes.run(_wait_for, "/", "still here") == "still here"
    finally:
        lanes.close()
    with pytest.raises(RuntimeError, match="closed"):
        await lanes.run(_wait_for, "/", "after close")


_HOLDER = """
import asyncio, sys
from bot.play.cpu import Decisions

async def main():
    decisions = Decisions(2, kind="process", start_with=2)
    await decisions.start()
    print(" ".join(map(str, decisions.pids)), flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)

asyncio.run(main())
"""


def test_decision_workers_end_when_the_bot_is_killed_with_sigkill() -> None:
    pids, left = workers_left_after_kill_9(_HOLDER)
    assert len(pids) == 2 and not left


def _kills_its_worker(*args: object) -> object:
    os._exit(1)


async def test_a_choice_whose_worker_dies_twice_is_made_in_a_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    """A table must not stop because its CPU's worker keeps dying: the move is still made."""
    decisions = cpu.Decisions(1, kind="process")
    await decisions.start()
    assert decisions._lanes is not None
    [(name, game)] = _games()[:1]
    expected = await _play_some(cpu.Decisions(kind="inline"), name, _games()[0][1], 1, False)
    lanes_run = decisions._lanes.run

    async def deadly(job: object, *args: object, urgent: bool = False) -> object:
        return await lanes_run(_kills_its_worker, *args, urgent=urgent)  # each attempt kills its worker

    monkeypatch.setattr(decisions._lanes, "run", deadly)
    try:
        [before] = decisions.pids
        assert await _play_some(decisions, name, game, 1, False) == expected
        assert decisions.made == 1 and len(decisions.pids) == 1 and decisions.pids != [before]
    finally:
        await decisions.close()


async def test_decisions_fall_back_to_a_thread_when_workers_cannot_start(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_processes(*args: object, **kw: object) -> None:
        raise OSError("no more processes")

    monkeypatch.setattr("bot.workers._Lane.__init__", no_processes)
    decisions = cpu.Decisions(2, kind="process")
    assert decisions.turns_at_once == 2  # one worker to start with, a turn more in play
    await decisions.start()
    assert decisions.kind == "thread" and decisions.pids == []
    assert decisions.turns_at_once == 1  # CPU-only turns let in one at a time, as for a thread
    [(name, game)] = _games()[:1]
    here = await _play_some(cpu.Decisions(kind="inline"), name, _games()[0][1], 5, False)
    assert await _play_some(decisions, name, game, 5, False) == here
    await decisions.close()


def _answers_a_lambda() -> object:
    return lambda: None  # cannot be pickled back


async def test_a_job_or_answer_that_cannot_be_pickled_fails_alone() -> None:
    lanes = Lanes(1, name="test")
    await lanes.start()
    try:
        pids = lanes.pids
        with pytest.raises(Exception, match="pickle|lambda"):
            await lanes.run(_wait_for, "/", lambda: None)  # the argument cannot go
        with pytest.raises(RuntimeError, match="could not be sent back"):
            await lanes.run(_answers_a_lambda)
        assert await lanes.run(_wait_for, "/", "still here") == "still here" and lanes.pids == pids
    finally:
        lanes.close()


async def test_busy_workers_yield_to_the_event_loop() -> None:
    """On busy cores the bot's own process (clicks) goes first, then pictures, then CPU players."""
    from bot.render.pool import RENDER_NICE, RenderPool

    decisions, pictures = cpu.Decisions(1, kind="process"), RenderPool(1, kind="process", texts=())
    await decisions.start()
    await pictures.start()
    try:
        own = os.getpriority(os.PRIO_PROCESS, 0)
        [decider], [drawer] = decisions.pids, pictures.pids
        assert os.getpriority(os.PRIO_PROCESS, decider) == min(19, own + cpu.CPU_NICE)
        assert os.getpriority(os.PRIO_PROCESS, drawer) == min(19, own + RENDER_NICE)
        assert cpu.CPU_NICE > RENDER_NICE > 0
    finally:
        await decisions.close()
        await pictures.aclose()


class _Unreadable(Exception):
    """Pickles, but cannot be rebuilt where it is read (its constructor wants two arguments)."""

    def __init__(self, a: object, b: object) -> None:
        super().__init__(f"{a} {b}")


def _fails_unreadably() -> None:
    raise _Unreadable(1, 2)


async def test_an_answer_that_cannot_be_read_here_fails_alone() -> None:
    lanes = Lanes(1, name="test")
    await lanes.start()
    try:
        with pytest.raises(RuntimeError, match="could not be read"):
            await lanes.run(_fails_unreadably)
        assert await lanes.run(_wait_for, "/", "still here") == "still here"
    finally:
        lanes.close()


async def test_a_bot_whose_decision_workers_cannot_start_lets_cpu_turns_in_one_at_a_time(
        start_bot: StartBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """With no worker processes, CPU choices share the event loop's interpreter lock in a thread:
    the gate lets one CPU-only turn in at a time (three with two workers), so a click waits on one."""
    def no_processes(*args: object, **kw: object) -> None:
        raise OSError("no more processes")

    monkeypatch.setattr("bot.workers._Lane.__init__", no_processes)
    bot = await start_bot(decide="process")
    assert bot.tables.decisions.kind == "thread"
    assert bot.tables.steps.at_once == 1


async def test_one_more_worker_starts_only_once_those_there_are_kept_busy(tmp_path: Path) -> None:
    """Issue 17: a decision worker is tens of megabytes and one keeps up with a couple of hundred
    tables, so the second starts when the first was busy most of the last few seconds."""
    now = [0.0]
    lanes = Lanes(2, name="test", start_with=1, clock=lambda: now[0])
    grown = asyncio.Event()
    lanes.grown = grown.set
    await lanes.start()
    try:
        assert len(lanes.pids) == 1 and lanes.ready_workers == 1
        now[0] += 2 * workers.GROW_WINDOW  # a long quiet spell, then a quick job: nobody more
        assert await lanes.run(_echo, 1) == 1
        assert len(lanes.pids) == 1
        gate = str(tmp_path / "go")
        long = asyncio.ensure_future(lanes.run(_wait_for, gate, "long"))
        await asyncio.sleep(0)  # sent: the job holds the only worker ...
        now[0] += workers.GROW_WINDOW  # ... for a whole window
        Path(gate).touch()
        assert await long == "long"
        await grown.wait()
        assert len(set(lanes.pids)) == 2 and lanes.ready_workers == 2
        now[0] += workers.GROW_WINDOW
        assert await lanes.run(_echo, 2) == 2 and len(lanes.pids) == 2  # never more than asked for
        both = await asyncio.gather(*(lanes.run(_echo, i) for i in range(6)))
        assert both == list(range(6))
    finally:
        lanes.close()


async def test_a_wider_gate_lets_waiting_cpu_turns_in() -> None:
    """When a decision worker more is ready, the CPU-only turns waiting are let in at once."""
    steps = Steps(1)
    inside: list[int] = []
    release = asyncio.Event()

    async def turn(n: int) -> None:
        async with steps.cpu_only():
            inside.append(n)
            await release.wait()

    tasks = [asyncio.ensure_future(turn(n)) for n in range(3)]
    for _ in range(3):
        await asyncio.sleep(0)
    assert inside == [0] and steps.waiting == 2
    steps.widen(3)
    for _ in range(3):
        await asyncio.sleep(0)
    assert inside == [0, 1, 2] and steps.waiting == 0
    release.set()
    await asyncio.gather(*tasks)


async def test_decisions_start_one_worker_and_let_in_a_turn_more_than_are_ready() -> None:
    decisions = cpu.Decisions(2, kind="process")
    await decisions.start()
    try:
        assert len(decisions.pids) == 1 and decisions.turns_at_once == 2
    finally:
        await decisions.close()


async def test_a_worker_more_that_cannot_start_leaves_the_others_working(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """No process to be had for a second worker: the job that found the first busy enough is
    still answered, and the pool goes on with the one it has."""
    now = [0.0]
    lanes = Lanes(2, name="test", start_with=1, clock=lambda: now[0])
    await lanes.start()
    try:
        def no_processes(*args: object, **kw: object) -> None:
            raise OSError("no more processes")

        monkeypatch.setattr("bot.workers._Lane.__init__", no_processes)
        gate = str(tmp_path / "go")
        long = asyncio.ensure_future(lanes.run(_wait_for, gate, "long"))
        await asyncio.sleep(0)
        now[0] += workers.GROW_WINDOW
        Path(gate).touch()
        assert await long == "long"
        assert await lanes.run(_echo, 3) == 3 and len(lanes.pids) == 1 and lanes.workers == 1
    finally:
        lanes.close()


def _sleep_then(value: str) -> str:
    import time

    time.sleep(0.3)
    return value


async def test_a_worker_whose_pool_closes_under_its_job_ends_quietly(capfd: pytest.CaptureFixture[str]) -> None:
    """A bot that stops while a picture or a choice is being made: the worker's answer has no
    reader any more; the caller is told the pool closed, and the worker ends without a traceback
    on the bot's stderr."""
    lanes = Lanes(1, name="test")
    await lanes.start()
    [lane] = lanes._lanes
    job = asyncio.ensure_future(lanes.run(_sleep_then, "late"))
    await asyncio.sleep(0.05)  # the job is in the worker
    lanes.close()  # joins the worker: it finishes the job and finds the pipe closed
    await asyncio.sleep(0)  # one turn of the loop
    assert job.done()  # told at once, not left waiting for an answer that cannot come
    with pytest.raises(RuntimeError, match="pool is closed"):
        await job
    assert lane.process.exitcode == 0
    assert "Traceback" not in capfd.readouterr().err
