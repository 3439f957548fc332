"""Worker processes that run functions beside the reactor: a pool of ``python -m web2md.workers`` children.

Each worker is a fresh interpreter (nothing forked from the crawl) that reads
pickled ``(function, args)`` calls from its stdin and writes pickled results to
its stdout, one call at a time. The pool knows which call each worker runs, so
a worker that dies or overruns its time is killed and replaced and only that
call fails; the crawl goes on. Everything is asyncio on the calling loop (the
reactor's): no threads, no blocking reads.
"""

from __future__ import annotations

import asyncio
import fcntl
import gc
import logging
import os
import pickle
import signal
import struct
import sys
import traceback
from collections.abc import Callable
from typing import Any

__all__ = ["WorkerPool", "WorkerError", "WorkerDied", "WorkerTimeout", "default_workers"]

logger = logging.getLogger(__name__)

_LENGTH = struct.Struct(">Q")
_READY = b"web2md-worker-ready\n"
PIPE_SIZE = 1 << 20  # Linux's default cap for an unprivileged process (/proc/sys/fs/pipe-max-size)


# The youngest generation's collection threshold while a crawl or a worker runs (CPython's is 700): pages are
# read with many short-lived containers and leave next to no cycles, so collecting every 700 net allocations is
# work for nothing (a crawl process spent a fifth of its CPU in collections).
GC_THRESHOLDS = (10_000, 10, 10)


def keep_out_of_collections() -> tuple[int, int, int]:
    """Freeze (`gc.freeze`) the objects alive now, which live as long as the process or the crawl (modules,
    Scrapy's machinery), and collect less often (`GC_THRESHOLDS`); returns the thresholds before."""
    before = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
    return before


class WorkerError(Exception):
    """The called function raised in the worker; the message holds the worker's traceback."""


class WorkerDied(WorkerError):
    """The worker process ended (crash, os._exit, signal) while running the call."""


class WorkerTimeout(WorkerError):
    """The call ran longer than the pool's timeout; its worker was killed."""


