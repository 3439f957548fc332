"""Documents nested deeper than libxml2 goes (issue 14 item 8): `flatten_depth` and the second parse."""

from __future__ import annotations

from lxml import etree

from web2md.extract.html.parse import MAX_DEPTH, flatten_depth, memory_estimate, parse_html


def test_flatten_depth_drops_the_tags_below_the_limit_and_keeps_their_text():
    assert flatten_depth("<div><div><div>x</div></div></div>y", max_depth=2) == "<div><div>x</div></div>y"
    assert flatten_depth("<div><p>a<p>b<p>c</div>", max_depth=2) == "<div><p>a<p>b<p>c</div>"
    assert flatten_depth("<b><i><u>x</u></i> y</b>", max_depth=1) == "<b>x y</b>"


def test_flatten_depth_passes_over_comments_raw_text_void_and_stray_tags():
    html = '<div><!-- <div><div> --><script>"<div><div>"</script><br><img src=x/><span/></em><div>x</div></div>'
    assert flatten_depth(html, max_depth=2) == html
    assert (
        flatten_depth("<div><div><script>a<b</script>t</div></div>", max_depth=1) == "<div><script>a<b</script>t</div>"
    )
    assert flatten_depth("<div><div>unterminated <", max_depth=1) == "<div>unterminated <"


def test_flatten_depth_is_identity_within_the_limit():
    html = "<html><body>" + "<div>" * 100 + "x" + "</div>" * 100 + "</body></html>"
    assert flatten_depth(html) == html


def depth(root: etree._Element) -> int:
    deepest = 0
    for el in root.iter():
        deepest = max(deepest, sum(1 for _ in el.iterancestors()))
    return deepest


def test_parse_keeps_what_lies_past_libxml2s_limit():
    n = 100_000
    root = parse_html("<p>a</p>" + "<div>" * n + "deep" + "</div>" * n + "<p>after</p>")
    assert "".join(root.itertext()) == "adeepafter"
    assert depth(root) <= MAX_DEPTH + 2  # html, body
    assert [p.text for p in root.iter("p")] == ["a", "after"]


def test_parse_within_the_limit_is_not_flattened():
    root = parse_html("<div>" * 1500 + "x" + "</div>" * 1500)
    assert depth(root) == 1501


def test_the_memory_bound_counts_the_flattened_nesting():
    # 300,000 nested divs are past a bound of 1,000 start tags, but the tree holds MAX_DEPTH of them
    n = 300_000
    html = "<div>" * n + "deep" + "</div>" * n + "<p>after</p>"
    root = parse_html(html, max_memory=memory_estimate(len(html), 1000))
    assert "".join(root.itertext()) == "deepafter" and root.get("data-web2md-truncated") is None
    html = "<div>" * n + "deep" + "</div>" * n + "<p>a</p><p>b</p>"
    flat = flatten_depth(html)
    bound = memory_estimate(flat.index("<p>b"), MAX_DEPTH + 1)
    root = parse_html(html, max_memory=bound)
    assert "".join(root.itertext()) == "deepa" and root.get("data-web2md-truncated") == str(bound)


def test_flatten_depth_ends_its_scan_past_the_cap():
    html = "<div><div><div>x</div></div></div><p>a</p><br><p>b</p><p>c</p>"
    # the fourth start tag kept (a void one counts: it stays) ends the scan
    assert flatten_depth(html, max_depth=2, max_elements=3) == "<div><div>x</div></div><p>a</p><br>"
    assert flatten_depth(html, max_depth=2, max_elements=4) == "<div><div>x</div></div><p>a</p><br><p>"
    assert flatten_depth(html, max_depth=2, max_elements=6) == flatten_depth(html, max_depth=2)
