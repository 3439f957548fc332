"""The fast paths of the core give exactly what the plain formulations they replace give.

Each test pits an optimised function against a straightforward reference written
here (the formulation the code used before it was made faster) on tricky and
on generated inputs (fixed seed: the same cases on every run).
"""

from __future__ import annotations

import itertools
import random
import re
from html.entities import html5
from urllib.parse import urljoin, urlsplit

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lxml import etree

from web2md.extract import derive
from web2md.extract.html import parse, urls
from web2md.extract.html.elements import DocumentElements
from web2md.extract.html.entities import clean_text, element_text
from web2md.extract.html.links import links_from_tree
from web2md.extract.html.parse import neutralise_references, parse_html
from web2md.extract.html.rows import PACKED
from web2md.extract.html.tags import RAW_TEXT_TAGS, SCRIPTLESS_SKIP_TAGS, SKIP_TAGS
from web2md.extract.html.urls import Resolver, absolute_url
from web2md.extract.maincontent import analysis, furniture
from web2md.extract.maincontent.content import FURNITURE_TAGS, UNIT_TAGS
from web2md.extract.maincontent.furniture import hint_strength
from web2md.extract.markdown.emphasis import PLACEHOLDERS, _placeholder_runs, has_placeholders
from web2md.extract.markdown.escaping import escape_markdown
from web2md.extract.markdown.references import CHAR_REF, escape_reference
from web2md.extract.markdown.render import Renderer
from web2md.extract.meta import metadata

CASES = 3000


def _strings(alphabet: list[str], seed: int, longest: int = 10) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, longest))) for _ in range(CASES)]


# -- parse: the bytes of a UTF-8 body go to libxml2 as they are ------------------------------------------


def _reference_data(body: bytes) -> bytes:
    text, _ = parse.decode_body(body)
    text = text.replace("\x00", "")
    return neutralise_references(text).strip().encode("utf-8", "ignore") or b"<html></html>"


def test_utf8_body_reaches_the_parser_as_the_text_would():
    # the references are looked for in the bytes: what ends a tag name and what ends a raw-text element must be
    # read there as in the text (Unicode whitespace after the name; "ſ", "İ", "ı" in an end tag)
    pieces = [
        "&",
        "&amp;",
        "&copy",
        "&copy;",
        "&notit;",
        "&x",
        ";",
        "<script>",
        "</script>",
        "<!--",
        "-->",
        "a",
        " ",
        "\n",
        "\u3000",
        "\x85",
        "\x1c",
        "\xa0",
        "é",
        "€",
        "\U0001f600",
        "<p>",
        "\ufeff",
        "<script",
        "<STYLE",
        "</style>",
        "\u2028",
        "\u2009",
        "\u1680",
        "\u205f",
        "\u202f",
        "</\u017fcript>",
        "</\u0130frame>",
        "</\u0131frame>",
        "<iframe ",
        "</iframe>",
        "\u200b",
        "\u0100",
        "\u2029",
    ]
    seen: list[bytes] = []
    real = etree.fromstring

    def recording(data, parser=None):
        seen.append(data)
        return real(data, parser=parser)

    parse.etree.fromstring = recording
    try:
        for text in _strings(pieces, 1):
            for body in (text.encode("utf-8"), b"\xef\xbb\xbf" + text.encode("utf-8")):
                seen.clear()
                parse_html(body)
                assert seen[0] == _reference_data(body), body
    finally:
        parse.etree.fromstring = real


