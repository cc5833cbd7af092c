"""One cog per concern: tables, rules and help, server settings."""
