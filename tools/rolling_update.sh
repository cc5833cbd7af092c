#!/bin/sh
# A new version of the bot, one compose process at a time, without a game pausing
# (docs/OPERATIONS.md, "Rolling update"). Run from the project folder after `git pull`:
#   tools/rolling_update.sh            # bot-0 bot-1 bot-2
#   tools/rolling_update.sh bot-1      # only some
# Each process is replaced in turn: compose stops the old container (SIGTERM: its tables are
# handed to the other processes at once) and starts the new one, and the next waits until the
# new one answers /readyz (its health check).
set -eu

services=${*:-bot-0 bot-1 bot-2}
limit=${READY_TIMEOUT:-180}

docker compose build $services
for service in $services; do
    echo "updating $service"
    docker compose up -d --no-deps --no-build "$service"
    container=$(docker compose ps -q "$service")
    waited=0
    until [ "$(docker inspect -f '{{.State.Health.Status}}' "$container")" = healthy ]; do
        if [ "$waited" -ge "$limit" ]; then
            echo "$service is not ready after ${limit}s; stopping here (docker compose logs $service)" >&2
            exit 1
        fi
        sleep 2
        waited=$((waited + 2))
    done
    echo "$service ready"
done
