"""Benchmarks: ``python -m bench`` prints speed figures (medians and ratios, never pass/fail)."""