def test_utf8_body_checked_in_pieces_as_decoded_whole(monkeypatch):
    # `_utf8_ends` decodes a piece at a time: pieces that cut a character, whitespace runs across pieces, a body of
    # whitespace alone, invalid bytes and U+FFFD give what decoding the whole body and stripping its text gives
    seen: list[bytes] = []
    real = etree.fromstring

    def recording(data, parser=None):
        seen.append(data)
        return real(data, parser=parser)

    pieces = ["a", " ", "\n", "\u3000", "\x85", "\xa0", "\u2028", "\x1c", "é", "€", "\U0001f600", "<p>", "&copy"]
    broken = [b"", b"\xff", b"\xc3", b"\xe2\x82", b"\xed\xa0\x80", b"\xef\xbf\xbd", b"\x00", b"\xf4\x90\x80\x80"]
    rng = random.Random(5)
    monkeypatch.setattr(parse.etree, "fromstring", recording)
    for size in (4, 5, 7, 8, 1 << 14):  # (a piece holds a character or more: four bytes)
        monkeypatch.setattr(parse, "_DECODED_PIECE", size)
        for text in _strings(pieces, size, longest=12)[: CASES // 6]:
            encoded = text.encode("utf-8")
            cut = rng.randint(0, len(encoded))
            for body in (encoded, b"\xef\xbb\xbf" + encoded, encoded[:cut] + rng.choice(broken) + encoded[cut:]):
                seen.clear()
                parse_html(body)
                assert seen[0] == _reference_data(body), (size, body)


def test_the_declared_encoding_else_utf8_or_cp1252_is_what_html_to_unicode_chooses():
    # parse_html reads a body's encoding so (`_declared`, then `utf8_or_cp1252`) without decoding it
    from w3lib.encoding import html_to_unicode

    heads = [
        b"",
        b'<meta charset="utf-8">',
        b"<meta charset=latin-1>",
        b'<meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS">',
        b"<meta charset=utf-16>",
        b"<meta charset=utf-32>",
        b"<meta charset=nonsense>",
        b'<?xml version="1.0" encoding="windows-1251"?>',
        b"<!-- <meta charset=koi8-r> -->",
    ]
    boms = [b"", b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff", b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff"]
    texts = [b"<p>plain</p>", "<p>caf\u00e9</p>".encode(), "<p>caf\u00e9</p>".encode("cp1252"), b"\x81\x8d"]
    for bom in boms:
        for head in heads:
            for text in texts:
                for declared in (None, "utf-8", "iso-8859-2", "utf-16", "bogus"):
                    body = bom + head + text
                    expected, _ = html_to_unicode(
                        f"text/html; charset={declared}" if declared else None,
                        body,
                        auto_detect_fun=parse.utf8_or_cp1252,
                    )
                    assert (parse._declared(body, declared) or parse.utf8_or_cp1252(body)) == expected, (body, declared)


def test_references_found_in_utf8_bytes_are_those_found_in_the_text():
    # a raw-text element that the text patterns see (or do not see) end, with references on either side
    tricky = [
        "<script>&a;</\u017fcript>&b;</script>&c;",
        "<iframe>&a;</\u0130frame>&b;",
        "<iframe>&a;</\u0131frame>&b",
        "<xmp\u2028>&a;</xmp>&b;",
        "<style\x1c>&a;</style>&b;",
        "<noembed\u3000>&a</noembed>&b",
        "<script\xa0>&a;</script>&b",
        "<script\u200b>&a;</script>&b",
        "<scr\u0130pt>&a;</script>&b",
        "<plaintext\x85>&a",
        "<!-- &a -->&b",
        "\u00e9&notit;\U0001f600&copy=2",
    ]
    pieces = [
        "&x",
        "&copy;",
        "<script>",
        "<script\u2003",
        "</script>",
        "</\u017fcript>",
        "<iframe ",
        "</\u0130frame>",
        "<!--",
        "-->",
        "\u00e9",
        "\U0001f600",
        " ",
        ">",
        "a",
    ]
    for text in tricky + _strings(pieces, 3, longest=20):
        expected = [len(text[:at].encode("utf-8")) for at in parse.unknown_references(text)]
        assert parse.unknown_references(text.encode("utf-8")) == expected, text


def test_bytes_and_text_parse_to_the_same_tree():
    html = (
        "\u3000 \n<html><head><title>T &copy=2</title><script>a &foo b</script></head>"
        "<body><p>caf\u00e9 &notit; &amp; &eacute; \U0001f600</p><!-- &bar --></body></html>\n\x85 "
    )
    for body in (html.encode("utf-8"), b"\xef\xbb\xbf" + html.encode("utf-8")):
        assert etree.tostring(parse_html(body)) == etree.tostring(parse_html(html))


# -- parse: raw-text elements found as before, by a pattern that rejects most tags at once ----------------

_OLD_RAW_START = re.compile(r"<(" + "|".join(RAW_TEXT_TAGS) + r")(?=[\s/>])|<!--", re.I)


def test_raw_text_starts_as_before_for_ascii_names():
    pieces = [
        "<",
        "script",
        "SCRIPT",
        "style",
        "xmp",
        "iframe",
        "noembed",
        "noframes",
        "plaintext",
        "!--",
        "!-",
        " ",
        "/",
        ">",
        "\u2003",
        "p",
        "s",
        "x",
        "a",
    ]
    for text in _strings(pieces, 2):
        old = [(m.span(), m.group(1)) for m in _OLD_RAW_START.finditer(text)]
        new = [(m.span(), m.group(1)) for m in parse._RAW_START.finditer(text)]
        assert new == old, text


# -- parse: only the references libxml2 would decode are escaped (the raw-text scan is skipped without one) --------

# The rule before: every named reference but a known entity with its semicolon was escaped.
_ANY_REFERENCE = re.compile(r"&([A-Za-z][A-Za-z0-9]*)(;?)")


def _every_unknown_reference(html: str) -> list[int]:
    found, at = [], 0
    for m in list(parse._RAW_START.finditer(html)) + [None]:
        if m is not None and m.start() < at:
            continue
        end = len(html) if m is None else m.start()
        found += [r.start() for r in _ANY_REFERENCE.finditer(html, at, end) if not (r[2] and r[1] in parse.NAMED)]
        if m is None:
            break
        close = parse._RAW_END[m[1].lower()].search(html, m.end()) if m[1] else None
        at = close.start() if close else html.find("-->", m.end()) if not m[1] else -1
        if at < 0:
            break
    return found


def test_references_left_unescaped_read_as_written():
    # references in text, in quoted and unquoted attribute values, in a title, a textarea and a script: escaping those
    # the scan passes over ("&utm=", "&hellip", "&xyz;", "&q;") gives the same tree as leaving them
    names = [
        "utm",
        "x",
        "q",
        "hellip",
        "copy",
        "copyx",
        "not",
        "notit",
        "notin",
        "Colon",
        "Colonx",
        "amp",
        "AMP",
        "ampx",
        "gtm",
        "lt",
        "sup2",
        "frac12",
        "frac13",
        "eacute",
        "eacutex",
        "sectionId",
        "centerdot",
        "ac",
        "xyz",
        "ltri",
        "in",
        "A1",
    ]
    rng = random.Random(7)
    for _ in range(CASES):
        refs = ["&" + rng.choice(names) + rng.choice(["", ";", "=", "=1", " ", "x", "&", "2"]) for _ in range(6)]
        html = (
            f'<html><head><title>{refs[0]}</title></head><body><p title="{refs[1]}">{refs[2]}'
            f"<a href={refs[3].replace(' ', '')}>a</a><textarea>{refs[4]}</textarea>"
            f"<script>{refs[5]}</script>{rng.choice(refs)}</p></body></html>"
        )
        assert set(parse.unknown_references(html)) <= set(_every_unknown_reference(html)), html
        before = parse._escaped(html, _every_unknown_reference(html))
        assert etree.tostring(parse_html(before)) == etree.tostring(parse_html(html)), html


def test_references_libxml2_decodes_are_still_escaped():
    html = "<p title='&copy=2'>&notit; &Colon; &gtm &frac12x &AMP; &ampx</p><p>&amp; &copy; &hellip; &utm &xyz;</p>"
    assert parse_html(html).xpath("string(//p[1])") == "&notit; &Colon; &gtm &frac12x &AMP; &ampx"
    assert parse_html(html).xpath("string(//p[1]/@title)") == "&copy=2"
    assert parse_html(html).xpath("string(//p[2])") == "& © … &utm &xyz;"
    assert parse.unknown_references("<script>&copy=2</script><!-- &not -->&utm&xyz;") == []


# The reference pattern before: the frequent entities as one alternation, tried in turn at every '&'.
_OLD_FREQUENT = (
    "amp|quot|lt|gt|nbsp|copy|reg|raquo|laquo|hellip|ndash|mdash|rsquo|lsquo|rdquo|"
    "ldquo|middot|bull|uuml|ouml|auml|Uuml|Ouml|Auml|szlig|eacute|egrave|agrave|ccedil"
)
_OLD_REFERENCE = re.compile(
    r"&(?!(?:" + _OLD_FREQUENT + r");)(?=(" + parse._LEGACY + r")|[A-Za-z][A-Za-z0-9]+;)([A-Za-z][A-Za-z0-9]*)(;?)"
)
# names: the frequent entities, their beginnings and longer names starting with them, other legacy names (decoded
# by prefix), entities HTML5 added, names of no entity
_NAMES = [
    *_OLD_FREQUENT.split("|"),
    *(name[:cut] for name in _OLD_FREQUENT.split("|") for cut in (1, 2, 3)),
    *(name + "x" for name in _OLD_FREQUENT.split("|")),
    *("AMP", "QUOT", "not", "notit", "notin", "sect", "yen", "frac12", "frac13", "sup2", "Eacute", "eacutex"),
    *("Colon", "Colonx", "centerdot", "ltri", "in", "hellips", "utm", "xyz", "A1", "q", "x"),
]
_REFERENCES = st.builds(
    "".join,
    st.tuples(
        st.sampled_from(["&", "&", "&&", "&#", "&#x", "x&"]),
        st.sampled_from(_NAMES),
        st.sampled_from(["", ";", ";", "=", "=1", " ", "x", "2", "_", "&", ";;", "é"]),
    ),
)
_AROUND = st.sampled_from(["", " ", "é", "\U0001f600", "<script>", "</script>", "<!--", "-->", "<p>", "<a href='"])
_REFERENCE_TEXT = st.one_of(
    st.lists(st.one_of(_REFERENCES, _AROUND), max_size=12).map("".join),
    st.text(alphabet="&;#xXaAmpqutolgCn0123456789= ", max_size=40),
)


@settings(max_examples=5000, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(_REFERENCE_TEXT)
def test_reference_pattern_finds_what_the_old_one_found(html):
    # the same matches (span and groups) in text and in its UTF-8 bytes, and the same references kept
    old = [(m.span(), m.groups()) for m in _OLD_REFERENCE.finditer(html)]
    assert [(m.span(), m.groups()) for m in parse._REFERENCE.finditer(html)] == old
    data = html.encode("utf-8")
    old = [(m.span(), m.groups()) for m in re.compile(_OLD_REFERENCE.pattern.encode()).finditer(data)]
    assert [(m.span(), m.groups()) for m in parse._UTF8_REFERENCE.finditer(data)] == old


def _old_segment_references(html: str | bytes, start: int, end: int) -> list[int]:
    # the scan of a segment before: the old pattern's search through it all
    reference = _OLD_REFERENCE if isinstance(html, str) else re.compile(_OLD_REFERENCE.pattern.encode())
    found = []
    for m in reference.finditer(html, start, end):
        legacy, name, semicolon = m.group(1, 2, 3)
        name = name if isinstance(name, str) else name.decode()
        if not (semicolon and name in parse.NAMED) and (legacy is not None or name + ";" in html5):
            found.append(m.start())
    return found


# long names (a legacy prefix, an entity HTML5 added, none) and stretches without '&' about as long as the gap the
# scan skips, so that names run past where the regex is set to stop
_LONG_NAMES = st.builds(
    "".join,
    st.tuples(
        st.sampled_from(["&", "&not", "&Colon", "&Counter", "&x", "&amp"]),
        st.integers(0, 40).map("y".__mul__),
        st.sampled_from(["", ";", " ", "&", "ClockwiseContourIntegral;"]),
    ),
)
_GAPS = st.integers(-40, 40).map(lambda d: " " * (parse._GAP + d))
_SPACED_REFERENCES = st.lists(st.one_of(_REFERENCES, _LONG_NAMES, _GAPS, _AROUND), max_size=10).map("".join)


@settings(max_examples=1500, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(_SPACED_REFERENCES, st.data())
def test_reference_scan_by_stretches_finds_what_one_search_found(html, data):
    start = data.draw(st.integers(0, len(html)))
    end = data.draw(st.integers(start, len(html)))
    for text, a, b in ((html, start, end), (html.encode("utf-8"), 0, len(html.encode("utf-8")))):
        found: list[int] = []
        if isinstance(text, str):
            parse._unknown_references(text, a, b, found, parse._REFERENCE, parse.NAMED, "&")
        else:
            parse._unknown_references(text, a, b, found, parse._UTF8_REFERENCE, parse._UTF8_NAMED, b"&")
        assert found == _old_segment_references(text, a, b)


@settings(max_examples=2000, deadline=None, derandomize=True)
@given(
    st.lists(st.sampled_from(["<tr", "<TR", "<Tr", "<", "tr", "x", "<t"]), max_size=20).map("".join), st.integers(0, 8)
)
def test_row_tags_counted_as_before(html, rows):
    data = html.encode()
    assert parse._row_tags_at_least(data, rows) == (data.count(b"<tr") + data.count(b"<TR") >= rows)


# -- urls: no urlsplit for a scheme-less href without a base ---------------------------------------------


def _reference_absolute_url(href: str, base: str) -> str | None:
    href = href.strip()
    if not href:
        return None
    if href.startswith(("https://", "http://")) and "[" not in href:
        host = href.split("://", 1)[1].split("/", 1)[0].split("?", 1)[0].split("#", 1)[0]
        if host and host.rsplit("@", 1)[-1].strip(".:") and not any(c in host for c in " \t\n<>\\"):
            return href
        return None
    try:
        url = urljoin(base, href) if base else href
        parts = urlsplit(url)
    except ValueError:
        return None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return None
    return url


def test_absolute_url_as_before():
    pieces = list("ab:/?#@.[]<>\\ \t\n\r\x01\x7fé-_%Hh") + [
        "http://",
        "https://",
        "//",
        "HTTP://",
        "mailto:",
        "x.com",
        "..",
        "\u3000",
        "\x1c",
    ]
    for base in ("", "https://e.com/a/b?q#f", "http://e.com"):
        resolve = Resolver(base)
        for href in _strings(pieces, 3, 8):
            expected = _reference_absolute_url(href, base)
            assert absolute_url(href, base) == expected, (href, base)
            assert resolve(href) == expected, (href, base)


def test_absolute_url_without_base_reads_the_scheme_as_urlsplit():
    # no base: only "http:"/"https:" in front (any case, tabs and line breaks dropped, control characters in front
    # dropped) can give an http(s) URL; the rest is turned away before urlsplit
    schemes = [
        "http",
        "HTTPS",
        "hTtP",
        "ht\ttp",
        "htt\np",
        "ht\rtps",
        "\x01http",
        "\x08https",
        "javascript",
        "mailto",
        "tel",
        "page.html",
        "a",
        "h",
        "http+x",
        "httpx",
        "ftp",
        "",
        "https\t",
    ]
    rests = [":", "://", "://x.com", "://x.com/a", ":x.com", "://:@", "://.", "//x.com", "://[::1]/", "x.com"]
    for scheme in schemes:
        for rest in rests:
            href = scheme + rest
            assert absolute_url(href, "") == _reference_absolute_url(href, ""), href


def test_resolver_plain_absolute_urls_as_absolute_url():
    # hosts, ports, userinfo, IPv6 brackets, paths and whitespace around absolute hrefs: the pattern the Resolver
    # answers them by without absolute_url agrees with it
    pieces = [
        "http://",
        "https://",
        "a",
        "Z",
        "9",
        ".",
        "-",
        ":",
        "80",
        "@",
        "[",
        "]",
        "/",
        "?",
        "#",
        " ",
        "\t",
        "\n",
        "\xa0",
        "\u3000",
        "é",
        "<",
        "\\",
        "_",
        "%",
        "x.com",
        "::1",
    ]
    for href in _strings(pieces, 7, 9):
        for candidate in (href, "https://" + href, "http://" + href, "http://e.com/" + href):
            expected = _reference_absolute_url(candidate, "https://base.example/a/")
            assert Resolver("https://base.example/a/")(candidate) == expected, candidate
            assert Resolver("")(candidate) == _reference_absolute_url(candidate, ""), candidate


def test_resolver_shortcuts_agree_with_urljoin():
    # relative paths (dot segments, empty segments, parameters, queries) and fragments against bases whose
    # path, query, fragment, case or validity make urljoin do more than put a directory in front
    pieces = [
        "a",
        "/",
        ".",
        "..",
        "./",
        "../",
        "-",
        "%2e",
        "b.html",
        "~",
        "=",
        "&",
        "#",
        "?",
        ";",
        ":",
        " ",
        "\t",
        "\n",
        "@",
        "(",
        "*",
        "\\",
        "é",
        "\x01",
        "\u3000",
        "##",
    ]
    bases = [
        "",
        "https://e.com/a/b?q#f",
        "http://e.com",
        "https://e.com/",
        "https://e.com/a//b/c",
        "https://e.com/a/../b/./c",
        "HTTPS://E.com/A/b;p?q=1#f",
        "https://u:p@e.com:8080/x/y/z",
        "http://[bad/x",
        "https://e.com/a/b/",
        "https://e.com/..",
        "https://e.com/a/.",
        "javascript:x",
        "//e.com/x",
        "https://e.com/a/b#",
        "https://e.com/a/b?",
        "https://ex\u00e4mple.com/a/b",
        "https://[::1]/x",
    ]
    for base in bases:
        resolve = Resolver(base)
        for href in _strings(pieces, 6, 8):
            for candidate in (href, "/" + href):  # relative, and from the root ("/#", "/;", "/a?" included)
                assert resolve(candidate) == _reference_absolute_url(candidate, base), (candidate, base)


_OLD_PLAIN_ABSOLUTE = re.compile(
    r"https?://(?=[A-Za-z0-9.-]*[A-Za-z0-9])[A-Za-z0-9.-]++(?::[0-9]*+)?+(?:[/?#][^\[]*+)?+(?<!\s)"
)
_ABSOLUTE_PIECES = [
    "a",
    "Z",
    "9",
    ".",
    "-",
    ":",
    "80",
    "@",
    "[",
    "]",
    "/",
    "?",
    "#",
    " ",
    "\t",
    "\n",
    "\x0b",
    "\x1c",
    "\x85",
    "\xa0",
    "\u2028",
    "\u3000",
    "é",
    "_",
    "%",
    "x.com",
]


@settings(max_examples=CASES, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["http://", "https://"]), st.lists(st.sampled_from(_ABSOLUTE_PIECES), max_size=10))
def test_plain_absolute_as_the_whole_pattern(scheme, pieces):
    # the host by the pattern, then "[" and the last character by `in` and `isspace`: the old pattern's answer
    href = scheme + "".join(pieces)
    assert urls._plain_absolute(href) == (_OLD_PLAIN_ABSOLUTE.fullmatch(href) is not None), href


def test_plain_absolute_tricky_cases():
    cases = {
        "http://a": True,
        "https://a.b:": True,
        "https://a.b:80/x y": True,
        "https://a.b/x ": False,
        "https://a.b/x\u3000": False,
        "https://a.b/x\x1c": False,  # (a separator: whitespace to str.isspace and to sre's \s)
        "https://a.b?q=[1]": False,
        "https://a.b#[": False,
        "https://[::1]/": False,
        "https://.../": False,
        "https://a b/": False,
        "https://a.b:8a/": False,
        "https://a@b/": False,
        "http:///x": False,
    }
    for href, plain in cases.items():
        assert (_OLD_PLAIN_ABSOLUTE.fullmatch(href) is not None) == plain, href
        assert urls._plain_absolute(href) == plain, href


# -- links: a link's text read in place when it has no children -----------------------------------------------


def _reference_links(root, page_url):
    """`links_from_tree` as it was: every link's text by `element_text`, every href through the resolver."""
    resolve = Resolver(urls.document_base(root, page_url))
    found: dict[str, dict] = {}
    for a in root.iter("a", "area"):
        href = a.get("href")
        if href is None:
            continue
        url = resolve(href)
        if url is None:
            continue
        url = url.split("#", 1)[0]
        entry = found.get(url)
        rel_attr = a.get("rel")
        rel = rel_attr.lower().split() if rel_attr else None
        nofollow = rel is not None and "nofollow" in rel
        if entry is None:
            text = clean_text(a.get("alt")) if a.tag != "a" else element_text(a)
            found[url] = {"url": url, "text": text, "nofollow": nofollow, "rel": " ".join(rel) if rel else ""}
        elif not nofollow:
            entry["nofollow"] = False
            if not entry["text"]:
                entry["text"] = element_text(a)
    return list(found.values())


_LINK_TEXTS = ["", " ", "a", "B c", "\u00a0", "&nbsp;", "&amp;", "caf&eacute;", "\u200b", "\ufffd", "\t", "\n", "  x  "]
_LINK_INSIDES = ["<b>b</b>", "<!--c-->", "<br>", "<img alt=i>", "<span> s </span>", "<?pi x?>"]


@settings(max_examples=CASES // 3, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["a", "a", "area"]),
            st.sampled_from(["/x", "/x#f", "/y", "x", "#", "mailto:m", "https://e.com/x", None]),
            st.sampled_from([None, "nofollow", "NoFollow noopener", ""]),
            st.lists(st.sampled_from(_LINK_TEXTS + _LINK_INSIDES), max_size=4),
        ),
        max_size=8,
    )
)
def test_links_as_with_element_text(links):
    parts = []
    for tag, href, rel, inside in links:
        attributes = (f' href="{href}"' if href is not None else "") + (f' rel="{rel}"' if rel is not None else "")
        body = "".join(inside)
        if tag == "area":
            parts.append(f'<area{attributes} alt="{body}">')
        else:
            parts.append(f"<a{attributes}>{body}</a>")
    root = parse_html("<html><body><p>" + " ".join(parts) + "</p></body></html>")
    expected = _reference_links(root, "https://e.com/d/")
    assert links_from_tree(root, "https://e.com/d/") == expected
    resolve = Resolver("https://e.com/d/")
    resolve("/x")  # (an href the renderer resolved first)
    assert links_from_tree(root, "https://e.com/d/", resolve, list(root.iter("a", "area"))) == expected


