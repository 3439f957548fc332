"""The core entry points: `convert` (HTML to a `Page`) and the small pure helpers around it."""

from __future__ import annotations

import functools
from collections.abc import Callable

from lxml import etree

from web2md.extract.derive import blocks, extraction_quality, fit_markdown, with_citations
from web2md.extract.html.elements import DocumentElements
from web2md.extract.html.links import links_from_tree
from web2md.extract.html.parse import TRUNCATED, parse_html
from web2md.extract.html.selectors import selector_predicate
from web2md.extract.html.urls import Resolver, base_url, document_base
from web2md.extract.maincontent.analysis import Analysis, analyse
from web2md.extract.maincontent.choice import choose_main, title_heading
from web2md.extract.maincontent.pagetype import (
    FORUM,
    PRODUCT,
    comment_section,
    detect,
    fallback_text,
    json_ld_body,
    page_comments,
    post_parts,
    product_section,
)
from web2md.extract.maincontent.region import candidate_regions, marked_regions
from web2md.extract.maincontent.rules import MEASURED_VERDICTS
from web2md.extract.markdown.escaping import escape_paragraph
from web2md.extract.markdown.render import Rendered, Renderer
from web2md.extract.meta import metadata
from web2md.extract.options import Options
from web2md.extract.page import Page

Html = str | bytes | etree._Element


def as_tree(html: Html, max_memory: int | None = None, pack_rows: bool = False) -> etree._Element:
    """Accept a document as text, bytes or an already-parsed lxml tree (e.g. Scrapy's)."""
    if isinstance(html, (str, bytes)):
        return parse_html(html, max_memory=max_memory, pack_rows=pack_rows)
    if hasattr(html, "getroottree"):
        return html
    raise TypeError(f"expected str, bytes or an lxml element, not {type(html).__name__}")


def _either(a: Callable | None, b: Callable | None) -> Callable | None:
    if a is None or b is None:
        return a or b
    return lambda el: a(el) or b(el)


def render_plain(
    root: etree._Element,
    base: str,
    page_url: str,
    opts: Options,
    resolve: Resolver | None = None,
    also_skip: Callable[[etree._Element], bool] | None = None,
) -> Rendered:
    """Render the first region of the plain region choice (docs/design.md#plain-region) that holds any text."""
    excluded = _either(selector_predicate(opts.exclude_selector, root), also_skip)
    resolve = resolve or Resolver(base)
    rendered = None
    for subtrees, skip in candidate_regions(root, keep_header=opts.keep_header):
        renderer = Renderer(
            base, page_url, include_images=opts.include_images, skip=_either(skip, excluded), resolve=resolve
        )
        rendered = renderer.render(subtrees)
        if rendered.markdown:
            return rendered
    assert rendered is not None
    return rendered


def semantic_region(elements: DocumentElements, analysis: Analysis) -> list[etree._Element]:
    """What the page itself marks as its content: `<main>`, `[role=main]`, else its articles."""
    return next(marked_regions(elements.mains, elements.articles, analysis.role_main), [])


def render_main(
    root: etree._Element,
    base: str,
    page_url: str,
    opts: Options,
    resolve: Resolver,
    analysis: Analysis,
    elements: DocumentElements,
    also_skip: Callable[[etree._Element], bool] | None = None,
    title: etree._Element | None = None,
    product: bool = False,
    author: str | None = None,
    title_text: str | None = None,
    article_body: str = "",
) -> tuple[Rendered, bool]:
    """Render the main content (see docs/design.md#main-content); returns the rendering and whether anything scored.
    `author` is the page's (its byline lines are left out); `title_text` its title as the metadata gives it;
    `article_body` the publisher's own text of the article (JSON-LD `articleBody`)."""
    if opts.main_content is False:
        return render_plain(root, base, page_url, opts, resolve), True
    excluded = _either(selector_predicate(opts.exclude_selector, root), also_skip)
    read = functools.partial(
        choose_main,
        root,
        precision=opts.precision,
        recall=opts.recall,
        title=title,
        product=product,
        author=author,
        base=base,
        title_text=title_text,
        article_body=article_body,
    )
    choice = read(analysis=analysis)
    if opts.main_content:
        forced = semantic_region(elements, analysis)
        if forced:
            skip = choice.skip if choice is not None else None
            rendered = Renderer(
                base, page_url, include_images=opts.include_images, skip=_either(skip, excluded), resolve=resolve
            ).render(forced)
            if rendered.markdown:
                return rendered, True
    # (a forum's thread has its own second reading: its opening post)
    second_reading = "second-reading" not in analysis.disabled and also_skip is None
    while choice is not None:
        renderer = Renderer(
            base,
            page_url,
            include_images=opts.include_images,
            skip=_either(choice.skip, excluded),
            resolve=resolve,
            skip_tags=choice.skip_tags,
        )
        rendered = renderer.render(choice.roots)
        if rendered.markdown:
            return rendered, True
        if not second_reading:
            break
        second_reading = False
        # nothing of the region is left: the verdicts measured its blocks against content it does not hold
        choice = read(analysis=analysis.without_rules(MEASURED_VERDICTS))
    # a forum's posts are left out here too: they come in the comments section
    return render_plain(root, base, page_url, opts, resolve, also_skip), False


def extract_title(html: Html, url: str = "") -> str | None:
    """The page title as `convert` gives it: `<title>` without the site's name, else a declared title
    (DC.title, og:title, ...), else the first `<h1>`."""
    return metadata.page_title(as_tree(html), url)


