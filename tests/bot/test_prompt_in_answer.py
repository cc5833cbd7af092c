"""A prompt ready as the player's own click is answered (a pass on a claim, then their own draw:
no CPU pause in between) comes in that answer: the clicked hand DM becomes the new prompt, with no
DM sent (the DM channel's 5-per-5 s window is not spent, so the prompt never waits on it). A
prompt that comes after a CPU pause is a new DM, which notifies the player."""

from __future__ import annotations

from typing import Any

import pytest

from tests.bot.harness import (
    CHANNEL_ID,
    HOST,
    PREFERENCE,
    FakeDiscord,
    StartBot,
    Stored,
    answer_prompt,
    open_table,
    pending_hand,
    until,
)


def dm_posts(fake: FakeDiscord) -> int:
    """Messages sent to the player's DM channel (interaction answers are not)."""
    return sum(1 for c in fake.calls if c.method == "POST" and c.path.startswith("/channels/") and c.where == "dm"
               and c.user_id == HOST)


def choice(hand: Stored) -> str:
    """Pass on every claim (so that the player's own draw follows at once), else as players do."""
    words = [b["label"].split(" ")[0] for b in hand.buttons() if b["custom_id"].startswith("jp:m:")]
    label = "Pass" if "Pass" in words else next((w for w in PREFERENCE if w in words), words[0])
    return str(hand.button(label)["custom_id"])


@pytest.mark.parametrize(("game", "options"), [("riichi", {"length": "east"}), ("janpo", {})])
async def test_a_prompt_ready_at_once_is_the_answer_and_a_later_one_a_new_dm(
        fake: FakeDiscord, start_bot: StartBot, game: str, options: dict[str, Any]) -> None:
    fake.add_user(HOST, "Alice")
    bot = await start_bot(seed=5)
    clock = fake.clock
    assert clock is not None
    await open_table(fake, bot, game=game, **options)
    in_answer = as_new = 0
    for _ in range(150):
        hand = await until(lambda: pending_hand(fake, HOST) or not bot.tables.table_in(CHANNEL_ID))
        if hand is True:
            break
        assert isinstance(hand, Stored)
        clicked, posts, old = clock.now(), dm_posts(fake), hand.data.get("components")
        await answer_prompt(fake, bot, HOST, hand, choice(hand))
        following = await until(lambda: pending_hand(fake, HOST) or not bot.tables.table_in(CHANNEL_ID))
        if following is True:
            break
        waited = clock.now() - clicked
        if following.id == hand.id:  # the clicked message became the next prompt
            in_answer += 1
            assert waited == 0, "a prompt after a CPU pause must notify: a new DM"
            assert dm_posts(fake) == posts, "no DM was sent for it"
            said, _, prompt = hand.content.partition("\n")
            assert said.startswith("Played: ") and "seat A" in prompt  # what was played, then the prompt
            assert hand.files and hand.data.get("components") != old  # its own picture and buttons
        else:
            as_new += 1
            assert waited >= bot.tables.cpu_pause, "a prompt ready at once came as a new DM"
            assert not any(b["custom_id"].startswith("jp:m:") for b in hand.buttons())
    assert in_answer >= 3 and as_new >= 10, (in_answer, as_new)