# -- metadata: a <link>'s rel read once, its href only when the rel asks for it -----------------------------------


def _reference_link_fields(elements, resolve):
    """What the scan took from the `<link>` elements before: `feed_kind` of each, then its rel and href read again."""
    from web2md.extract.documents.feedlinks import feed_kind, feed_link

    titles, canonical, hreflangs, feeds, favicons = [], None, [], [], []
    for el in elements.links:
        if feed_kind(el) is not None and (title := clean_text(el.get("title"))):
            titles.append(title)
        rel = el.get("rel")
        if not rel:
            continue
        rels = rel.lower().split()
        href = el.get("href")
        if not rels or not href:
            continue
        icon = not metadata._ICON_RELS.isdisjoint(rels)
        if not (icon or "canonical" in rels or "alternate" in rels):
            continue
        url = resolve(href)
        if url is None:
            continue
        if "canonical" in rels and canonical is None:
            canonical = url
        if "alternate" in rels:
            hreflang = (el.get("hreflang") or "").strip()
            if hreflang:
                hreflangs.append({"hreflang": hreflang, "url": url})
            feed = feed_link(el, resolve.base)
            if feed is not None and all(f["url"] != feed["url"] for f in feeds):
                feeds.append(feed)
        if icon and all(f["url"] != url for f in favicons):
            icon = {"url": url, "rel": " ".join(rels)}
            for attr in ("sizes", "type"):
                value = (el.get(attr) or "").strip()
                if value:
                    icon[attr] = value
            favicons.append(icon)
    return titles, canonical, hreflangs, feeds, favicons


