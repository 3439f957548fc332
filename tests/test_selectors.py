"""exclude_selector takes CSS selectors (cssselect, one compiled XPath); `.class` and `#id` keep their old meaning."""

from __future__ import annotations

import pytest

from web2md import convert
from web2md.extract.html.parse import parse_html
from web2md.extract.html.selectors import compile_selectors, selector_predicate

PAGE = """<html><body>
<header role="banner"><p>Site banner with a slogan long enough to be read as a sentence.</p></header>
<div class="story">
<h1>Shipping faster</h1>
<p>First paragraph of the story, which explains what was slow and why it mattered.</p>
<div class="ad box"><p>Buy our product today, it is the best product in the world.</p><span>Sponsored</span></div>
<p class="1col">A paragraph whose class starts with a digit, which CSS itself would not accept.</p>
<p data-kind="aside">An aside marked with a data attribute rather than a class.</p>
<p>Last paragraph of the story, with what we learned and what comes next.</p>
</div>
</body></html>"""

BANNER = "Site banner with a slogan long enough to be read as a sentence."
TITLE = "# Shipping faster"
FIRST = "First paragraph of the story, which explains what was slow and why it mattered."
AD = "Buy our product today, it is the best product in the world."
SPONSORED = "Sponsored"
DIGIT = "A paragraph whose class starts with a digit, which CSS itself would not accept."
ASIDE = "An aside marked with a data attribute rather than a class."
LAST = "Last paragraph of the story, with what we learned and what comes next."


def blocks(*parts: str) -> str:
    return "\n\n".join(parts)


@pytest.mark.parametrize(
    "selector, expected",
    [
        ((), blocks(BANNER, TITLE, FIRST, AD, SPONSORED, DIGIT, ASIDE, LAST)),
        (".ad", blocks(BANNER, TITLE, FIRST, DIGIT, ASIDE, LAST)),
        ("div.ad > p", blocks(BANNER, TITLE, FIRST, SPONSORED, DIGIT, ASIDE, LAST)),
        (".story > p:first-of-type", blocks(BANNER, TITLE, AD, SPONSORED, DIGIT, ASIDE, LAST)),
        ("[data-kind=aside], .box span", blocks(BANNER, TITLE, FIRST, AD, DIGIT, LAST)),
        ("[role=banner]", blocks(TITLE, FIRST, AD, SPONSORED, DIGIT, ASIDE, LAST)),
        (".1col", blocks(BANNER, TITLE, FIRST, AD, SPONSORED, ASIDE, LAST)),  # taken literally, as before
        ("P.AD", blocks(BANNER, TITLE, FIRST, AD, SPONSORED, DIGIT, ASIDE, LAST)),  # tag names fold, classes do not
        (["header", ".ad", "#nothing"], blocks(TITLE, FIRST, DIGIT, ASIDE, LAST)),
    ],
)
def test_css_selectors(selector, expected):
    page = convert(PAGE, "https://example.com/", exclude_selector=selector, main_content=False, keep_header=True)
    assert page.markdown == expected


def test_the_main_content_honours_them_too():
    page = convert(PAGE.replace('"story"', '"story" id="story"'), exclude_selector="#story > p:last-child")
    assert page.markdown == blocks(TITLE, FIRST, DIGIT, ASIDE)


def test_a_class_is_a_word_of_the_class_attribute_as_str_split_reads_it():
    root = parse_html(
        '<div><p class="ad">1</p><p class="x\tad\n">2</p><p class="x\xa0ad">3</p><p class="x\x0cad">4</p>'
        '<p class="bad">5</p><p class="ad-x">6</p><p class="AD">7</p><p id="ad">8</p><p>9</p></div>'
    )
    for selector, texts in [
        (".ad", ["1", "2", "3", "4"]),
        ("#ad", ["8"]),
        ("p.ad#ad", []),
        ("p:not(.ad)", list("56789")),
    ]:
        matches = selector_predicate((selector,), root)
        assert [p.text for p in root.iter("p") if matches(p)] == texts, selector


def test_one_compiled_xpath_per_selector_list_and_none_for_no_selectors():
    assert compile_selectors(()) is None and selector_predicate((), parse_html("<p>x</p>")) is None
    assert compile_selectors((".a", "nav > p")) is compile_selectors((".a", "nav > p"))
    assert compile_selectors(("nav > p",)).path == "descendant-or-self::nav/p"


@pytest.mark.parametrize(
    "selector, message",
    [
        ("div >", "invalid exclude_selector 'div >': Expected selector, got <EOF at 5>"),
        ("p::before", "invalid exclude_selector 'p::before': Pseudo-elements are not supported."),
        ("", "invalid exclude_selector '': Expected selector, got <EOF at 0>"),
    ],
)
def test_an_invalid_selector_is_a_value_error_naming_it(selector, message):
    with pytest.raises(ValueError) as caught:
        compile_selectors((".ok", selector))
    assert str(caught.value) == message


@pytest.mark.parametrize(
    "argument, selectors",
    [
        ("nav, footer", ("nav, footer",)),
        ('[title="a,b"]', ('[title="a,b"]',)),
        ("  ", ()),
    ],
)
def test_a_spider_argument_is_one_selector_whose_commas_are_css(argument, selectors):
    from web2md.spiders.base import coerce_option

    assert coerce_option("exclude_selector", argument) == selectors


def test_a_selector_with_a_comma_inside_an_attribute_value_strips_that_element():
    from web2md.spiders.base import coerce_option

    page = '<html><body><p>Kept paragraph of a story that is long enough.</p><p title="a,b">Dropped.</p></body></html>'
    options = coerce_option("exclude_selector", '[title="a,b"]')
    assert convert(page, exclude_selector=options, main_content=False).markdown == (
        "Kept paragraph of a story that is long enough."
    )
