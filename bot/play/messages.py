"""What the table message, the lobby and private hands say, in a given language."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import discord

from bot.i18n import t
from bot.play.modes import MODES, mode
from bot.play.moves import Button, poker_numbers, split
from bot.play.results import mleague_note
from bot.play.table import Table
from bot.render.alt import tile_word
from bot.storage.standings import final_ranks
from engine.rng import seed_digest

LEVEL_KEYS = {"easy": "level.easy", "normal": "level.normal", "hard": "level.hard"}
GAME_KEYS = {m.name: m.title_key for m in MODES.values()}  # display-name keys, read by /rules and /help
COLOUR = discord.Colour.dark_green()
TEXT_KEYS = {"move.discard": "text.discard_button", "move.riichi": "text.riichi_button"}  # text mode's labels
PART_KEYS = {
    "check": "hand.part_check",
    "fold": "hand.part_fold",
    "call": "hand.part_call",
    "bet": "hand.part_bet",
    "raise": "hand.part_raise",
    "allin": "hand.part_allin",
}


def game_name(lang: str, game: str) -> str:
    return t(lang, mode(game).title_key)


def seat_label(lang: str, table: Table, player: str) -> str:
    seat = table.seat(player)
    if seat.user_id is None:
        return t(lang, "seat.cpu", name=seat.name, level=t(lang, LEVEL_KEYS.get(seat.level, "level.normal")))
    if player in table.afk:
        return t(lang, "seat.afk", name=seat.name)
    return seat.name


def options_text(lang: str, table: Table) -> str:
    lines = [t(lang, "opt.timer", seconds=table.timer)]
    if table.seating == "join":
        lines.append(t(lang, mode(table.game_name).seating_key))
    else:
        lines.append(t(lang, "opt.seating_random"))
    opts = table.options
    if "red_fives" in opts:
        lines.append(t(lang, "opt.red_fives_on" if opts["red_fives"] else "opt.red_fives_off"))
    if opts.get("seven_pairs"):
        lines.append(t(lang, "opt.seven_pairs_on"))
    if opts.get("length") == "south":
        lines.append(t(lang, "opt.length_south"))
    if "blinds" in opts:
        small, big = opts["blinds"]
        lines.append(t(lang, "opt.blinds", small=small, big=big, stack=opts.get("stacks", 0)))
    return "\n".join(lines)


def lobby_embed(lang: str, table: Table, capacity: int) -> discord.Embed:
    embed = discord.Embed(title=t(lang, "lobby.title", game=game_name(lang, table.game_name)), colour=COLOUR)
    # Seat letters mean something only when seats stay in join order; a random draw comes at Start.
    mark: Callable[[str], str] = (lambda name: f"{name}.") if table.seating == "join" else (lambda name: "•")
    seats = "\n".join(
        f"{mark(name)} {seat_label(lang, table, name)}" for name in table.players
    ) or t(lang, "lobby.no_seats")
    embed.add_field(name=t(lang, "lobby.seats", taken=len(table.seats), capacity=capacity), value=seats)
    embed.add_field(name=t(lang, "lobby.rules"), value=options_text(lang, table))
    if table.fairness is not None:  # D69: the commitment, never the secret
        embed.add_field(name=t(lang, "fair.title"), value=t(lang, "fair.committed",
                                                            commitment=table.fairness["commitment"]), inline=False)
    embed.set_footer(text=t(lang, "lobby.hint"))
    return embed


def points_text(lang: str, table: Table, summary: dict[str, Any]) -> str:
    points = summary.get("points", {})
    return "\n".join(
        t(lang, "table.points_line", seat=p, name=seat_label(lang, table, p), points=int(points.get(p, 0)))
        for p in table.players
    )


def standings_lines(lang: str, table: Table, summary: dict[str, Any]) -> list[str]:
    """One line per player, best first; equal points share the place (R11, J14), hold'em ranks
    busted players by when they went out; riichi adds the M.League result (R2)."""
    points = summary.get("points", {})
    ranks = final_ranks(table.game_name, summary)
    mleague = summary.get("mleague") or {}
    order = sorted(points, key=lambda p: (ranks[p], -int(points[p])))
    lines = []
    for p in order:
        params: dict[str, Any] = {"rank": ranks[p], "name": seat_label(lang, table, p), "points": int(points[p])}
        if p in mleague:
            lines.append(t(lang, "end.line_mleague", **params, mleague=mleague_note(float(mleague[p]))))
        else:
            lines.append(t(lang, "end.line", **params))
    return lines


def public_waiting(game: Any, public: Mapping[str, Any] | None = None) -> list[str]:
    """Whom the channel is told the table waits on: the public view's own list where the engine
    gives one (it leaves out who may claim a discard), else everyone the game waits on.
    ``public``: the game's public view, where the caller has it already."""
    public = game.public_view() if public is None else public
    return list(public["waiting_on"]) if "waiting_on" in public else list(game.waiting_on())


