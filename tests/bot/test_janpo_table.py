"""Janpo at a Discord table: a whole game, the combined move (J7) in Korean and English, privacy."""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

from tests.bot.harness import (
    CHANNEL_ID,
    HOST,
    FakeDiscord,
    StartBot,
    lobby_action,
    open_table,
    pending_hand,
    play_out,
    table_of,
    until,
)

GUEST = 500_000_000_000_000_003
TILE = re.compile(r"^[0-9][mpsz]$")
TILE_IN_TEXT = re.compile(r"(?<![0-9A-Za-z])[0-9][mpsz](?![0-9A-Za-z])")


def public_tiles(view: dict[str, Any]) -> Counter[str]:
    """Tiles anyone at the table may see: discards, melds, dora indicators, a shown winning hand."""
    seen: Counter[str] = Counter(view.get("dora_indicators", []))
    for seat in view.get("seats", []):
        seen.update(d["tile"] for d in seat.get("discards", []))
        for meld in seat.get("melds", []):
            seen.update(meld.get("tiles", []))
    seen.update(re.findall(r"[0-9][mpsz]", json.dumps(view.get("result") or {})))
    return seen


async def test_janpo_one_human_three_cpus_to_final_standings(fake: FakeDiscord, start_bot: StartBot, public_sprites: list[tuple[dict[str, Any], list[str]]]) -> None:
    """Also the privacy scan (issue 8): nothing concealed in any channel payload of the whole game."""
    fake.add_user(HOST, "Alice")
    bot = await start_bot(cpu_pause=0.0)
    lobby = await open_table(fake, bot, game="janpo")
    message = await until(fake.find_table_message)
    assert "Janpo · table" in message.text() and "SHA-256" in message.text()
    table = table_of(bot)
    moves = await play_out(fake, bot, limit=600)
    final = fake.messages[lobby.id]
    text = final.text()
    assert moves > 10 and table.status == "finished"
    assert "Final standings" in text and f"Seed: `{table.seed}`" in text
    assert [line.split(". ")[0] for line in text.split("\n") if re.match(r"^\d\. ", line)] == ["1", "2", "3", "4"]
    assert table.game is not None
    assert sum(v for _, v in table.game.summary()["standings"]) + table.game.summary()["deposits"] == 100_000
    # a line and a picture per result; results ready together share a message (bot.play.lane)
    results = [m for m in fake.channel_messages() if m.content.startswith(("Result of ", "Showdown, "))]
    lines = [line for m in results for line in m.content.split("\n")]
    titles = [r["kyoku"] + (f" · {r['honba']} honba" if r["honba"] else "") for r in table.game.summary()["kyoku_results"]]
    assert [line for line in lines if line.startswith("Result of ")] == [f"Result of {title}" for title in titles]
    assert all([name for name, _ in m.files] == ["result.png"] * len(m.content.split("\n")) for m in results)
    await fake.table_idle(bot, table.table_id)  # the result is stored after the final message is shown
    assert await bot.store.load_unfinished() == []  # the finished game left the live tables

    assert public_sprites
    for view, seen in public_sprites:
        assert not {"hand", "hole", "drawn"} & set(view)  # drawn from the public view, never a private one
        assert not Counter(name for name in seen if TILE.match(name)) - public_tiles(view)
    public_text = "\n".join(json.dumps(c.payload, ensure_ascii=False) for c in fake.public_calls())
    assert not TILE_IN_TEXT.search(public_text)
    holes = set()
    for move_count in range(0, len(table.moves) + 1, 7):
        from engine.games import new_game

        game = new_game(table.scenario() | {"moves": []})
        for move in table.moves[:move_count]:
            game.play(move)
        for p in game.players:
            holes.update(re.findall(r"[2-9TJQKA][shdc]", game.view(p).get("hole") or ""))
    shown = set(re.findall(r"[2-9TJQKA][shdc]", json.dumps(table.game.public_view().get("poker_results"))))
    for card in holes - shown:
        assert not re.search(rf"(?<![A-Za-z0-9]){card}(?![A-Za-z0-9])", public_text), card


