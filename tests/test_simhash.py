"""Simhash fingerprints (see docs/design.md#page-fields `fingerprint`, docs/design.md#operations near-duplicates)."""

from __future__ import annotations

import itertools
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from web2md import convert
from web2md.extract.meta.simhash import body_lines, fingerprint, hamming, lowered_words_of, simhash, words_of

ARTICLE_A = [
    "The city council voted on Tuesday to extend the night bus network to the northern districts, "
    "ending a two year campaign by residents who said they were cut off after ten in the evening.",
    "Under the plan, three new routes will run every thirty minutes between midnight and five in the "
    "morning. The council expects the service to cost about four million a year, paid for partly by a "
    "small increase in the parking charges in the centre.",
    "Transport officials said the first buses would run in the spring, once drivers have been hired and "
    "trained. Shift workers at the hospital and the airport are expected to be the main users.",
    "Opposition members welcomed the decision but warned that the timetable was too optimistic, pointing "
    "to delays on the tram extension that opened eighteen months late last year.",
    "Residents' groups said they would watch closely how often the buses actually ran, and asked for "
    "real-time information at every stop so that people are not left waiting in the dark.",
]
ARTICLE_B = [
    "Researchers at the university have found that bees exposed to common garden pesticides take longer "
    "to learn which flowers carry the most nectar, according to a study published this week.",
    "The team trained more than four hundred bumblebees in the laboratory, rewarding them with sugar water "
    "when they chose flowers of a particular colour, and then repeated the tests with tiny doses of the chemicals.",
    "Bees that had been exposed needed almost twice as many visits before they reliably picked the "
    "rewarding flowers, and they forgot the lesson sooner when tested again a day later.",
    "The authors say the effect could reduce how much food a colony gathers over a season, even when the "
    "doses are far below the levels that kill bees outright.",
    "Manufacturers said the laboratory conditions did not reflect real gardens, and that the products were "
    "safe when used according to the instructions on the label.",
]

TEMPLATE_ONE = """<!DOCTYPE html><html lang="en"><head><title>{title} - City Post</title></head><body>
<header class="masthead"><a href="/">City Post</a><nav><a href="/news">News</a> <a href="/sport">Sport</a>
<a href="/weather">Weather</a> <a href="/subscribe">Subscribe today</a></nav></header>
<main><article><h1>{title}</h1>{paragraphs}</article></main>
<aside><h2>Most read</h2><ul><li><a href="/a">Mayor opens new library wing</a></li>
<li><a href="/b">Storm warning for the weekend</a></li></ul></aside>
<footer><p>Copyright City Post. All rights reserved.</p><a href="/privacy">Privacy</a></footer></body></html>"""

TEMPLATE_TWO = """<!DOCTYPE html><html lang="en"><head><title>{title} | Regional Wire</title>
<style>.x{{color:red}}</style><script>var tracking = "{title}";</script></head><body>
<div id="top"><nav class="menu"><ul><li><a href="/">Home</a></li><li><a href="/politics">Politics</a></li>
<li><a href="/business">Business</a></li><li><a href="/culture">Culture and arts</a></li></ul></nav></div>
<div class="layout"><article class="story"><h1 class="headline">{title}</h1>
<div class="story-body">{paragraphs}</div></article>
<aside class="sidebar"><h3>Newsletter</h3><p>Sign up for our morning briefing, delivered every weekday.</p>
<h3>Related</h3><a href="/x">Council budget explained</a></aside></div>
<footer class="site-footer">Regional Wire Ltd, registered in the county. <a href="/terms">Terms</a></footer>
</body></html>"""


def render(template: str, title: str, paragraphs: list[str]) -> str:
    return template.format(title=title, paragraphs="".join(f"<p>{p}</p>" for p in paragraphs))


def test_fingerprint_is_sixteen_lowercase_hex_digits_and_stable():
    fp = fingerprint("hello world this is a test")
    assert fp == "581235a082014001"  # pinned: same bytes on every platform and in every process
    assert re.fullmatch(r"[0-9a-f]{16}", fingerprint(" ".join(ARTICLE_A)))
    assert fingerprint("one") == f"{simhash('one'):016x}"


def test_no_words_no_fingerprint():
    assert fingerprint("") is None
    assert fingerprint(" \n ... !!! ") is None


def test_case_and_punctuation_do_not_matter():
    text = " ".join(ARTICLE_A)
    assert fingerprint(text) == fingerprint(text.upper().replace(",", " ").replace(".", " ! "))


def test_same_article_under_two_page_templates_is_within_distance_3():
    one = convert(render(TEMPLATE_ONE, "Night buses for the north", ARTICLE_A), "https://citypost.example/n")
    two = convert(render(TEMPLATE_TWO, "Night buses for the north", ARTICLE_A), "https://wire.example/story/9")
    assert one.fingerprint and two.fingerprint
    assert hamming(one.fingerprint, two.fingerprint) <= 3


def test_different_articles_are_over_distance_10():
    pages = [
        convert(render(t, title, body), "https://x.example/")
        for t in (TEMPLATE_ONE, TEMPLATE_TWO)
        for title, body in (("Night buses for the north", ARTICLE_A), ("Pesticides slow bee learning", ARTICLE_B))
    ]
    for p, q in itertools.combinations(pages, 2):
        if (ARTICLE_A[0] in p.text) != (ARTICLE_A[0] in q.text):
            assert hamming(p.fingerprint, q.fingerprint) > 10


