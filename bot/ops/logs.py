"""Logging set-up: text as before, or ``LOG_FORMAT=json`` (one JSON object a line), and every
error counted in ``janpo_errors_total``.

A JSON line carries the time, level, logger and message, and where there is one the table, its
server and its move number: the table comes from :data:`CURRENT`, which the table manager sets for
the length of each transition (``TableManager.working``), so a line logged anywhere in it (the
engine's caller, the store, the outbox submitting its pictures) names its table without the call
site saying so. An error carries its exception and traceback.
"""

from __future__ import annotations

import contextvars
import json
import logging
import sys
from datetime import UTC, datetime
from typing import Any, TextIO

from bot.ops import metrics

CURRENT: contextvars.ContextVar[Any] = contextvars.ContextVar("janpo_table", default=None)
"""The table session a task works on (``TableSession``), or None."""
TEXT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


def working_on(session: Any) -> contextvars.Token[Any]:
    return CURRENT.set(session)


def table_fields(session: Any) -> dict[str, Any]:
    """What a log line says of a table: its id, server and move number (read at the time)."""
    table = getattr(session, "table", None)
    if table is None:
        return {}
    fields: dict[str, Any] = {"table": table.table_id, "guild": table.guild_id, "channel": table.channel_id}
    if table.game is not None:
        fields["move"] = table.move_no
    return fields


class TableContext(logging.Filter):
    """Adds the current table's fields to each record (unless the call gave its own)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if not hasattr(record, "table"):
            for key, value in table_fields(CURRENT.get()).items():
                setattr(record, key, value)
        return True


class JsonFormatter(logging.Formatter):
    """One JSON object a line: ``time`` (UTC, ISO 8601), ``level``, ``logger``, ``message``,
    ``table``/``guild``/``channel``/``move`` when known, ``exception`` (type: text) and
    ``traceback`` for an error that carries one."""

    FIELDS = ("table", "guild", "channel", "move")

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        for key in self.FIELDS:
            value = getattr(record, key, None)
            if value is not None:
                line[key] = value
        if record.exc_info and record.exc_info[1] is not None:
            error = record.exc_info[1]
            line["exception"] = f"{type(error).__name__}: {error}"
            line["traceback"] = self.formatException(record.exc_info)
        elif record.exc_text:
            line["traceback"] = record.exc_text
        if record.stack_info:
            line["stack"] = record.stack_info
        return json.dumps(line, ensure_ascii=False, default=str)


class ErrorCounter(logging.Handler):
    """Counts every record at ERROR or above by its logger (``janpo_errors_total``)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)

    def emit(self, record: logging.LogRecord) -> None:
        metrics.error(record.name)


def configure(level: str, log_format: str, stream: TextIO | None = None) -> logging.Handler:
    """Set up the root logger once at start (``python -m bot``); returns the output handler."""
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(JsonFormatter() if log_format == "json" else logging.Formatter(TEXT))
    if log_format == "json":  # only the JSON lines carry the table's fields
        handler.addFilter(TableContext())
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.addHandler(ErrorCounter())
    root.setLevel(level)
    return handler
