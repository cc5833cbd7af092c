"""Issue 39: every picture the bot sends carries its words (the attachment's description, which
screen readers read), a hand's words name exactly its tiles, and the channel's words only what the
channel may see. Whole games of all four modes through the real dispatch."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.i18n import CATALOGS
from bot.render.adapt import table_from_view
from bot.render.alt import LIMIT, card_word, describe, fit, tiles_words
from engine.games import new_game
from engine.randomplay import random_move
from tests.bot.harness import (
    CHANNEL_ID,
    HOST,
    FakeDiscord,
    StartBot,
    open_table,
    pending_hand,
    play_out,
    table_of,
    until,
)

EN = CATALOGS["en"]
SUITS = {EN[f"alt.suit.{s}"]: s for s in "mps"}
HONORS = {EN[f"alt.honor.{n}"]: f"{n}z" for n in range(1, 8)}
NOTATION = re.compile(r"(?<![\w#])[0-9][mpsz](?!\w)")  # a tile code read aloud would be "5 m"


def parse_tiles(words: str) -> list[str]:
    """The tiles of a grouped list ("characters 2 3 4; dots 5 red 5; east wind, white dragon")."""
    out: list[str] = []
    for group in words.split("; "):
        suit = next((s for word, s in SUITS.items() if group.startswith(f"{word} ")), None)
        if suit is None:
            out += [HONORS[name] for name in group.split(", ")]
            continue
        numbers = group.split(" ")[1:]
        red = False
        for n in numbers:
            if n == "red":
                red = True
                continue
            out.append(f"{'0' if red else n}{suit}")
            red = False
    return out


def parse_tile(word: str) -> str:
    """One tile ("5 dots (red)", "east wind")."""
    if word in HONORS:
        return HONORS[word]
    red = word.endswith(" (red)")
    n, suit = word.removesuffix(" (red)").split(" ")
    return f"{'0' if red else n}{SUITS[suit]}"


def hand_of(words: str) -> tuple[list[str], str | None]:
    """The concealed tiles and the drawn one a hand's words name."""
    found = re.search(r"Your hand: ([^.]*)\.", words)
    assert found, words
    drawn = re.search(r"Drew ([^.]*)\.", words)
    return parse_tiles(found[1]), parse_tile(drawn[1]) if drawn else None


def attachments(payload: Any) -> list[dict[str, Any]]:
    data = payload.get("data") if isinstance(payload.get("data"), dict) and "type" in payload else payload
    return list((data or {}).get("attachments") or [])


def test_tile_words_round_trip() -> None:
    tiles = ["2m", "3m", "4m", "5p", "5p", "0p", "1z", "1z", "7z", "9s"]
    assert tiles_words("en", tiles) == "characters 2 3 4; dots 5 5 red 5; bamboo 9; east wind, east wind, red dragon"
    assert sorted(parse_tiles(tiles_words("en", tiles))) == sorted(tiles)
    assert parse_tile("5 dots (red)") == "0p" and parse_tile("south wind") == "2z"
    assert tiles_words("ko", ["2m", "0s", "5z"]) == "만수 2; 삭수 적5; 백"
    assert card_word("en", "Ah") == "ace of hearts" and card_word("ko", "Td") == "다이아몬드 10"


def test_words_are_cut_to_discords_limit_at_a_sentence() -> None:
    words = " ".join(f"Sentence number {i} is here." for i in range(200))
    cut = fit(words)
    assert len(cut) <= LIMIT and cut.endswith("here.…") and fit(words) == cut
    assert fit("short.") == "short."


@pytest.mark.parametrize("game", ["riichi", "five", "janpo"])
def test_the_table_words_come_from_the_public_record_only(game: str) -> None:
    """A private view passed where the public one belongs tells the same words: the builder reads
    no concealed key, so the words cannot either."""
    import random

    spec = {"game": game, "players": ["A", "B", "C", "D"], "seed": 7, "options": {}, "moves": []}
    g = new_game(spec)
    rng = random.Random(3)
    checked = 0
    for _ in range(120):
        if g.finished:
            break
        for p in g.players:
            private = describe(table_from_view(g.view(p)), "en")
            assert private == describe(table_from_view(g.public_view()), "en")
            assert "Your hand" not in private and "Hole cards" not in private
            checked += 1
        g.play(random_move(g, rng.choice(g.waiting_on()), rng))
    assert checked > 100


