"""The language, metadata and near-duplicate pipelines, formats in per-page files and feed exports, documents.

Unit tests drive each pipeline with a real Scrapy crawler object; the end-to-end
tests crawl a real HTTP server on 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import csv
import hashlib
import io
import json
import os

import pytest
from lxml import etree
from scrapy import Spider
from scrapy.exceptions import DropItem
from scrapy.utils.test import get_crawler

from tests.server import TestServer
from web2md import crawl, formats
from web2md.items import PageItem, item_to_dict
from web2md.paths import page_path
from web2md.pipelines.dedupe import DedupePipeline, FingerprintIndex
from web2md.pipelines.language import LanguagePipeline
from web2md.pipelines.metadata_filter import MetadataFilterPipeline


def pipeline(cls, settings: dict | None = None, **spider_args):
    crawler = get_crawler(Spider, settings)
    crawler.spider = Spider(name="test", **spider_args)
    pipe = cls.from_crawler(crawler)
    pipe.open_spider()
    return pipe, crawler.stats


def item(**fields) -> PageItem:
    fields.setdefault("url", "https://example.com/a")
    return PageItem(**fields)


# -- language ---------------------------------------------------------------------------


@pytest.mark.parametrize("wanted", ["de", "deu", "ger", "DE"])
def test_language_keeps_matching_pages(wanted):
    pipe, stats = pipeline(LanguagePipeline, lang=wanted)
    for lang in ("de", "deu"):
        page = item(language=lang)
        assert pipe.process_item(page) is page
    assert stats.get_value("web2md/language_mismatch_count") is None


def test_language_drops_others_and_unknown_with_a_clear_reason():
    pipe, stats = pipeline(LanguagePipeline, {"WEB2MD_LANG": "en"})
    with pytest.raises(DropItem, match=r"^https://example\.com/a: language mismatch: page language is fr, wanted en$"):
        pipe.process_item(item(language="fr"))
    with pytest.raises(DropItem, match="page language is unknown, wanted en"):
        pipe.process_item(item())
    assert stats.get_value("web2md/language_mismatch_count") == 2


def test_language_argument_overrides_setting_and_no_filter_by_default():
    pipe, _ = pipeline(LanguagePipeline, {"WEB2MD_LANG": "en"}, lang="fr")
    page = item(language="fr")
    assert pipe.process_item(page) is page
    pipe, _ = pipeline(LanguagePipeline)
    assert pipe.process_item(item(language="fr"))["language"] == "fr"


def test_language_rejects_an_unknown_code_at_start():
    with pytest.raises(ValueError, match="unknown language code 'klingon'"):
        pipeline(LanguagePipeline, lang="klingon")


# -- only_with_metadata -------------------------------------------------------------------


def test_only_with_metadata():
    pipe, stats = pipeline(MetadataFilterPipeline, only_with_metadata="1")
    ok = item(title="T", published_date="2025-01-01")
    assert pipe.process_item(ok) is ok
    with pytest.raises(DropItem, match=r"^https://example\.com/a: missing metadata: no published date$"):
        pipe.process_item(item(title="T"))
    with pytest.raises(DropItem, match="no title and no published date"):
        pipe.process_item(item(title=""))
    assert stats.get_value("web2md/missing_metadata_count") == 2


def test_only_with_metadata_off_by_default_and_from_setting():
    pipe, _ = pipeline(MetadataFilterPipeline)
    assert pipe.process_item(item())["url"]
    pipe, _ = pipeline(MetadataFilterPipeline, {"WEB2MD_ONLY_WITH_METADATA": True})
    with pytest.raises(DropItem):
        pipe.process_item(item())
    pipe, _ = pipeline(MetadataFilterPipeline, {"WEB2MD_ONLY_WITH_METADATA": True}, only_with_metadata="no")
    assert pipe.process_item(item())["url"]


# -- near duplicates ----------------------------------------------------------------------

FP = 0x0123456789ABCDEF


def dedupe(pipe: DedupePipeline, page: PageItem) -> PageItem:
    """The pipeline's (asynchronous) answer for `page`."""
    return asyncio.run(pipe.process_item(page))


def fp_item(n: int, fp: int) -> PageItem:
    return item(url=f"https://example.com/{n}", fingerprint=f"{fp:016x}")


