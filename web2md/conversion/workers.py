"""Worker processes that run functions beside the reactor: a pool of ``python -m web2md.conversion.workers`` children.

Each worker is a fresh interpreter (nothing forked from the crawl) that reads
pickled ``(function, args)`` calls from its stdin and writes pickled results to
its stdout, one call at a time. The pool writes a busy worker's next calls to
its input while it runs one, so it never waits for the crawl between calls
(measured on the benchmark crawl: a worker waited 23% of its time, with 100
pages queued for it). The pool knows which call each worker runs, so a worker
that dies or overruns its time is killed and replaced and only that call
fails (the calls queued behind it go to another); the crawl goes on. Everything is asyncio on the calling loop (the
reactor's): no threads, no blocking reads.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import fcntl
import functools
import gc
import importlib
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
FORWARDED_LEVEL = logging.INFO  # what a worker's calls log that the calling process logs in turn
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


# Conversion is throughput work, the crawl process's reactor is latency work: when both want a core, the reactor,
# which keeps the downloads going, should get it.
WORKER_NICENESS = 10


def default_workers() -> int:
    """The cores this process may run on (its CPU affinity), else `os.cpu_count()`."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


class _NotStarted(Exception):
    """A call queued on a worker that died or overran before the call's turn came: another worker takes it."""


def _worker_environment() -> dict[str, str]:
    """This process's environment, with the folder this web2md package was imported from first on the path."""
    package_root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    path = os.environ.get("PYTHONPATH")
    return dict(os.environ, PYTHONPATH=os.pathsep.join([package_root, path]) if path else package_root)


class _Worker:
    """One worker process and the calls written to it: it runs them in order, and its answers come in that order."""

    def __init__(self, process: asyncio.subprocess.Process, timeout: float | None) -> None:
        self.process = process
        self.timeout = timeout
        self.broken = False  # died, overran or out of step: no further calls
        self.waiting: collections.deque[asyncio.Future[tuple[str, Any]]] = collections.deque()  # first: running
        self._called: asyncio.Event = asyncio.Event()
        self._reader: asyncio.Task[None] | None = None

    @classmethod
    async def start(cls, timeout: float | None, preload: tuple[str, ...] = ()) -> _Worker:
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-P",  # not the current directory first: a `web2md/` folder there (an output folder) is not this package
            "-m",
            "web2md.conversion.workers",
            *preload,
            env=_worker_environment(),
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            limit=1 << 20,
            # its own process group: a terminal's Ctrl-C reaches the crawl, which stops its workers itself,
            # and not a worker still starting (before `main` ignores SIGINT it would print a traceback)
            process_group=0,
        )
        worker = cls(process, timeout)
        assert process.stdout is not None
        try:
            ready = await process.stdout.readline()
        except Exception:
            ready = b""
        if ready != _READY:
            worker.kill()
            raise WorkerDied(f"worker {process.pid} did not start (exit status {await process.wait()})")
        worker._reader = asyncio.ensure_future(worker._read_answers())
        return worker

    async def call(self, payload: bytes) -> tuple[str, Any, list[logging.LogRecord]]:
        """Write the call now, behind those running or waiting (so the worker goes on to it without waiting for
        this loop), and await its answer; raises `_NotStarted` when the worker is lost before the call's turn."""
        stdin = self.process.stdin
        assert stdin is not None
        if self.broken:
            raise _NotStarted
        stdin.write(_LENGTH.pack(len(payload)) + payload)
        answer: asyncio.Future[tuple[str, Any, list[logging.LogRecord]]] = asyncio.get_running_loop().create_future()
        self.waiting.append(answer)
        self._called.set()
        with contextlib.suppress(ConnectionError):  # a dead worker: its answers say so
            await stdin.drain()
        return await answer  # a caller that gives up leaves the answer to be read and dropped

    async def _read_answers(self) -> None:
        """Hand each answer to its call, in order; the first call waiting has `timeout` seconds from the answer
        before it (or from its writing). A worker that dies or overruns fails that call; the others are not started."""
        stdout = self.process.stdout
        assert stdout is not None
        while not self.broken:
            if not self.waiting:
                self._called.clear()
                await self._called.wait()
                continue
            try:
                answer = await asyncio.wait_for(self._answer(stdout), self.timeout)
            except TimeoutError:
                self._fail(WorkerTimeout(f"no result after {self.timeout:g} s"))
            except (asyncio.IncompleteReadError, ConnectionError, pickle.UnpicklingError):
                self.broken = True
                status = await self.process.wait()
                self._fail(WorkerDied(f"worker {self.process.pid} ended with status {status}"))
            else:
                call = self.waiting.popleft()
                if not call.done():
                    call.set_result(answer)

    @staticmethod
    async def _answer(stdout: asyncio.StreamReader) -> tuple[str, Any, list[logging.LogRecord]]:
        size = _LENGTH.unpack(await stdout.readexactly(_LENGTH.size))[0]
        return pickle.loads(await stdout.readexactly(size))

    def _fail(self, error: WorkerError) -> None:
        """No further calls: the process is killed, the running call gets `error`, the others go elsewhere."""
        self.broken = True
        self.kill()
        for index, call in enumerate(self.waiting):
            if not call.done():
                call.set_exception(error if index == 0 else _NotStarted())
        self.waiting.clear()

    def kill(self) -> None:
        if self.process.returncode is None:
            self.process.kill()

    async def close(self, grace: float) -> None:
        stdin = self.process.stdin
        if stdin is not None and not stdin.is_closing():
            stdin.close()  # the worker answers what it was sent, then ends at the end of its input
        try:
            await asyncio.wait_for(self.process.wait(), grace)
        except TimeoutError:
            self.kill()
            await self.process.wait()
        if self._reader is not None:
            if not self.waiting:
                self._reader.cancel()  # idle, waiting for a call that will not come
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader


