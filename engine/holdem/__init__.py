"""No-limit Texas hold'em: cards and strength, one hand's state machine, the stand-alone table."""
