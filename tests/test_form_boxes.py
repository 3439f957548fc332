"""Boxes around a field to type into (sign-up, search, reply and consent boxes) and polls inside the main region:
their heading, pitch or question are the widget's, not the story's. A field that holds a value (a basket's
quantity), a page whose content is the form, a rating's unnamed stars and a quiz keep their text."""

from __future__ import annotations

import pytest

from tests.test_content import BODY, BODY_MD
from web2md import convert

URL = "https://example.org/tides"
FIRST, REST = BODY.split("</p>\n", 1)
FIRST += "</p>"
SIGN_UP = (
    "<div><h3>Get the morning briefing</h3><p>The day's top stories, delivered to your inbox every weekday "
    "morning.</p><form action='/subscribe'><input type='email' placeholder='Email address'>"
    "<button>Sign up</button></form></div>"
)
# an older sign-up box: the field holds its prompt as its value (no `placeholder`), the box's pitch inside the form
SIGN_UP_PROMPT = (
    "<form action='/subscribe'><input type='hidden' name='list' value='daily'><p><em>Want the day's tide tables "
    "delivered to your inbox every morning? Enter your email address below to sign up:</em></p>"
    "<table><tr><td><input type='text' name='email' value='Your email address' size='25'></td>"
    "<td><input type='submit' value='Sign up'></td></tr></table></form>"
)
# the pitch in a block of its own beside the block holding the fields (their labels the nearest text to them), the
# form's settings in hidden fields: more elements than a small widget of controls holds
SIGN_UP_BESIDE = (
    "<div><div class='pitch'>Get the week's tide tables in your inbox for free</div><div><form action='/subscribe'>"
    + "".join(f"<input type='hidden' name='setting{n}' value='{n}'>" for n in range(30))
    + "<span>Name</span> <input type='text' name='name' value=''> <span>Email</span> "
    "<input type='text' name='email' value=''> <input type='submit' value='Sign me up'></form></div></div>"
)
SEARCH = "<div><p>Search the tide tables</p><form action='/search'><input name='q'><button>Go</button></form></div>"
REPLY = (
    "<section><h2>Leave a reply</h2><p>Your email address will not be published.</p><form action='/reply'>"
    "<textarea name='comment'></textarea><input name='author'><button>Post comment</button></form></section>"
)
# Polls: a question put to the reader, its answers radio buttons of one name named by labels after them, labels
# around them or words after them; the question outside the block of answers or inside it.
POLL_LABELS = (
    "<div><h3>Have your say</h3><div><p>Should the harbour office stay open at night during the summer "
    "sailing season?</p><ul>"
    "<li><input type='radio' name='q1' id='y'> <label for='y'>Yes, all year</label></li>"
    "<li><input type='radio' name='q1' id='s'> <label for='s'>Only in summer</label></li>"
    "<li><input type='radio' name='q1' id='n'> <label for='n'>No</label></li></ul>"
    "<button>Vote</button></div></div>"
)
POLL_WRAPPED = (
    "<div><p>Did this explanation of the tides answer the question you came to this page with?</p>"
    "<label><input type='radio' name='useful'> Yes</label>"
    "<label><input type='radio' name='useful'> No</label></div>"
)
POLL_WORDS = (
    "<div><p>How often do you check the tide tables before you take your boat out of the harbour?</p>"
    "<p><input type='radio' name='often'> Daily <input type='radio' name='often'> Weekly "
    "<input type='radio' name='often'> Never</p></div>"
)


@pytest.mark.parametrize(
    "box", [SIGN_UP, SIGN_UP_PROMPT, SIGN_UP_BESIDE, SEARCH, REPLY, POLL_LABELS, POLL_WRAPPED, POLL_WORDS]
)
@pytest.mark.parametrize("where", ["inside", "after"])
def test_a_box_asking_the_reader_for_input_is_left_out(box, where):
    body = f"{FIRST}{box}{REST}" if where == "inside" else f"{BODY}{box}"
    html = f"<html><body><article>{body}</article></body></html>"
    assert convert(html, URL).markdown == BODY_MD


POINTER = (
    "<p>You can follow the answers to this story through its feed. You can <a href='#reply'>have your say</a>, or link "
    "to it from your own site.</p>"
)


@pytest.mark.parametrize("target", ["#reply", "https://example.org/tides#reply"])
def test_a_line_pointing_to_the_reply_box_is_left_out(target):
    """A line that links the reader to the box to write a reply in (a link to the id of a block holding its
    `<textarea>`) asks for input as the box does: it goes with it."""
    reply = REPLY.replace("<section>", "<section id='reply'>")
    html = f"<html><body><article>{BODY}{POINTER.replace('#reply', target)}{reply}</article></body></html>"
    assert convert(html, URL).markdown == BODY_MD


def test_a_basket_field_holding_a_quantity_keeps_the_product_beside_it():
    product = (
        "<div><h2>Tide clock, brass</h2><p>Price: 36.00 EUR</p><p>Delivery: 3-5 days</p>"
        "<form action='/basket'><input type='text' name='amount' value='1'><button>Add</button></form></div>"
    )
    html = f"<html><body><article>{BODY}{product}</article></body></html>"
    assert convert(html, URL).markdown == (
        BODY_MD + "\n\n## Tide clock, brass\n\nPrice: 36.00 EUR\n\nDelivery: 3-5 days"
    )


