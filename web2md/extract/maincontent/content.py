"""The tag sets main-content selection reads: which elements are blocks, regions, lists, headings, controls."""

from __future__ import annotations

from web2md.extract.html.tags import HEADING_TAGS
from web2md.extract.maincontent.furniture import (
    CALL_TAGS,
    DATE_LINE_TAGS,
    FURNITURE_LABEL_TAGS,
    MEDIA_TAGS,
    RIGHTS_TAGS,
)

# Tags whose content is never the main text.
FURNITURE_TAGS = frozenset(
    {"nav", "aside", "footer", "button", "dialog", "menu", "select", "label", "input", "textarea"}
)
# Tags whose own text is judged as one block.
UNIT_TAGS = frozenset(
    {
        "p",
        "pre",
        "blockquote",
        "li",
        "td",
        "th",
        "dd",
        "dt",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "div",
        "section",
        "article",
        "main",
        "figcaption",
        "caption",
        "address",
        "summary",
        "body",
        "table",
        "ul",
        "ol",
        "dl",
        "tr",
        "center",
        "header",
        "form",
    }
)
# Blocks whose first line can be a linked title (a teaser's headline); a link opening a paragraph is its text.
TITLE_BLOCK_TAGS = frozenset({"li", "div", "article", "section", "td", "dd"})
# Elements that can be the main region: containers, not the paragraphs or lists inside them.
REGION_TAGS = frozenset(
    {
        "div",
        "section",
        "article",
        "main",
        "td",
        "tbody",
        "table",
        "tr",
        "center",
        "form",
        "font",
        "span",
        "body",
        "html",
        "header",
        "details",
        "dd",
        "blockquote",
    }
)
# Blocks judged by their link density inside the main region.
LINK_BLOCK_TAGS = frozenset({"p", "div", "ul", "ol", "dl", "section", "span", "table", "font", "center"})
# Lists and tables are judged whole (an item with its list): links with a few words each are content
# (ingredient tables, reading lists); only nearly all links make them navigation.
LIST_TAGS = frozenset({"ul", "ol", "dl", "table"})
# Paragraph-level blocks that appear once even when the page repeats them (see docs/design.md#repeat-rule).
WIDGET_TAGS = frozenset({"div", "section", "form", "p", "ul", "ol", "span"})  # blocks a widget of controls is
CONTROL_TAGS = frozenset({"button", "input", "select", "textarea"})
BIO_TAGS = frozenset({"div", "section"})  # blocks a box about a person is
LIST_ITEMS = frozenset({"ul", "ol"})  # lists of items (`<li>`)
ITEM_TAGS = frozenset({"p", "div"})  # items written side by side without a list
REPEAT_TAGS = frozenset({"p", "li", "dd"})
# Never judged by class/id: code keeps its `language-x` classes, headings their generated ids.
HINT_EXEMPT_TAGS = frozenset({"pre", "code", "table", "tr", "td", "th", "tbody"})
# Blocks that title what follows them: headings, and a definition list's terms (`<dt><a>Headline</a></dt><dd>`)
TITLE_TAGS = HEADING_TAGS | {"dt"}
SECTION_HEADINGS = HEADING_TAGS - {"h1"}  # an h1 titles the page, whatever follows it
# Short blocks judged by their words (date lines, furniture labels, calls to action, copyright notices).
SHORT_BLOCK_TAGS = DATE_LINE_TAGS | CALL_TAGS | FURNITURE_LABEL_TAGS | RIGHTS_TAGS
INLINE_TAGS = frozenset({"span", "strong", "em", "i", "b"})  # caption candidates that sit inside a block
LINE_TAGS = INLINE_TAGS | {"a", "small", "br", "sup", "sub", "time", "abbr", "cite", "u"}  # what a line of text holds
MEDIA_TAG_SET = frozenset(MEDIA_TAGS)
IMAGE_TAGS = ("img", "picture")  # what a block needs to be a figure in all but name
# What text after an image in a figure-like block is not its caption: a card's title, or a paragraph (how-to
# steps and news items put one paragraph beside each picture); on a page written in divs, a div of body text too
# (`FurnitureTest.is_body_text`).
NOT_IMAGE_CAPTIONS = HEADING_TAGS | {"p"}
# An inline element alone in one of these is an entry of a list, table or schedule, or a heading (a diary's day),
# not a line of its own: no dateline, no stray control link.
ENTRY_TAGS = frozenset({"li", "td", "th", "dd", "dt"}) | HEADING_TAGS
# What a kicker, a breadcrumb trail or a section's name is written in. Not the larger headings, which title a
# part of the page, nor the rows and cells of a table (a page's content may be a table of short rows).
KICKER_TAGS = frozenset(
    {
        "p",
        "div",
        "span",
        "a",
        "ul",
        "ol",
        "small",
        "time",
        "strong",
        "b",
        "em",
        "i",
        "h4",
        "h5",
        "h6",
        "section",
        "header",
    }
)
# A small block around a field to type into (an e-mail address, a search, a comment) is a sign-up, search or reply
# box: its heading and pitch are the widget's, not the story's.
FORM_BOX_TAGS = frozenset({"div", "section", "form", "fieldset", "p"})
# What one reader's comment in a thread is written as, and what its header names the writer with (`<cite>Ann</cite>
# says:`, `<a href="https://ann.example">Ann</a>`, `<b>Ann</b>`)
COMMENT_TAGS = frozenset({"div", "li", "article", "section", "dd", "table"})
NAME_TAGS = frozenset({"a", "cite", "strong", "b", "span", "em", "font", "small"})