class WorkerPool:
    """Run ``function(*args)`` in one of `size` worker processes: ``await pool.run(function, *args)``.

    `function` and `args` must be picklable (a module-level function, plain
    data); the result comes back pickled. A call goes to the worker with the
    fewest calls; up to `QUEUED` calls wait in a busy worker's input, so it
    starts the next one as soon as it answers, and further calls wait for room
    in arrival order. A call that outlives `timeout` seconds (counted from its
    turn) raises `WorkerTimeout`, one whose worker dies raises `WorkerDied`, one
    that raises raises `WorkerError`; the worker is replaced in the first two
    cases, and the calls queued behind it go to the others.
    """

    QUEUED = 2  # calls written to a worker behind the one it runs

    def __init__(self, size: int, timeout: float | None = None, preload: tuple[str, ...] = ()) -> None:
        if size < 1:
            raise ValueError(f"a worker pool needs at least one worker, got {size}")
        self.size = size
        self.timeout = timeout
        self.preload = preload  # modules each worker imports as it starts, before it is sent a call
        self._slots: list[_Worker | None] = [None] * size  # a slot's worker starts when first needed
        self._starting: dict[int, asyncio.Future[_Worker]] = {}
        self._assigned = [0] * size  # calls waiting for their slot's worker to start
        self._room: asyncio.Semaphore | None = None
        self._workers: set[_Worker] = set()
        self._closed = False
        self._warming: asyncio.Future[Any] | None = None

    def _semaphore(self) -> asyncio.Semaphore:
        if self._room is None:  # made on first use, on the loop that uses it
            self._room = asyncio.Semaphore(self.size * (1 + self.QUEUED))
        return self._room

    async def _worker(self, index: int) -> _Worker:
        """The worker in slot `index`, started (once, whoever asks meanwhile) if it has none or lost it."""
        worker = self._slots[index]
        if worker is not None and not worker.broken:
            return worker
        starting = self._starting.get(index)
        if starting is None:
            if worker is not None:
                self._workers.discard(worker)
                self._slots[index] = None
            starting = self._starting[index] = asyncio.ensure_future(_Worker.start(self.timeout, self.preload))
            starting.add_done_callback(functools.partial(self._started, index))
        return await asyncio.shield(starting)

    def _started(self, index: int, starting: asyncio.Future[_Worker]) -> None:
        del self._starting[index]
        if not starting.cancelled() and starting.exception() is None:
            self._slots[index] = worker = starting.result()
            self._workers.add(worker)

    def warm_up(self, count: int | None = None) -> None:
        """Start the first `count` workers (all: None) now, in the background, rather than at the first calls; the
        others start when a call finds the running ones busy."""
        if self._warming is None or self._warming.done():
            self._warming = asyncio.ensure_future(self._warm_up(self.size if count is None else min(count, self.size)))

    async def _warm_up(self, count: int) -> None:
        async def start(index: int) -> None:
            try:
                await self._worker(index)
            except WorkerError as exc:  # the first call to this slot tries again
                logger.warning("A conversion worker did not start: %s", exc)

        await asyncio.gather(*(start(index) for index in range(count)))

    async def run(self, function: Callable[..., Any], *args: Any) -> Any:
        if self._closed:
            raise RuntimeError("the worker pool is closed")
        async with self._semaphore():
            # pickled once there is room: a page waiting for it holds no second copy of its body
            payload = pickle.dumps((function, args), protocol=pickle.HIGHEST_PROTOCOL)
            while True:
                index = min(range(self.size), key=self._load)
                self._assigned[index] += 1
                try:
                    worker = await self._worker(index)
                finally:
                    self._assigned[index] -= 1
                try:
                    outcome, value, records = await worker.call(payload)
                except _NotStarted:
                    continue  # its worker was lost before this call's turn: a new one or another takes it
                break
        for record in records:  # what the call logged, as if it had run here
            record_logger = logging.getLogger(record.name)
            if record_logger.isEnabledFor(record.levelno):
                record_logger.handle(record)
        if outcome == "error":
            raise WorkerError(value)
        return value

    def _load(self, index: int) -> int:
        worker = self._slots[index]
        running = len(worker.waiting) if worker is not None and not worker.broken else 0
        return running + self._assigned[index]

    async def close(self, grace: float = 5.0) -> None:
        """Let the workers finish the calls written to them and end (killed after `grace` seconds)."""
        self._closed = True
        if self._warming is not None:
            await self._warming
        if self._starting:
            await asyncio.gather(*self._starting.values(), return_exceptions=True)
        workers, self._workers = list(self._workers), set()
        await asyncio.gather(*(worker.close(grace) for worker in workers))


