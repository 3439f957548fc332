"""The memory bound (issues 19 and 32): a page whose conversion would take more than WEB2MD_MAX_MEMORY bytes, as
estimated from its markup, is converted up to the bound and flagged, never silently; the crawl counts it. A big
page of an ordinary kind is far within the default bound and read whole."""

from __future__ import annotations

import json

import pytest

from tests.server import TestServer
from web2md import convert, crawl
from web2md.extract.html.parse import (
    BYTE_COST,
    DEFAULT_MAX_MEMORY,
    ELEMENT_COST,
    LINK_COST,
    memory_cut,
    memory_estimate,
)


def test_a_page_is_converted_up_to_the_bound():
    html = "<h1>Rows</h1>" + "".join(f"<p>row {i}</p>" for i in range(10))
    # the h1 and four rows fit; the start tag of the fifth row would pass the bound
    bound = memory_estimate(html.index("<p>row 4"), 5)
    page = convert(html, "https://example.test/", max_memory=bound)
    assert page.markdown == "# Rows\n\nrow 0\n\nrow 1\n\nrow 2\n\nrow 3"
    assert page.truncated is True and page.to_dict()["truncated"] is True
    whole = convert(html, "https://example.test/", max_memory=memory_estimate(len(html), 11))
    assert whole.truncated is None and "truncated" not in whole.to_dict()
    assert whole.markdown.endswith("row 9")
    assert convert(html, "https://example.test/", max_memory=0).markdown == whole.markdown  # 0: no bound


def test_the_estimate_counts_bytes_elements_and_links():
    data = b"<p>a < b</p><br/>" + b'<a href="/x">x</a>' * 2
    # "<p", "<br", "<a", "<a": a '<' in text and end tags are no elements; each link costs more
    assert memory_estimate(10, 2, 1) == 10 * BYTE_COST + 2 * ELEMENT_COST + LINK_COST
    assert memory_cut(data, memory_estimate(len(data), 4, 2)) is None
    second = data.rindex(b"<a ")
    assert memory_cut(data, memory_estimate(second, 4, 2) - 1) == second
    # <abbr> and <aside> are no links
    assert memory_cut(b"<abbr>x</abbr><aside>y</aside>", memory_estimate(30, 2)) is None


def test_text_past_the_bound_is_cut_between_characters():
    data = b"<pre>" + "é".encode() * 100
    bound = memory_estimate(0, 1) + BYTE_COST * 50  # the 50th byte is inside a character
    cut = memory_cut(data, bound)
    assert cut == 49 and data[:cut].decode("utf-8")
    page = convert(data, "https://example.test/", max_memory=bound)
    assert page.markdown == "```\n" + "é" * 22 + "\n```" and page.truncated is True


def test_a_page_past_the_old_element_cap_is_read_whole():
    # 240,000 elements, past the 200,000 start tags once parsed; its estimate is far within the default bound
    rows = 60_000
    html = "<h1>A table</h1><table>" + "<tr><td>n</td><td>v</td><td>w</td></tr>" * rows + "</table><p>The end.</p>"
    assert memory_cut(html.encode(), DEFAULT_MAX_MEMORY) is None
    page = convert(html, "https://example.test/")
    assert page.truncated is None and page.markdown.endswith("The end.")
    assert page.markdown.count("| n | v | w |") == rows
    assert len(page.tables[0]["rows"]) == rows - 1  # the first row is the header


@pytest.mark.integration
def test_the_bound_holds_in_a_crawl_and_is_counted():
    rows = 1000
    body = "<html><body><table>" + "<tr><td>cell</td></tr>" * rows + "</table><p>The end.</p></body></html>"
    with TestServer() as srv:
        srv.route("/big", body)
        srv.route("/small", "<p>A small page with a few words.</p>")
        result = crawl.run(
            "page",
            {"WEB2MD_MAX_MEMORY": memory_estimate(len(body) // 2, rows)},
            url=f"{srv.url('/big')} {srv.url('/small')}",
            output="",
            dedupe="off",
        )
    pages = {item["url"]: item for item in result.items}
    big, small = pages[srv.url("/big")], pages[srv.url("/small")]
    assert big["truncated"] is True and "The end." not in big["markdown"]
    assert 0 < big["markdown"].count("cell") < rows
    assert "truncated" not in small
    assert result.stats["web2md/truncated"] == 1


@pytest.mark.integration
def test_the_bound_is_a_setting_and_a_spider_argument(tmp_path):
    html = "<h1>List</h1><ul>" + "<li>item</li>" * 100 + "</ul>"
    # h1, ul and eight items fit
    bound = memory_estimate(html.index("<li>", len("<h1>List</h1><ul>") + 8 * len("<li>item</li>")), 10)
    with TestServer() as srv:
        srv.route("/", html)
        by_setting = crawl.run(
            "page", {"WEB2MD_MAX_MEMORY": bound}, url=srv.url("/"), output=str(tmp_path), formats="json"
        )
        by_argument = crawl.run("page", url=srv.url("/"), output="", max_memory=bound)
    for result in (by_setting, by_argument):
        [item] = result.items
        assert item["truncated"] is True and item["markdown"].count("- item") == 8
    [written] = [p for p in tmp_path.rglob("*.json") if "_runs" not in p.parts]  # not the run report
    assert json.loads(written.read_text())["truncated"] is True


def test_a_line_of_many_links_is_read_in_little_memory():
    # fit_markdown's links-only test once kept regex state per link: 500 MB for a page of 200k links
    import tracemalloc

    from web2md.extract.derive import fit_markdown

    line = "[link](https://e.test/x) · " * 20_000
    tracemalloc.start()
    try:
        assert fit_markdown(line + "\n\nA paragraph of four words.") == "A paragraph of four words."
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 10 * len(line)  # a few copies of the text; the repeated group took 40x


@pytest.mark.integration
def test_a_page_nested_past_the_parsers_depth_limit_keeps_its_text_in_a_crawl(tmp_path):
    # 5,000 nested divs: past libxml2's 2,048 (the text after the limit was lost: an empty page was counted)
    deep = "<h1>Deep</h1><p>Before the nesting.</p>" + "<div>" * 5000 + "<p>Deep text.</p>" + "</div>" * 5000
    with TestServer() as srv:
        srv.route("/", f"<html><body>{deep}<p>After the nesting.</p></body></html>")
        result = crawl.run("page", url=srv.url("/"), output=str(tmp_path))
    [page] = result.items
    assert page["markdown"] == "# Deep\n\nBefore the nesting.\n\nDeep text.\n\nAfter the nesting."
    assert not page.get("truncated") and "web2md/truncated" not in result.stats
    [written] = [p for p in tmp_path.rglob("*.md")]
    assert written.read_text() == page["markdown"] + "\n"
