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

# Healthy when the bot's code imports and the database folder can be written; needs no network.
HEALTHCHECK --interval=60s --timeout=15s --start-period=30s --retries=3 \
    CMD ["python", "-c", "import os, bot.client; p = os.environ['DATABASE_PATH']; d = os.path.dirname(p) or '.'; assert os.access(d, os.W_OK), d; assert not os.path.exists(p) or os.access(p, os.W_OK), p"]

# DISCORD_TOKEN comes from the environment (--env-file .env or -e); it is never baked in.
CMD ["python", "-m", "bot"]
