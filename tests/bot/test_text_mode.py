"""Issue 39: text mode (``/settings me``) plays a whole game from the words of the messages and
buttons alone: no picture is read. The hand DM says the hand in words, each discard button names
its tile in words, a claim names the discard, and the table's public message tells the last moves."""

from __future__ import annotations

import re

from bot.comfort import UserSettings
from bot.render.alt import tile_word
from tests.bot.harness import (
    HOST,
    FakeDiscord,
    StartBot,
    Stored,
    answer_prompt,
    open_table,
    pending_hand,
    table_of,
    until,
)
from tests.bot.test_alt_text import NOTATION, parse_tile, parse_tiles


def choose(hand: Stored) -> tuple[str, str | None]:
    """The button to press, read from words only: win when offered, pass a claim, else discard the
    tile the words name last in the hand (or the drawn one when the hand holds only it)."""
    labels = [b["label"] for b in hand.buttons() if b["custom_id"].startswith("jp:m:")]
    for win in ("Tsumo", "Ron"):
        if win in labels:
            return win, None
    if "Pass" in labels:
        return "Pass", None
    found = re.search(r"Your hand: ([^.]*)\.", hand.content)
    assert found, hand.content
    tiles = parse_tiles(found[1])
    drawn = re.search(r"Drew ([^.]*)\.", hand.content)
    offered = {parse_tile(label.removeprefix("Discard ")) for label in labels if label.startswith("Discard ")}
    greyed = re.search(r"Greyed, not to be discarded this turn: ([^.]*)\.", hand.content)
    assert offered == set(tiles) - set(parse_tiles(greyed[1]) if greyed else ()), (offered, tiles)
    if offered:
        pick = max(offered, key=lambda x: ("mpsz".index(x[1]), x[0] == "0", x))
        return f"Discard {tile_word('en', pick)}", pick
    assert drawn and "Tsumogiri" in labels
    return "Tsumogiri", parse_tile(drawn[1])


async def test_a_whole_game_in_text_mode_from_words_alone(fake: FakeDiscord, start_bot: StartBot) -> None:
    fake.add_user(HOST, "Alice")
    bot = await start_bot(cpu_pause=0.0)
    await bot.store.set_user_settings(HOST, UserSettings(text_mode=True).to_json())
    await open_table(fake, bot, game="riichi", length="east")
    table = table_of(bot)
    discards = claims = 0
    for _ in range(2000):
        hand = await until(lambda: pending_hand(fake, HOST) or table.status == "finished")
        if hand is True:
            break
        assert isinstance(hand, Stored)
        label, tile = choose(hand)
        claims += "; you may call it." in hand.content
        count = len(table.moves)
        await answer_prompt(fake, bot, HOST, hand, hand.button(label)["custom_id"])
        if tile is not None:
            played = next(m for m in table.moves[count:] if m[0] == "A")
            assert played[1] in ("discard", "tsumogiri", "riichi") and (played[1] == "tsumogiri" or played[2] == tile)
            discards += 1
    else:
        raise AssertionError("the game did not end")
    await fake.settle()
    assert table.status == "finished" and discards > 20 and claims > 0
    dms = [m for m in fake.messages.values() if m.where == "dm" and m.user_id == HOST]
    for m in dms:  # every word a screen reader meets names tiles in words, never as "5m"
        assert not NOTATION.search(m.content), m.content
        assert not any(NOTATION.search(label) for label in m.labels()), m.labels()
    claimed = [c.payload.get("content") or "" for c in fake.calls if c.where == "dm" and c.payload
               and "; you may call it." in (c.payload.get("content") or "")]
    assert claimed and all(re.search(r"discarded [a-z0-9 ()]+; you may call it", c) for c in claimed)
    last_moves = [c for c in fake.public_calls() if any(f.get("name") == "Last moves" for e in
                                                     c.payload.get("embeds") or [] for f in e.get("fields", []))]
    assert last_moves  # the table's public message says the last moves in words


async def test_without_text_mode_the_messages_stay_short(fake: FakeDiscord, start_bot: StartBot) -> None:
    fake.add_user(HOST, "Alice")
    bot = await start_bot(cpu_pause=0.0)
    await open_table(fake, bot, game="riichi", length="east")
    hand = await until(lambda: pending_hand(fake, HOST))
    assert "Your hand:" not in hand.content and not any(label.startswith("Discard ") for label in hand.labels())
    assert "Your hand:" in hand.alts()["hand.png"]  # the picture still carries its words
    table = await until(fake.find_table_message)
    assert "Last moves" not in table.text()
