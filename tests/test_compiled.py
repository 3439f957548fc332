"""The compiled core (a `WEB2MD_COMPILE=1` build, mypyc) gives byte for byte the output of the pure sources
(docs/design.md#compiled-build).

`WEB2MD_COMPILED=DIR` names a directory the compiled build is importable from (a `WEB2MD_COMPILE=1` wheel
unpacked, as .ci/run makes one); without it the module is skipped. Two worker processes (tests/compiled_worker.py)
import web2md, one from DIR (compiled), one from this checkout (pure), and answer the same requests: every bundled
page (tests/golden, tests' other pages, examples/site and pages of our own in scripts where case mappings have
context) converted to `to_dict()`, and the `str` primitives mypyc specialises (web2md/extract/exact.py's `probe`)
on Hypothesis draws of Unicode made to find where a C reimplementation of a primitive parts from CPython's.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parent.parent
COMPILED = os.environ.get("WEB2MD_COMPILED", "")
pytestmark = pytest.mark.skipif(not COMPILED, reason="WEB2MD_COMPILED=DIR names no compiled build to compare")

# pages of our own: capital sigma ending words (lowercased: ς, not σ), dotted and dotless i, ß, ligatures, titlecase
# digraphs, in the title, class names, headings, links and text the fingerprint reads
OWN_PAGES = {
    "greek-capitals.html": """<html lang="el"><head><title>ΟΔΥΣΣΕΑΣ ΚΑΙ ΠΗΝΕΛΟΠΗ</title>
<meta name="description" content="Η ΕΠΙΣΤΡΟΦΗ ΤΟΥ ΟΔΥΣΣΕΑ ΣΤΗΝ ΙΘΑΚΗ"><meta property="OG:TYPE" content="ARTICLE"></head>
<body><nav class="ΜΕΝΟΥΣ"><a href="/a">ΑΡΧΙΚΗ ΣΕΛΙΔΑΣ</a> <a href="/b">ΤΕΛΟΣ</a></nav>
<article class="POST ΑΡΘΡΟΣ"><h1>ΟΔΥΣΣΕΑΣ: Ο ΓΥΡΙΣΜΟΣ</h1><p class="BYLINE">ΑΠΟ ΤΟΝ ΣΥΓΓΡΑΦΕΑΣ</p>
<p>ΜΕΤΑ ΑΠΟ ΕΙΚΟΣΙ ΧΡΟΝΙΑ Ο ΟΔΥΣΣΕΑΣ ΓΥΡΙΖΕΙ ΣΤΗΝ ΙΘΑΚΗ. Σ Σ. ΑΣ ΟΣ ΣΑΣ ΣΑΣ. ΟΔΥΣΣΕΑΣ, ΟΔΥΣΣΕΑΣ; ΟΔΥΣΣΕΑΣ'Σ.</p>
<p>Ο ΤΗΛΕΜΑΧΟΣ ΚΑΙ Ο ΕΥΜΑΙΟΣ ΤΟΝ ΠΕΡΙΜΕΝΟΥΝ ΣΤΗΝ ΚΑΛΥΒΑ ΤΟΥ ΧΟΙΡΟΒΟΣΚΟΥ ΠΟΥ ΕΙΝΑΙ ΠΙΣΤΟΣ ΣΤΟΝ ΑΦΕΝΤΗ ΤΟΥ.</p>
<p><a href="/ΣΧΟΛΙΑΣ">ΣΧΟΛΙΑΣ</a> ΔΕΙΤΕ ΟΛΑ ΤΑ ΑΡΘΡΑ ΤΟΥ ΟΔΥΣΣΕΑΣ</p></article>
<footer class="ΥΠΟΣΕΛΙΔΟΣ">ΟΡΟΙ ΧΡΗΣΗΣ · ΕΠΙΚΟΙΝΩΝΙΑΣ</footer></body></html>""",
    "cased-letters.html": """<html lang="tr"><head><title>İSTANBUL ŞEHRİ VE STRAßE ǅEMAL ﬁNAL</title></head>
