"""Runs the `web2md` command line of this checkout in a child process, as a user's shell would."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def environment() -> dict[str, str]:
    """The caller's environment with this checkout first on the import path."""
    return dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))


def run_web2md(
    *args: str,
    cwd: Path | None = None,
    stdin: str = "",
    timeout: float = 300,
    preexec_fn: Callable[[], None] | None = None,
) -> subprocess.CompletedProcess[str]:
    """`web2md ARGS` with this checkout first on the import path; `stdin` as its input, its output captured as text."""
    return subprocess.run(
        [sys.executable, "-m", "web2md.frontends.cli", *args],
        capture_output=True,
        text=True,
        env=environment(),
        cwd=cwd,
        input=stdin,
        timeout=timeout,
        preexec_fn=preexec_fn,
    )