def html_to_text(html: Html, base: str = "") -> str:
    """Markdown of the plain region (no main-content scoring): the web_grep rendering."""
    root = as_tree(html)
    return render_plain(root, document_base(root, base), base, Options()).markdown


def extract_links(html: Html, base: str = "") -> list[dict]:
    """Every http(s) link in the whole document: url, text, nofollow (see docs/design.md#rendering)."""
    return links_from_tree(as_tree(html), base)


def truncate_markdown(markdown: str, limit: int) -> str:
    """The first `limit` characters, with a code fence the cut left open closed again."""
    cut = markdown[:limit].rstrip()
    fence = ""
    for line in cut.split("\n"):
        stripped = line.lstrip("> ").lstrip()
        if stripped.startswith("```"):
            ticks = stripped[: len(stripped) - len(stripped.lstrip("`"))]
            if not fence:
                fence = ticks
            elif stripped == fence or stripped.startswith(fence) and not stripped.strip("`"):
                fence = ""
    return f"{cut}\n{fence}" if fence else cut


def convert(html: Html, url: str = "", **options) -> Page:
    """Convert an HTML document to a `Page` (Markdown, text, title, links, metadata)."""
    opts = Options.from_kwargs(options)
    # a big table's rows are packed (html/rows.py) unless selectors are to look for them
    root = as_tree(html, opts.max_memory, pack_rows=not opts.exclude_selector)
    elements = DocumentElements(root)
    base = base_url(elements.bases, url)
    resolve = Resolver(base)
    data = metadata.json_ld_of(elements.scripts)
    analysis = analyse(
        root,
        keep_header=opts.keep_header,
        precision=opts.precision,
        recall=opts.recall,
        disabled=frozenset(opts.disable_rules),
    )
    comments = page_comments(analysis)
    page_type = detect(elements, data, url, len(comments), analysis.product_microdata)
    with_comments = page_type == FORUM and not opts.no_comments and opts.main_content is not False and comments
    comment_set = {el for el, _ in comments} if with_comments else set()
    title = title_heading(elements.headings, elements.titles, frozenset(opts.disable_rules))
    found = metadata.scan(root, base, data, elements, resolve)
    author = metadata.author_of(found, root, elements, analysis.byline_candidates)
    semantic = bool(data.entries) or bool(semantic_region(elements, analysis))
    title_text = metadata.title_of(found, url, author)  # (banner-kickers reads it; `fill` takes it)
    rendered, scored = render_main(
        root,
        base,
        url,
        opts,
        resolve,
        analysis,
        elements,
        comment_set.__contains__ if comment_set else None,
        title,
        page_type == PRODUCT,
        author,
        title_text,
        json_ld_body(data),
    )
    # the measures hold an entry per element of the page: let them go before the Markdown is read again, last
    # element first (a list lets its items go from the end). lxml frees an element's proxy after looking for an
    # ancestor that still has one, up to the root if need be: in document order (parents first) that is a walk the
    # page's depth long for every element of a deep page; from the end, each walk stops at the parent.
    measured = list(analysis.stats)
    del analysis
    del measured
    if comment_set and not scored:
        # a thread whose opening post is marked up like its replies: that post is the main content
        opening = comments[0][0]
        _, skip = post_parts(opening, comment_set)
        post = Renderer(
            base,
            url,
            include_images=opts.include_images,
            skip=_either(skip, selector_predicate(opts.exclude_selector, root)),
            resolve=resolve,
        ).render([opening])
        if post.markdown:
            rendered, scored, comments = post, True, comments[1:]
    markdown, text = rendered.markdown, rendered.text
    fallback = False
    if not scored:
        body = fallback_text(data, elements.metas, len(text))
        if body:
            paragraphs = [" ".join(p.split()) for p in body.split("\n") if p.strip()]
            markdown, text = "\n\n".join(escape_paragraph(p) for p in paragraphs), "\n\n".join(paragraphs)
            fallback = True
    extra = []
    if with_comments:
        extra.append(comment_section(comments, base, url))
    if page_type == PRODUCT:
        extra.append(product_section(data))
    for md_part, tx_part in extra:
        if md_part:
            markdown = f"{markdown}\n\n{md_part}" if markdown else md_part
            text = f"{text}\n\n{tx_part}" if text else tx_part
    if opts.max_length is not None and len(markdown) > opts.max_length:
        markdown = truncate_markdown(markdown, max(0, opts.max_length))
        text = text[: max(0, opts.max_length)].rstrip()
    parts = blocks(markdown)
    cited, references = with_citations(markdown, parts)
    page = Page(
        url=url,
        markdown=markdown,
        text=text,
        page_type=page_type,
        fit_markdown=fit_markdown(markdown, parts),
        markdown_with_citations=cited,
        references=references,
        links=links_from_tree(root, url, resolve, elements.anchors),
        tables=[{"headers": t.headers, "rows": t.rows, "caption": t.caption} for t in rendered.tables],
        outline=[{"level": level, "text": heading} for level, heading in rendered.headings],
        truncated=True if root.get(TRUNCATED) is not None else None,
    )
    metadata.fill(page, found, root, base, author, title_text)
    known = sum(1 for value in (page.title, page.author, page.published_date, page.description) if value)
    page.extraction_quality = extraction_quality(
        markdown, text, semantic=semantic, metadata_fields=known, fallback=fallback, parts=parts
    )
    return page