@pytest.mark.integration
def test_dedupe_drops_within_distance_3_by_default():
    pipe, stats = pipeline(DedupePipeline)
    assert dedupe(pipe, fp_item(1, FP))
    with pytest.raises(DropItem, match=r"near duplicate of https://example\.com/1"):
        dedupe(pipe, fp_item(2, FP ^ 0b10000000_00000001_1))  # 3 bits away
    assert dedupe(pipe, fp_item(3, FP ^ 0b1111))  # 4 bits away: a different page
    with pytest.raises(DropItem):
        dedupe(pipe, fp_item(4, FP))
    assert stats.get_value("web2md/near_duplicate_count") == 2


@pytest.mark.integration
def test_dedupe_flag_mode_marks_the_original():
    pipe, stats = pipeline(DedupePipeline, {"WEB2MD_DEDUPE": "flag"})
    first, second = fp_item(1, FP), fp_item(2, FP ^ 1)
    assert dedupe(pipe, first).get("duplicate_of") is None
    assert dedupe(pipe, second)["duplicate_of"] == "https://example.com/1"
    assert stats.get_value("web2md/near_duplicate_count") == 1


@pytest.mark.integration
def test_dedupe_arguments_off_and_distance():
    pipe, _ = pipeline(DedupePipeline, dedupe="off")
    assert dedupe(pipe, fp_item(1, FP)) and dedupe(pipe, fp_item(2, FP))
    pipe, _ = pipeline(DedupePipeline, dedupe_distance="0")
    dedupe(pipe, fp_item(1, FP))
    assert dedupe(pipe, fp_item(2, FP ^ 1))
    with pytest.raises(ValueError, match="dedupe must be one of drop, flag, off"):
        pipeline(DedupePipeline, dedupe="maybe")


@pytest.mark.integration
def test_dedupe_ignores_pages_without_fingerprint():
    pipe, _ = pipeline(DedupePipeline)
    assert dedupe(pipe, item()) and dedupe(pipe, item())


def test_fingerprint_index_finds_exactly_the_pages_within_distance():
    import random

    rng = random.Random(7)
    seen = [rng.getrandbits(64) for _ in range(300)]
    for distance in (0, 3, 6):
        index = FingerprintIndex(distance)
        for n, fp in enumerate(seen):
            index.add(fp, str(n))
        for _ in range(200):
            base = rng.choice(seen)
            probe = base
            for bit in rng.sample(range(64), rng.randint(0, distance + 2)):
                probe ^= 1 << bit
            expected = next((str(n) for n, fp in enumerate(seen) if bin(fp ^ probe).count("1") <= distance), None)
            assert index.find(probe) == expected


# -- end to end ---------------------------------------------------------------------------

ENGLISH = (
    "<p>The council met on Monday to decide the future of the old ferry, which carries about two hundred "
    "people across the river every day, and agreed to keep it running through the winter.</p>"
    "<p>Residents had asked for the service to continue because the nearest bridge is far away.</p>"
)
GERMAN = (
    "<p>Der Stadtrat hat am Montag beschlossen, dass die alte Fähre über den Fluss auch im Winter fahren "
    "soll, weil jeden Tag etwa zweihundert Menschen mit ihr zur Arbeit und zur Schule fahren.</p>"
    "<p>Die nächste Brücke ist weit entfernt, und viele Menschen haben kein Auto.</p>"
)


def doc(title: str, body: str, date: str | None = None, links: str = "") -> str:
    meta = f'<meta property="article:published_time" content="{date}">' if date else ""
    return (
        f"<!DOCTYPE html><html><head><title>{title}</title>{meta}</head><body>"
        f"<nav>{links}</nav><main><h1>{title}</h1>{body}</main></body></html>"
    )


LINKS = '<a href="/en">en</a> <a href="/de">de</a> <a href="/copy">copy</a> <a href="/nodate">n</a> <a href="/file.zip">pdf</a>'


@pytest.fixture()
def site():
    with TestServer() as srv:
        srv.route("/", doc("Home page, with links", ENGLISH.replace("ferry", "boat") * 2, "2025-01-01", LINKS))
        srv.route("/en", doc("Ferry stays", ENGLISH, "2025-01-02"))
        srv.route("/de", doc("Fähre bleibt", GERMAN, "2025-01-03"))
        srv.route("/copy", doc("Ferry stays (print version)", ENGLISH, "2025-01-02"))
        srv.route("/nodate", doc("Fähre ohne Datum", GERMAN.replace("Montag", "Dienstag")))
        srv.route("/file.zip", b"PK\x03\x04 not really", headers={"Content-Type": "application/zip"})
        yield srv


def paths(srv, items) -> list[str]:
    prefix = srv.url("")
    return sorted(i["final_url"][len(prefix) :] for i in items)


