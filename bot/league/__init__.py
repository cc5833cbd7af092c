"""Leagues and tournaments the bot runs: sign-up, seated rounds, tables, results and standings."""
