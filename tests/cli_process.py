"""Runs the `web2md` command line of this checkout in a child process, as a user's shell would."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run_web2md(*args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    """`web2md ARGS` with this checkout first on the import path; its output captured as text."""
    path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    return subprocess.run(
        [sys.executable, "-m", "web2md.frontends.cli", *args],
        capture_output=True,
        text=True,
        env=dict(os.environ, PYTHONPATH=path),
        timeout=timeout,
    )