async def test_korean_player_sees_korean_and_english_player_english(fake: FakeDiscord, start_bot: StartBot) -> None:
    """Issue 11: one Janpo table, a Korean-locale host and an English-locale guest (J7 turns).
    D55: facing the big blind the poker part is fold until the player picks another, and a chip
    action leaves only tsumogiri to play."""
    fake.add_user(HOST, "민수")
    fake.add_user(GUEST, "Ann")
    bot = await start_bot()
    fake.slash(bot, HOST, "table new", locale="ko", game="janpo", seating="join")
    await fake.settle()
    lobby = fake.channel_messages()[-1]
    assert "Janpo: a new table" in lobby.text()  # the channel speaks the server's language (en-US)
    fake.click(bot, GUEST, lobby, lobby_action(lobby, "join"), locale="en-US")
    await fake.settle()
    for action in ("cpu", "cpu", "start"):
        fake.click(bot, HOST, lobby, lobby_action(lobby, action), locale="ko")
        await fake.settle()
    table = table_of(bot)
    assert [s.lang for s in table.seats] == ["ko", "en", "en", "en"]

    hand = await until(lambda: pending_hand(fake, HOST))  # seat A: the dealer, first to act in poker (J4)
    assert "당신의 차례" in hand.content and "제한 시간" in hand.content
    assert "패 버리기와 함께할 포커 액션: **폴드**" in hand.content  # facing the big blind: fold by default
    labels = hand.labels()
    assert {"츠모기리", "레이즈…", "올인", "폴드"} <= set(labels) and "콜 500" in labels  # the dealer sits at CO: the big blind to call (J4)
    assert not {"Tsumogiri", "Call", "Fold"} & set(labels)

    message = fake.table_message()
    fake.click(bot, HOST, message, message.button("My hand")["custom_id"], locale="ko")
    copy = await until(lambda: fake.ephemerals(HOST) and fake.last_reply(HOST))  # the same hand, privately
    assert copy.ephemeral and copy.labels() == labels and copy.files[0][0] == "hand.png"
    tsumogiri, seen = copy.button("츠모기리")["custom_id"], fake.as_seen(copy)

    fake.click(bot, HOST, hand, hand.button("콜")["custom_id"], locale="ko")  # choose the poker part
    await until(lambda: "포커 액션: **콜**. 마작은 츠모기리가 됩니다." in hand.content)
    moves_now = [b["label"] for b in hand.buttons() if b["custom_id"].startswith("jp:m:")]
    assert moves_now == ["츠모기리"]  # a chip action goes with tsumogiri only (J7a)
    fake.click(bot, HOST, hand, hand.button("츠모기리")["custom_id"], locale="ko")
    await until(lambda: hand.content == "둔 수: 츠모기리 + 콜.")
    assert ["A", "tsumogiri", "call"] in table.moves and hand.buttons() == []
    await until(lambda: copy.buttons() == [])  # the copy's prompt was answered elsewhere: its buttons go
    fake.click(bot, HOST, seen, tsumogiri, locale="ko")  # a click that was on its way meanwhile
    await until(lambda: fake.last_reply(HOST).text() == "이미 그 수를 두었습니다.")
    assert [m for m in table.moves if m[0] == "A"] == [["A", "tsumogiri", "call"]]

    guest = await until(lambda: pending_hand(fake, GUEST))  # seat B: the button, next to act
    assert "your move" in guest.content
    assert {"Tsumogiri", "Call 500", "Raise…", "All-in", "Fold"} <= set(guest.labels())
    assert not {"츠모기리", "콜"} & set(guest.labels())
    message = await until(lambda: "Waiting for Ann" in fake.table_message().text() and fake.table_message())
    assert "Points" in message.text() and "Moves so far: 1" in message.text()  # the public message is English
    fake.click(bot, GUEST, guest, guest.button("Call")["custom_id"], locale="en-US")
    await until(lambda: "Poker action: **call**" in guest.content)
    fake.click(bot, GUEST, guest, guest.button("Tsumogiri")["custom_id"], locale="en-US")
    await until(lambda: guest.content == "Played: tsumogiri + call.")
    assert ["B", "tsumogiri", "call"] in table.moves
    assert CHANNEL_ID == message.channel_id