GAMES = [("riichi", {"length": "east"}), ("five", {}), ("janpo", {}), ("holdem", {"stack": 1000, "big_blind": 200})]


@pytest.mark.parametrize(("game", "options"), GAMES)
async def test_every_file_of_a_whole_game_has_words_and_a_hand_names_its_tiles(
        fake: FakeDiscord, start_bot: StartBot, game: str, options: dict[str, Any]) -> None:
    fake.add_user(HOST, "Alice")
    bot = await start_bot(cpu_pause=0.0)
    hands: list[tuple[str, dict[str, Any]]] = []  # each hand's words and seat A's own view as it went out
    public: list[tuple[str, set[str]]] = []  # each channel picture's words and the hole cards then concealed

    async def watch(method: str, path: str, payload: Any, files: list[tuple[str, bytes]]) -> None:
        if not files or bot.tables.table_in(CHANNEL_ID) is None:
            return
        t = table_of(bot)
        if t.game is None:
            return
        for a in attachments(payload or {}):
            if a.get("filename") == "hand.png":
                hands.append((str(a.get("description")), t.game.view("A")))
            elif a.get("filename") == "table.png":
                concealed = set()
                shown = str(t.game.public_view())
                for p in t.game.players:
                    hole = t.game.view(p).get("hole") or (t.game.view(p).get("poker") or {}).get("hole") or ""
                    concealed |= {c for c in re.findall(r"[2-9TJQKA][shdc]", str(hole)) if c not in shown}
                public.append((str(a.get("description")), concealed))

    fake.watch.append(watch)
    await open_table(fake, bot, game=game, **options)
    table = table_of(bot)
    assert await play_out(fake, bot, limit=2000) > 5 and table.status == "finished"

    sent = [c for c in fake.calls if c.files and c.status == 200]
    names = {n for c in sent for n, _ in c.files}
    assert {"table.png", "hand.png", "standings.png"} <= names
    assert "result.png" in names or game == "holdem"
    for call in sent:
        described = {a.get("filename"): a.get("description") for a in attachments(call.payload)}
        for name, _ in call.files:
            words = described.get(name)
            assert words and len(words) <= LIMIT, (call.path, name)
            assert not NOTATION.search(words), words  # tiles in words, never in code
    assert hands and public
    for words, view in hands:
        if game == "holdem":
            hole = re.findall(r"[2-9TJQKA][shdc]", str(view.get("hole")))
            assert f"Hole cards: {', '.join(card_word('en', c) for c in hole)}." in words
            continue
        hole = re.findall(r"[2-9TJQKA][shdc]", str(view.get("hole") or (view.get("poker") or {}).get("hole") or ""))
        if hole:  # Janpo: the hole cards too, and only this seat's
            assert f"Hole cards: {', '.join(card_word('en', c) for c in hole)}." in words
        tiles, drawn = hand_of(words)
        assert sorted(tiles) == sorted(view["hand"]) and drawn == view.get("drawn"), (words, view["hand"])
        assert len(tiles) + (drawn is not None) + 3 * len(
            [m for s in view["seats"] if s["player"] == "A" for m in s.get("melds", ())]) in (13, 14)
    for words, concealed in public:
        assert "Your hand" not in words
        for card in concealed:
            assert card_word("en", card) not in words, (card, words)


async def test_the_words_are_in_the_readers_language(fake: FakeDiscord, start_bot: StartBot) -> None:
    """The hand's words in the player's language, the table's in the table's."""
    fake.add_user(HOST, "민수")
    bot = await start_bot(cpu_pause=0.0)
    assert fake.guild_locale == "en-US"
    await open_table(fake, bot, game="riichi", length="east", locale="ko")
    hand = await until(lambda: pending_hand(fake, HOST))
    words = hand.alts()["hand.png"]
    assert "내 손패: " in words and "Your hand" not in words
    table = await until(fake.find_table_message)
    assert table.alts()["table.png"].startswith("East 1, honba 0")  # the server's language (en-US here)

