"""Test-only misbehaviour for worker processes, loaded when this folder is on a worker's PYTHONPATH.

A page (or feed) whose body holds a marker makes its conversion (or parsing) die (``os._exit``), hang
or raise, so the tests can watch the crawl survive that; nothing in the product
knows about the markers.
"""

import os
import time

from web2md.conversion import converter as conversion
from web2md.extract.documents import feeds

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

_parse_feed = feeds.parse_feed


def parse_feed(body, *args, **kwargs):
    if b"web2md-test-hang" in body:
        time.sleep(600)
    return _parse_feed(body, *args, **kwargs)


# before anything binds the name: the spider and the worker's feed reading find this one
feeds.parse_feed = parse_feed
