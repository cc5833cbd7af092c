"""``python -m bot demo``: one CPU game of each mode, drawn into a folder, without Discord.

A newcomer sees the product work before creating a Discord application: the demo plays Janpo,
Mahjong Five, riichi (East only) and hold'em with CPU players in every seat, and writes the table
pictures the channel would show, the result pictures, and each game's scenario file
(``python -m engine.scenario demo/<game>.json`` replays it to the same points).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from bot.config import python_command
from bot.i18n import CAPTIONS
from bot.play import images
from bot.render import render_five_result, render_kyoku_result, render_showdown, render_standings, to_png
from bot.render.model import (
    Standing,
    StandingsImage,
)
from bot.render.records import five_image, kyoku_image, showdown_image
from engine.base import Game, Move
from engine.cpu import choose_move
from engine.games import new_game
from engine.rng import derive

MAHJONG_NAMES = ["Aoi", "Bora", "Chen", "Dara"]
HOLDEM_NAMES = [*MAHJONG_NAMES, "Emil", "Fern"]
TEXTS: Mapping[str, str] = CAPTIONS["en"]


@dataclass(frozen=True)
class DemoGame:
    """One table of the demo; ``expect`` is the usual number of kyoku or hands, for the progress bar."""

    game: str
    label: str
    players: list[str]
    options: dict[str, Any]
    expect: int


def demo_games(quick: bool) -> list[DemoGame]:
    hands = 8 if quick else 25
    return [
        DemoGame("janpo", "Janpo", MAHJONG_NAMES, {}, 4),
        DemoGame("five", "Mahjong Five", MAHJONG_NAMES, {}, 6),
        DemoGame("riichi", "Riichi, East only", MAHJONG_NAMES, {"length": "east"}, 5),
        DemoGame("holdem", f"Hold'em, {hands} hands", HOLDEM_NAMES,
                 {"blinds": [100, 200], "stacks": 20_000, "hands": hands}, hands),
    ]


@dataclass
class Played:
    """What one game left behind: its scenario, the public views worth drawing, and its summary."""

    spec: dict[str, Any]
    moments: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    hand_view: dict[str, Any] | None = None
    showdowns: list[dict[str, Any]] = field(default_factory=list)
    summary: dict[str, Any] = field(default_factory=dict)
    seconds: float = 0.0


def _count(game: Game) -> tuple[int, int]:
    summary = game.summary()
    return len(summary["kyoku_results"]), len(summary["poker_results"])


def _is_shown(result: Mapping[str, Any]) -> bool:
    return bool(result.get("shown"))


def play(demo: DemoGame, seed: int, level: str, quick: bool,
         progress: Callable[[float, str], None] = lambda f, s: None) -> Played:
    """Play the whole game with the CPU in every seat, keeping the moments to draw."""
    start = time.perf_counter()
    spec: dict[str, Any] = {"game": demo.game, "players": list(demo.players), "seed": seed,
                            "options": dict(demo.options), "moves": []}
    game = new_game(spec)
    rngs = {p: derive(seed, "cpu", p) for p in game.players}
    out = Played(spec)
    moves: list[Move] = spec["moves"]
    ends_drawn = 0
    kyoku, hands = 0, 0
    before = game.public_view()
    while not game.finished:
        player = game.waiting_on()[0]
        view = game.view(player)
        move = choose_move(demo.game, view, game.legal_moves(player), rngs[player], level)
        game.play(move)
        moves.append(move)
        now_kyoku, now_hands = _count(game)
        public = game.public_view()
        if len(moves) == (12 if demo.game == "holdem" else 30):
            out.moments.append(("opening", public))
            out.hand_view = game.view(game.players[0])
        if now_kyoku > kyoku or (demo.game == "holdem" and now_hands > hands):
            shows = demo.game != "holdem" or _is_shown(public.get("last_hand") or {})
            if shows and ends_drawn < (1 if quick else 2):
                ends_drawn += 1
                out.moments.append((f"before-end-{ends_drawn}", before))
        if now_hands > hands:
            result = dict(game.summary()["poker_results"][-1])
            if "shown" not in result:
                result["shown"] = (public.get("last_hand") or {}).get("shown", {})
            if _is_shown(result):
                out.showdowns.append(result)
        kyoku, hands = now_kyoku, now_hands
        before = public
        done = hands if demo.game == "holdem" else kyoku
        progress(min(done / demo.expect, 0.95), f"{len(moves)} moves")
    out.moments.append(("end", game.public_view()))
    out.summary = game.summary()
    out.seconds = time.perf_counter() - start
    progress(0.95, "drawing")
    return out


def standings_image(demo: DemoGame, summary: Mapping[str, Any], footer: str) -> StandingsImage:
    """Final standings; equal points share a rank (R11); riichi adds the M.League result (R2)."""
    rows = summary.get("standings", [])
    mleague = summary.get("mleague") or {}
    out = []
    for name, points in rows:
        rank = 1 + sum(1 for _, other in rows if other > points)
        note = f"{mleague[name]:+.1f}".replace("-", "\u2212") if name in mleague else ""
        out.append(Standing(rank, name, int(points), note))
    return StandingsImage("", tuple(out), footer=footer)


# ---- writing the folder ---------------------------------------------------------------------

def write_game(demo: DemoGame, played: Played, out: Path, quick: bool, footer: str) -> list[Path]:
    """The scenario file and every picture of one game; returns the paths written."""
    name = demo.game
    written: list[Path] = []

    def save(stem: str, png: bytes) -> None:
        path = out / f"{name}-{stem}.png"
        path.write_bytes(png)
        written.append(path)

    scenario = out / f"{name}.json"
    scenario.write_text(json.dumps(played.spec, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    written.append(scenario)
    for i, (moment, view) in enumerate(played.moments, 1):
        save(f"table-{i}-{moment}", images.table_png(name, view, TEXTS))
    if played.hand_view is not None:
        save("hand", images.hand_png(name, played.hand_view, played.spec["players"][0], TEXTS))
    players = played.spec["players"]
    results = played.summary.get("kyoku_results", [])[: 2 if quick else None]
    for i, result in enumerate(results, 1):
        if name == "five":
            save(f"result-{i}-{result.get('kyoku', '')}", to_png(render_five_result(five_image(result, players), TEXTS)))
        else:
            save(f"result-{i}-{result.get('kyoku', '')}", to_png(render_kyoku_result(kyoku_image(result, players), TEXTS)))
    for i, result in enumerate(played.showdowns[: 1 if quick else 4], 1):
        title = f"Showdown · hand {result.get('hand', i)}" + (f" · {result['kyoku']}" if result.get("kyoku") else "")
        save(f"showdown-{i}", to_png(render_showdown(showdown_image(result, title), TEXTS)))
    save("standings", to_png(render_standings(standings_image(demo, played.summary, footer), TEXTS)))
    return written


class Progress:
    """A one-line bar on stderr, redrawn in place on a terminal; one line per game otherwise."""

    def __init__(self, stream: TextIO, total: int) -> None:
        self.stream, self.total = stream, total
        self.live = stream.isatty()
        self.last = 0.0

    def update(self, index: int, label: str, fraction: float, note: str) -> None:
        now = time.monotonic()
        final = fraction >= 1.0
        if not self.live and not final:
            return
        if self.live and not final and now - self.last < 0.1:
            return
        self.last = now
        overall = (index + fraction) / self.total
        filled = round(overall * 30)
        line = f"[{'#' * filled}{'-' * (30 - filled)}] {overall:4.0%}  {label:<24} {note:<22}"
        self.stream.write(("\r" if self.live else "") + line + ("" if self.live else "\n"))
        self.stream.flush()

    def done(self) -> None:
        if self.live:
            self.stream.write("\n")
            self.stream.flush()


def summary_line(demo: DemoGame, played: Played, files: int, out: Path, level: str) -> str:
    s = played.summary
    kyoku, hands = len(s.get("kyoku_results", [])), len(s.get("poker_results", []))
    parts = [f"{kyoku} kyoku"] if demo.game != "holdem" else []
    if demo.game in ("janpo", "holdem"):
        parts.append(f"{hands} poker hands")
    winner, points = s["standings"][0]
    return (f"{demo.game:<7} {demo.label}: CPU ({level}) in every seat, {', '.join(parts)}, "
            f"{len(played.spec['moves'])} moves in {played.seconds:.1f} s; winner {winner} {points:,}; "
            f"{files} files, replay: {python_command()} -m engine.scenario {out / (demo.game + '.json')}")


def run(out: Path, quick: bool = False, seed: int = 2026, level: str = "normal",
        stdout: TextIO | None = None, stderr: TextIO | None = None) -> list[tuple[DemoGame, Played]]:
    """Play and draw every demo game into ``out``; one summary line per game on ``stdout``."""
    stdout = stdout or sys.stdout
    out.mkdir(parents=True, exist_ok=True)
    games = demo_games(quick)
    bar = Progress(stderr or sys.stderr, len(games))
    done: list[tuple[DemoGame, Played]] = []
    for index, demo in enumerate(games):
        def progress(f: float, note: str, i: int = index, label: str = demo.label) -> None:
            bar.update(i, label, f, note)

        played = play(demo, seed, level, quick, progress)
        footer = f"{demo.label} · CPU {level} · seed {seed}"
        files = write_game(demo, played, out, quick, footer)
        bar.update(index, demo.label, 1.0, f"{len(played.spec['moves'])} moves, {len(files)} files")
        bar.done()
        print(summary_line(demo, played, len(files), out, level), file=stdout, flush=True)
        done.append((demo, played))
    return done


def cpu_level(asked: str | None, quick: bool) -> str:
    """The CPU level to play: the one asked for, else easy for ``--quick``.

    Normal CPUs spend nearly all of the demo's time weighing discards; easy ones play the same
    games (every kyoku, every picture kind) in about a fifth of the time."""
    return asked or ("easy" if quick else "normal")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog=f"{python_command()} -m bot demo",
                                     description="Play one CPU game of each mode offline and draw it into a folder.")
    parser.add_argument("--out", default="demo", help="folder for the pictures and scenario files (default: demo)")
    parser.add_argument("--quick", action="store_true",
                        help="a fast look: easy CPU players (unless --cpu), fewer hold'em hands and pictures")
    parser.add_argument("--seed", type=int, default=2026, help="the seed of every game (default: 2026)")
    parser.add_argument("--cpu", choices=("easy", "normal", "hard"), help="CPU level (default: normal; easy with --quick)")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    run(Path(args.out), args.quick, args.seed, cpu_level(args.cpu, args.quick))
    print(f"Done in {time.perf_counter() - start:.0f} s: open {args.out}/ to see the pictures.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
