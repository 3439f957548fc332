"""A memory watchdog for the test process: a runaway allocation ends the run with the test's name and every
thread's stack, instead of the kernel's out-of-memory killer ending it (and maybe the machine) without either.
The property tests' examples are the same on every run (the `repeatable` Hypothesis profile; `explore` for new ones).
Tests marked `browser` or `redis` are skipped, saying why, where Chromium or redis-server is missing."""

from __future__ import annotations

import _thread
import faulthandler
import os
import shutil
import sys
import threading
from collections.abc import Callable, Iterator
from functools import cache

import pytest
from hypothesis import Phase, settings

# The property tests run the same examples on every run unless HYPOTHESIS_PROFILE=explore: a run's outcome is its
# commit's, and a failing example is reported as generated (the shrinker once grew one past the memory watchdog
# below, which left the run hung). `explore` draws new examples, shrinks them and keeps them in .hypothesis/.
settings.register_profile("repeatable", derandomize=True, phases=(Phase.explicit, Phase.generate), database=None)
settings.register_profile("explore")
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))

#: The test process stays near 0.5 GiB; four times more than that would only be a runaway.
LIMIT_BYTES = 4 << 30
_PAGE = os.sysconf("SC_PAGE_SIZE")
_running: list[str] = ["(collecting)"]


def _resident_bytes() -> int:
    with open("/proc/self/statm", "rb") as statm:
        return int(statm.read().split()[1]) * _PAGE


def _watch(stop: threading.Event, uncapture: Callable[[], None]) -> None:
    while not stop.wait(0.5):
        resident = _resident_bytes()
        if resident > LIMIT_BYTES:
            uncapture()  # the report goes to the terminal, not to the test's captured output
            sys.stderr.write(
                f"\nThe test process holds {resident >> 20} MiB, over {LIMIT_BYTES >> 20} MiB, "
                f"in {_running[0]}; the stacks of its threads:\n"
            )
            sys.stderr.flush()
            faulthandler.dump_traceback(all_threads=True)
            _thread.interrupt_main()  # pytest stops and reports where the test was
            if stop.wait(10) or _resident_bytes() <= resident:
                return
            os._exit(3)  # still growing: in C code, which the interruption does not reach


@pytest.fixture(scope="session", autouse=True)
def memory_watchdog(pytestconfig: pytest.Config) -> Iterator[None]:
    if not os.path.exists("/proc/self/statm"):  # Linux only
        yield
        return
    capture = pytestconfig.pluginmanager.getplugin("capturemanager")
    stop = threading.Event()
    watcher = threading.Thread(
        target=_watch, args=(stop, capture.suspend_global_capture), name="memory-watchdog", daemon=True
    )
    watcher.start()
    yield
    stop.set()


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    _running[0] = item.nodeid


@cache
def _missing(marker: str) -> str:
    """Why the tests marked `marker` cannot run here, or "" when they can."""
    if marker == "redis":
        return "" if shutil.which("redis-server") else "redis-server is not installed (.ci/run apt-installs it)"
    from web2md.browser.chromium import BrowserMissing, check_browser

    try:
        check_browser()
    except BrowserMissing as exc:
        return str(exc)
    return ""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        for marker in ("browser", "redis"):
            if item.get_closest_marker(marker) is not None and _missing(marker):
                item.add_marker(pytest.mark.skip(reason=_missing(marker)))
