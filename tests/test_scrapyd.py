"""Deploy to a real Scrapyd and run a crawl through schedule.json: scrapyd-deploy builds and uploads the egg."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from tests.server import TestServer
from web2md.paths import page_path

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = Path(__file__).parent / "fixtures" / "site"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def call(url: str, data: dict | None = None) -> dict:
    body = urllib.parse.urlencode(data, doseq=True).encode() if data is not None else None
    with urllib.request.urlopen(url, body, timeout=10) as response:
        return json.loads(response.read())


def wait_until_finished(url: str, jobid: str) -> None:
    for _ in range(600):
        jobs = call(url + "listjobs.json?project=web2md")
        if any(j["id"] == jobid for j in jobs["finished"]):
            return
        time.sleep(0.1)
    pytest.fail(f"job {jobid} did not finish: {jobs}")


@pytest.fixture()
def scrapyd(tmp_path):
    """Scrapyd on a free 127.0.0.1 port, its eggs, logs and databases in a temporary folder."""
    home = tmp_path / "scrapyd"
    home.mkdir()
    port = free_port()
    (home / "scrapyd.conf").write_text(
        "[scrapyd]\nbind_address = 127.0.0.1\n"
        f"http_port = {port}\npoll_interval = 0.2\neggs_dir = eggs\nlogs_dir = logs\ndbs_dir = dbs\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}  # the jobs import this checkout
    proc = subprocess.Popen(
        [sys.executable, "-m", "scrapyd"], cwd=home, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    url = f"http://127.0.0.1:{port}/"
    try:
        for _ in range(200):
            try:
                if call(url + "daemonstatus.json")["status"] == "ok":
                    break
            except OSError:
                time.sleep(0.1)
        else:
            pytest.fail("scrapyd did not start")
        yield url, home
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def test_deploy_and_schedule_a_crawl(scrapyd, tmp_path):
    url, home = scrapyd
    # scrapyd-deploy (scrapyd_client.deploy) reads its targets from scrapy.cfg files; the user-level one names the test server
    config = tmp_path / "config"
    config.mkdir()
    (config / "scrapy.cfg").write_text(f"[deploy:test]\nurl = {url}\nproject = web2md\n")
    env = {**os.environ, "XDG_CONFIG_HOME": str(config), "PYTHONPATH": str(ROOT)}
    deploy = subprocess.run(
        [sys.executable, "-m", "scrapyd_client.deploy", "test", "--version", "1"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert deploy.returncode == 0, deploy.stderr
    assert json.loads(deploy.stdout)["spiders"] >= 4
    assert {"page", "site", "sitemap", "feed"} <= set(call(url + "listspiders.json?project=web2md")["spiders"])

    with TestServer() as site:
        site.files(FIXTURE)
        site.route("/moved", status=301, headers={"Location": "/c.html"})
        # a relative output folder is Scrapyd's working folder's; the job makes it absolute and says so
        job = call(
            url + "schedule.json",
            {
                "project": "web2md",
                "spider": "site",
                "url": site.url("/"),
                "depth": "1",
                "output": "pages",
                "setting": ["WEB2MD_FORMATS=md,json", "LOG_LEVEL=INFO"],
            },
        )
        assert job["status"] == "ok"
        wait_until_finished(url, job["jobid"])
        out = home / "pages"
        files = sorted(str(p.relative_to(out)) for p in out.rglob("*") if p.is_file() and "_runs" not in p.parts)
        host = f"127.0.0.1_{site.port}"
        assert files == sorted(
            str(page_path(site.url(path), ext))
            for path in ("/", "/a.html", "/b.html", "/c.html")
            for ext in ("md", "json")
        )
        assert all(name.startswith(host + "/") for name in files)
        [report] = [json.loads(p.read_text()) for p in (out / "_runs").glob("*-site.json")]
        assert (report["pages_written"], report["files_written"], report["output"]) == (4, 8, str(out.resolve()))
        assert report["arguments"]["depth"] == "1" and report["arguments"]["_job"] == job["jobid"]
        log = (home / "logs" / "web2md" / "site" / f"{job['jobid']}.log").read_text()
        assert f"Writing files under {out.resolve()}" in log

        # `web2md jobs run --scrapyd`: the due job is submitted, with its output folder made absolute
        jobs = tmp_path / "jobs"
        jobs.mkdir()
        (jobs / "jobs.toml").write_text(
            f'[jobs.home]\nspider = "page"\nschedule = "0 0 1 1 *"\n'
            f'output = "home-md"\nargs = {{ url = "{site.url("/")}" }}\n'
        )
        submitted = subprocess.run(
            [sys.executable, "-m", "web2md.frontends.cli", "jobs", "run", "jobs.toml", "--scrapyd", url],
            cwd=jobs,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert submitted.returncode == 0, submitted.stderr
        jobid = json.loads((jobs / "jobs.state.json").read_text())["home"]["jobid"]
        assert submitted.stdout == f"home\tsubmitted: {jobid}\n"
        wait_until_finished(url, jobid)
        assert (jobs / "home-md" / page_path(site.url("/"), "md")).is_file()
        assert not (home / "home-md").exists()
