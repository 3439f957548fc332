"""`web2md jobs`: a job's webhook receives the run summary, from a real local server; retried on a 500, and a hook
that keeps failing is logged with its URL without failing the job."""

from __future__ import annotations

import json
import logging

import pytest

from tests.server import TestServer
from web2md.frontends import jobs
from web2md.frontends.jobs import load_jobs, run_due

pytestmark = pytest.mark.integration


def hook(answers: list[int]):
    """A webhook answering each POST with the next status of `answers` (the last one again once they run out)."""

    def answer(_request) -> tuple[int, dict[str, str], bytes]:
        status = answers.pop(0) if len(answers) > 1 else answers[0]
        return status, {"Content-Type": "text/plain"}, b"ok" if status == 200 else b"no"

    return answer


@pytest.fixture()
def servers(tmp_path, monkeypatch):
    monkeypatch.setattr(jobs, "WEBHOOK_RETRY_DELAYS", (0.1, 0.1))  # three attempts, without the waits of a real run
    root = tmp_path / "site"
    root.mkdir()
    text = "with enough words to count as the content of a page, in its {} version."
    (root / "index.html").write_text(
        f"<html><head><title>Home</title></head><body><main><h1>Home</h1><p>The home page {text.format('only')}</p>"
        '<a href="/a.html">A</a></main></body></html>'
    )
    (root / "a.html").write_text(
        f"<html><head><title>A</title></head><body><main><h1>A</h1><p>Page A {text.format('first')}</p></main></body>"
        "</html>"
    )
    with TestServer() as site, TestServer() as receiver:
        site.files(root)
        site.site_root = root
        yield site, receiver


def jobs_file(tmp_path, site: TestServer, webhook: str):
    path = tmp_path / "jobs.toml"
    path.write_text(f"""
[jobs.docs]
spider = "site"
schedule = "* * * * * *"
output = "out"
webhook = "{webhook}"
args = {{ url = "{site.url("/")}", depth = 1 }}
settings = {{ WEB2MD_INCREMENTAL = "state" }}
""")
    return path


def test_the_run_summary_is_posted_to_the_webhook_and_retried_after_a_500(servers, tmp_path):
    site, receiver = servers
    receiver.route("/hook", handler=hook([500, 200]))
    path = jobs_file(tmp_path, site, receiver.url("/hook"))
    assert run_due(path) == [("docs", "finished: 2 pages, 0 unchanged, 0 failed")]
    posts = [r for r in receiver.requests if r.method == "POST"]
    assert len(posts) == 2  # the 500, then the retry, with the same summary
    assert posts[0].headers["Content-Type"] == "application/json"
    assert posts[0].body == posts[1].body
    assert json.loads(posts[0].body)["changes"] == {"new": 2, "changed": 0, "gone": 0, "unchanged": 0}
    assert json.loads((tmp_path / "jobs.state.json").read_text())["docs"]["webhook"] == "delivered"

    # the second run: page A changed; the summary says so
    (site.site_root / "a.html").write_text((site.site_root / "a.html").read_text().replace("first", "second"))
    receiver.requests.clear()
    state = json.loads((tmp_path / "jobs.state.json").read_text())
    state["docs"]["last_start"] = "2000-01-01T00:00:00+00:00"
    (tmp_path / "jobs.state.json").write_text(json.dumps(state))
    assert run_due(path) == [("docs", "finished: 1 pages, 1 unchanged, 0 failed")]
    assert [r.method for r in receiver.requests] == ["POST"]
    summary = json.loads(receiver.requests[0].body)
    sent_state = json.loads((tmp_path / "jobs.state.json").read_text())["docs"]
    assert {k: v for k, v in summary.items() if k not in ("bytes_downloaded", "started", "ended")} == {
        "job": "docs",
        "spider": "site",
        "outcome": "finished: 1 pages, 1 unchanged, 0 failed",
        "output": str(tmp_path / "out"),
        "finish_reason": "finished",
        "changes": {"new": 0, "changed": 1, "gone": 0, "unchanged": 1},
        "pages": [{"url": site.url("/a.html"), "status": "changed", "title": "A"}],
    }
    assert (summary["started"], summary["ended"]) == (sent_state["last_start"], sent_state["last_end"])
    assert summary["bytes_downloaded"] > 0


def test_a_webhook_that_keeps_failing_is_logged_and_the_job_still_succeeds(servers, tmp_path, caplog):
    site, receiver = servers
    receiver.route("/hook", handler=hook([500]))
    url = receiver.url("/hook")
    path = jobs_file(tmp_path, site, url)
    with caplog.at_level(logging.WARNING, logger="web2md.frontends.jobs"):
        assert run_due(path) == [("docs", "finished: 2 pages, 0 unchanged, 0 failed")]
    assert len([r for r in receiver.requests if r.method == "POST"]) == 3
    assert [r.getMessage() for r in caplog.records if r.name == "web2md.frontends.jobs"] == [
        f"Webhook {url} failed (HTTP 500), attempt 1 of 3: retrying",
        f"Webhook {url} failed (HTTP 500), attempt 2 of 3: retrying",
        f"Webhook {url} failed (HTTP 500) after 3 attempts; the job's outcome stands",
    ]
    assert json.loads((tmp_path / "jobs.state.json").read_text())["docs"]["webhook"] == "failed: HTTP 500"


def test_a_webhook_must_be_an_http_url(tmp_path):
    path = tmp_path / "jobs.toml"
    path.write_text('[jobs.x]\nspider = "page"\nschedule = "* * * * *"\nwebhook = "file:///etc/passwd"\n')
    with pytest.raises(ValueError, match="job 'x': webhook must be an http\\(s\\) URL, not 'file:///etc/passwd'"):
        load_jobs(path)
