# The bot in a container: slim Python, an unprivileged user, the database on a volume.
#   docker build -t janpo .
#   docker run -d --name janpo --env-file .env -v janpo-data:/data janpo
#   docker run --rm --env-file .env janpo python -m bot sync     # once, to register the commands
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    DATABASE_PATH=/data/janpo.sqlite3

RUN groupadd --gid 10001 janpo \
    && useradd --uid 10001 --gid 10001 --create-home janpo \
    && mkdir /data \
    && chown 10001:10001 /data

WORKDIR /app
# The dependencies and their version ranges come from pyproject.toml, as for a local install.
COPY pyproject.toml README.md ./
COPY engine ./engine
COPY bot ./bot
COPY bench ./bench
COPY assets ./assets
RUN pip install --no-cache-dir -e .

USER 10001:10001
VOLUME ["/data"]

# /metrics, /healthz and /readyz (docs/OPERATIONS.md); set METRICS_PORT empty to turn them off.
ENV METRICS_PORT=9100
EXPOSE 9100

# Healthy while the process answers /healthz (compose.yaml asks /readyz instead). With METRICS_PORT
# empty: while the code imports and the database folder can be written. Needs no network.
HEALTHCHECK --interval=30s --timeout=10s --start-period=30s --retries=3 \
    CMD ["python", "-m", "bot.ops.check", "healthz"]

# DISCORD_TOKEN comes from the environment (--env-file .env or -e); it is never baked in.
# `docker stop` sends SIGTERM: the bot hands its tables to the other processes (compose) or stops
# as before, within DRAIN_SECONDS (20) plus a margin; give it that long: `docker stop -t 40`.
STOPSIGNAL SIGTERM
CMD ["python", "-m", "bot"]
