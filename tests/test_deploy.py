"""compose.yaml, the Prometheus files beside it and the image agree: Prometheus scrapes every bot
process on the port the image serves, the rules name only metrics the bot exports, and the
health checks ask the bot's own endpoints."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from bot.ops import metrics

ROOT = Path(__file__).resolve().parents[1]


def load(path: str) -> Any:
    return yaml.safe_load((ROOT / path).read_text(encoding="utf-8"))


def test_prometheus_scrapes_every_bot_process_on_the_image_s_port() -> None:
    compose = load("compose.yaml")
    bots = sorted(name for name in compose["services"] if name.startswith("bot-"))
    port = re.search(r"METRICS_PORT=(\d+)", (ROOT / "Dockerfile").read_text(encoding="utf-8"))
    assert port is not None and len(bots) == 3
    targets = [t for job in load("deploy/prometheus/prometheus.yml")["scrape_configs"]
               for config in job["static_configs"] for t in config["targets"]]
    assert targets == [f"{bot}:{port[1]}" for bot in bots]
    assert "./deploy/prometheus:/etc/prometheus:ro" in compose["services"]["prometheus"]["volumes"]


def test_the_rules_name_only_exported_metrics() -> None:
    rules = [rule for group in load("deploy/prometheus/rules.yml")["groups"] for rule in group["rules"]]
    assert any("record" in r for r in rules) and any("alert" in r for r in rules)
    recorded = {r["record"] for r in rules if "record" in r}
    exported = {re.sub(r"_info$", "", n) for n in metrics.NAMES}
    for rule in rules:
        for name in re.findall(r"\b(janpo_[a-z_]+)", rule["expr"]):
            base = re.sub(r"_(total|bucket|count|sum)$", "", name)
            assert base in exported, (rule, name)
        for name in re.findall(r"\b(janpo:[a-z_0-9:]+)", rule["expr"]):
            assert name in recorded, (rule, name)


def test_health_checks_ask_the_bot_and_stopping_leaves_time_to_hand_tables_on() -> None:
    bot = load("compose.yaml")["services"]["bot-0"]
    assert bot["healthcheck"]["test"] == ["CMD", "python", "-m", "bot.ops.check", "readyz"]
    assert int(bot["stop_grace_period"].rstrip("s")) >= 20 + 15  # DRAIN_SECONDS and the exit margin
    assert '"bot.ops.check", "healthz"' in (ROOT / "Dockerfile").read_text(encoding="utf-8")
