"""The Discord bot: translates between Discord and the engine, holds no rules of its own."""