@settings(max_examples=CASES // 3, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.tuples(
            st.sampled_from(
                [
                    None,
                    "",
                    " ",
                    "alternate",
                    "ALTERNATE feed",
                    "canonical",
                    "stylesheet",
                    "icon",
                    "shortcut Icon",
                    "alternate icon",
                    "apple-touch-icon",
                    "preload",
                    "canonical alternate",
                ]
            ),
            st.sampled_from([None, "", "/feed", "https://e.com/rss", "page.html", "mailto:x", "#"]),
            st.sampled_from([None, "application/rss+xml", "application/json", "APPLICATION/ATOM+XML; q=1", "text/css"]),
            st.sampled_from([None, "", "Feed", " Site ", "de"]),
        ),
        max_size=6,
    )
)
def test_link_scan_as_before(links):
    parts = []
    for rel, href, kind, extra in links:
        attributes = "".join(
            f' {name}="{value}"'
            for name, value in (
                ("rel", rel),
                ("href", href),
                ("type", kind),
                ("title", extra),
                ("hreflang", extra),
                ("sizes", extra),
            )
            if value is not None
        )
        parts.append(f"<link{attributes}>")
    root = parse_html("<html><head>" + "".join(parts) + "</head><body><p>x</p></body></html>")
    elements = DocumentElements(root)
    found = metadata.scan(root, "https://e.com/d/", elements=elements, resolve=Resolver("https://e.com/d/"))
    got = (found.feed_titles, found.canonical, found.hreflangs, found.feeds, found.favicons)
    assert got == _reference_link_fields(elements, Resolver("https://e.com/d/"))
    # without a resolver only the feeds' titles are read
    assert metadata._scan(elements, None, None).feed_titles == got[0]


def test_resolver_network_paths_and_other_schemes_as_urljoin():
    # network-path references ("//host/path": urljoin puts the base's scheme in front, resolves no dot segment,
    # drops an empty query or fragment) and hrefs with a scheme other than http(s), against bases of every kind
    pieces = [
        "a",
        "Z",
        "9",
        ".",
        "-",
        "/",
        "//",
        "..",
        "./",
        ":",
        "80",
        "@",
        "?",
        "#",
        ";",
        "[",
        "]",
        " ",
        "\t",
        "\n",
        "\x01",
        "é",
        "%2e",
        "+",
        "x.com",
        "mailto:",
        "javascript:",
        "HTTP:",
        "https:",
        "tel:",
        "a+b.c-d:",
        "1a:",
    ]
    bases = [
        "",
        "https://e.com/a/b?q#f",
        "HTTP://E.com",
        "https://u:p@e.com:8080/x/y/z",
        "http://[bad/x",
        "javascript:x",
        "mailto:x",
        "//e.com/x",
        "https://[::1]/x",
        "ftp://e.com/x",
    ]
    for base in bases:
        resolve = Resolver(base)
        for href in _strings(pieces, 9, 7):
            for candidate in (href, "//" + href, "//e.com/" + href, href + ":x", "mailto:" + href):
                assert resolve(candidate) == _reference_absolute_url(candidate, base), (candidate, base)


def _reference_base_prefixes(base: str) -> tuple[str | None, str | None, str | None]:
    root = _reference_absolute_url("/", base)
    directory = _reference_absolute_url("x", base)
    return (
        root[:-1] if root and root.endswith("/") else None,
        directory[:-1] if directory and directory.endswith("x") else None,
        _reference_absolute_url("#", base),
    )


_BASE_PIECES = [
    "a",
    "Z",
    "9",
    ".",
    "..",
    "-",
    "/",
    "//",
    "/./",
    "/../",
    ":",
    "80",
    "@",
    "?",
    "#",
    ";",
    "=",
    "%2e",
    "[",
    " ",
    "\t",
    "\n",
    "é",
    "e.com",
]


@settings(max_examples=CASES, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(["https://", "http://", "HTTP://", "hTtPs://", "ftp://", "https:/", "", "//"]),
    st.lists(st.sampled_from(_BASE_PIECES), max_size=10),
)
def test_base_prefixes_as_urljoin_gives_them(scheme, pieces):
    # what the resolver puts in front of root-relative paths, relative paths and fragments, read from a plain
    # base's parts: what resolving "/", "x" and "#" against the base gave
    for base in (scheme + "".join(pieces), scheme + "e.com/" + "".join(pieces)):
        assert urls._base_prefixes(base) == _reference_base_prefixes(base), base


def _reference_meta(found, el) -> None:
    """`metadata._meta` as it was: each of the six attributes read with `get`, present or not."""
    from itertools import chain

    get = el.get
    charset = get("charset")
    if charset and found.charset is None:
        found.charset = charset.strip().lower() or None
    content = get("content")
    if content is None:
        return
    content = clean_text(content)
    if not content:
        return
    equiv = get("http-equiv")
    if equiv and (equiv := equiv.strip().lower()):
        found.equiv.setdefault(equiv, content)
    meta = found.meta
    for key in chain((get("property") or "").lower().split(), ((get("name") or "").strip().lower(),)):
        if key:
            key = metadata._meta_key(key)
            values = meta.setdefault(key, [])
            if content not in values:
                values.append(content)
    itemprop = get("itemprop")
    if itemprop and (itemprop := itemprop.strip().lower()):
        meta.setdefault("itemprop:" + itemprop, []).append(content)


_META_VALUES = [
    None,
    "",
    " ",
    "UTF-8",
    " og:title  DC:Creator ",
    "Description",
    "content-type",
    "x\xa0y",
    "og:article:tag",
]


@settings(max_examples=CASES // 3, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.fixed_dictionaries(
            {
                name: st.sampled_from(_META_VALUES)
                for name in ("charset", "content", "http-equiv", "property", "name", "itemprop", "lang")
            }
        ),
        max_size=6,
    )
)
def test_meta_reading_as_with_every_get(metas):
    parts = []
    for attributes in metas:
        written = "".join(f' {name}="{value}"' for name, value in attributes.items() if value is not None)
        parts.append(f"<meta{written}>")
    root = parse_html("<html><head>" + "".join(parts) + "</head><body><p>x</p></body></html>")
    new, old = metadata._Found(), metadata._Found()
    for el in root.iter("meta"):
        metadata._meta(new, el)
        _reference_meta(old, el)
    assert (new.charset, new.equiv, new.meta) == (old.charset, old.equiv, old.meta)
    made = etree.Element("meta", {"{urn:x}content": "namespaced", "name": "n"})  # (as an XML parse may give)
    metadata._meta(new, made)
    _reference_meta(old, made)
    assert new.meta == old.meta


# -- render: the escape pattern whose branches start with their character ---------------------------------

# (a "<" ending the text is escaped too: the renderer's next piece of text could complete a tag)
_OLD_ESCAPE = re.compile(r"[\\`*\[\]]|(?<![^\W_])_|_(?![^\W_])|<(?=[A-Za-z/!?]|\Z)")


def test_escape_markdown_as_before():
    pieces = list("\\`*[]_<a1 é&;#x/!?B") + ["&copy;", "&#12;", "&amp;", "_a", "a_", "ℵ_", "__", "<b"]
    for text in _strings(pieces, 4):
        expected = _OLD_ESCAPE.sub(r"\\\g<0>", text)
        if "&" in expected:
            expected = CHAR_REF.sub(escape_reference, expected)
        assert escape_markdown(text) == expected, text