def test_a_field_holding_a_measure_keeps_the_product_beside_it():
    """A value of words and a number ("250 g") is what the field holds, not a prompt in place of a placeholder."""
    product = (
        "<div><h2>Harbour smoked eel</h2><p>Price: 9.50 EUR per 100 g</p><p>Delivery: 1-2 days, chilled</p>"
        "<form action='/basket'><input type='text' name='weight' value='250 g'><button>Add</button></form></div>"
    )
    html = f"<html><body><article>{BODY}{product}</article></body></html>"
    assert convert(html, URL).markdown == (
        BODY_MD + "\n\n## Harbour smoked eel\n\nPrice: 9.50 EUR per 100 g\n\nDelivery: 1-2 days, chilled"
    )


def test_a_page_whose_content_is_the_form_keeps_its_text():
    html = (
        "<html><body><div><h1>Contact the harbour office</h1><p>Write to us with questions about moorings, "
        "permits or the tide tables; we answer within two working days.</p><form action='/send'>"
        "<input name='name'><textarea name='message'></textarea><button>Send</button></form></div></body></html>"
    )
    assert convert(html, URL).markdown == (
        "# Contact the harbour office\n\nWrite to us with questions about moorings, permits or the tide tables; "
        "we answer within two working days."
    )


def test_only_the_nearest_block_with_text_around_the_field_goes():
    """A header holding the headline, its lead and a search box loses the box's label only."""
    header = (
        "<div><div><h2>Spring tides reach a record</h2><p>The highest water in forty years is expected on "
        "Sunday.</p></div><div><div><p>Search</p><form><input name='s'></form></div></div></div>"
    )
    html = f"<html><body><div>{header}<div>{PARAGRAPHS}</div></div></body></html>"
    assert convert(html, URL).markdown == (
        "## Spring tides reach a record\n\nThe highest water in forty years is expected on Sunday.\n\n" + PARAGRAPHS_MD
    )


def test_a_search_box_beside_a_paragraph_of_the_story_loses_its_label_only():
    """The box around a field widens to the block beside it only by a pitch's worth of text (MAX_PITCH), not by a
    paragraph of the story."""
    lead = (
        "<p>Tide tables give the times and heights of high and low water at a harbour for every day of the year. "
        "They are worked out years ahead from the motions of the Moon and the Sun.</p>"
    )
    html = (
        f"<html><body><article>{FIRST}<div>{lead}<div><p>Search</p><form><input name='s'></form></div></div>{REST}"
        "</article></body></html>"
    )
    first_md, rest_md = BODY_MD.split("\n\n", 2)[1:]
    assert convert(html, URL).markdown == (
        f"# Tides explained\n\n{first_md}\n\nTide tables give the times and heights of high and low water at a "
        "harbour for every day of the year. They are worked out years ahead from the motions of the Moon and the "
        f"Sun.\n\n{rest_md}"
    )


PARAGRAPHS = BODY.split("\n", 1)[1]
PARAGRAPHS_MD = BODY_MD.split("\n\n", 1)[1]


def test_a_rating_whose_stars_name_nothing_keeps_the_headline_beside_it():
    """Star buttons without labels are a control, not a question: the block holding them and the headline stays."""
    stars = "".join(f"<input type='radio' name='rating' value='{n}'><label for='r{n}'></label>" for n in range(1, 6))
    intro = f"<div><h1>Tides explained</h1><div><form class='stars'>{stars}</form></div></div>"
    html = f"<html><body><article>{intro}{PARAGRAPHS}</article></body></html>"
    assert convert(html, URL).markdown == BODY_MD


def test_a_quiz_that_is_most_of_the_page_keeps_its_questions():
    """Questions that together hold most of the region are the page's content, not a poll beside it."""
    quiz = [
        (
            "The Moon pulls on the oceans more strongly than the Sun does, although the Sun is far larger. Why is "
            "that so?",
            "It is much closer to the Earth",
            "It is made of heavier rock",
        ),
        (
            "Most coasts see two high tides every lunar day of about twenty-four hours and fifty minutes. How long is "
            "the gap between them?",
            "About twelve hours and twenty-five minutes",
            "About six hours",
        ),
        (
            "Spring tides have nothing to do with the season of the year, whatever their name suggests. When do they "
            "happen?",
            "Near new and full moon",
            "Only in the spring months",
        ),
    ]
    questions = "".join(
        f"<div><p>{question}</p><label><input type='radio' name='q{n}'> {a}</label>"
        f"<label><input type='radio' name='q{n}'> {b}</label></div>"
        for n, (question, a, b) in enumerate(quiz)
    )
    html = f"<html><body><article><h1>Tide quiz</h1>{questions}</article></body></html>"
    assert convert(html, URL).markdown == "# Tide quiz\n\n" + "\n\n".join(question for question, _, _ in quiz)
