"""``/metrics``, ``/healthz`` and ``/readyz`` on ``METRICS_PORT``, served by threads of their own.

The event loop never serves a request: prometheus_client's WSGI app formats the registry in a
request thread, and the health answers read :class:`~bot.ops.health.Readiness`, which the event
loop refreshes on its own schedule. A scrape therefore costs the loop nothing but the interpreter
lock for the moment the text is formatted, and a stuck loop still gets its ``/readyz`` answered
(unready, its readiness gone stale).
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterable
from socketserver import ThreadingMixIn
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server
from wsgiref.types import StartResponse, WSGIApplication, WSGIEnvironment

from prometheus_client import make_wsgi_app

from bot.config import ConfigError
from bot.ops.health import Readiness
from bot.ops.metrics import REGISTRY

PATHS = ("/metrics", "/healthz", "/readyz")


class _Server(ThreadingMixIn, WSGIServer):
    daemon_threads = True  # a request under way never holds the process open at exit
    allow_reuse_address = True


class _Quiet(WSGIRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base class's name
        """A scrape every few seconds is not news."""


def application(readiness: Readiness) -> WSGIApplication:
    metrics: WSGIApplication = make_wsgi_app(REGISTRY)

    def app(environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        path = environ.get("PATH_INFO", "/")
        if path == "/healthz":
            return _json(start_response, "200 OK", {"status": "up"})
        if path == "/readyz":
            ready, checks = readiness.state()
            status = "200 OK" if ready else "503 Service Unavailable"
            return _json(start_response, status, {"ready": ready, **checks})
        if path == "/metrics":
            return metrics(environ, start_response)
        return _json(start_response, "404 Not Found", {"paths": list(PATHS)})

    return app


def _json(start_response: StartResponse, status: str, body: dict[str, object]) -> list[bytes]:
    data = json.dumps(body).encode()
    start_response(status, [("Content-Type", "application/json"), ("Content-Length", str(len(data)))])
    return [data]


class OpsServer:
    """The HTTP server in a daemon thread; ``port`` 0 picks a free one (tests)."""

    def __init__(self, readiness: Readiness, port: int, host: str = "0.0.0.0") -> None:
        try:
            self._server = make_server(host, port, application(readiness), _Server, _Quiet)
        except OverflowError as e:
            raise ConfigError(f"METRICS_PORT must be a port number from 1 to 65535, not {port}.") from e
        except OSError as e:
            raise ConfigError(f"METRICS_PORT {port} cannot be used on {host} ({e.strerror or e}): "
                              "another program holds it, or choose another port.") from e
        self.port: int = self._server.server_address[1]
        self._thread = threading.Thread(target=self._server.serve_forever, name="janpo-ops-http", daemon=True)
        self._thread.start()

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)