def test_short_lines_do_not_count_when_there_is_prose():
    text = "\n\n".join(ARTICLE_A)
    noisy = (
        "Night buses for the north\n\nBy Ann Smith\n\n12 March 2025\n\n"
        + "\n\n".join(p + "\nShare on Facebook | Email" for p in ARTICLE_A)
        + "\n\nRead more: Council news"
    )
    assert fingerprint(noisy) == fingerprint(text)
    assert (
        body_lines("Home\nOne two three four five six seven eight\nMenu")
        == "Home\nOne two three four five six seven eight\nMenu"
    )  # too little prose: all of it counts


def test_any_change_in_the_prose_changes_the_fingerprint():
    text = "\n\n".join(ARTICLE_A + ARTICLE_B)
    assert 0 < hamming(fingerprint(text), fingerprint(text.replace("four million", "five million"))) < 10


def test_hamming():
    assert hamming(0, 0) == 0
    assert hamming("ffffffffffffffff", "0000000000000000") == 64
    assert hamming(0b1011, 0b0001) == 2
    assert hamming("00000000000000ff", 0) == 8


@given(st.text(max_size=300))
@settings(max_examples=200, deadline=None)
def test_simhash_total_on_any_text(text):
    value = simhash(text)
    assert value is None or 0 <= value < 2**64
    assert fingerprint(text) == (None if value is None else f"{value:016x}")


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_short_texts(n):
    assert fingerprint(" ".join(["word"] * n)) is not None


# -- words_of replaces re.findall(r"\w+") (and the fingerprint stays what the findall version gave) ----------

_FINDALL = re.compile(r"\w+")
# ASCII word and non-word characters, letters outside ASCII (one that lowercases to two characters), digits and
# marks that are not alphanumeric, punctuation and spaces outside ASCII, an emoji, a lone surrogate
_PIECES = list("aZ09_ -.,'\"\n\t\x1c") + [
    "é",
    "ß",
    "İ",
    "中",
    "²",
    "\u0301",
    "’",
    "“",
    "\xa0",
    "\u3000",
    "–",
    "\U0001f600",
    "\ud800",
    "\x85",
    "٣",
    "ǅ",
]


def _reference_simhash(text: str) -> int | None:
    """`simhash` as it was written with the pattern (words as str, encoded once each)."""
    from hashlib import blake2b

    words = _FINDALL.findall(body_lines(text).lower(), 0, 1_000_000)
    if not words:
        return None
    if len(words) < 3:
        words = [" ".join(words)] * 3
    keys = {w: blake2b(w.encode("utf-8", "surrogatepass")).digest()[:24] for w in words}
    counts = [0] * 64
    for i in range(len(words) - 2):
        h = (
            int.from_bytes(keys[words[i]][:8], "big")
            ^ int.from_bytes(keys[words[i + 1]][8:16], "big")
            ^ int.from_bytes(keys[words[i + 2]][16:24], "big")
        )
        for bit in range(64):
            counts[bit] += h >> bit & 1
    half = (len(words) - 2) / 2
    return sum(1 << bit for bit in range(64) if counts[bit] > half)


@given(st.lists(st.sampled_from(_PIECES), max_size=60).map("".join))
@settings(max_examples=500, deadline=None)
def test_words_of_splits_as_the_pattern(text):
    assert words_of(text) == [w.encode("utf-8", "surrogatepass") for w in _FINDALL.findall(text)]
    assert simhash(text) == _reference_simhash(text)


@given(st.text(max_size=200))
@settings(max_examples=300, deadline=None)
def test_words_of_splits_any_text_as_the_pattern(text):
    assert words_of(text) == [w.encode("utf-8", "surrogatepass") for w in _FINDALL.findall(text)]


def test_words_of_with_many_distinct_symbols_uses_the_pattern():
    # more distinct non-word characters than are replaced one by one: the pattern's path, same words
    text = " ".join(f"w{i}{chr(0x2190 + i)}x{i}" for i in range(200)) + " é’s"
    assert words_of(text) == [w.encode() for w in _FINDALL.findall(text)]
    assert simhash(text) == _reference_simhash(text)


def test_fingerprint_values_unchanged():
    # the findall version's values, on prose and on text with characters outside ASCII
    for text in [
        "\n\n".join(ARTICLE_A),
        "\n\n".join(ARTICLE_B),
        "Straße “Grüße” – don’t  İstanbul 中文 ²",
        "one",
        "a b",
    ]:
        assert simhash(text) == _reference_simhash(text)


# -- lowered_words_of replaces str.lower + words_of ------------------------------------------------------------

# letters whose lowercase differs (one into two characters, one into ASCII, a titlecase, capital sigma, which
# lowercases by its context) besides the pieces above
_UPPER = ["Ä", "É", "İ", "\u212a", "ǅ", "Σ", "ΣΑ", "Ω", "Ж", "ẞ", "A", "Q"]


@given(st.lists(st.sampled_from(_PIECES + _UPPER), max_size=60).map("".join))
@settings(max_examples=500, deadline=None)
def test_lowered_words_as_lower_then_words(text):
    assert lowered_words_of(text) == words_of(text.lower())
    assert simhash(text) == _reference_simhash(text)


@given(st.text(max_size=200))
@settings(max_examples=300, deadline=None)
def test_lowered_words_of_any_text(text):
    assert lowered_words_of(text) == words_of(text.lower())
