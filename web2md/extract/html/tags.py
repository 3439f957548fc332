"""Sets of HTML tag names, each named for the kind of element it holds: the one place the readers of a document
(parser, renderer, metadata, formats) take a tag set from.

A set that is one heuristic's own list (which blocks a byline is seldom in, which descendants make a table a layout
table) stays beside the heuristic that reads it.
"""

from __future__ import annotations

# The heading tags and their levels, in order.
HEADING_LEVELS = {"h1": 1, "h2": 2, "h3": 3, "h4": 4, "h5": 5, "h6": 6}
HEADING_TAGS = frozenset(HEADING_LEVELS)

# Elements whose content is no text of the page: never rendered, never judged as content.
SKIP_TAGS = frozenset(
    {
        "script",
        "style",
        "svg",
        "template",
        "iframe",
        "noscript",
        "head",
        "object",
        "embed",
        "canvas",
        "select",
        "datalist",
        "audio",
        "video",
        "map",
        "rt",
        "rp",  # ruby annotations (furigana) would split the words they annotate
    }
)
# What a browser without scripts leaves out: it shows a `<noscript>`'s content (the page read when only a
# <noscript> holds one, and any <noscript> inside that page).
SCRIPTLESS_SKIP_TAGS = SKIP_TAGS - {"noscript"}
# Elements whose text no reader sees (their tails are outside them, and seen).
INVISIBLE_TEXT_TAGS = frozenset({"script", "style", "noscript", "template"})

# Elements that begin and end a block of their own, for the renderer's walk (headings, lists, list items,
# quotes and preformatted text have their own handlers and are not in it).
BLOCK_TAGS = frozenset(
    {
        "address",
        "article",
        "aside",
        "body",
        "center",
        "dd",
        "details",
        "dialog",
        "div",
        "dl",
        "dt",
        "fieldset",
        "figcaption",
        "figure",
        "footer",
        "form",
        "header",
        "hgroup",
        "html",
        "legend",
        "main",
        "menu",
        "nav",
        "p",
        "section",
        "summary",
        "caption",
        "tbody",
        "thead",
        "tfoot",
        "tr",
        "td",
        "th",
        "table",
        "option",
        "search",
    }
)

# Inline formatting, by what Markdown writes it as.
BOLD_TAGS = frozenset({"strong", "b"})
ITALIC_TAGS = frozenset({"em", "i", "cite", "dfn"})
CODE_SPAN_TAGS = frozenset({"code", "kbd", "samp", "tt", "var"})  # inline code, keyboard input, sample output
# Elements whose content is code whatever its classes say: a block of preformatted text or an inline code element
# (not kbd, samp, tt, var, which CODE_SPAN_TAGS also writes as code).
PRE_AND_CODE_TAGS = frozenset({"pre", "code"})

# Elements without content or end tag.
VOID_TAGS = frozenset(
    {
        "area",
        "base",
        "br",
        "col",
        "embed",
        "hr",
        "img",
        "input",
        "link",
        "meta",
        "param",
        "source",
        "track",
        "wbr",
        "basefont",
        "bgsound",
        "frame",
        "keygen",
    }
)
# Elements libxml2 reads as raw text (no entities, no tags inside); plaintext runs to the end. A tuple: the
# parser builds a pattern from it in this order.
RAW_TEXT_TAGS = ("script", "style", "xmp", "iframe", "noembed", "noframes", "plaintext")
# Elements a start tag of the same name closes ("<p>a<p>b" is two paragraphs side by side, not nested).
CLOSED_BY_SAME_START_TAGS = frozenset({"p", "li", "dt", "dd", "option", "optgroup", "tr", "td", "th", "rb", "rt", "rp"})
