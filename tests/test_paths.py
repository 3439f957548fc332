"""URL -> output path mapping (web2md.paths): exact examples, and properties over arbitrary URLs."""

from __future__ import annotations

import re
from pathlib import Path, PurePosixPath
from urllib.parse import quote, urlsplit

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from web2md.paths import MAX_COMPONENT, MAX_PATH, document_path, output_file, page_path

SAFE_COMPONENT = re.compile(r"[A-Za-z0-9_~-][A-Za-z0-9._~-]*")
DEFAULT_PORTS = {"http": 80, "https": 443}


@pytest.mark.parametrize(
    "url, expected",
    [
        ("https://example.com/docs/intro.html", "example.com/docs/intro.html.md"),
        ("https://example.com/docs/", "example.com/docs/index.md"),
        ("https://example.com/", "example.com/index.md"),
        ("https://example.com", "example.com/index.md"),
        ("https://EXAMPLE.com/a", "example.com/a.md"),
        ("https://example.com/a#frag", "example.com/a.md"),
        ("https://user:pw@example.com/a", "example.com/a.md"),
        ("https://example.com:443/a", "example.com/a.md"),
        # the port is named unless https on 443: http and https never share a file
        ("http://example.com:80/a", "example.com_80/a.md"),
        ("http://example.com/a", "example.com_80/a.md"),
        ("https://example.com:8443/a", "example.com_8443_https/a.md"),
        ("http://127.0.0.1:8765/guide/brewing.html", "127.0.0.1_8765/guide/brewing.html.md"),
        ("https://example.com/a/b/c", "example.com/a/b/c.md"),
    ],
)
def test_plain_urls_keep_readable_paths(url, expected):
    assert page_path(url, "md") == PurePosixPath(expected)


@pytest.mark.parametrize(
    "url, pattern",
    [
        # a query string is folded into the leaf with a hash of the original
        ("https://h/search?q=tea&page=2", r"h/search_q_tea_page_2~[0-9a-f]{12}\.md"),
        # dot segments never survive as "..": they become hashed names
        ("https://h/../../etc/passwd", r"h/~[0-9a-f]{12}/~[0-9a-f]{12}/etc/passwd\.md"),
        ("https://h/a%2F..%2F..%2Fb", r"h/a_.._.._b~[0-9a-f]{12}\.md"),
        ("https://h/.git/config", r"h/git~[0-9a-f]{12}/config\.md"),
        # the literal leaf "index" must not collide with a trailing slash
        ("https://h/docs/index", r"h/docs/index~[0-9a-f]{12}\.md"),
        # a directory may not contain a dot (it could clash with a page file "v1.2" + ".md" style names)
        ("https://h/v1.2/notes", r"h/v1\.2~[0-9a-f]{12}/notes\.md"),
        # Windows device names
        ("https://h/con.html", r"h/_con\.html~[0-9a-f]{12}\.md"),
        ("https://h/caf%C3%A9", r"h/caf~[0-9a-f]{12}\.md"),
        ("https://h//double", r"h/~[0-9a-f]{12}/double\.md"),
        # upper case: "/Item0" and "/item0" are one file on macOS and Windows
        ("https://h/Item0", r"h/Item0~[0-9a-f]{12}\.md"),
        ("https://h/Docs/intro", r"h/Docs~[0-9a-f]{12}/intro\.md"),
    ],
)
def test_unsafe_components_are_hashed(url, pattern):
    assert re.fullmatch(pattern, str(page_path(url, "md")))


def test_long_components_are_capped():
    path = page_path("https://h/" + "x" * 5000 + "/" + "y" * 5000 + "?" + "z" * 5000, "json")
    assert all(len(part.encode()) <= MAX_COMPONENT + len(".json") for part in path.parts)
    assert path.suffix == ".json"


def test_a_long_path_is_capped_as_a_whole():
    # an ~800-character link of short segments: each is fine, together they pass PATH_MAX
    url = "https://h/docs/" + "~/" * 400 + "end"
    path = page_path(url, "md")
    assert len(str(path).encode()) <= MAX_PATH
    assert re.fullmatch(r"h/docs/(~[0-9a-f]{12}/)+end~[0-9a-f]{12}\.md", str(path))
    assert page_path(url + "2", "md") != path and page_path(url, "md") == path


def test_case_variants_get_distinct_names_case_insensitively():
    names = {str(page_path(f"https://h/{leaf}", "md")).lower() for leaf in ("item0", "ITEM0", "Item0", "iTEM0")}
    assert len(names) == 4
    assert page_path("https://h/item0", "md") == PurePosixPath("h/item0.md")


def test_output_file_is_below_root(tmp_path):
    target = output_file(tmp_path, "https://h/../../../../etc/passwd", "md")
    assert tmp_path.resolve() in target.parents


