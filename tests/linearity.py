"""Linear time, asserted as a ratio of two sizes' CPU times rather than against a clock."""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from typing import Any

import pytest

RATIO_LIMIT = 8.0  # four times the input: well under sixteen times the time


def assert_linear(make: Callable[[int], Any], n: int, fn: Callable[[Any], object]) -> None:
    """`fn(make(4n))` takes under `RATIO_LIMIT` times as long as `fn(make(n))`: best of three interleaved runs per
    size, up to three tries. Times are the thread's CPU time, which other processes on a loaded machine do not
    stretch as they stretch wall time."""
    small, big = make(n), make(4 * n)
    fn(small)  # warm up
    # what earlier tests left in this process is moved out of the collector's view: a full collection costs as much
    # as every object alive, so under xdist a long-lived heap would bill the code measured here for it
    gc.collect()
    gc.freeze()
    try:
        _assert_linear(fn, small, big)
    finally:
        gc.unfreeze()


def _assert_linear(fn: Callable[[Any], object], small: Any, big: Any) -> None:
    ratios = []
    for _ in range(3):
        t_small = t_big = float("inf")
        for _ in range(3):
            start = time.thread_time()
            fn(small)
            t_small = min(t_small, time.thread_time() - start)
            start = time.thread_time()
            fn(big)
            t_big = min(t_big, time.thread_time() - start)
        ratio = t_big / max(t_small, 1e-4)
        ratios.append(round(ratio, 2))
        if ratio < RATIO_LIMIT:
            return
    pytest.fail(f"t(4n)/t(n) = {ratios}, not linear")
