"""The container's health check: ``python -m bot.ops.check [healthz|readyz]``.

With METRICS_PORT set it asks the bot's own ``/healthz`` (the process is up) or ``/readyz``
(connected, its store reachable, its workers alive) and exits 0 only on 200. Without it (the
server is off) it checks what it can without the bot: the code imports and the database folder is
writable. It needs no network beyond the container's own loopback.
"""

from __future__ import annotations

import os
import sys
import urllib.error
import urllib.request

TIMEOUT = 5.0


def over_http(port: str, path: str) -> int:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/{path}", timeout=TIMEOUT) as reply:
            return 0 if reply.status == 200 else 1
    except urllib.error.HTTPError as e:
        print(f"/{path}: {e.code} {e.read().decode(errors='replace')}", file=sys.stderr)
    except OSError as e:
        print(f"/{path}: no answer on port {port} ({e})", file=sys.stderr)
    return 1


def offline() -> int:
    import bot.client  # noqa: F401 - the code imports

    path = os.environ.get("DATABASE_PATH", "janpo.sqlite3")
    folder = os.path.dirname(path) or "."
    if not os.access(folder, os.W_OK) or (os.path.exists(path) and not os.access(path, os.W_OK)):
        print(f"the database path {path} is not writable", file=sys.stderr)
        return 1
    return 0


def main(argv: list[str]) -> int:
    path = argv[0] if argv else "healthz"
    if path not in ("healthz", "readyz"):
        print("usage: python -m bot.ops.check [healthz|readyz]", file=sys.stderr)
        return 2
    port = os.environ.get("METRICS_PORT", "").strip()
    return over_http(port, path) if port else offline()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
