"""``python -m bench [NAME ...] [--quick]``: run the benchmark modules and print their figures.

Each module ``bench/<name>.py`` defines ``run(quick: bool) -> list[tuple[str, str]]``: labelled,
already formatted figures. Record the output in docs/benchmarks/<area>.md and the headline in docs/BENCHMARKS.md.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
import time

import bench


def main(argv: list[str] | None = None) -> int:
    names = sorted(m.name for m in pkgutil.iter_modules(bench.__path__) if not m.name.startswith("_"))
    parser = argparse.ArgumentParser(prog="python -m bench")
    parser.add_argument("only", nargs="*", help=f"modules to run (of: {', '.join(names)})")
    parser.add_argument("--quick", action="store_true", help="fewer iterations, for a smoke run")
    args = parser.parse_args(argv)
    unknown = set(args.only) - set(names)
    if unknown:
        parser.error(f"no benchmark {', '.join(sorted(unknown))} (of: {', '.join(names)})")
    for name in args.only or names:
        start = time.perf_counter()
        module = importlib.import_module(f"bench.{name}")
        print(f"## {name}")
        for label, figure in module.run(args.quick):
            print(f"  {label:<58} {figure}")
        print(f"  ({time.perf_counter() - start:.1f} s)")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