def test_has_placeholders_as_the_regex_search():
    pieces = [
        "\x01",
        "\x02",
        "\x03",
        "\x04",
        "\x05",
        "\x06",
        "\x00",
        "\x07",
        "a",
        " ",
        "é",
        "ā",
        "\U0001f600",
        "\u0401",
    ]
    for text in _strings(pieces, 5):
        assert has_placeholders(text) == (PLACEHOLDERS.search(text) is not None), text


def test_placeholder_runs_as_the_regex_finds_them():
    pieces = ["\x01", "\x02", "\x03", "\x04", "\x05", "\x06", "\x07", "a", " ", "é", "\U0001f600"]
    runs = re.compile("[\x01-\x06]+")
    for text in _strings(pieces, 6, longest=16):
        assert _placeholder_runs(text) == [m.span() for m in runs.finditer(text)], text


def test_whitespace_and_invisible_text_nodes():
    # U+001C is whitespace to Python but removed by the character rules; NBSP becomes a space
    root = parse_html("<p>a<b>\x1c</b>b<i>\xa0</i>c<span>\u200b</span>d<em> \n </em>e</p>")
    rendered = Renderer().render([root])
    assert rendered.markdown == "ab cd e"
    assert rendered.text == "ab cd e"


# -- derive: blocks without "](" skip the link patterns ----------------------------------------------------


def test_fit_markdown_and_citations_as_before():
    pieces = [
        "word ",
        "a ",
        "[x](https://e.com/)",
        "![i](https://e.com/i.png)",
        "`c`",
        "\\",
        "[",
        "]",
        "(",
        ")",
        "\n",
        "\n\n",
        "# ",
        "- ",
        "| ",
        "```\n",
        "](",
        "!",
        "  ",
    ]
    old_link = re.compile(r"(?<![\\!])\[(" + derive._LINK_TEXT + r")\]\((https?://[^)\s]+)\)")
    # the links-only line as one repeated group (now read link by link: the group kept state per link)
    only_links = re.compile(
        r"^(?:[-*+]\s+|\d+\.\s+)?(?:\s*(?:\["
        + derive._LINK_TEXT
        + r"\]\([^)\s]+\)|"
        + derive._IMAGE
        + r")[\s|·•,;/-]*)+$"
    )
    for markdown in _strings(pieces, 5, 14):
        # fit: the old formulation ran both patterns on every block
        kept = []
        for block in derive.blocks(markdown):
            if derive._kind(block) == "text":
                lines = [line for line in block.split("\n") if not only_links.match(line.lstrip("> ").strip())]
                if not lines:
                    continue
                block = "\n".join(lines)
                if len(re.findall(r"\w+", old_link.sub(r"\1", block))) < 4:
                    continue
            kept.append(block)
        result = []
        for i, block in enumerate(kept):
            if derive._kind(block) == "heading":
                following = next((b for b in kept[i + 1 :]), None)
                if (
                    following is None
                    or derive._kind(following) == "heading"
                    and derive._level(following) <= derive._level(block)
                ):
                    continue
            result.append(block)
        assert derive.fit_markdown(markdown) == "\n\n".join(result), markdown
        # citations: a block without "](" comes back unchanged
        for block in derive.blocks(markdown):
            if "](" not in block:
                assert derive.with_citations(block)[0] == block
        # link density: the pattern that starts with "[" finds the links the lookbehind one found
        assert [m.span() for m in derive._LINK.finditer(markdown)] == [m.span() for m in old_link.finditer(markdown)]


def test_citations_as_the_code_or_link_pattern_gives_them():
    # a block without a backslash, a backtick or "![" is read with the links-only pattern
    pieces = [
        "w ",
        "[x](https://e.com/)",
        "[x](https://f.org/a)",
        "![i](https://e.com/i.png)",
        "`",
        "``",
        "\\",
        "!",
        "[",
        "]",
        "(",
        ")",
        "](",
        "https://e.com/",
        " ",
        "\n",
        "\n\n",
        "```\n",
    ]

    def reference(markdown: str) -> str:
        numbers: dict[str, int] = {}

        def cite(match: re.Match[str]) -> str:
            if match.group("url") is None:
                return match.group(0)
            return f"{match.group('text')} [{numbers.setdefault(match.group('url'), len(numbers) + 1)}]"

        cited = [
            block if derive._kind(block) == "code" else derive._CODE_OR_LINK.sub(cite, block)
            for block in derive.blocks(markdown)
        ]
        body = "\n\n".join(cited)
        if numbers:
            body += "\n\n## References\n\n" + "\n".join(f"{n}. {url}" for url, n in numbers.items())
        return body

    fast = 0
    for markdown in _strings(pieces, 7, 16):
        if "](" not in markdown:
            continue
        fast += not any(c in markdown for c in ("\\", "`", "!["))
        assert derive.with_citations(markdown)[0] == reference(markdown), markdown
    assert fast > 100  # the links-only pattern was tried


# -- the measuring walk: what it does with an element, read from its tag once per page -------------------------


def test_tag_kind_as_the_tag_set_tests():
    tags = set(UNIT_TAGS | FURNITURE_TAGS | SKIP_TAGS) | {"a", "span", "img", "br", "x-y", "amp-ad", "pp-navigation"}
    tags |= {PACKED, "site-header", "my-footer-links", "a-b"}
    for skip_tags in (SKIP_TAGS, SCRIPTLESS_SKIP_TAGS, frozenset({"div", "nav"})):
        for tag in sorted(tags):
            kind = analysis._tag_kind(tag, skip_tags, {})
            assert (kind == analysis._SKIP) == (tag in skip_tags), tag
            if tag in skip_tags:
                continue
            # the tests the walk made of every measured element's tag
            assert (analysis._UNIT <= kind <= analysis._HEADER) == (tag in UNIT_TAGS), tag
            assert (kind == analysis._LINK) == (tag == "a"), tag
            assert (kind == analysis._ARTICLE) == (tag in ("article", "main")), tag
            assert (kind == analysis._HEADER) == (tag == "header"), tag
            assert (kind == analysis._FURNITURE) == (tag in FURNITURE_TAGS), tag
            assert (kind >= analysis._CUSTOM) == ("-" in tag), tag
            assert (kind == analysis._CUSTOM_FURNITURE) == ("-" in tag and hint_strength(tag) == 2), tag


# -- derive: without fences, blocks are read piece by piece between empty lines ---------------------------------


def test_blocks_as_the_line_scan_gives_them():
    pieces = ["a", "b c", "\n", "\n\n", ">", "> ", " ", "\t", "\u2028", "\xa0", "#", "- x", "```", "~~~", "|", "\x1c"]
    for markdown in _strings(pieces, 5, longest=25):
        assert derive.blocks(markdown) == derive.scanned_blocks(markdown), markdown


def test_enough_words_as_counted():
    for text in _strings(["a", "bc", " ", "-", "é", "_", "1", "\u3000", "日本", "!", "\n"], 6, longest=15):
        assert derive._fewer_words(text) == (len(re.findall(r"\w+", text)) < derive._MIN_WORDS), text
    derive._fewer_words("x" * 200_000)  # one long word: linear (a backtracking pattern would take minutes)


# -- metadata: the excerpt reads the lines a batch at a time ----------------------------------------------------


def test_excerpt_lines_as_split():
    for text in _strings(["a", "\n", "\n\n", "b c"], 7, longest=200):
        assert list(metadata._lines(text)) == text.split("\n"), text


# -- entities: the text of a subtree in one libxml2 call ----------------------------------------------------


def test_subtree_text_is_the_joined_itertext():
    from web2md.extract.html.entities import subtree_text

    root = parse_html(
        "<html><head><title>T</title></head><body><a id=x>x<!--c-->y<b>z<!-- d -->w</b>t<?pi foo?>u"
        "<script>s&amp;</script>&amp;&lt;\u00a0\U0001f600<br>v</a>tail<p></p><p>only</p>"
        "<div><span></span>\u200b<i>i</i> <!--x--></div></body></html>"
    )
    for el in root.iter():
        if isinstance(el.tag, str):
            assert subtree_text(el) == "".join(el.itertext()), el.tag
    made = etree.Element("p")
    made.text = "a"
    made.append(etree.Comment("hidden"))
    made[-1].tail = "b"
    assert subtree_text(made) == "ab"


# -- main content: the page's <title> found where libxml2 stops at it ------------------------------------------


