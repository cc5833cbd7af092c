"""``python -m bot``: start the bot (token from the environment or ``.env``)."""

from __future__ import annotations

import os
import sys


def main() -> int:
    try:
        from dotenv import load_dotenv

        load_dotenv()
    except ImportError:  # pragma: no cover - python-dotenv is a declared dependency
        pass
    if not os.environ.get("DISCORD_TOKEN"):
        print(
            "DISCORD_TOKEN is not set. Copy .env.example to .env and put your bot token after "
            "DISCORD_TOKEN= (Discord Developer Portal -> your application -> Bot -> Reset Token).",
            file=sys.stderr,
        )
        return 1
    print("The bot is not built yet.", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
