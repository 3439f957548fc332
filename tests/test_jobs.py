"""`web2md jobs run|list`: recurring crawls from a jobs.toml, run for real against a local site."""

from __future__ import annotations

import json
import subprocess
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from tests.cli_process import run_web2md as web2md
from tests.server import TestServer
from web2md.frontends.jobs import load_jobs

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = Path(__file__).parent / "fixtures" / "site"


@pytest.fixture()
def site():
    with TestServer() as srv:
        srv.files(FIXTURE)
        yield srv


def write_jobs(folder: Path, site: TestServer) -> Path:
    path = folder / "jobs.toml"
    path.write_text(f"""
[jobs.often]
spider = "page"
schedule = "* * * * * *"   # every second (croniter's sixth field)
output = "out-often"
args = {{ url = "{site.url("/a.html")}" }}
settings = {{ WEB2MD_FORMATS = "md,json", WEB2MD_INCREMENTAL = "state-often" }}

[jobs.yearly]
spider = "page"
schedule = "0 0 1 1 *"
output = "out-yearly"
args = {{ url = "{site.url("/b.html")}" }}
""")
    return path


def outcomes(stdout: str) -> dict[str, str]:
    return dict(line.split("\t", 1) for line in stdout.splitlines())


def test_due_jobs_run_and_others_wait(site, tmp_path):
    path = write_jobs(tmp_path, site)
    first = web2md("jobs", "run", str(path), cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    assert outcomes(first.stdout) == {
        "often": "finished: 1 pages, 0 unchanged, 0 failed",
        "yearly": "finished: 1 pages, 0 unchanged, 0 failed",
    }
    often = tmp_path / "out-often" / f"127.0.0.1_{site.port}" / "a.html.md"
    yearly = tmp_path / "out-yearly" / f"127.0.0.1_{site.port}" / "b.html.md"
    assert often.is_file() and yearly.is_file()
    state = json.loads((tmp_path / "jobs.state.json").read_text())
    yearly_state = state["yearly"]
    assert yearly_state["outcome"] == "finished: 1 pages, 0 unchanged, 0 failed"

    # the next second of "often" has come (its last start moved a second back rather than waited for);
    # January 1st has not
    state["often"]["last_start"] = (
        datetime.fromisoformat(state["often"]["last_start"]) - timedelta(seconds=1)
    ).isoformat()
    (tmp_path / "jobs.state.json").write_text(json.dumps(state))
    second = web2md("jobs", "run", str(path), cwd=tmp_path)
    assert second.returncode == 0, second.stderr
    # the second run of "often" is incremental: the page answers 304 and its files stay as they were
    assert outcomes(second.stdout) == {"often": "finished: 0 pages, 1 unchanged, 0 failed", "yearly": "not due"}
    assert json.loads((tmp_path / "jobs.state.json").read_text())["yearly"] == yearly_state
    get_b = [p for p in site.paths() if p == "/b.html"]
    assert len(get_b) == 1

    listing = web2md("jobs", "list", str(path), cwd=tmp_path)
    rows = [line.split("\t") for line in listing.stdout.splitlines()]
    assert rows[0] == ["name", "spider", "schedule", "next", "last", "outcome"]
    by_name = {row[0]: row for row in rows[1:]}
    year = datetime.now(UTC).year + 1
    assert by_name["yearly"][3] == f"{year}-01-01T00:00:00+00:00"
    assert by_name["yearly"][4] == yearly_state["last_start"]
    assert by_name["often"][5] == "finished: 0 pages, 1 unchanged, 0 failed"


def test_a_running_job_is_not_started_twice(site, tmp_path):
    path = write_jobs(tmp_path, site)
    lock = tmp_path / "jobs.often.lock"
    holder = subprocess.Popen(["sleep", "60"])
    try:
        lock.write_text(f"{holder.pid}\n")
        busy = web2md("jobs", "run", str(path), cwd=tmp_path)
        assert outcomes(busy.stdout)["often"] == "already running"
        assert not (tmp_path / "out-often").exists()
        assert lock.read_text() == f"{holder.pid}\n"
        assert "running" == web2md("jobs", "list", str(path), cwd=tmp_path).stdout.splitlines()[1].split("\t")[5]
    finally:
        holder.kill()
        holder.wait()
    # the holder is gone: its lock is stale and the job runs
    again = web2md("jobs", "run", str(path), cwd=tmp_path)
    assert outcomes(again.stdout)["often"] == "finished: 1 pages, 0 unchanged, 0 failed"
    assert not lock.exists()


def test_bad_job_files_are_refused(tmp_path):
    path = tmp_path / "jobs.toml"
    path.write_text('[jobs.x]\nspider = "page"\nschedule = "61 * * * *"\n')
    with pytest.raises(ValueError, match="bad cron expression '61 \\* \\* \\* \\*'"):
        load_jobs(path)
    path.write_text('[jobs.x]\nspider = "nope"\nschedule = "* * * * *"\n')
    with pytest.raises(ValueError, match="unknown spider 'nope'"):
        load_jobs(path)
    result = web2md("jobs", "run", str(path), cwd=tmp_path)
    assert result.returncode == 1 and "unknown spider 'nope'" in result.stderr


def test_a_failing_job_is_recorded_and_the_others_still_run(site, tmp_path):
    path = tmp_path / "jobs.toml"
    path.write_text(
        f'[jobs.broken]\nspider = "page"\nschedule = "* * * * *"\noutput = "o"\n\n'
        f'[jobs.fine]\nspider = "page"\nschedule = "* * * * *"\noutput = "o"\n'
        f'args = {{ url = "{site.url("/c.html")}" }}\n'
    )
    result = web2md("jobs", "run", str(path), cwd=tmp_path)
    assert result.returncode == 1
    assert outcomes(result.stdout) == {
        "broken": "error: page spider needs -a url=URL (or -a urls_file=PATH)",
        "fine": "finished: 1 pages, 0 unchanged, 0 failed",
    }
    state = json.loads((tmp_path / "jobs.state.json").read_text())
    assert state["broken"]["outcome"].startswith("error: ") and state["broken"]["last_end"]