def table_embed(lang: str, table: Table, summary: dict[str, Any], waiting: list[str],
                public: Mapping[str, Any] | None = None) -> discord.Embed:
    """The public embed: points, whose move and until when, the seed's digest (or the seed at the
    end). ``public``: the game's public view, where the caller has it already."""
    title = t(lang, "table.title", game=game_name(lang, table.game_name), table=table.table_id)
    embed = discord.Embed(title=title, colour=COLOUR)
    if table.status == "finished":
        embed.description = t(lang, "end.title")
        lines = standings_lines(lang, table, summary)
        embed.add_field(name=t(lang, "end.standings"), value="\n".join(lines) or "-", inline=False)
        embed.add_field(name=t(lang, "fair.title"), value=fair_text(lang, table), inline=False)
        return embed
    if public is None and table.game is not None:
        public = table.game.public_view()
    if public is not None and public.get("calls_pending"):  # D67: never say who
        last = max(table.deadlines.values(), default=None)
        embed.description = t(lang, "table.calls") if last is None else t(
            lang, "table.calls_until", deadline=f"<t:{int(last)}:R>")
    elif waiting:
        names = ", ".join(seat_label(lang, table, p) for p in waiting)
        deadline = min((table.deadlines[p] for p in waiting if p in table.deadlines), default=None)
        if deadline is None:
            embed.description = t(lang, "table.waiting", players=names)
        else:
            embed.description = t(lang, "table.waiting_until", players=names, deadline=f"<t:{int(deadline)}:R>")
    embed.add_field(name=t(lang, "table.points"), value=points_text(lang, table, summary) or "-", inline=False)
    embed.add_field(name=t(lang, "fair.title"), value=fair_text(lang, table), inline=False)
    embed.set_footer(text=t(lang, "table.footer", moves=table.move_no))
    return embed


def fair_text(lang: str, table: Table) -> str:
    """The table's fairness line: in play the lobby's commitment (D69), at the end the secret and
    seed; a table dealt from a fixed seed shows the seed's digest, then the seed."""
    fair = table.fairness
    if fair is None:
        if table.status == "finished":
            return t(lang, "fair.revealed", seed=str(table.seed), digest=seed_digest(table.seed or 0))
        return t(lang, "fair.digest", digest=seed_digest(table.seed or 0))
    if table.status == "finished":
        return t(lang, "fair.secret_revealed", secret=fair["secret"], commitment=fair["commitment"],
                 seed=str(table.seed), ids=len(fair.get("entropy", [])))
    return t(lang, "fair.committed", commitment=fair["commitment"])


def button_labels(lang: str, buttons: list[Button], to_call: int | None = None, words: bool = False) -> list[str]:
    """Each button's words; a call says what it costs ("Call 500") when that is known.
    ``words`` (text mode): tiles in words, "Discard 5 dots (red)", not "0p"."""
    out = []
    for b in buttons:
        params = dict(b.params)
        if b.amount is not None:
            params.update(low=b.amount[0], high=b.amount[1])
        if words and isinstance(params.get("tile"), str):
            params["tile"] = tile_word(lang, params["tile"])
            if b.key in TEXT_KEYS:
                out.append(t(lang, TEXT_KEYS[b.key], tile=params["tile"])[:80])
                continue
        if b.key == "move.call" and to_call:
            out.append(t(lang, "move.call_amount", amount=to_call))
        else:
            out.append(t(lang, b.key, **params))
    return out


def hand_text(lang: str, table: Table, player: str, part: str, deadline: float | None, claim: bool,
              view: Mapping[str, Any] | None = None, legal: Sequence[Sequence[Any]] = (), words: bool = False) -> str:
    """The private hand's words: whose move and why (a claim names the discard and who made it),
    the clock, tada-jan time or the last poker hand being played out (J7, J9), and when poker
    action is on the player the call, the pot and what they have behind. ``words``: text mode
    names the claimed tile in words."""
    view = view or {}
    game = game_name(lang, table.game_name)
    last = view.get("last_discard") if claim else None
    if isinstance(last, Mapping) and last.get("player") in table.players and last.get("tile"):
        key = "hand.claim_kan" if view.get("phase") == "chankan" else "hand.claim_discard"
        lines = [t(lang, key, game=game, table=table.table_id, seat=player,
                   name=seat_label(lang, table, last["player"]),
                   tile=tile_word(lang, last["tile"]) if words else last["tile"])]
    else:
        lines = [t(lang, "hand.claim" if claim else "hand.turn", game=game, table=table.table_id, seat=player)]
    if deadline is not None:
        lines.append(t(lang, "hand.deadline", deadline=f"<t:{int(deadline)}:R>"))
    if view.get("playout"):
        lines.append(t(lang, "hand.playout"))
    elif view.get("tada_jan") and not claim:
        lines.append(t(lang, "hand.tada_jan"))
    numbers = poker_numbers(table.game_name, view, player)
    if numbers is not None and any(split(m[1:])[1] for m in legal):
        holdem = mode(table.game_name).poker_only
        if numbers.to_call:
            key = "hand.poker_holdem" if holdem else "hand.poker_janpo"
            lines.append(t(lang, key, to_call=numbers.to_call, pot=numbers.pot, behind=numbers.behind))
        else:
            key = "hand.poker_holdem_free" if holdem else "hand.poker_janpo_free"
            lines.append(t(lang, key, pot=numbers.pot, behind=numbers.behind))
    if part:
        lines.append(t(lang, PART_KEYS[part]))
    return "\n".join(lines)
