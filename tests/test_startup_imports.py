"""What `web2md fetch` of one page does not import: each of these costs start-up time and the fetch does not need it.

The full import list is read from the finished process (``sys.modules`` at
exit); `benchmarks/startup.py` measures the time.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.server import TestServer

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parent.parent
# web2md fetch, then the names of the modules the process imported, one a line on stderr
FETCH = (
    "import atexit, sys\n"
    "atexit.register(lambda: print(*sorted(sys.modules), sep='\\n', file=sys.stderr))\n"
    "from web2md.frontends.cli import main\n"
    "sys.exit(main())"
)
NOT_NEEDED = {
    "prompt_toolkit": "the terminal browser's UI",
    "mcp": "the MCP server",
    "tldextract": "Scrapy's cookie jar, until a cookie turns up",
    "scrapy.exporters": "file and feed exporters (nothing is written)",
    "pydantic": "itemadapter's pydantic support, imported with the exporters",
    "web2md.spiders.site": "the other spiders (the spider class is given, no spider loader)",
    "web2md.frontends.jobs": "the jobs command",
}


def modules_of_fetch(url: str, *args: str) -> tuple[str, set[str]]:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    done = subprocess.run(
        [sys.executable, "-c", FETCH, "fetch", url, *args], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return done.stdout, set(done.stderr.split())


@pytest.fixture(scope="module")
def server():
    with TestServer() as srv:
        srv.route("/", "<html><head><title>Tiny</title></head><body><main><p>A tiny page.</p></main></body></html>")
        srv.route(
            "/cookie", "<html><body><main><p>With a cookie.</p></main></body></html>", headers={"Set-Cookie": "a=1"}
        )
        yield srv


def test_a_one_page_fetch_imports_only_what_it_needs(server):
    out, modules = modules_of_fetch(server.url("/"))
    assert out == "A tiny page.\n"
    assert "scrapy" in modules and "web2md.spiders.page" in modules  # the list is real
    assert {name: why for name, why in NOT_NEEDED.items() if name in modules} == {}


def test_the_cookie_jar_comes_with_the_first_cookie(server):
    out, modules = modules_of_fetch(server.url("/cookie"))
    assert out == "With a cookie.\n"
    assert "scrapy.downloadermiddlewares.cookies" in modules and "tldextract" in modules


# scrapy crawl, then the modules the process imported (as FETCH)
CRAWL = (
    "import atexit, sys\n"
    "atexit.register(lambda: print(*sorted(sys.modules), sep='\\n', file=sys.stderr))\n"
    "from scrapy.cmdline import execute\n"
    "execute(['scrapy', *sys.argv[1:]])"
)


@pytest.mark.parametrize("switched_on", [False, True])
def test_scrapy_crawl_imports_the_telnet_console_and_remote_control_only_when_switched_on(
    server, tmp_path, switched_on
):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    env.pop("SCRAPY_SETTINGS_MODULE", None)
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            CRAWL,
            "crawl",
            "page",
            "-a",
            f"url={server.url('/')}",
            "-a",
            f"output={tmp_path}",
            "-s",
            f"TELNETCONSOLE_ENABLED={switched_on}",
            "-s",
            "LOG_LEVEL=INFO",
        ],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    modules = set(done.stderr.split())
    assert "web2md.extensions.ondemand" in modules  # the list is real
    assert ("scrapy.extensions.telnet" in modules) is switched_on
    assert ("Telnet console listening" in done.stderr) is switched_on
    assert "aiohttp" not in modules and "scrapy.extensions.remote_control" not in modules