def test_output_file_refuses_a_symlink_out_of_root(tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    root = tmp_path / "root"
    root.mkdir()
    (root / "h").symlink_to(outside)
    with pytest.raises(ValueError, match="outside"):
        output_file(root, "https://h/page", "md")


# -- properties ------------------------------------------------------------

hosts = st.one_of(
    st.sampled_from(["example.com", "Example.COM", "127.0.0.1", "a.b-c.org", "xn--caf-dma.fr", "con", "[::1]"]),
    st.from_regex(r"[a-z0-9]{1,12}(\.[a-z0-9]{1,12}){0,2}", fullmatch=True),
)
raw_text = st.text(st.characters(exclude_categories=("Cs",)), max_size=40)
segments = st.one_of(
    st.sampled_from(
        [
            "",
            ".",
            "..",
            "index",
            "index.html",
            "a.md",
            "CON",
            "~x",
            "a b",
            "%2e%2e",
            "%",
            "x" * 150,
            "item",
            "Item",
            "ITEM",
        ]
    ),
    st.tuples(raw_text, st.sampled_from(["", "%", "~.-", ":@!$&'()*+,;="])).map(lambda t: quote(t[0], safe=t[1])),
)
queries = st.one_of(
    st.just(""), st.tuples(raw_text, st.sampled_from(["", "=&", "=&/?"])).map(lambda t: quote(t[0], safe=t[1]))
)


@st.composite
def urls(draw):
    scheme = draw(st.sampled_from(["http", "https"]))
    host = draw(hosts)
    port = draw(st.one_of(st.none(), st.sampled_from([80, 443, 8080])))
    path = "/".join(draw(st.lists(segments, max_size=5)))
    query = draw(queries)
    url = f"{scheme}://{host}{':' + str(port) if port else ''}/{path}"
    return url + (f"?{query}" if query else "")


def identity(url: str) -> tuple:
    """What makes two URLs the same document to page_path: scheme, host (case-folded), port, path, query."""
    parts = urlsplit(url)
    return parts.scheme, parts.hostname, parts.port or DEFAULT_PORTS[parts.scheme], parts.path or "/", parts.query


@settings(max_examples=300, deadline=None)
@given(urls())
def test_path_is_inside_root_safe_and_deterministic(url):
    root = Path("/srv/output")
    path = page_path(url, "md")
    assert path == page_path(url, "md")
    assert not path.is_absolute()
    for part in path.parts:
        assert part not in (".", "..")
        assert SAFE_COMPONENT.fullmatch(part), part
        assert len(part.encode()) <= MAX_COMPONENT + len(".md")
    assert len(str(path).encode()) <= MAX_PATH
    joined = (root / path).resolve()
    assert root in joined.parents


@settings(max_examples=100, deadline=None)
@given(st.lists(urls(), min_size=2, max_size=12, unique_by=identity))
def test_distinct_urls_get_distinct_paths(many):
    paths = [page_path(u, "md") for u in many]
    # unique on a case-insensitive file system too
    assert len({str(p).lower() for p in paths}) == len(paths)
    # no page file is also used as a directory by another page
    files = {str(p).lower() for p in paths}
    dirs = {str(parent).lower() for p in paths for parent in p.parents}
    assert not files & dirs


PAGE_EXTENSIONS = frozenset({"md", "json", "csv", "xml", "txt", "html"})
DOCUMENT_EXTENSIONS = st.sampled_from(["pdf", "png", "md", "json", "docx"])


@pytest.mark.parametrize(
    "url, ext, name",
    [
        ("http://h.test/report.pdf", "pdf", "report.pdf"),  # a URL that names its document keeps its name
        ("http://h.test/img/logo.png", "png", "logo.png"),
        ("http://h.test/report", "pdf", "report~"),  # one that does not gets a hashed name of its own
        ("http://h.test/notes.md", "md", "notes.md~"),  # a page file's extension: never the URL's name alone
        ("http://h.test/Report.PDF", "pdf", "Report.PDF~"),
    ],
)
def test_a_document_is_named_after_its_url_only_where_no_other_file_can_be(url, ext, name):
    path = document_path(url, ext, PAGE_EXTENSIONS)
    assert path.name == name if not name.endswith("~") else path.name.startswith(name) and path.suffix == f".{ext}"


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(urls(), DOCUMENT_EXTENSIONS), min_size=2, max_size=12, unique_by=lambda t: identity(t[0])))
def test_documents_and_pages_of_distinct_urls_never_share_a_file(many):
    """/doc and /doc.pdf (both PDFs), a binary /notes.md and the page /notes, a document and a page's JSON."""
    documents = [str(document_path(url, ext, PAGE_EXTENSIONS)).lower() for url, ext in many]
    pages = [str(page_path(url, ext)).lower() for url, _ in many for ext in PAGE_EXTENSIONS]
    assert len(set(documents)) == len(documents)
    assert not set(documents) & set(pages)


def test_the_named_collisions():
    pairs = [("http://h.test/doc", "pdf"), ("http://h.test/doc.pdf", "pdf"), ("http://h.test/notes.md", "md")]
    documents = {str(document_path(url, ext, PAGE_EXTENSIONS)) for url, ext in pairs}
    pages = {str(page_path(url, ext)) for url in ("http://h.test/notes", "http://h.test/doc") for ext in ("md", "json")}
    assert len(documents) == 3 and not documents & pages
