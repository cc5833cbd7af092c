"""The collector as the bot sets it after start-up (``freeze_gc``, on in production): what was
alive is frozen, and full passes, which stop the event loop for as long as they walk every live
object, come after ``FULL_PASS_AFTER`` young passes instead of Python's 10."""

from __future__ import annotations

import gc

from bot.client import FULL_PASS_AFTER, JanpoBot
from tests.bot.harness import FakeDiscord, StartBot


async def test_start_up_freezes_and_spaces_full_passes(fake: FakeDiscord, start_bot: StartBot) -> None:
    before = gc.get_threshold()
    try:
        bot: JanpoBot = await start_bot(freeze_gc=True)
        assert bot.freeze_gc and gc.get_freeze_count() > 0
        assert gc.get_threshold() == (before[0], before[1], FULL_PASS_AFTER) and FULL_PASS_AFTER > 10
    finally:  # the test process's collector as it was
        gc.unfreeze()
        gc.set_threshold(*before)
