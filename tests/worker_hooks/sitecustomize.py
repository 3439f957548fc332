"""Test-only misbehaviour for worker processes, loaded when this folder is on a worker's PYTHONPATH.

A page whose body holds a marker makes its conversion die (``os._exit``), hang
or raise, so the tests can watch the crawl survive that; nothing in the product
knows about the markers.
"""

import os
import time

from web2md.conversion import converter as conversion

_convert = conversion.run_conversion


def run_conversion(job):
    if b"web2md-test-exit" in job.body:
        os._exit(3)
    if b"web2md-test-hang" in job.body:
        time.sleep(600)
    if b"web2md-test-raise" in job.body:
        raise RuntimeError("conversion blew up")
    return _convert(job)


conversion.run_conversion = run_conversion