# -- the worker process ----------------------------------------------------
def _read_exactly(stream: Any, size: int) -> bytes:
    data = stream.read(size)
    return data if len(data) == size else b""


class _Records(logging.Handler):
    """The records a call logs, sent back with its answer for the calling process to log (messages formatted
    here: their arguments need not pickle)."""

    def __init__(self) -> None:
        super().__init__(FORWARDED_LEVEL)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        record.msg, record.args = record.getMessage(), None
        if record.exc_info:
            record.exc_text = record.exc_text or logging.Formatter().formatException(record.exc_info)
            record.exc_info = None
        self.records.append(record)

    def take(self) -> list[logging.LogRecord]:
        records, self.records = self.records, []
        return records


def serve(stdin: Any, stdout: Any) -> None:
    """Answer calls from `stdin` on `stdout` until `stdin` ends; each answer carries what the call logged."""
    stdout.write(_READY)
    stdout.flush()
    frozen = False
    records = _Records()
    root = logging.getLogger()
    root.addHandler(records)
    root.setLevel(min(root.level, FORWARDED_LEVEL))
    while True:
        header = _read_exactly(stdin, _LENGTH.size)
        if not header:
            return
        payload = _read_exactly(stdin, _LENGTH.unpack(header)[0])
        if not payload:
            return
        try:
            function, args = pickle.loads(payload)
            answer = ("ok", function(*args), records.take())
        except Exception as exc:
            answer = ("error", f"{type(exc).__name__}: {exc}\n{traceback.format_exc()}", records.take())
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
    # the crawl decides when its workers stop (end of stdin), whoever else sends SIGINT or SIGTERM (a service
    # manager signals the whole group; the crawl pauses a --job run on it and needs its workers meanwhile)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    os.nice(WORKER_NICENESS)
    channel = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())  # a stray print() must not corrupt the channel
    for fd in (sys.stdin.fileno(), channel.fileno()):
        try:  # a page goes through in a write or two instead of one per 64 KiB (Linux)
            fcntl.fcntl(fd, getattr(fcntl, "F_SETPIPE_SZ", 1031), PIPE_SIZE)
        except OSError:
            pass
    for module in sys.argv[1:]:  # the pool's `preload`: imported while the crawl fetches the first page
        importlib.import_module(module)
    # a crawl stopped at once (a second Ctrl-C) leaves its workers nobody to answer
    with contextlib.suppress(BrokenPipeError):
        serve(sys.stdin.buffer, channel)
    with contextlib.suppress(BrokenPipeError):  # what it was not sent
        channel.close()


if __name__ == "__main__":
    main()
