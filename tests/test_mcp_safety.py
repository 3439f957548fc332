"""`web2md mcp` against hostile input, through the official `mcp` client: a pattern that backtracks without end
is stopped at the deadline while other calls are answered, network strings come back escaped, arguments are
strictly typed and unknown ones named."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator

import pytest

from tests.server import TestServer
from tests.test_mcp import McpSession, page, text_of

pytestmark = pytest.mark.integration

DEADLINE = 3  # the server's --timeout, which bounds a web_grep call too


@pytest.fixture(scope="module")
def site() -> Iterator[TestServer]:
    with TestServer() as srv:
        srv.route("/a", page("Aaa", "<p>" + "a" * 40 + "b</p>"))
        srv.route("/fine", page("Fine", "<p>A fine page.</p>"))
        yield srv


@pytest.fixture(scope="module")
def mcp() -> Iterator[McpSession]:
    session = McpSession("--allow-private", "--timeout", str(DEADLINE))
    yield session
    session.close()


def test_a_catastrophic_pattern_is_stopped_at_the_deadline_while_other_calls_are_answered(mcp, site):
    assert not mcp.call("web_fetch", {"url": site.url("/a")}).is_error
    assert mcp.client is not None

    async def both() -> tuple[float, object, float, object]:
        start = time.monotonic()

        async def timed(call):
            result = await call
            return time.monotonic() - start, result

        grep = asyncio.ensure_future(timed(mcp.client.call_tool("web_grep", {"pattern": "(a+)+$"})))
        await asyncio.sleep(0.5)  # the grep is running
        fetched_after, fetched = await timed(mcp.client.call_tool("web_fetch", {"url": site.url("/fine")}))
        grep_after, grepped = await grep
        return grep_after, grepped, fetched_after, fetched

    grep_after, grepped, fetched_after, fetched = mcp.run(both())
    assert not fetched.is_error, text_of(fetched)
    assert "A fine page." in text_of(fetched)
    assert fetched_after < DEADLINE  # answered while the pattern ran
    assert grepped.is_error
    assert text_of(grepped) == (
        "Error executing tool web_grep: "
        f"pattern '(a+)+$' ran longer than {DEADLINE} s (the server's --timeout) and was stopped: simplify it "
        "(nested repetition such as (a+)+ backtracks without end)"
    )
    assert DEADLINE <= grep_after < DEADLINE + 5
    # the pool replaced the killed worker: the next search works
    again = mcp.call("web_grep", {"pattern": "fine"})
    assert not again.is_error
    assert text_of(again) == f"{site.url('/fine')}:3:A fine page."
