"""Running the bot as a service: Prometheus metrics (``metrics``), ``/healthz`` and ``/readyz``
(``health``, ``server``), the sampler that keeps the gauges and readiness fresh (``sampler``),
structured logs (``logs``) and the figures of ``/admin status`` (``status``).

Importing this package imports nothing of the bot: the hooks in ``metrics`` are safe to call
from any layer (the outbox, the store's writer, table play).
"""
