"""`<noscript>` content saved as escaped markup (issue 14 item 4): a page read without scripts shows that markup,
parsed, never as literal tags; tracking pixels disappear."""

from __future__ import annotations

from pathlib import Path

from web2md import convert

FIXTURE = Path(__file__).parent / "fixtures" / "noscript" / "saved-from-browser.html"
URL = "https://harbour.example/news/lights.html"
TEXT = (
    "# Harbour lights\n\n"
    "The harbour lights were switched on again last night after a winter of repairs to the old quay wall.\n\n"
    "Fishermen said the new lamps are brighter than the old ones and can be seen from the far side of the bay.\n\n"
    "Comments need [scripts](https://harbour.example/help/scripts)."
)


def test_escaped_noscript_markup_is_parsed():
    page = convert(FIXTURE.read_bytes(), URL)
    assert page.markdown == TEXT
    assert "<" not in page.text and "tracker" not in page.markdown


def test_images_from_escaped_markup_without_pixels():
    page = convert(FIXTURE.read_bytes(), URL, include_images=True)
    assert page.markdown == TEXT + "\n\n![The quay at dusk](https://harbour.example/img/quay.jpg)"


def test_markup_escaped_twice_stays_text():
    inner = "&amp;lt;b&amp;gt;bold&amp;lt;/b&amp;gt;"
    html = (
        "<html><body><div id='app'></div><noscript><article><h1>Harbour lights</h1><p>The harbour lights were "
        "switched on again last night after a winter of repairs.</p>"
        f"<noscript>&lt;p&gt;Shown {inner}&lt;/p&gt;</noscript></article></noscript></body></html>"
    )
    markdown = convert(html, URL).markdown
    assert markdown.endswith("repairs.\n\nShown \\<b>bold\\</b>")


def test_noscript_skipped_when_the_page_reads_with_scripts():
    html = (
        "<html><body><article><h1>Harbour lights</h1><p>The harbour lights were switched on again last night "
        "after a winter of repairs to the old quay wall.</p><noscript>&lt;p&gt;Enable scripts&lt;/p&gt;</noscript>"
        "</article></body></html>"
    )
    assert convert(html, URL).markdown == (
        "# Harbour lights\n\nThe harbour lights were switched on again last night "
        "after a winter of repairs to the old quay wall."
    )