<body><div class="Yazar-KUTUSU"><span class="AUTHOR">İLKER IŞIK</span></div>
<main><h2>İÇİNDEKİLER ΣΑΣ</h2><p>İSTANBUL'DA BİR GÜN: DİYARBAKIR, IĞDIR, ŞIRNAK. STRAßE Ǆǅǆ ﬁﬂ ŉ ΐ ᾈ ᾼ ﬀ.</p>
<p>Ὀδυσσεύς ΟΔΥΣΣΕΎΣ ΣΊΣΥΦΟΣ. Weitere Texte über die Straße und das Maß der Dinge, groß und klein.</p>
<p><a href="HTTP://EXAMPLE.TEST/İ">MEHR LESEN</a> <a href="JAVASCRIPT:void(0)">ΚΛΙΚ</a></p></main></body></html>""",
}

# what a C reimplementation of a str primitive could get wrong: context-dependent and expanding case mappings, every
# kind of Unicode space and line break, digits that are not ASCII, combining marks, lone surrogates, astral planes
SPECIAL = (
    "ΣσςΑΟΔİıiIßẞﬁﬂﬀǄǅǆŉΐᾈᾼΆΈ"  # sigma and context, dotted/dotless i, expanding mappings, titlecase digraphs
    "\u0301\u0307\u0345"  # combining marks (acute, dot above, ypogegrammeni)
    " \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f\x85\xa0\u1680\u2000\u2007\u200a\u200b\u2028\u2029\u202f\u205f\u3000\ufeff"
    "0٣۴߄०²³¹½Ⅻ①０"  # digits, superscripts, numerals of other scripts, fullwidth
    "aZ.:,-_/'\"#?"
    "\ud800\udfff"  # lone surrogates
    "\U0001d400\U0001f600\U00010400\U00010428"  # astral: a math letter, an emoji, Deseret capital and small
)
TEXT = st.text(alphabet=st.sampled_from(SPECIAL) | st.characters(), max_size=12)
SHORT = st.text(alphabet=st.sampled_from(SPECIAL), max_size=3)


class Worker:
    def __init__(self, path: str, cwd: Path) -> None:
        env = {**os.environ, "PYTHONPATH": path, "PYTHONHASHSEED": "0"}
        command = [sys.executable, "-P", str(ROOT / "tests" / "compiled_worker.py")]
        self.process = subprocess.Popen(
            command, cwd=cwd, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8"
        )

    def ask(self, request: dict) -> str:
        """The answer's JSON line, as written: the comparison is of the bytes."""
        assert self.process.stdin and self.process.stdout
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        assert line, f"worker {self.process.args} ended"
        return line

    def close(self) -> None:
        assert self.process.stdin
        self.process.stdin.close()
        self.process.wait(timeout=60)


@pytest.fixture(scope="module")
def workers(tmp_path_factory) -> Iterator[tuple[Worker, Worker]]:
    cwd = tmp_path_factory.mktemp("workers")
    pure, compiled = Worker(str(ROOT), cwd), Worker(str(Path(COMPILED).resolve()), cwd)
    yield pure, compiled
    pure.close()
    compiled.close()


@pytest.fixture(scope="module")
def own_pages(tmp_path_factory) -> list[Path]:
    folder = tmp_path_factory.mktemp("pages")
    for name, html in OWN_PAGES.items():
        (folder / name).write_text(html, encoding="utf-8")
    return sorted(folder.iterdir())


def test_builds(workers):
    pure, compiled = (json.loads(worker.ask({"op": "build"})) for worker in workers)
    assert not pure["compiled"] and pure["file"].startswith(str(ROOT))
    assert compiled["compiled"] and compiled["file"].startswith(str(Path(COMPILED).resolve()))
    assert (pure["label"], compiled["label"]) == ("pure Python", "compiled")


def bundled_pages() -> list[Path]:
    return sorted({*ROOT.glob("tests/**/*.html"), *ROOT.glob("examples/**/*.html")})


def test_bundled_pages_alike(workers, own_pages):
    pages = [*bundled_pages(), *own_pages]
    assert len(pages) > 70
    pure, compiled = workers
    for page in pages:
        request = {"op": "pages", "pages": [[str(page), "https://example.test/dir/page"]]}
        assert compiled.ask(request) == pure.ask(request), page


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(TEXT, SHORT) | st.tuples(TEXT, TEXT), min_size=20, max_size=60))
def test_string_primitives_alike(workers, pairs):
    pure, compiled = workers
    request = {"op": "probe", "pairs": pairs}
    assert compiled.ask(request) == pure.ask(request)


def test_sigma_probe(workers):
    """The primitive that once differed (mypyc's str.lower and the final sigma), asked directly."""
    pure, compiled = workers
    request = {"op": "probe", "pairs": [["ΟΔΥΣΣΕΑΣ", "Σ"], ["ΑΣ ΟΣ. Σ", " "]]}
    answer = compiled.ask(request)
    assert answer == pure.ask(request)
    assert "οδυσσεας" in json.loads(answer)[0]
