"""Crawl scope (allow, deny, prefix, subdomains, sitemap seeding, query=drop, dry_run) and the llms.txt bundle.

A fixture site on 127.0.0.1 with /docs/ and /blog/ sections, an orphan page
listed only in the sitemap, tracking-parameter variants of one page, and a
link to a second server (another port: another site).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli_process import run_web2md as web2md
from tests.server import TestServer
from web2md import crawl
from web2md.formats.llms import BundlePage, estimate_tokens, first_sentence, llms_full_txt, llms_txt, section_of
from web2md.scope import Scope, path_prefix, registrable_domain

ROOT = Path(__file__).resolve().parent.parent


def page(title: str, text: str, *links: str, description: str = "") -> str:
    meta = f'<meta name="description" content="{description}">' if description else ""
    anchors = "".join(f'<li><a href="{href}">link {i}</a></li>' for i, href in enumerate(links))
    return (
        f"<!DOCTYPE html><html lang=en><head><title>{title}</title>{meta}</head><body><main>"
        f"<h1>{title}</h1><p>{text}</p><ul>{anchors}</ul></main></body></html>"
    )


@pytest.fixture()
def other():
    with TestServer() as srv:
        srv.route("/", page("Elsewhere", "Another site entirely, on another port of the same address."))
        yield srv


@pytest.fixture()
def site(other):
    with TestServer() as srv:
        srv.route(
            "/robots.txt",
            f"User-agent: *\nAllow: /\nSitemap: {srv.url('/sitemap.xml')}\n",
            headers={"Content-Type": "text/plain"},
        )
        srv.route(
            "/sitemap.xml",
            '<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
            f"<url><loc>{srv.url('/orphan.html')}</loc></url><url><loc>{srv.url('/docs/')}</loc></url>"
            f"<url><loc>{other.url('/listed.html')}</loc></url></urlset>",
            headers={"Content-Type": "application/xml"},
        )
        srv.route(
            "/",
            page(
                "Fixture Site",
                "The home page of the fixture site. It links to every section.",
                "/docs/",
                "/blog/",
                "/about.html",
                "/docs/intro.html?utm_source=news",
                "/docs/intro.html?utm_medium=mail&utm_source=feed",
                other.url("/"),
                description="A small site for testing crawl scope. Second sentence.",
            ),
        )
        srv.route("/about.html", page("About", "Who writes this site and why they bother doing so at all."))
        srv.route(
            "/docs/",
            page(
                "Docs",
                "The documentation index lists the guides for the product.",
                "/docs/intro.html",
                "/docs/api.html",
                "/docs/api.html?sessionid=abc123",
                "/blog/first.html",
            ),
        )
        srv.route(
            "/docs/intro.html",
            page(
                "Introduction",
                "Start here to install the tool and run it once.",
                "/docs/api.html",
                "/private/secret.html",
            ),
        )
        srv.route(
            "/docs/api.html", page("API reference", "Every function of the library, with its arguments.", "/docs/")
        )
        srv.route(
            "/blog/",
            page(
                "Blog",
                "News from the team, newest first, about releases and plans.",
                "/blog/first.html",
                "/blog/second.html",
            ),
        )
        srv.route("/blog/first.html", page("First post", "We released version one after a long winter."))
        srv.route("/blog/second.html", page("Second post", "Version two adds sitemaps and a faster parser."))
        srv.route("/private/secret.html", page("Secret", "Nobody should crawl this page by following links."))
        srv.route("/orphan.html", page("Orphan", "Only the sitemap knows about this lonely page."))
        yield srv


def planned(srv: TestServer, **args) -> list[str]:
    """The URLs a dry run lists (breadth first), as paths of `srv`."""
    args.setdefault("depth", 2)
    result = crawl.run("site", url=srv.url(args.pop("start", "/")), output="", dry_run=True, **args)
    return [u.replace(srv.url(""), "") for u in result.spider.planned_urls()]


@pytest.mark.integration
def test_default_scope_is_the_start_origin(site):
    assert planned(site) == [
        "/",
        "/about.html",
        "/blog/",
        "/docs/",
        "/docs/intro.html?utm_medium=mail&utm_source=feed",
        "/docs/intro.html?utm_source=news",
        "/blog/first.html",
        "/blog/second.html",
        "/docs/api.html",
        "/docs/api.html?sessionid=abc123",
        "/docs/intro.html",
        "/private/secret.html",
    ]


@pytest.mark.integration
def test_dry_run_fetches_only_the_pages_whose_links_it_needs(site):
    planned(site, depth=1)
    fetched = sorted(p for p in site.paths() if p != "/robots.txt")
    assert fetched == ["/"]


@pytest.mark.integration
def test_query_drop_crawls_tracking_variants_as_one_url(site):
    assert planned(site, query="drop") == [
        "/",
        "/about.html",
        "/blog/",
        "/docs/",
        "/docs/intro.html",
        "/blog/first.html",
        "/blog/second.html",
        "/docs/api.html",
        "/private/secret.html",
    ]


@pytest.mark.integration
def test_prefix_stays_under_the_start_folder(site):
    result = crawl.run("site", url=site.url("/docs/"), depth=3, output="", dry_run=True, prefix=True)
    urls = [u.replace(site.url(""), "") for u in result.spider.planned_urls()]
    assert urls == ["/docs/", "/docs/api.html", "/docs/api.html?sessionid=abc123", "/docs/intro.html"]
    assert result.stats["web2md/scope/prefix"] == 2  # /blog/first.html, /private/secret.html


@pytest.mark.integration
def test_allow_and_deny_match_the_absolute_url(site):
    assert planned(site, allow=["/docs/", "/blog/"], deny=[r"\?", "api"]) == [
        "/",
        "/blog/",
        "/docs/",
        "/blog/first.html",
        "/blog/second.html",
        "/docs/intro.html",
    ]
    # one -a allow=REGEX string; the start URL is fetched whatever the patterns say
    assert planned(site, allow=r"blog/\w+\.html$", depth=1) == ["/"]


@pytest.mark.integration
def test_refused_links_are_counted_by_reason(site):
    result = crawl.run("site", url=site.url("/"), depth=1, output="", dry_run=True, deny=r"\?")
    stats = result.stats
    assert stats["web2md/scope/deny"] == 2
    assert stats["web2md/scope/offsite"] == 1  # the other port
    assert "web2md/scope/prefix" not in stats


@pytest.mark.integration
def test_sitemap_seeds_the_crawl_within_scope(site, other):
    assert planned(site, depth=0, sitemap=True) == ["/", "/docs/", "/orphan.html"]
    result = crawl.run("site", url=site.url("/"), depth=0, output="", sitemap=True)
    assert sorted(i["url"].replace(site.url(""), "") for i in result.items) == ["/", "/docs/", "/orphan.html"]
    assert result.stats["web2md/scope/offsite"] == 1  # the sitemap's URL on the other server
    assert other.paths() == []


@pytest.mark.integration
def test_sitemap_urls_count_as_depth_zero(site):
    # /docs/ from the sitemap is at depth 0, so its links are one hop away
    assert planned(site, depth=1, sitemap=True, prefix=True, start="/docs/") == [
        "/docs/",
        "/docs/api.html",
        "/docs/api.html?sessionid=abc123",
        "/docs/intro.html",
    ]


@pytest.mark.integration
def test_dry_run_prints_the_urls_and_writes_nothing(site, tmp_path):
    env = dict(
        os.environ,
        SCRAPY_SETTINGS_MODULE="web2md.settings",
        PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
    )
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "scrapy",
            "crawl",
            "site",
            "-a",
            f"url={site.url('/')}",
            "-a",
            "depth=1",
            "-a",
            "dry_run=1",
            "-a",
            "query=drop",
            "-a",
            "deny=about",
            "-s",
            "LOG_LEVEL=ERROR",
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [site.url(p) for p in ("/", "/blog/", "/docs/", "/docs/intro.html")]
    assert list(tmp_path.iterdir()) == []


@pytest.mark.integration
def test_bad_arguments_fail_before_anything_is_fetched(site):
    for args in ({"allow": "("}, {"query": "sometimes"}, {"prefix": "maybe"}):
        with pytest.raises(ValueError):
            crawl.run("site", url=site.url("/"), output="", **args)
    assert site.paths() == []


# -- the scope decision ------------------------------------------------------------------


def test_subdomains_share_the_registrable_domain():
    scope = Scope(subdomains=True)
    scope.add_start("https://www.example.co.uk/docs/")
    assert scope.refusal("https://docs.example.co.uk/a") is None
    assert scope.refusal("http://blog.example.co.uk:8080/") is None
    assert scope.refusal("https://example.co.uk/") is None
    assert scope.refusal("https://other.co.uk/") == "offsite"
    assert scope.refusal("https://example.com/") == "offsite"
    strict = Scope()
    strict.add_start("https://www.example.co.uk/docs/")
    assert strict.refusal("https://docs.example.co.uk/a") == "offsite"
    assert strict.refusal("https://www.example.co.uk:444/a") == "offsite"
    assert strict.refusal("https://www.example.co.uk/a") is None


def test_registrable_domain_comes_from_the_bundled_public_suffix_list():
    assert registrable_domain("a.b.example.com") == "example.com"
    assert registrable_domain("user.github.io") == "user.github.io"  # a private suffix
    assert registrable_domain("127.0.0.1") == "127.0.0.1"
    assert registrable_domain("localhost") == "localhost"


def test_prefix_folder():
    assert path_prefix("https://x.org/docs/") == "/docs/"
    assert path_prefix("https://x.org/docs") == "/docs/"
    assert path_prefix("https://x.org/docs/intro.html") == "/docs/"
    assert path_prefix("https://x.org") == "/"
    scope = Scope(prefix=True, subdomains=True)
    scope.add_start("https://x.org/docs")
    assert scope.refusal("https://x.org/docs") is None
    assert scope.refusal("https://api.x.org/docs/v2") is None
    assert scope.refusal("https://x.org/docs-old/") == "prefix"
    assert scope.refusal("https://x.org/") == "prefix"


def test_scope_reasons_in_order_offsite_prefix_deny_allow():
    scope = Scope(allow=["/docs/"], deny=["draft"], prefix=True)
    scope.add_start("https://x.org/docs/")
    assert scope.refusal("https://y.org/docs/draft") == "offsite"
    assert scope.refusal("https://x.org/blog/draft") == "prefix"
    assert scope.refusal("https://x.org/docs/draft") == "deny"
    assert scope.refusal("https://x.org/docs/a") is None
    only_allow = Scope(allow=["/docs/"])
    only_allow.add_start("https://x.org/")
    assert only_allow.refusal("https://x.org/blog/") == "allow"


def test_query_drop_removes_only_tracking_parameters():
    scope = Scope(query="drop")
    assert scope.request_url("https://x.org/a?utm_source=n&b=2&a=1&fbclid=z#top") == "https://x.org/a?a=1&b=2"
    assert scope.request_url("https://x.org/a?PHPSESSID=1") == "https://x.org/a"
    assert scope.key("https://x.org/a?q=1&utm_medium=m") == scope.key("https://x.org/a?q=1")
    keep = Scope()
    assert keep.request_url("https://x.org/a?utm_source=n") == "https://x.org/a?utm_source=n"
    assert keep.key("https://x.org/a?utm_source=n") != keep.key("https://x.org/a")


# -- the bundle ----------------------------------------------------------------------------

GOLDEN_LLMS = """\
# Fixture Site