def test_page_title_as_find_gives_it():
    from web2md.extract.maincontent.choice import page_title
    from web2md.extract.maincontent.furniture import block_text

    def reference(body: etree._Element) -> str | None:
        found = body.getroottree().find(".//title")
        return None if found is None else block_text(found).casefold()

    rng = random.Random(11)
    pieces = [
        "<title> A  Page\n</title>",
        "<title>Second</title>",
        "<TITLE>Upper CASE</TITLE>",
        "<svg><title>Icon</title></svg>",
        "<p>text <b>x</b></p>",
        "<div><p>deep <title>Inside</title></p></div>",
        "<title></title>",
        "<!-- <title>comment</title> -->",
        "<script>var t = '<title>no</title>';</script>",
    ]
    for _ in range(CASES // 3):
        head = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 2)))
        body = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 4)))
        root = parse_html(f"<html><head>{head}</head><body>{body}</body></html>")
        for el in (root, *root.iter("body", "p", "div", "svg")):
            assert page_title(el) == reference(el), (head, body, el.tag)
    made = etree.Element("html")
    etree.SubElement(etree.SubElement(made, "body"), "title").text = "Made"
    assert page_title(made[0]) == reference(made[0]) == "made"
    alone = etree.Element("title")
    alone.text = "root"
    assert page_title(alone) is reference(alone) is None  # the root itself is not a descendant


# -- render: an empty element that does not act is not asked about ---------------------------------------------


def test_empty_elements_render_the_same_skipped_or_not():
    from web2md.extract.markdown.render import ACTS_WHEN_EMPTY

    # the renderer leaves the skip predicate out for these: rendered, they must give what a skipped element
    # (here a <script>, which the renderer always skips) gives
    tags = sorted(
        (set(Renderer.START) | set(Renderer.END) | {"span", "font", "img", "wbr", "x-icon", "ins"}) - ACTS_WHEN_EMPTY
    )
    contexts = [
        "<p>a {} b</p>",
        "<p>a{}b</p>",
        "<p><b>x{}</b>{}<b>y</b></p>",
        "<ul><li>a{}</li><li>{}b</li></ul>",
        "<table><tr><td>a{}</td><td>{}</td></tr><tr><td>1</td><td>2</td></tr></table>",
        "<pre>a\n{}b</pre>",
        "<h2>t{}</h2><p>x</p>",
        "<p><code>a{}b</code> <a href='/x'>l{}</a></p>",
        "<blockquote>q{}</blockquote>",
        "<p>a<br>{}<br>b</p>",
        "{}<p>x</p>{}",
        "<p>a <i>b{}</i>{} c</p>",
    ]
    for tag in tags:
        empty = f"<{tag} class='e' href='/h' src='/i.png' alt='alt'>"
        if tag not in ("br", "hr", "img"):  # void elements have no end tag
            empty += f"</{tag}>"
        for images in (False, True):
            if images and tag == "img":
                continue
            for context in contexts:
                rendered = [
                    Renderer("https://e.com/", "https://e.com/p", include_images=images, skip=lambda el: False).render(
                        [parse_html(context.replace("{}", html))]
                    )
                    for html in (empty, "<script></script>")
                ]
                assert (rendered[0].markdown, rendered[0].text) == (rendered[1].markdown, rendered[1].text), (
                    tag,
                    images,
                    context,
                )


# -- render: a flush trims and joins spaces only; what may hold other whitespace sets odd_space ------------------

_PIECES = [
    "alpha",
    " ",
    "  ",
    "\t",
    "\n",
    "\xa0",
    "\u2009",
    "\u3000",
    "\x1c",
    "*",
    "_",
    "&amp;",
    "é",
    "a\u0301",
    '<math><semantics><mi>x</mi><annotation encoding="application/x-tex">a\n \t b</annotation></semantics></math>',
    '<math alttext="x\ty"><mi>x</mi>\n<mo>+</mo>\t<mi>y</mi></math>',
    '<math display="block" alttext="x\n y"></math>',
    "<span hidden><math><mi>m</mi>\n<mi>n</mi></math></span>",
    "<br>",
    "<br><br>",
    "<hr>",
    "<pre>a\n  b\tc</pre>",
    "<noscript>&lt;b&gt;n\n o&lt;/b&gt;</noscript>",
    '<img alt="p\n q" src="a\tb.png">',
]
_WRAPS = [
    "<p>{}</p>",
    "<b>{}</b>",
    "<em>{}</em>",
    "<code>{}</code>",
    '<a href="/x y">{}</a>',
    "<h2>{}</h2>",
    "<ul><li>{}</li><li>{}</li></ul>",
    "<blockquote>{}</blockquote>",
    "<pre>{}</pre>",
    "<div>{}</div>",
    "<table><tr><td>{}</td><td>{}</td></tr><tr><td>{}</td><td>x</td></tr></table>",
]


