"""Reading the ops server as Prometheus and a container's health check would: plain HTTP GETs,
made in a thread so the event loop under test keeps turning while the server answers."""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request
from typing import Any

from prometheus_client.metrics_core import Metric
from prometheus_client.parser import text_string_to_metric_families


def _get(port: int, path: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10) as reply:
            return int(reply.status), bytes(reply.read())
    except urllib.error.HTTPError as e:
        return int(e.code), bytes(e.read())


async def get(port: int, path: str) -> tuple[int, Any]:
    """(status, body as JSON) of a health path."""
    code, body = await asyncio.to_thread(_get, port, path)
    return code, json.loads(body)


async def scrape(port: int) -> dict[str, Metric]:
    """``/metrics`` parsed with Prometheus's own text parser, by family name."""
    code, body = await asyncio.to_thread(_get, port, "/metrics")
    assert code == 200
    return {family.name: family for family in text_string_to_metric_families(body.decode())}


def value(families: dict[str, Metric], name: str, **labels: str) -> float:
    """The sum of a family's samples called ``name`` whose labels include ``labels``."""
    family_name = name.removesuffix("_total").removesuffix("_count").removesuffix("_sum")
    family = families[family_name]
    return sum(s.value for s in family.samples
               if s.name == name and all(s.labels.get(k) == v for k, v in labels.items()))