> A small site for testing crawl scope. Second sentence.

## /

- [Fixture Site]({root}/): A small site for testing crawl scope.
- [About]({root}/about.html): Who writes this site and why they bother doing so at all.

## /blog/

- [Blog]({root}/blog/): News from the team, newest first, about releases and plans.
- [First post]({root}/blog/first.html): We released version one after a long winter.
- [Second post]({root}/blog/second.html): Version two adds sitemaps and a faster parser.

## /docs/

- [Docs]({root}/docs/): The documentation index lists the guides for the product.
- [Introduction]({root}/docs/intro.html): Start here to install the tool and run it once.
- [API reference]({root}/docs/api.html): Every function of the library, with its arguments.
"""


def bundle_run(srv: TestServer, out: Path):
    return crawl.run("site", url=srv.url("/"), depth=2, output=str(out), bundle=True, query="drop", deny="private")


@pytest.mark.integration
def test_bundle_llms_txt_golden_and_deterministic(site, tmp_path):
    result = bundle_run(site, tmp_path / "one")
    host = f"127.0.0.1_{site.port}"
    index = (tmp_path / "one" / host / "llms.txt").read_text(encoding="utf-8")
    assert index == GOLDEN_LLMS.format(root=site.url(""))
    full = (tmp_path / "one" / host / "llms-full.txt").read_bytes()
    assert full.decode().startswith(
        f"# Fixture Site\n\n> A small site for testing crawl scope. Second sentence.\n\n"
        f"# Fixture Site\nURL: {site.url('/')}\n\n"
        "The home page of the fixture site. It links to every section.\n"
    )
    titles = [line for line in full.decode().splitlines() if line.startswith("URL: ")]
    assert titles == [
        f"URL: {site.url(p)}"
        for p in (
            "/",
            "/about.html",
            "/blog/",
            "/docs/",
            "/docs/intro.html",
            "/blog/first.html",
            "/blog/second.html",
            "/docs/api.html",
        )
    ]
    assert (tmp_path / "one" / host / "docs" / "api.html.md").is_file()  # the per-page files are still written
    assert result.stats["web2md/bundle/page_count"] == 8
    assert result.stats["web2md/bundle/tokens"] == estimate_tokens(full.decode())
    # a second crawl of the unchanged site, with pages arriving in another order: the same bytes
    bundle_run(site, tmp_path / "two")
    assert (tmp_path / "two" / host / "llms.txt").read_text(encoding="utf-8") == index
    assert (tmp_path / "two" / host / "llms-full.txt").read_bytes() == full


def test_bundle_leaves_near_duplicates_out_of_the_full_text():
    pages = [
        BundlePage("https://x.org/", "Home", "Hello.", "Hello."),
        BundlePage("https://x.org/b/copy", "Copy", "Hello.", "Hello.", hops=1, duplicate=True),
        BundlePage("https://x.org/a", "A [draft]", "Text of A.", "Text of A.", hops=1),
    ]
    assert llms_txt(pages) == (
        "# Home\n\n## /\n\n- [Home](https://x.org/): Hello.\n"
        "- [A \\[draft\\]](https://x.org/a): Text of A.\n\n"
        "## /b/\n\n- [Copy](https://x.org/b/copy): Hello.\n"
    )
    assert llms_full_txt(pages) == (
        "# Home\n\n# Home\nURL: https://x.org/\n\nHello.\n\n# A [draft]\nURL: https://x.org/a\n\nText of A.\n"
    )


def test_summary_and_section_helpers():
    assert first_sentence("  One   two.  Three. ") == "One two."
    assert first_sentence("No full stop here") == "No full stop here"
    long = "word " * 100
    assert first_sentence(long).endswith("…") and len(first_sentence(long)) <= 201
    assert section_of("https://x.org/docs/a/b.html") == "/docs/"
    assert section_of("https://x.org/about") == "/"
    assert section_of("https://x.org/") == "/"
    assert estimate_tokens("") == 0 and estimate_tokens("abcde") == 2


# -- front ends ----------------------------------------------------------------------------


@pytest.mark.integration
def test_cli_dry_run_and_bundle(site, tmp_path):
    done = web2md(
        "fetch",
        site.url("/"),
        "--depth",
        "1",
        "--dry-run",
        "--drop-query",
        "--deny",
        "about",
        "--deny",
        "blog",
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [site.url(p) for p in ("/", "/docs/", "/docs/intro.html")]
    assert list(tmp_path.iterdir()) == []

    out = tmp_path / "out"
    done = web2md(
        "fetch",
        site.url("/"),
        "--depth",
        "2",
        "--bundle",
        "-o",
        str(out),
        "--drop-query",
        "--deny",
        "private",
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    host = out / f"127.0.0.1_{site.port}"
    assert (host / "llms.txt").read_text(encoding="utf-8") == GOLDEN_LLMS.format(root=site.url(""))
    full = (host / "llms-full.txt").read_text(encoding="utf-8")
    assert f"llms.txt and llms-full.txt: 8 pages, ~{estimate_tokens(full)} tokens" in done.stderr
    assert (host / "blog" / "first.html.md").is_file()


@pytest.mark.integration
def test_cli_checks_scope_flags_before_fetching(site, tmp_path):
    done = web2md("fetch", site.url("/"), "--depth", "1", "--allow", "(", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.startswith("web2md: --allow is not a valid regular expression")
    done = web2md("fetch", site.url("/"), "--depth", "1", "--bundle", cwd=tmp_path)
    assert done.returncode == 2 and "--bundle needs -o DIR" in done.stderr
    assert site.paths() == []


@pytest.mark.integration
def test_mcp_web_crawl_scope_dry_run_and_bundle(site):
    from tests.test_mcp import McpSession, text_of

    session = McpSession("--allow-private")
    try:
        listed = session.call(
            "web_crawl", {"url": site.url("/docs/"), "depth": 3, "prefix": True, "drop_query": True, "dry_run": True}
        )
        assert not listed.is_error, text_of(listed)
        assert listed.structured_content["planned"] == [
            site.url(p) for p in ("/docs/", "/docs/api.html", "/docs/intro.html")
        ]
        bundled = session.call(
            "web_crawl",
            {
                "url": site.url("/"),
                "depth": 2,
                "drop_query": True,
                "deny": ["private"],
                "bundle": True,
                "max_pages": 50,
            },
        )
        assert not bundled.is_error, text_of(bundled)
        assert bundled.structured_content["llms_txt"] == GOLDEN_LLMS.format(root=site.url(""))
        pages = bundled.structured_content["pages"]
        assert all(p["tokens"] > 0 for p in pages)
        assert bundled.structured_content["bundle_tokens"] > sum(p["tokens"] for p in pages)
        refused = session.call("web_crawl", {"url": site.url("/"), "allow": ["("]})
        assert refused.is_error and "allow is not a valid regular expression" in text_of(refused)
    finally:
        session.close()
    assert "/private/secret.html" not in site.paths()


@pytest.fixture()
def named_hosts():
    """Host names under example.com and example.org resolving to 127.0.0.1, through the DNS cache of Scrapy's
    resolvers (the reactor's resolver is installed once per process, so it cannot be swapped here)."""
    from scrapy.resolver import CachingHostnameResolver, dnscache
    from scrapy.utils.misc import load_object
    from twisted.internet.address import IPv4Address

    resolver = load_object(crawl.project_settings()["TWISTED_DNS_RESOLVER"])
    # CachingHostnameResolver caches addresses, CachingThreadedResolver (Scrapy's default) one IP string
    answer = [IPv4Address("TCP", "127.0.0.1", 0)] if issubclass(resolver, CachingHostnameResolver) else "127.0.0.1"
    names = ("www.example.com", "docs.example.com", "www.example.org")
    for name in names:
        dnscache[name] = answer
    yield
    for name in names:
        dnscache.pop(name, None)


@pytest.mark.integration
def test_subdomains_crawl_other_hosts_of_the_domain(named_hosts):
    with TestServer() as srv:

        def on(host: str, path: str) -> str:
            return f"http://{host}:{srv.port}{path}"

        srv.route(
            "/",
            page(
                "Hosts",
                "The start page links to a subdomain and to another domain.",
                on("docs.example.com", "/guide.html"),
                on("www.example.org", "/elsewhere.html"),
            ),
        )
        srv.route("/guide.html", page("Guide", "A page on the docs subdomain of the same site."))
        srv.route("/elsewhere.html", page("Elsewhere", "A page on another registrable domain."))
        strict = crawl.run("site", url=on("www.example.com", "/"), depth=1, output="")
        assert sorted(i["url"] for i in strict.items) == [on("www.example.com", "/")]
        assert strict.stats["web2md/scope/offsite"] == 2
        wide = crawl.run("site", url=on("www.example.com", "/"), depth=1, output="", subdomains=True)
        assert sorted(i["url"] for i in wide.items) == [
            on("docs.example.com", "/guide.html"),
            on("www.example.com", "/"),
        ]
        assert wide.stats["web2md/scope/offsite"] == 1
        hosts = {r.headers.get("Host") for r in srv.requests if r.path != "/robots.txt"}
        assert hosts == {f"www.example.com:{srv.port}", f"docs.example.com:{srv.port}"}


def test_bundle_keeps_the_breadth_first_original_of_near_duplicates_whatever_the_arrival_order():
    from web2md.items import PageItem
    from web2md.pipelines.bundle import build_bundles
    from web2md.spiders.site import Plan

    def item(path: str, fingerprint: str) -> PageItem:
        return PageItem(
            url=f"https://x.org{path}",
            title=path,
            markdown=f"Text of {path}.",
            text=f"Text of {path}.",
            fingerprint=fingerprint,
        )

    items = [item("/index.html", "00000000000000ff"), item("/a", "ffffffff00000000"), item("/", "00000000000000fe")]
    planned = Plan()
    for path, hops in (("/", 0), ("/a", 1), ("/index.html", 1)):
        planned.plan(f"https://x.org{path}", hops, f"https://x.org{path}", budget=10)
    for arrival in (items, items[::-1]):
        dropped = build_bundles(arrival, planned, lambda u: u, listed=False)["x.org"]
        assert [p.url for p in dropped.pages] == ["https://x.org/", "https://x.org/a"]
        flagged = build_bundles(arrival, planned, lambda u: u, listed=True)["x.org"]
        assert [p.url for p in flagged.pages] == ["https://x.org/", "https://x.org/a", "https://x.org/index.html"]
        assert "index.html" in flagged.index and "index.html" not in flagged.full
        kept = build_bundles(arrival, planned, lambda u: u, distance=None)["x.org"]
        assert "URL: https://x.org/index.html" in kept.full


# -- invariants ----------------------------------------------------------------------------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_PATHS = st.lists(
    st.sampled_from(["/", "/a", "/docs/", "/docs/x.html", "/blog/p?id=1", "/b c", "/docs/(y)"]),
    min_size=1,
    max_size=7,
    unique=True,
)


