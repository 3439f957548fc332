"""Functions the worker pool tests send to workers; a module of its own, so a worker imports little to run them."""

import os
import time


def pid() -> int:
    return os.getpid()


def square(n: int) -> int:
    return n * n


def exit_now() -> None:
    os._exit(7)


def sleep(seconds: float) -> None:
    time.sleep(seconds)


def sleep_then_pid(seconds: float) -> int:
    time.sleep(seconds)
    return os.getpid()


def fail() -> None:
    raise ValueError("bad input")


def identity(value: object) -> object:
    return value


def frozen_objects() -> tuple[int, int]:
    """How many objects the worker keeps out of the garbage collector's view (`gc.freeze`), and the youngest
    generation's collection threshold."""
    import gc

    return gc.get_freeze_count(), gc.get_threshold()[0]


def niceness() -> int:
    return os.getpriority(os.PRIO_PROCESS, 0)


def log_and_fail(message: str) -> None:
    import logging

    logging.getLogger("web2md.conversion.responses").info("Decoded %s as utf-8", message)
    logging.getLogger("web2md.conversion.responses").debug("not sent: below the forwarded level")
    raise ValueError("bad input")
