"""Spider arguments are checked: a misspelt name names the closest known one, a bad value is one log line, and
``scrapy crawl`` exits 2 for either; Scrapyd's own ``_job`` passes."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.server import TestServer
from web2md import crawl
from web2md.frontends.jobs import load_jobs
from web2md.middlewares import POLITENESS_OPTIONS
from web2md.spiders.base import PIPELINE_ARGUMENTS, option_names
from web2md.spiders.batch import BatchSpider
from web2md.spiders.feed import FeedSpider
from web2md.spiders.page import PageSpider
from web2md.spiders.site import SiteSpider
from web2md.spiders.sitemap import SitemapSpider

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parent.parent
SPIDERS = (PageSpider, BatchSpider, SiteSpider, SitemapSpider, FeedSpider)
# "2026-12-05 23:21:17 [web2md.commands.crawl] ERROR: ..." -> "[web2md.commands.crawl] ERROR: ..."
LOG_TIME = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d ")


@pytest.fixture(scope="module")
def server():
    with TestServer() as srv:
        srv.route("/", "<html><body><main><p>The one page.</p></main></body></html>")
        yield srv


def scrapy_crawl(tmp_path: Path, *args: str, path: tuple[str, ...] = ()) -> subprocess.CompletedProcess:
    env = dict(
        os.environ,
        SCRAPY_SETTINGS_MODULE="web2md.settings",
        PYTHONPATH=os.pathsep.join(filter(None, [*path, str(ROOT), os.environ.get("PYTHONPATH")])),
    )
    return subprocess.run(
        [sys.executable, "-m", "scrapy", "crawl", *args, "-s", "LOG_LEVEL=ERROR"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def log_lines(stderr: str) -> list[str]:
    return [LOG_TIME.sub("", line) for line in stderr.splitlines()]


def test_each_spider_knows_its_arguments():
    shared = {
        "url",
        "urls_file",
        "output",
        "formats",
        "documents",
        *option_names(),
        *POLITENESS_OPTIONS,
        *PIPELINE_ARGUMENTS,
    }
    assert PageSpider.argument_names() == BatchSpider.argument_names() == shared
    assert FeedSpider.argument_names() == shared | {"max_entries", "fetch_entries"}
    assert SitemapSpider.argument_names() == shared | {"since", "max_pages", "max_depth", "list"}
    site = {"depth", "allow", "deny", "prefix", "subdomains", "sitemap", "query", "dry_run", "bundle"}
    assert SiteSpider.argument_names() == shared | site | {"since", "max_pages", "max_depth"}


def test_an_unknown_argument_names_the_closest_known_one():
    with pytest.raises(ValueError, match=r"^unknown argument 'deph' for the site spider, did you mean depth\?$"):
        SiteSpider.check_arguments({"url": "http://h/", "deph": "0"})
    with pytest.raises(
        ValueError, match=r"^unknown argument 'fetch_entry' for the feed spider, did you mean fetch_entries\?$"
    ):
        FeedSpider.check_arguments({"fetch_entry": "1"})
    with pytest.raises(ValueError) as caught:
        PageSpider.check_arguments({"zzzzzz": "1"})
    known = ", ".join(sorted(PageSpider.argument_names()))
    assert str(caught.value) == f"unknown argument 'zzzzzz' for the page spider (its arguments: {known})"
    with pytest.raises(ValueError, match="unknown argument 'list' for the site spider"):
        SiteSpider.check_arguments({"list": "1"})  # the sitemap spider's: a site crawl fetches its pages


def test_scrapyd_arguments_pass():
    # Scrapyd adds -a _job=ID to every job, and -a _version=V when one is asked for
    for spider in SPIDERS:
        spider.check_arguments({"_job": "6487ec79", "_version": "r1"})


def test_an_embedded_crawl_refuses_an_unknown_argument(server):
    with pytest.raises(ValueError, match=r"^unknown argument 'formts' for the page spider, did you mean formats\?$"):
        crawl.run(PageSpider, url=server.url("/"), formts="md")


def test_scrapy_crawl_refuses_a_misspelt_argument_in_one_line(server, tmp_path):
    done = scrapy_crawl(tmp_path, "site", "-a", f"url={server.url('/')}", "-a", "deph=0")
    assert done.returncode == 2
    assert log_lines(done.stderr) == [
        "[web2md.commands.crawl] ERROR: unknown argument 'deph' for the site spider, did you mean depth?"
    ]
    assert server.paths() == []  # nothing was fetched


@pytest.mark.parametrize(
    "args, message",
    [
        (("-a", "depth=two"), "argument depth expects a whole number, got 'two'"),
        (("-a", "depth=-1"), "argument depth must not be negative, got -1"),
        (("-a", "prefix=maybe"), "argument prefix expects 1/true/yes or 0/false/no, got 'maybe'"),
        # read by pipelines when the spider opens, where an error also broke Scrapy's closing (a traceback)
        (("-a", "dedupe=sometimes"), "dedupe must be one of drop, flag, off, got 'sometimes'"),
        (
            ("-a", "lang=zz-qq-1"),
            "unknown language code 'zz-qq-1': use an ISO 639-1 or 639-3 code such as 'en' or 'eng'",
        ),
    ],
)
def test_scrapy_crawl_names_a_bad_value_in_one_line(server, tmp_path, args, message):
    done = scrapy_crawl(tmp_path, "site", "-a", f"url={server.url('/')}", *args)
    assert done.returncode == 2
    assert log_lines(done.stderr) == [f"[web2md.commands.crawl] ERROR: {message}"]


def test_scrapy_crawl_without_a_url_says_so_in_one_line(tmp_path):
    done = scrapy_crawl(tmp_path, "site", "-a", "depth=0")
    assert done.returncode == 2
    assert log_lines(done.stderr) == [
        "[web2md.commands.crawl] ERROR: site spider needs -a url=URL (or -a urls_file=PATH)"
    ]


def test_scrapy_crawl_without_the_javascript_engine_says_what_to_install_in_one_line(server, tmp_path):
    hidden = tmp_path / "hidden"
    hidden.mkdir()
    (hidden / "quickjs.py").write_text("raise ImportError('not installed, for the test')\n")
    done = scrapy_crawl(tmp_path, "page", "-a", f"url={server.url('/')}", "-a", "javascript=1", path=(str(hidden),))
    assert done.returncode == 1
    assert log_lines(done.stderr) == [
        "[web2md.commands.crawl] ERROR: --javascript needs a JavaScript engine: "
        "pip install 'web2md[javascript]' (the quickjs-ng package)"
    ]


def test_scrapy_crawl_takes_scrapyds_job_argument(server, tmp_path):
    done = scrapy_crawl(tmp_path, "page", "-a", f"url={server.url('/')}", "-a", "_job=6487ec79", "-O", "pages.jsonl")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    pages = [json.loads(line) for line in (tmp_path / "pages.jsonl").read_text().splitlines()]
    assert [(page["url"], page["markdown"]) for page in pages] == [(server.url("/"), "The one page.")]


def test_a_jobs_file_with_a_misspelt_argument_is_refused(tmp_path):
    path = tmp_path / "jobs.toml"
    path.write_text('[jobs.docs]\nspider = "site"\nschedule = "0 3 * * *"\nargs = { url = "http://h/", deph = "0" }\n')
    with pytest.raises(ValueError) as caught:
        load_jobs(path)
    assert str(caught.value) == f"{path}: job 'docs': unknown argument 'deph' for the site spider, did you mean depth?"
    # the output folder and Scrapyd's arguments are arguments too
    path.write_text(
        '[jobs.docs]\nspider = "feed"\nschedule = "0 3 * * *"\noutput = "o"\nargs = { url = "http://h/", max_entries = 3 }\n'
    )
    assert load_jobs(path)[0].args == {"url": "http://h/", "max_entries": "3", "output": str(tmp_path / "o")}