def _documents(seed: int) -> list[str]:
    rng = random.Random(seed)

    def fragment(depth: int) -> str:
        if depth == 0 or rng.random() < 0.35:
            return "".join(rng.choice(_PIECES) for _ in range(rng.randint(0, 4)))
        wrap = rng.choice(_WRAPS)
        return wrap.format(*(fragment(depth - 1) for _ in range(wrap.count("{}"))))

    return ["".join(fragment(3) for _ in range(rng.randint(1, 4))) for _ in range(CASES // 6)]


def test_flush_collapses_as_collapse_ws_would(monkeypatch):
    from web2md.extract.html.entities import collapse_ws
    from web2md.extract.markdown import render

    docs = _documents(7)
    fast = [Renderer(include_images=True).render([parse_html(doc)]) for doc in docs]
    # what the renderer vouches for (the space is the only whitespace) is asked of the text instead
    monkeypatch.setattr(render, "collapse_ws", lambda text, spaces_only=None: collapse_ws(text))
    for doc, got in zip(docs, fast):
        expected = Renderer(include_images=True).render([parse_html(doc)])
        assert (got.markdown, got.text) == (expected.markdown, expected.text), doc


# -- entities: no-break spaces replaced first, line breaks and tabs looked past before the class is searched ----


def test_normalise_chars_and_needs_mapping_as_before():
    from unicodedata import is_normalized, normalize

    from web2md.extract.html import entities

    def old_normalise(text: str) -> str:
        if "\r" in text:
            text = text.replace("\r\n", "\n").replace("\r", "\n")
        if entities.SPECIAL_CHARS.search(text) is not None:
            text = entities._SPECIAL_RUN.sub(entities._translated, text)
        if not text.isascii() and not is_normalized("NFC", text):
            text = normalize("NFC", text)
        return text

    pieces = [
        "a",
        " ",
        "\xa0",
        "\r",
        "\n",
        "\r\n",
        "\t",
        "\ufffd",
        "\u200b",
        "\x85",
        "\x1c",
        "\x0b",
        "\ud800",
        "é",
        "e\u0301",
        "\u2028",
        "\u00ad",
        "\u3000",
        "\U0001f600",
        "\x00",
        "\x7f",
        "\ue000",
    ]
    for text in _strings(pieces, 8):
        assert entities.normalise_chars(text) == old_normalise(text), repr(text)
        old_needs = not (text.isprintable() and "\ufffd" not in text) and (
            "\r" in text or entities.SPECIAL_CHARS.search(text) is not None
        )
        assert entities.needs_mapping(text) == old_needs, repr(text)


def test_clean_text_as_before():
    from unicodedata import is_normalized

    from web2md.extract.html import entities

    def old_clean_text(text: str) -> str:
        if entities.needs_mapping(text) or not text.isascii() and not is_normalized("NFC", text):
            text = entities.normalise_chars(text)
        return entities.collapse_ws(text)

    pieces = [
        "a",
        " ",
        "  ",
        "\xa0",
        "\r",
        "\n",
        "\t",
        "\ufffd",
        "\u200b",
        "\x85",
        "\x1c",
        "\x0b",
        "\ud800",
        "é",
        "e\u0301",
        "\u2028",
        "\u00ad",
        "\u3000",
        "\U0001f600",
        "\x00",
        "\ue000",
        "\u2009",
    ]
    for text in _strings(pieces, 9):
        assert entities.clean_text(text) == old_clean_text(text), repr(text)


def test_escape_line_start_as_the_regex_alone():
    from web2md.extract.markdown import escaping

    def old(line: str) -> str:
        m = escaping._LINE_START.match(line)
        if not m:
            return line
        if line[0].isdigit():
            end = m.end()
            return line[:end] + "\\" + line[end:]
        return "\\" + line

    pieces = list("#>-+*=~_ \t\n.)a19\x01\x02") + ["\u0663", "\u00b2", "\uff11", "## ", "1. ", "***", "---", "~~~"]
    for line in _strings(pieces, 10, longest=8):
        assert escaping.escape_line_start(line) == old(line), repr(line)


def test_word_count_as_the_pattern_alone():
    from web2md.extract.maincontent import blocks

    def old(text: str) -> int:
        return len(text.split()) + len(blocks._UNSPACED.findall(text)) // 2

    pieces = [
        "a",
        " ",
        "é",
        "\u303f",
        "\u3040",
        "の",
        "テ",
        "\u30ff",
        "\u3100",
        "\u3400",
        "語",
        "\uf900",
        "\ufaff",
        "\ufb00",
        "\U0001f600",
        "\n",
        "\xa0",
    ]
    for text in _strings(pieces, 8):
        assert blocks.word_count(text) == old(text), repr(text)


# -- furniture: the vocabulary tests -------------------------------------------------------------------------

# Pieces of texts and class strings: the words of the vocabularies (whole, cut and joined), letters beside them
# (ASCII, accented, other scripts), digits, the separators of class tokens and of sentences.
_VOCABULARY_PIECES = sorted(
    {word for phrase in furniture._CALL_PHRASES for word in re.findall(r"[^\W\d_]+", phrase)}
    | {word for words in (furniture.STRONG_WORDS, furniture.WEAK_WORDS, furniture.CONTENT_WORDS) for word in words}
    | set(furniture._STRONG_PREFIXES + furniture._STRONG_SUFFIXES + furniture._WEAK_PREFIXES)
    | set(furniture._WEAK_SUFFIXES)
    | {"k", "u", "ü", "ú", "é", "x", "e\u0301", "ß", "İ", "Σ", "語", "0", "7", "2024", "_", "-", "--", " ", "  ", "\n"}
    | {".", ",", "!", "?", ":", "(", ")", "»", "«", "—", "–", "/", "\u00a0", "'", "’", "#", "@", "&", "|"}
    | {"Sr-Only", "ScreenReader", "Hidden", "d-none", "comments-area", "CommentList", "Caption", "wp_caption"}
)
_VOCABULARY_TEXTS = st.lists(st.sampled_from(_VOCABULARY_PIECES), max_size=40).map("".join)


_OLD_CALL_TO_ACTION = re.compile(rf"\b(?=\w)(?:{furniture.by_first_character(furniture._CALL_PHRASES)})\b")


def _call_spans(pattern: re.Pattern[str], text: str) -> list[tuple[int, int]]:
    lowered = text.lower()
    return [found.span() for found in pattern.finditer(lowered, 0, furniture.CALL_OPENING + 60)]


@settings(max_examples=3000, deadline=None)
@given(_VOCABULARY_TEXTS)
def test_call_to_action_pattern_as_with_any_word_start(text):
    # the pattern's lookahead names the letters the phrases open with: the same matches as "\w"
    assert _call_spans(furniture._CALL_TO_ACTION, text) == _call_spans(_OLD_CALL_TO_ACTION, text)


def test_call_to_action_openers_are_word_characters():
    assert all(re.fullmatch(r"\w", letter) for letter in furniture._CALL_OPENERS)
    assert {phrase.lstrip("^")[0] for phrase in furniture._CALL_PHRASES} == set(furniture._CALL_OPENERS)
    for text in ("Subscribe now", "—subscribe now", "Kommentieren", "x kommentieren", "Únete", "Stay informed."):
        assert _call_spans(furniture._CALL_TO_ACTION, text) == _call_spans(_OLD_CALL_TO_ACTION, text), text


def _old_names_screen_reader_text(hints: str) -> bool:
    lowered = hints.lower()
    return furniture._SCREEN_READER.search(lowered) is not None or not furniture._HIDDEN_CLASSES.isdisjoint(
        lowered.split()
    )


def _old_names_caption(hints: str) -> bool:
    return furniture._CAPTION_HINT.search(hints.lower().replace("-", "").replace("_", "")) is not None


def _old_is_rights_line(text: str) -> bool:
    return furniture._RIGHTS_LINE.match(text) is not None or any(
        phrase in text for phrase in furniture._RIGHTS_RESERVED
    )


_HINT_PIECES = [
    *_VOCABULARY_PIECES,
    *"sr-only screen-reader visually-hidden assistive offscreen a11y is-hidden invisible hide".split(),
    *"bildunterschrift bildquelle imagesource photocredit img desc text info picture foto bild".split(),
    "Off-Screen",
    "A11Y",
    "IMG_Desc",
    "Screen_Reader",
    "i-m-g",
]
_RIGHTS_PIECES = [
    *_VOCABULARY_PIECES,
    *furniture._RIGHTS_RESERVED,
    *(phrase[: len(phrase) // 2] for phrase in furniture._RIGHTS_RESERVED),
    *(phrase.title() for phrase in furniture._RIGHTS_RESERVED),
    "©",
    "(c)",
    "(C) ",
    "Copyright ",
    "COPYRIGHT",
    "All R",
    "serv",
    "ehalten",
]


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.sampled_from(_HINT_PIECES), max_size=12).map("".join))
def test_class_string_readings_as_the_searches_alone(hints):
    # the substring tests before the searches only spare them where they cannot match
    assert furniture.names_screen_reader_text(hints) == _old_names_screen_reader_text(hints)
    assert furniture.names_caption(hints) == _old_names_caption(hints)


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.sampled_from(_RIGHTS_PIECES), max_size=12).map("".join))
def test_rights_line_as_the_phrases_alone(text):
    assert furniture.is_rights_line(text) == _old_is_rights_line(text)


def test_vocabulary_pre_tests_on_their_branches():
    for hints in ("sr-only", "x-offscreen", "Visually_Hidden", "a11y-text", "d-none", "is-hidden x", "hidden-xs"):
        assert furniture.names_screen_reader_text(hints) == _old_names_screen_reader_text(hints), hints
    for hints in ("wp-caption-text", "img_desc", "Image-Info", "photo-credit", "bild-quelle", "picture_text", "im"):
        assert furniture.names_caption(hints) == _old_names_caption(hints), hints
    for phrase in furniture._RIGHTS_RESERVED:
        assert furniture.is_rights_line(f"2026 Harbour Media. {phrase}.") is True


def _old_class_words(token: str) -> list[str]:
    if not token.islower():
        return [part for part in furniture._SPLIT.split(furniture._CAMEL.sub("-", token).lower()) if part]
    hyphenated = token.replace("_", "-")
    if hyphenated.isascii() and hyphenated.replace("-", "").isalnum():
        return [part for part in hyphenated.split("-") if part]
    return [part for part in furniture._SPLIT.split(token) if part]


_TOKEN_PIECES = ["a", "b", "z", "A", "Q", "0", "9", "-", "_", "--", "é", "É", "ß", "İ", "\u212a", ".", " ", "語", "ab"]


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.sampled_from(_TOKEN_PIECES + _HINT_PIECES), max_size=8).map("".join))
def test_class_words_as_before(token):
    assert furniture.class_words(token) == _old_class_words(token)
    assert furniture.token_strength(token) == _old_token_strength(token)


def test_class_words_of_plain_tokens():
    for token in ("content", "entry-content", "comment_text-2", "--", "a--b", "-", "_x_", "x1", "", "MtnCommentText"):
        assert furniture.class_words(token) == _old_class_words(token), token


def _old_token_strength(token: str) -> int:
    parts = _old_class_words(token)
    if "author" in token.lower() and furniture._AUTHOR_BOX.search("".join(parts)):
        return 2
    if len(parts) > 1 and parts[0] in furniture.SLUG_PREFIXES:
        if parts[0] in furniture.TERM_PREFIXES:
            return 0
        parts = parts[1:]
        if len(parts) > 1 and parts[0] in furniture.TERM_PREFIXES or len(parts) > 2 and parts[0] == "author":
            return 0
        if len(parts) == 1 and parts[0] not in furniture.STRONG_WORDS and parts[0] not in furniture.WEAK_WORDS:
            return 0
    strength = 0
    for part in parts:
        if part in furniture.STATE_PREFIXES:
            break
        if part in furniture.STRONG_WORDS:
            return 2
        if len(part) > 5:
            if (
                part.startswith(furniture._STRONG_PREFIXES)
                and not part.startswith("commentary")
                or part.endswith(furniture._STRONG_SUFFIXES)
            ):
                return 2
            if (
                part.startswith(furniture._WEAK_PREFIXES)
                and not part.startswith("preview")
                or part.endswith(furniture._WEAK_SUFFIXES)
            ):
                strength = 1
        if part in furniture.WEAK_WORDS:
            strength = 1
    if strength == 1 and not furniture.CONTENT_WORDS.isdisjoint(parts):
        return 0
    return strength


def test_token_strength_affixes_are_four_letters_or_more():
    # the look-ups of four letters stand for the affix tests only while no affix is shorter
    affixes = furniture._STRONG_PREFIXES + furniture._WEAK_PREFIXES + furniture._STRONG_SUFFIXES
    assert min(len(word) for word in affixes + furniture._WEAK_SUFFIXES) >= 4
    for token in ("relatedposts", "postfooter", "commentary", "widgettitle", "entrymeta", "preview-box", "xsharing"):
        assert furniture.token_strength(token) == _old_token_strength(token), token


def _old_is_furniture_label(text: str) -> bool:
    lowered = text.lower()
    stripped = lowered.strip()
    return (
        furniture._FURNITURE_LABEL.fullmatch(lowered.strip(" :?!.…»›>→-–—")) is not None
        or furniture._COLON_LABEL.fullmatch(stripped) is not None
        or furniture._TAXONOMY_LINE.fullmatch(stripped) is not None
    )


