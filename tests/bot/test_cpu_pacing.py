"""CPU pacing (D58): a CPU seat plays once a pause, and the time its choice takes is part of the pause."""

from __future__ import annotations

from typing import Any

import pytest

from bot.play import cpu, turns
from tests.bot.harness import HOST, FakeDiscord, StartBot, open_table, table_of, until


async def test_cpu_moves_are_a_pause_apart_however_long_the_choice_takes(fake: FakeDiscord, start_bot: StartBot,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Each CPU choice takes 0.4 s of the clock; the moves still come 1 s apart (not 1.4 s), so a
    table of CPUs makes one move a second whatever the bot's own work costs."""
    fake.add_user(HOST, "Alice")
    bot = await start_bot(cpu_pause=1.0)
    await open_table(fake, bot, game="riichi", length="east")
    table = table_of(bot)
    session = bot.tables.sessions[table.table_id]
    await until(lambda: session.legal.get("A"))
    choose, play = cpu.choose, turns.play
    played_at: list[float] = []

    async def slow(*args: Any) -> Any:
        await fake.sleep(0.4)
        return await choose(*args)

    def timed(*args: Any) -> None:
        play(*args)
        assert fake.clock is not None
        played_at.append(fake.clock.now())

    monkeypatch.setattr(cpu, "choose", slow)
    monkeypatch.setattr(turns, "play", timed)
    fake.slash(bot, HOST, "table leave")  # every seat a CPU: turns follow one another
    await until(lambda: len(played_at) >= 2)
    await fake.run_for(20)
    gaps = [round(b - a, 6) for a, b in zip(played_at[1:], played_at[2:], strict=False)]
    assert len(gaps) >= 15
    assert set(gaps) == {1.0}, gaps