@settings(max_examples=60, deadline=None)
@given(paths=_PATHS, hops=st.lists(st.integers(0, 3), min_size=7, max_size=7), data=st.data())
def test_bundle_bytes_do_not_depend_on_arrival_order(paths, hops, data):
    from web2md.items import PageItem
    from web2md.pipelines.bundle import build_bundles
    from web2md.spiders.site import Plan

    items = [
        PageItem(
            url=f"https://x.org{p}",
            title=f"T{i}",
            markdown=f"Body {i}.",
            text=f"Body {i}.",
            fingerprint=f"{(i * 0x9E3779B97F4A7C15) % 2**64:016x}",
        )
        for i, p in enumerate(paths)
    ]
    planned = Plan()
    for i, item in enumerate(items):
        planned.plan(item["url"], hops[i], item["url"], budget=len(items))
    shuffled = data.draw(st.permutations(items))
    one = build_bundles(items, planned, lambda u: u)["x.org"]
    two = build_bundles(shuffled, planned, lambda u: u)["x.org"]
    assert (one.index, one.full) == (two.index, two.full)
    assert sorted(p.url for p in one.pages) == sorted(item["url"] for item in items)
    assert [(p.hops, p.url) for p in one.pages] == sorted((p.hops, p.url) for p in one.pages)


@settings(max_examples=200, deadline=None)
@given(
    query=st.lists(
        st.tuples(st.sampled_from(["a", "b", "utm_source", "gclid", "sid", "q"]), st.sampled_from(["1", "x", ""])),
        max_size=5,
    )
)
def test_dropping_the_query_is_idempotent_and_keeps_other_parameters(query):
    scope = Scope(query="drop")
    url = "https://x.org/p?" + "&".join(f"{k}={v}" for k, v in query)
    cleaned = scope.request_url(url)
    assert scope.request_url(cleaned) == cleaned
    assert scope.key(cleaned) == scope.key(url)
    kept = sorted((k, v) for k, v in query if k in ("a", "b", "q"))
    assert sorted(tuple(pair.split("=", 1)) for pair in filter(None, cleaned.partition("?")[2].split("&"))) == kept
