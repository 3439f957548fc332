"""The element cap (issue 19): a page past WEB2MD_MAX_ELEMENTS is converted up to the cap and flagged, never
silently; the crawl counts it."""

from __future__ import annotations

import json

import pytest

from tests.server import TestServer
from web2md import convert, crawl
from web2md.extract.html.parse import DEFAULT_MAX_ELEMENTS, element_cut


def test_a_page_is_converted_up_to_the_cap():
    html = "<h1>Rows</h1>" + "".join(f"<p>row {i}</p>" for i in range(10))
    page = convert(html, "https://example.test/", max_elements=5)
    assert page.markdown == "# Rows\n\nrow 0\n\nrow 1\n\nrow 2\n\nrow 3"
    assert page.truncated is True and page.to_dict()["truncated"] is True
    whole = convert(html, "https://example.test/", max_elements=11)
    assert whole.truncated is None and "truncated" not in whole.to_dict()
    assert whole.markdown.endswith("row 9")
    assert convert(html, "https://example.test/", max_elements=0).markdown == whole.markdown  # 0: no cap


def test_the_cut_counts_start_tags():
    data = b"<p>a < b</p><br/>" + b"<i>x</i>" * 3
    # "<p", "<br", "<i", "<i", "<i": a '<' in text and end tags are no elements
    assert element_cut(data, 4) == data.rindex(b"<i>")
    assert element_cut(data, 5) is None


@pytest.mark.integration
def test_the_default_cap_holds_in_a_crawl_and_is_counted():
    rows = DEFAULT_MAX_ELEMENTS + 1000
    body = "<html><body><table>" + "<tr><td>cell</td></tr>" * (rows // 2) + "</table><p>The end.</p></body></html>"
    with TestServer() as srv:
        srv.route("/big", body)
        srv.route("/small", "<p>A small page with a few words.</p>")
        result = crawl.run("page", url=f"{srv.url('/big')} {srv.url('/small')}", output="", dedupe="off")
    pages = {item["url"]: item for item in result.items}
    big, small = pages[srv.url("/big")], pages[srv.url("/small")]
    assert big["truncated"] is True and "The end." not in big["markdown"]
    assert 0 < big["markdown"].count("cell") < rows // 2
    assert "truncated" not in small
    assert result.stats["web2md/truncated"] == 1


@pytest.mark.integration
def test_the_cap_is_a_setting_and_a_spider_argument(tmp_path):
    with TestServer() as srv:
        srv.route("/", "<h1>List</h1><ul>" + "<li>item</li>" * 100 + "</ul>")
        by_setting = crawl.run(
            "page", {"WEB2MD_MAX_ELEMENTS": 10}, url=srv.url("/"), output=str(tmp_path), formats="json"
        )
        by_argument = crawl.run("page", url=srv.url("/"), output="", max_elements=10)
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