@pytest.mark.integration
def test_crawl_filters_language_metadata_and_duplicates(site):
    everything = crawl.run("site", url=site.url("/"), depth=1, output="", dedupe="off")
    assert paths(site, everything.items) == ["/", "/copy", "/de", "/en", "/file.zip", "/nodate"]
    german = crawl.run("site", url=site.url("/"), depth=1, output="", lang="deu")
    assert paths(site, german.items) == ["/de", "/file.zip", "/nodate"]  # documents have no language to filter
    assert german.stats["web2md/language_mismatch_count"] == 3
    assert any("language mismatch: page language is eng, wanted deu" in f["reason"] for f in german.failures)
    dated = crawl.run("site", url=site.url("/"), depth=1, output="", only_with_metadata="1", lang="de")
    assert paths(site, dated.items) == ["/de", "/file.zip"]
    assert dated.stats["web2md/missing_metadata_count"] == 1
    deduped = crawl.run("site", {"CONCURRENT_REQUESTS": 1}, url=site.url("/"), depth=1, output="")
    kept = paths(site, deduped.items)
    assert len([p for p in kept if p in ("/en", "/copy")]) == 1  # same article, one of them
    assert deduped.stats["web2md/near_duplicate_count"] == 1
    flagged = crawl.run(
        "site", {"CONCURRENT_REQUESTS": 1, "WEB2MD_DEDUPE": "flag"}, url=site.url("/"), depth=1, output=""
    )
    marked = [i for i in flagged.items if i.get("duplicate_of")]
    assert len(marked) == 1 and marked[0]["duplicate_of"] in (site.url("/en"), site.url("/copy"))


@pytest.mark.integration
def test_every_format_written_per_page_and_documents_saved(site, tmp_path):
    out = tmp_path / "out"
    result = crawl.run("site", url=site.url("/"), depth=1, output=str(out), formats="md,json,csv,tei,xml,txt,html")
    pages = [i for i in result.items if isinstance(i, PageItem)]
    assert len(pages) == 4  # the print copy of /en is a near duplicate
    for page in pages:
        url = page["final_url"]
        record = item_to_dict(page)
        for fmt, ext in (
            ("md", "md"),
            ("json", "json"),
            ("csv", "csv"),
            ("tei", "tei.xml"),
            ("xml", "xml"),
            ("txt", "txt"),
            ("html", "html"),
        ):
            written = (out / page_path(url, ext)).read_bytes().decode("utf-8")
            assert written == formats.render(record, fmt) + ("" if fmt == "csv" else "\n")
        assert json.loads((out / page_path(url, "json")).read_text())["fingerprint"] == page["fingerprint"]
        etree.fromstring((out / page_path(url, "tei.xml")).read_bytes())
    document = next(i for i in result.items if not isinstance(i, PageItem))
    assert document["path"] == str(out / f"127.0.0.1_{site.port}" / "file.zip")
    with open(document["path"], "rb") as f:
        assert hashlib.sha256(f.read()).hexdigest() == document["sha256"]
    assert "body" not in json.dumps(item_to_dict(document))


@pytest.mark.integration
def test_feed_exports_csv_xml_tei(site, tmp_path):
    feeds = {
        str(tmp_path / "pages.csv"): {"format": "csv"},
        str(tmp_path / "pages.xml"): {"format": "xml"},
        str(tmp_path / "pages.tei"): {"format": "tei"},
    }
    result = crawl.run("site", {"FEEDS": feeds, "WEB2MD_DEDUPE": "off"}, url=site.url("/"), depth=1, output="")
    pages = sorted((i for i in result.items if isinstance(i, PageItem)), key=lambda i: i["final_url"])
    with open(tmp_path / "pages.csv", encoding="utf-8", newline="") as f:
        rows = list(csv.reader(f))
    assert rows[0] == list(formats.CSV_FIELDS)
    assert sorted(rows[1:]) == sorted(
        next(csv.reader(io.StringIO(formats.csv_row(item_to_dict(p)), newline=""))) for p in pages
    )
    docs = etree.parse(str(tmp_path / "pages.xml")).getroot()
    assert docs.tag == "docs"
    assert sorted(d.findtext("url") for d in docs) == [p["url"] for p in pages]
    corpus = etree.parse(str(tmp_path / "pages.tei")).getroot()
    trafilatura = pytest.importorskip("trafilatura")
    dtd = etree.DTD(os.path.join(os.path.dirname(trafilatura.__file__), "data", "tei_corpus.dtd"))
    assert dtd.validate(corpus), dtd.error_log.filter_from_errors()
    assert len(corpus.findall("{http://www.tei-c.org/ns/1.0}TEI")) == len(pages)