def default_workers() -> int:
    """The cores this process may run on (its CPU affinity), else `os.cpu_count()`."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


class _Worker:
    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process

    @classmethod
    async def start(cls) -> "_Worker":
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "web2md.workers",
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            limit=1 << 20,
            # its own process group: a terminal's Ctrl-C reaches the crawl, which stops its workers itself,
            # and not a worker still starting (before `main` ignores SIGINT it would print a traceback)
            process_group=0,
        )
        worker = cls(process)
        assert process.stdout is not None
        try:
            ready = await process.stdout.readline()
        except Exception:
            ready = b""
        if ready != _READY:
            worker.kill()
            raise WorkerDied(f"worker {process.pid} did not start (exit status {await process.wait()})")
        return worker

    async def call(self, payload: bytes) -> tuple[str, Any]:
        stdin, stdout = self.process.stdin, self.process.stdout
        assert stdin is not None and stdout is not None
        try:
            stdin.write(_LENGTH.pack(len(payload)) + payload)
            await stdin.drain()
            size = _LENGTH.unpack(await stdout.readexactly(_LENGTH.size))[0]
            return pickle.loads(await stdout.readexactly(size))
        except (asyncio.IncompleteReadError, ConnectionError) as exc:
            status = await self.process.wait()
            raise WorkerDied(f"worker {self.process.pid} ended with status {status}") from exc

    def kill(self) -> None:
        if self.process.returncode is None:
            self.process.kill()

    async def close(self, grace: float) -> None:
        stdin = self.process.stdin
        if stdin is not None and not stdin.is_closing():
            stdin.close()  # the worker ends at the end of its input
        try:
            await asyncio.wait_for(self.process.wait(), grace)
        except asyncio.TimeoutError:
            self.kill()
            await self.process.wait()


class WorkerPool:
    """Run ``function(*args)`` in one of `size` worker processes: ``await pool.run(function, *args)``.

    `function` and `args` must be picklable (a module-level function, plain
    data); the result comes back pickled. Calls beyond `size` wait for a free
    worker in arrival order. A call that outlives `timeout` seconds raises
    `WorkerTimeout`, one whose worker dies raises `WorkerDied`, one that raises
    raises `WorkerError`; the worker is replaced in the first two cases.
    """

    def __init__(self, size: int, timeout: float | None = None) -> None:
        if size < 1:
            raise ValueError(f"a worker pool needs at least one worker, got {size}")
        self.size = size
        self.timeout = timeout
        self._idle: asyncio.Queue[_Worker | None] | None = None
        self._workers: set[_Worker] = set()
        self._closed = False
        self._warming: asyncio.Future[Any] | None = None

    def _queue(self) -> asyncio.Queue[_Worker | None]:
        if self._idle is None:  # made on first use, on the loop that uses it
            self._idle = asyncio.Queue()
            for _ in range(self.size):
                self._idle.put_nowait(None)  # a slot; its worker starts when first needed
        return self._idle

    def warm_up(self) -> None:
        """Start the workers now, in the background, rather than at the first calls."""
        if self._warming is None:
            self._warming = asyncio.ensure_future(self._warm_up())

    async def _warm_up(self) -> None:
        idle = self._queue()
        slots = [idle.get_nowait() for _ in range(idle.qsize())]

        async def start(slot: _Worker | None) -> None:
            if slot is None:
                try:
                    slot = await _Worker.start()
                    self._workers.add(slot)
                except WorkerError as exc:  # the call that gets this slot tries again
                    logger.warning("A conversion worker did not start: %s", exc)
            idle.put_nowait(slot)

        await asyncio.gather(*(start(slot) for slot in slots))

    async def run(self, function: Callable[..., Any], *args: Any) -> Any:
        if self._closed:
            raise RuntimeError("the worker pool is closed")
        payload = pickle.dumps((function, args), protocol=pickle.HIGHEST_PROTOCOL)
        idle = self._queue()
        worker = await idle.get()
        try:
            if worker is None:
                worker = await _Worker.start()
                self._workers.add(worker)
            outcome, value = await asyncio.wait_for(worker.call(payload), self.timeout)
        except BaseException as exc:
            # a worker that died, overran or was interrupted mid-call is of no further use
            if worker is not None:
                worker.kill()
                self._workers.discard(worker)
                worker = None
            if isinstance(exc, asyncio.TimeoutError):
                raise WorkerTimeout(f"no result after {self.timeout:g} s") from None
            raise
        finally:
            idle.put_nowait(worker)
        if outcome == "error":
            raise WorkerError(value)
        return value

    async def close(self, grace: float = 5.0) -> None:
        """Let the workers finish their current call and end (killed after `grace` seconds)."""
        self._closed = True
        if self._warming is not None:
            await self._warming
        workers, self._workers = list(self._workers), set()
        await asyncio.gather(*(worker.close(grace) for worker in workers))


# -- the worker process ----------------------------------------------------
def _read_exactly(stream: Any, size: int) -> bytes:
    data = stream.read(size)
    return data if len(data) == size else b""


def serve(stdin: Any, stdout: Any) -> None:
    """Answer calls from `stdin` on `stdout` until `stdin` ends."""
    stdout.write(_READY)
    stdout.flush()
    frozen = False
    while True:
        header = _read_exactly(stdin, _LENGTH.size)
        if not header:
            return
        payload = _read_exactly(stdin, _LENGTH.unpack(header)[0])
        if not payload:
            return
        try:
            function, args = pickle.loads(payload)
            answer = ("ok", function(*args))
        except Exception as exc:
            answer = ("error", f"{type(exc).__name__}: {exc}\n{traceback.format_exc()}")
        data = pickle.dumps(answer, protocol=pickle.HIGHEST_PROTOCOL)
        stdout.write(_LENGTH.pack(len(data)) + data)
        stdout.flush()
        if not frozen:
            # the first call imported what the calls run (Scrapy, lxml, the converter): tens of thousands of
            # objects that live as long as the worker, which full collections would walk again and again
            gc.collect()
            keep_out_of_collections()
            frozen = True


def main() -> None:
    # the crawl decides when its workers stop (end of stdin), whoever else sends SIGINT
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    channel = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())  # a stray print() must not corrupt the channel
    for fd in (sys.stdin.fileno(), channel.fileno()):
        try:  # a page goes through in a write or two instead of one per 64 KiB (Linux)
            fcntl.fcntl(fd, getattr(fcntl, "F_SETPIPE_SZ", 1031), PIPE_SIZE)
        except OSError:
            pass
    try:
        serve(sys.stdin.buffer, channel)
    except BrokenPipeError:
        # the crawl ended (a Ctrl-C) while this worker started or read a page: nobody is left to answer, or to
        # tell; exiting at once also spares the flush at exit, which would fail the same way
        os._exit(0)


if __name__ == "__main__":
    main()