_LABEL_PIECES = [
    *_VOCABULARY_PIECES,
    *"related articles|mehr zum thema|about the author|release date|kontakt|tags|filed under|published|von".split("|"),
    *"further information|schlagwörter|ferry, islands|show more|by|advertisement|… |» | → | – | -".split("|"),
    ":",
    " :",
    ": ",
    "Tags:",
]


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.sampled_from(_LABEL_PIECES), max_size=8).map("".join))
def test_furniture_label_as_the_three_patterns(text):
    assert furniture.is_furniture_label(text) == _old_is_furniture_label(text)


_OLD_NUMERIC_DAY = re.compile(rf"\b(?:{furniture._DAY})\b")
_OLD_NUMERIC_DATE = re.compile(rf"\b(?:{furniture._DAY}|\d{{1,2}}:\d{{2}})\b")
_DATE_PIECES = [*"0123456789", "٣", "²", "12", "2024", ".", "/", "-", ":", " ", "a", "x_", "é", "März", "Uhr", ",", "|"]


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.sampled_from(_DATE_PIECES), max_size=16).map("".join))
def test_numeric_dates_as_with_any_word_start(text):
    # the lookahead for a digit after the word boundary: the same matches as without it
    for new, old in ((furniture._NUMERIC_DAY, _OLD_NUMERIC_DAY), (furniture._NUMERIC_DATE, _OLD_NUMERIC_DATE)):
        assert [found.span() for found in new.finditer(text)] == [found.span() for found in old.finditer(text)]


# -- parse: the declared tables' candidates read from the role and style attributes -----------------------------

_DECLARED_BY_ELEMENT = etree.XPath(
    "//*[@role or @style][not(self::table)][starts-with(normalize-space(@role), 'table') or contains(@style, 'table')]"
)


def test_declared_table_candidates_as_a_predicate_on_every_element():
    from web2md.extract.html.aria import _DECLARED

    rng = random.Random(23)
    values = [
        "table",
        " table",
        "\ttable row",
        "Table",
        "row",
        "tablist",
        "x table",
        "",
        "display:table",
        "display: table-cell",
        "DISPLAY:TABLE",
        "color:red",
        "table-layout:fixed",
    ]
    tags = ["div", "span", "table", "p", "ul", "li", "section", "x-grid"]

    def element(depth: int) -> str:
        tag = rng.choice(tags)
        attributes = "".join(
            f' {name}="{rng.choice(values)}"' for name in ("role", "style", "class") if rng.random() < 0.4
        )
        inner = "".join(element(depth + 1) for _ in range(rng.randint(0, 3) if depth < 4 else 0))
        return f"<{tag}{attributes}>t{inner}</{tag}>"

    for _ in range(CASES // 3):
        html = f"<html><head><style>.a{{display:table}}</style></head><body>{element(0)}{element(0)}</body></html>"
        root = etree.fromstring(html, etree.HTMLParser())
        for context in (root, *root.iter("p", "div")):  # whatever the context, the whole document
            found, reference = _DECLARED(context), _DECLARED_BY_ELEMENT(context)
            assert len(found) == len(reference) and all(a is b for a, b in zip(found, reference)), html


# -- main content: the document's <body> among the root's children ---------------------------------------------


def test_document_body_as_find_gives_it():
    def reference(root: etree._Element) -> etree._Element:
        body = root.find("body")
        return next(root.iter("body"), root) if body is None else body

    rng = random.Random(29)
    pieces = ["<body>", "</body>", "<head>", "<!-- c -->", "<p>x</p>", "<?pi x?>", "<div><body>in</body></div>", "t"]
    for _ in range(CASES // 3):
        html = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 6)))
        root = parse_html(html)
        for el in (root, *root.iter("div", "p")):
            assert analysis.document_body(el) is reference(el), html
    made = etree.Element("html")
    etree.SubElement(made, "head")
    inner = etree.SubElement(etree.SubElement(made, "div"), "body")
    assert analysis.document_body(made) is reference(made) is inner  # not a child: found below
    second = etree.SubElement(made, "body")
    assert analysis.document_body(made) is reference(made) is second  # a child first
    alone = etree.Element("div")
    assert analysis.document_body(alone) is reference(alone) is alone


# -- whitespace: a text holding a line break split at once, a block's text collapsed by `collapse_ws` -----------


def test_collapse_ws_and_block_text_as_split_and_join():
    from web2md.extract.html.entities import collapse_ws, subtree_text

    whitespace = [chr(c) for c in range(0x110000) if chr(c).isspace()]
    alphabet = [" ", " ", "  ", "\n", "\n ", "a", "bc", "é", "\u00a0", "\u3000", "\t", "\r\n", "\x1c", "\ud800"]
    for text in _strings(alphabet + whitespace, 31) + ["", " ", "\n", " a\n", "a \n b", "\na b"]:
        expected = " ".join(text.split())
        assert collapse_ws(text) == expected, repr(text)
        # (a caller vouching for single spaces only never passes a line break, but the answer holds all the same)
        if not any(char.isspace() and char != " " for char in text):
            assert collapse_ws(text, True) == expected, repr(text)
    for doc in _documents(37):
        for el in parse_html(f"<div>{doc}</div>").iter(etree.Element):
            assert furniture.block_text(el) == " ".join(subtree_text(el).split()), doc


# -- language: the function words' runs of letters split in the bytes, not by the pattern (s27-speed) --------------


def test_language_words_as_the_pattern():
    from web2md.extract.meta import language

    # letters, digits that are and are not decimal (\d), the underscore, combining marks, spaces of every kind,
    # punctuation, lone surrogates, case pairs with context (final sigma), letters outside the BMP
    alphabet = ["a", "Z", "é", "_", "1", "²", "½", "Ⅻ", "\u0301", "\u00a0", "\u2028", "\ud800", "Σ", "ς", "İ", "ı"]
    alphabet += ["ß", "ﬁ", "ǅ", "\u0663", ".", ",", "-", "’", "“", " ", "日", "本", "\t", "\n", "\x1c", "\x85", "𝐀"]
    for text in _strings(alphabet, 41, 14) + ["", "a", "ab", "a b", "ab1cd", "é’s"]:
        assert language._words(text) == language._WORDS.findall(text), repr(text)
    many = "".join(map(chr, range(0x2000, 0x2100))) + " ab cd"  # more distinct non-letters than are replaced
    assert language._words(many) == language._WORDS.findall(many)


# -- the comments' count: a label without a digit told before its words are read (s32-speed) ------------------------


def test_counts_comments_as_without_the_digit_test():
    from web2md.extract.exact import str_lower

    def reference(text: str) -> bool:  # the former formulation, no digit test first
        line = str_lower(text)
        words = line.split()
        if sum(any(c.isalnum() for c in word) for word in words) > furniture.COUNT_LABEL_WORDS:
            return False
        found = furniture._COMMENT_COUNT.search(" ".join(words))
        return found is not None and sum(c.isdigit() for c in line) == sum(c.isdigit() for c in found.group())

    # lowercasing neither makes a digit (as the pattern's \d reads one) nor unmakes one: the test reads the lowered line
    digit = re.compile(r"\d")
    for code in range(0x110000):
        char = chr(code)
        assert bool(digit.search(char)) == bool(digit.search(char.lower())), hex(code)
    # digits that are and are not decimal (\d: Arabic-Indic yes, superscripts no), the labels' words, case pairs
    alphabet = ["3", "12", "\u0663", "²", "½", "Ⅻ", " ", "  ", "(", ")", "comments", "Comments", "COMMENTEN", "reply"]
    alphabet += ["replies", "Kommentare", "responses", "Antworten", "thoughts", " on", "a", "İ", "\u00a0", "\n", "to"]
    for text in (
        _strings(alphabet, 43, 4)
        + _strings(alphabet, 44, 9)
        + ["", "3 Comments", "Comments (12)", "(² Replies)", "\u0663 Comments"]
    ):
        assert furniture.counts_comments(text) == reference(text), repr(text)


_NOTICE_PIECES = ["©", "(c)", "(C) 2024", "Copyright", "COPYRIGHT 2020", "copyright ©", "ights reserved"]
_NOTICE_PIECES += ["Alle Rechte vorbehalten", "DROITS RÉSERVÉS", "İ", "ſ", "K", " ", "2024", "Harbour", "|", "x"]


def test_a_text_may_hold_rights_wherever_a_run_of_it_is_a_rights_line():
    """`closes_on_rights` asks `may_hold_rights` of a block's whole text before walking it: every run of a text's
    pieces that `is_rights_line` accepts must leave it True (every text of up to three pieces)."""
    for size in range(1, 4):
        for pieces in itertools.product(_NOTICE_PIECES, repeat=size):
            text = "".join(pieces)
            for start in range(size):
                for end in range(start + 1, size + 1):
                    if furniture.is_rights_line("".join(pieces[start:end])):
                        assert furniture.may_hold_rights(text), text
