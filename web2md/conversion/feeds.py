"""Reading a fetched feed where pages are converted: `read_feed` runs the core's `parse_feed` (which renders every
entry's HTML) in a worker under the extraction deadline, and answers as plain data."""

from __future__ import annotations

from typing import Any

from web2md.extract.documents.feeds import FeedError, FeedRefused, parse_feed

__all__ = ["read_feed"]


def read_feed(body: bytes, url: str, max_entries: int) -> dict[str, Any]:
    """``{"feed": Feed}``; ``{"refused": why}`` for XML that declares entities; ``{"not_feed": why}`` for a
    document that is not a feed (the usual answer for a page)."""
    try:
        return {"feed": parse_feed(body, url, max_entries=max_entries)}
    except FeedRefused as exc:
        return {"refused": str(exc)}
    except FeedError as exc:
        return {"not_feed": str(exc)}
