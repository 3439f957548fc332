"""Boxes around a field to type into (sign-up, search, reply and consent boxes) inside the main region: their
heading and pitch are the widget's, not the story's. A field that holds a value (a basket's quantity) and a page
whose content is the form keep their text."""

from __future__ import annotations

import pytest

from tests.test_content import BODY, BODY_MD
from web2md import convert

URL = "https://example.org/tides"
FIRST, REST = BODY.split("</p>\n", 1)
FIRST += "</p>"
SIGN_UP = ("<div><h3>Get the morning briefing</h3><p>The day's top stories, delivered to your inbox every weekday "
           "morning.</p><form action='/subscribe'><input type='email' placeholder='Email address'>"
           "<button>Sign up</button></form></div>")
SEARCH = "<div><p>Search the tide tables</p><form action='/search'><input name='q'><button>Go</button></form></div>"
REPLY = ("<section><h2>Leave a reply</h2><p>Your email address will not be published.</p><form action='/reply'>"
         "<textarea name='comment'></textarea><input name='author'><button>Post comment</button></form></section>")


@pytest.mark.parametrize("box", [SIGN_UP, SEARCH, REPLY])
@pytest.mark.parametrize("where", ["inside", "after"])
def test_a_box_around_a_field_to_type_into_is_left_out(box, where):
    body = f"{FIRST}{box}{REST}" if where == "inside" else f"{BODY}{box}"
    html = f"<html><body><article>{body}</article></body></html>"
    assert convert(html, URL).markdown == BODY_MD


def test_a_basket_field_holding_a_quantity_keeps_the_product_beside_it():
    product = ("<div><h2>Tide clock, brass</h2><p>Price: 36.00 EUR</p><p>Delivery: 3-5 days</p>"
               "<form action='/basket'><input type='text' name='amount' value='1'><button>Add</button></form></div>")
    html = f"<html><body><article>{BODY}{product}</article></body></html>"
    assert convert(html, URL).markdown == (
        BODY_MD + "\n\n## Tide clock, brass\n\nPrice: 36.00 EUR\n\nDelivery: 3-5 days")


def test_a_page_whose_content_is_the_form_keeps_its_text():
    html = ("<html><body><div><h1>Contact the harbour office</h1><p>Write to us with questions about moorings, "
            "permits or the tide tables; we answer within two working days.</p><form action='/send'>"
            "<input name='name'><textarea name='message'></textarea><button>Send</button></form></div></body></html>")
    assert convert(html, URL).markdown == (
        "# Contact the harbour office\n\nWrite to us with questions about moorings, permits or the tide tables; "
        "we answer within two working days.")


def test_only_the_nearest_block_with_text_around_the_field_goes():
    """A header holding the headline, its lead and a search box loses the box's label only."""
    header = ("<div><div><h2>Spring tides reach a record</h2><p>The highest water in forty years is expected on "
              "Sunday.</p></div><div><div><p>Search</p><form><input name='s'></form></div></div></div>")
    html = f"<html><body><div>{header}<div>{PARAGRAPHS}</div></div></body></html>"
    assert convert(html, URL).markdown == (
        "## Spring tides reach a record\n\nThe highest water in forty years is expected on Sunday.\n\n" + PARAGRAPHS_MD)


PARAGRAPHS = BODY.split("\n", 1)[1]
PARAGRAPHS_MD = BODY_MD.split("\n\n", 1)[1]
