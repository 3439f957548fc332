"""What a page that converted to next to nothing is made of: an app shell waiting for its scripts, or a bot
challenge standing in for the page (see docs/javascript.md#auto).

Only a page whose conversion came out short is looked at (`LOOKED_AT`), on the tree it was converted from, so
pages with real text cost one length check. The verdicts read structure: the body's visible text beside its
scripts' bytes, an empty mount element, captcha widgets and challenge forms, the fields a person could fill in.
An HTTP error (403, 429, 503) is never converted: `challenge_response` reads it where the failure is
counted, parsing only one whose first bytes show a marker.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from lxml import etree

from web2md.extract.html.parse import parse_html
from web2md.failures import BLOCKED
from web2md.javascript.quickjs import runnable

__all__ = ["BLOCKED", "LOOKED_AT", "PageShape", "challenge", "challenge_response", "needs_scripts", "page_shape"]

#: A converted page with at least this many characters of text is not looked at: it has real text.
LOOKED_AT = 600
#: A body with this much visible text or more is no app shell.
SHELL_TEXT = 200
#: ... nor a challenge page.
CHALLENGE_TEXT = 600
#: A shell's scripts outweigh its text this many times (a ``src=`` script counts as `SRC_SCRIPT_BYTES`).
SCRIPT_RATIO = 10
SRC_SCRIPT_BYTES = 2000
#: Visible text of a body below this holds nothing but a placeholder ("Loading...").
PLACEHOLDER_TEXT = 40

#: Statuses a challenge comes with when it does not come with 200.
CHALLENGE_STATUSES = frozenset({403, 429, 503})

# what is not visible text
_HIDDEN = frozenset({"script", "style", "noscript", "template", "svg", "head", "title", "iframe", "object"})
# elements that stand for nothing visible in a mount point's place
_INERT = frozenset({"script", "noscript", "style", "link", "meta", "template", "br"})
# what a person fills in: a page asking for it (a login, a search) is no challenge
_FIELD_INPUTS = frozenset({"text", "email", "password", "search", "tel", "number", "url", ""})
# widget and challenge markers in these attributes of these elements: "captcha" (reCAPTCHA, hCaptcha, Arkose's
# FunCaptcha, GeeTest, DataDome's captcha-delivery, ...) on any of them, "challenge" on what loads or posts one
_MARKER_ATTRIBUTES = ("src", "action", "id", "class", "name")
_CHALLENGE_TAGS = frozenset({"script", "iframe", "form"})
_SPACE = re.compile(r"\s+")
# the same markers in raw markup, for an HTTP error's body (a start tag of such an element with such a value)
_MARKUP_MARKER = re.compile(
    rb"<(?:script|iframe|form)\b[^>]*?(?:captcha|challenge|data-sitekey)|<[a-z][^>]*?(?:captcha|data-sitekey)"
)
MARKUP_PREFIX = 256 * 1024  # an error page's challenge shows in its first bytes


@dataclass
class PageShape:
    """What the body of a short page holds, measured in one walk."""

    text: int = 0  # visible characters, whitespace collapsed
    inline_scripts: int = 0  # classic inline scripts (what the embedded engine runs)
    script_bytes: int = 0  # their source
    src_scripts: int = 0
    frames: int = 0  # iframes with a source: what the page shows comes from them
    mount: str = ""  # an empty element with an id (or a custom element) among next to nothing: "#app"
    fields: int = 0  # inputs a person fills in
    markers: list[str] = field(default_factory=list)  # "captcha widget", "challenge form", ...
    noscript: str = ""  # what the page says to a reader without scripts


def page_shape(tree: etree._Element) -> PageShape:
    """Measure the body of `tree` (the whole document when it has no body). The walk stops once the body has
    shown `CHALLENGE_TEXT` characters: past that it is neither (``text`` is then at least that)."""
    shape = PageShape()
    body = tree.find(".//body")
    root = body if body is not None else tree
    texts: list[str] = []
    shown = 0  # characters of text so far, spaces around each piece left out: at most the collapsed length
    hidden = 0  # depth inside elements whose text is not shown
    candidates: list[etree._Element] = []
    for event, el in etree.iterwalk(root, events=("start", "end")):
        tag = el.tag if isinstance(el.tag, str) else ""
        piece = None
        if event == "end":
            if tag in _HIDDEN:
                hidden -= 1
            if hidden == 0 and el is not root:
                piece = el.tail
        elif tag in _HIDDEN:
            hidden += 1
        elif hidden == 0:
            piece = el.text
        if piece:
            texts.append(piece)
            shown += len(piece.strip())
            if shown >= CHALLENGE_TEXT:
                shape.text = shown
                return shape
        if event == "end":
            continue
        if tag == "iframe" and el.get("src"):
            shape.frames += 1
        if tag == "script":
            if el.get("src") is not None:
                shape.src_scripts += 1
            elif runnable(el):
                shape.inline_scripts += 1
                shape.script_bytes += len(el.text or "")
        elif tag == "noscript":
            shape.noscript += " " + "".join(el.itertext())
        elif tag in ("textarea", "select") or (tag == "input" and (el.get("type") or "").lower() in _FIELD_INPUTS):
            shape.fields += 1
        elif hidden == 0 and tag and tag not in _INERT and el is not root:
            candidates.append(el)
        marker = _marker(el, tag)
        if marker and marker not in shape.markers:
            shape.markers.append(marker)
    shape.text = len(_SPACE.sub(" ", "".join(texts)).strip())
    shape.noscript = _SPACE.sub(" ", shape.noscript).strip()
    if shape.text < SHELL_TEXT:
        shape.mount = _mount(candidates)
    return shape


def _marker(el: etree._Element, tag: str) -> str:
    if el.get("data-sitekey") is not None:
        return "captcha widget"
    values = " ".join(el.get(name) or "" for name in _MARKER_ATTRIBUTES).lower()
    if "captcha" in values:
        return "captcha widget"
    if tag in _CHALLENGE_TAGS and "challenge" in values:
        return f"challenge {tag}"
    return ""


def _mount(candidates: list[etree._Element]) -> str:
    """An element that holds nothing and names itself (an id, a custom element): where a script draws the page."""
    for el in candidates:
        if len(el) == 0 and not (el.text or "").strip():
            if "-" in el.tag:
                return el.tag
            if el.get("id") and el.tag in ("div", "main", "section", "article", "body", "span"):
                return f"#{el.get('id')}"
    return ""


def needs_scripts(shape: PageShape) -> str:
    """Why this page looks like an app shell its scripts fill in (``""``: it does not): next to no text, but
    scripts, and a mount element, a placeholder, or scripts that outweigh the text."""
    if shape.text >= SHELL_TEXT or shape.frames or not (shape.inline_scripts or shape.src_scripts):
        return ""
    if shape.mount:
        return f"an empty {shape.mount} and scripts"
    if shape.text < PLACEHOLDER_TEXT:
        return f"{shape.text} characters of text and scripts"
    weight = shape.script_bytes + SRC_SCRIPT_BYTES * shape.src_scripts
    if weight >= SCRIPT_RATIO * shape.text:
        return f"{weight} bytes of script for {shape.text} characters of text"
    return ""


def challenge(shape: PageShape) -> str:
    """Which bot challenge this page is (``""``: none): next to no text, nothing a person fills in, and a
    captcha widget or a challenge script, form or frame; or a notice to turn on both scripts and cookies."""
    if shape.text >= CHALLENGE_TEXT or shape.fields:
        return ""
    if shape.markers:
        return shape.markers[0]
    notice = shape.noscript.lower()
    if shape.text < SHELL_TEXT and "javascript" in notice and "cookie" in notice:
        return "a notice to enable JavaScript and cookies"
    return ""


def challenge_response(status: int, headers: Mapping[bytes, list[bytes]] | None, body: bytes) -> str:
    """Which bot challenge an HTTP response is, from what holds across vendors (``""``: none): a
    ``cf-mitigated: challenge`` header on any status; a 403, 429 or 503 whose page is one (`challenge`). Such a
    page is parsed only when its first bytes show a captcha or challenge marker or a ``<noscript>``: it is
    never converted, and an error page without them is no challenge."""
    for name, values in (headers or {}).items():
        if name.lower() == b"cf-mitigated" and any(b"challenge" in v.lower() for v in values):
            return "a challenge header"
    if status not in CHALLENGE_STATUSES or not body:
        return ""
    prefix = body[:MARKUP_PREFIX]
    lowered = prefix.lower()
    if not (_MARKUP_MARKER.search(lowered) or b"<noscript" in lowered):
        return ""
    return challenge(page_shape(parse_html(prefix)))
