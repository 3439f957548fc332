"""Page language: declared codes normalised to ISO 639-1, or detected from the text as ISO 639-3.

The detector is built in (see docs/design.md#language): the writing system decides languages that
own a script (Greek, Korean, Thai, ...), and function-word counts decide among
the languages that share one (Latin, Cyrillic, Arabic, Devanagari). Short or
ambiguous texts get no answer rather than a guess.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_right
from collections import Counter
from collections.abc import Mapping
from functools import cache
from importlib import resources
from types import MappingProxyType

__all__ = [
    "LanguageMismatch",
    "check_language",
    "detect_language",
    "language_matches",
    "normalize_language",
    "parse_language_option",
    "to_iso639_1",
    "to_iso639_3",
]

# Detection gates. Below MIN_WORDS words (or MIN_SCRIPT_CHARS letters for a
# script-owned language) there is too little text to tell; a winner needs
# MIN_HITS function words making up MIN_SHARE of the words, and must beat the
# runner-up by MIN_MARGIN (close pairs such as Danish/Norwegian stay unanswered
# on short texts instead of being guessed).
MIN_WORDS = 8
MIN_SCRIPT_CHARS = 20
MIN_HITS = 3
MIN_SHARE = 0.05
MIN_MARGIN = 1.2
# Long pages are judged on their first SAMPLE_CHARS characters: enough for a
# stable answer, and keeps the cost flat.
SAMPLE_CHARS = 12_000
SCRIPT_SAMPLE_CHARS = 10_000

_ISO_PAIRS = (
    "aa aar ab abk ae ave af afr ak aka am amh an arg ar ara as asm av ava ay aym az aze "
    "ba bak be bel bg bul bi bis bm bam bn ben bo bod br bre bs bos ca cat ce che ch cha "
    "co cos cr cre cs ces cu chu cv chv cy cym da dan de deu dv div dz dzo ee ewe el ell "
    "en eng eo epo es spa et est eu eus fa fas ff ful fi fin fj fij fo fao fr fra fy fry "
    "ga gle gd gla gl glg gn grn gu guj gv glv ha hau he heb hi hin ho hmo hr hrv ht hat "
    "hu hun hy hye hz her ia ina id ind ie ile ig ibo ii iii ik ipk io ido is isl it ita "
    "iu iku ja jpn jv jav ka kat kg kon ki kik kj kua kk kaz kl kal km khm kn kan ko kor "
    "kr kau ks kas ku kur kv kom kw cor ky kir la lat lb ltz lg lug li lim ln lin lo lao "
    "lt lit lu lub lv lav mg mlg mh mah mi mri mk mkd ml mal mn mon mr mar ms msa mt mlt "
    "my mya na nau nb nob nd nde ne nep ng ndo nl nld nn nno no nor nr nbl nv nav ny nya "
    "oc oci oj oji om orm or ori os oss pa pan pi pli pl pol ps pus pt por qu que rm roh "
    "rn run ro ron ru rus rw kin sa san sc srd sd snd se sme sg sag sh hbs si sin sk slk "
    "sl slv sm smo sn sna so som sq sqi sr srp ss ssw st sot su sun sv swe sw swa ta tam "
    "te tel tg tgk th tha ti tir tk tuk tl tgl tn tsn to ton tr tur ts tso tt tat tw twi "
    "ty tah ug uig uk ukr ur urd uz uzb ve ven vi vie vo vol wa wln wo wol xh xho yi yid "
    "yo yor za zha zh zho zu zul"
).split()
_ONE_TO_THREE: Mapping[str, str] = MappingProxyType(dict(zip(_ISO_PAIRS[::2], _ISO_PAIRS[1::2])))
_THREE_TO_ONE: Mapping[str, str] = MappingProxyType({v: k for k, v in _ONE_TO_THREE.items()})
# Other spellings of the same languages: deprecated 639-1 codes, 639-2/B codes,
# and the individual languages most often written for a macrolanguage.
_ALIASES: Mapping[str, str] = MappingProxyType(
    {
        "iw": "heb",
        "in": "ind",
        "ji": "yid",
        "jw": "jav",
        "mo": "ron",
        "alb": "sqi",
        "arm": "hye",
        "baq": "eus",
        "bur": "mya",
        "chi": "zho",
        "cze": "ces",
        "dut": "nld",
        "fre": "fra",
        "geo": "kat",
        "ger": "deu",
        "gre": "ell",
        "ice": "isl",
        "mac": "mkd",
        "mao": "mri",
        "may": "msa",
        "per": "fas",
        "rum": "ron",
        "slo": "slk",
        "tib": "bod",
        "wel": "cym",
        "arb": "ara",
        "cmn": "zho",
        "zsm": "msa",
        "pes": "fas",
        "swh": "swa",
        "ekk": "est",
        "lvs": "lav",
        "als": "sqi",
        "fil": "tgl",
    }
)
# Codes that name no single language.
_NOT_A_LANGUAGE = frozenset({"und", "mul", "zxx", "mis", "qaa", "xx"})
# Languages a reader cannot tell apart in writing count as one when matching `lang`.
_SAME = MappingProxyType({"nob": "nor", "nno": "nor", "hrv": "hbs", "srp": "hbs", "bos": "hbs"})
_CODE = re.compile(r"[a-z]{2,3}")

# Scripts owned by one language (for this detector's purposes).
_SCRIPT_LANGUAGE: Mapping[str, str] = MappingProxyType(
    {
        "greek": "ell",
        "hebrew": "heb",
        "armenian": "hye",
        "georgian": "kat",
        "hangul": "kor",
        "thai": "tha",
        "lao": "lao",
        "khmer": "khm",
        "myanmar": "mya",
        "tibetan": "bod",
        "ethiopic": "amh",
        "bengali": "ben",
        "gurmukhi": "pan",
        "gujarati": "guj",
        "oriya": "ori",
        "tamil": "tam",
        "telugu": "tel",
        "kannada": "kan",
        "malayalam": "mal",
        "sinhala": "sin",
    }
)
# Each script's letters as ranges of code points (a pattern of one class: `_script_counts` reads the ranges).
_SCRIPT_RANGES: tuple[tuple[str, str], ...] = (
    ("latin", "A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f\u1e00-\u1eff"),
    ("cyrillic", "\u0400-\u04ff\u0500-\u052f"),
    ("greek", "\u0370-\u03ff\u1f00-\u1fff"),
    ("arabic", "\u0600-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff"),
    ("hebrew", "\u0590-\u05ff"),
    ("armenian", "\u0530-\u058f"),
    ("georgian", "\u10a0-\u10ff"),
    ("devanagari", "\u0900-\u097f"),
    ("bengali", "\u0980-\u09ff"),
    ("gurmukhi", "\u0a00-\u0a7f"),
    ("gujarati", "\u0a80-\u0aff"),
    ("oriya", "\u0b00-\u0b7f"),
    ("tamil", "\u0b80-\u0bff"),
    ("telugu", "\u0c00-\u0c7f"),
    ("kannada", "\u0c80-\u0cff"),
    ("malayalam", "\u0d00-\u0d7f"),
    ("sinhala", "\u0d80-\u0dff"),
    ("thai", "\u0e00-\u0e7f"),
    ("lao", "\u0e80-\u0eff"),
    ("tibetan", "\u0f00-\u0fff"),
    ("myanmar", "\u1000-\u109f"),
    ("ethiopic", "\u1200-\u139f"),
    ("khmer", "\u1780-\u17ff"),
    ("hangul", "\u1100-\u11ff\u3130-\u318f\uac00-\ud7af"),
    ("kana", "\u3040-\u30ff\u31f0-\u31ff"),
    ("han", "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"),
)
_SCRIPTS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (name, re.compile(f"[{ranges}]+")) for name, ranges in _SCRIPT_RANGES
)
_SCRIPT_PATTERNS: Mapping[str, re.Pattern[str]] = MappingProxyType(dict(_SCRIPTS))
_LETTERS = re.compile(r"[^\W\d_]+")
# Words of two or more letters; Indic words hold combining vowel signs, which
# are not letters to the re module.
_WORDS = re.compile(r"[^\W\d_]{2,}")
_INDIC_WORDS = re.compile(r"(?:[^\W\d_]|[\u0900-\u0dff]){2,}")
_ASCII = bytes(range(128))
# Every byte but the ASCII letters (which are both letters and Latin): deleted, the rest counts them.
_ALL_BUT_ASCII_LETTERS = bytes(b for b in range(256) if not (0x41 <= b <= 0x5A or 0x61 <= b <= 0x7A))
# Distinct characters outside ASCII that `_letters_and_latin` counts one at a time (a Latin-script text has a few).
_MAX_COUNTED = 64
# Every ASCII byte but the letters made a space, the other bytes kept (`_words`).
_ASCII_NON_LETTER_TO_SPACE = bytes(
    b if b >= 0x80 or 0x41 <= b <= 0x5A or 0x61 <= b <= 0x7A else 0x20 for b in range(256)
)


class LanguageMismatch(ValueError):
    """A page's language is not the one the user asked for (`lang` option, `--lang`)."""

    def __init__(self, url: str, language: str | None, wanted: str) -> None:
        self.url, self.language, self.wanted = url, language, wanted
        found = language or "unknown"
        where = f"{url}: " if url else ""
        super().__init__(f"{where}language mismatch: page language is {found}, wanted {wanted}")


def _load_stopwords() -> tuple[Mapping[str, frozenset[str]], Mapping[str, str]]:
    """Read the function-word lists (package data) and note each language's script."""
    words: dict[str, set[str]] = {}
    text = resources.files("web2md").joinpath("data/stopwords.txt").read_text(encoding="utf-8")
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        code, _, rest = line.partition(":")
        words.setdefault(code.strip(), set()).update(unicodedata.normalize("NFC", rest).split())
    # Romanian is written with both the comma-below and the older cedilla letters.
    if "ron" in words:
        words["ron"] |= {w.replace("ș", "ş").replace("ț", "ţ") for w in words["ron"]}
    scripts = {code: _script_of(" ".join(ws)) for code, ws in words.items()}
    return MappingProxyType({c: frozenset(ws) for c, ws in words.items()}), MappingProxyType(scripts)


def _code_point_ranges() -> tuple[list[int], list[int], list[int]]:
    """The starts, ends and script (its place in `_SCRIPTS`) of every range of `_SCRIPT_RANGES`, by start; the
    ranges do not overlap (else this fails at import)."""
    found: list[tuple[int, int, int]] = []
    for index, (_, ranges) in enumerate(_SCRIPT_RANGES):
        if len(ranges) % 3 or any(ranges[at + 1] != "-" for at in range(0, len(ranges), 3)):
            raise ValueError(f"not a run of ranges: {ranges!r}")
        found.extend((ord(ranges[at]), ord(ranges[at + 2]), index) for at in range(0, len(ranges), 3))
    found.sort()
    if any(low > high for low, high, _ in found) or any(a[1] >= b[0] for a, b in zip(found, found[1:])):
        raise ValueError("script ranges overlap")
    return [low for low, _, _ in found], [high for _, high, _ in found], [index for _, _, index in found]


_RANGE_STARTS, _RANGE_ENDS, _RANGE_SCRIPTS = _code_point_ranges()


def _script_counts(text: str) -> Counter[str]:
    """How many characters of `text` each script's pattern holds (those holding any, in `_SCRIPTS`' order):
    ``sum(map(len, pattern.findall(text)))`` of each. Each pattern is one class of ranges, so each distinct
    character is looked up once in the ranges (by bisection) with its count, instead of 26 passes of the text."""
    totals = [0] * len(_SCRIPTS)
    for char, n in Counter(text).items():
        point = ord(char)
        at = bisect_right(_RANGE_STARTS, point) - 1
        if at >= 0 and point <= _RANGE_ENDS[at]:
            totals[_RANGE_SCRIPTS[at]] += n
    counts: Counter[str] = Counter()
    for (name, _), n in zip(_SCRIPTS, totals):
        if n:
            counts[name] = n
    return counts


def _script_of(text: str) -> str:
    counts = _script_counts(text)
    return counts.most_common(1)[0][0] if counts else ""


def _word_weights(
    stopwords: Mapping[str, frozenset[str]], list_script: Mapping[str, str]
) -> Mapping[str, Mapping[str, tuple[tuple[str, float], ...]]]:
    """script -> word -> ((language, weight), ...): a word shared by k languages weighs 1/k for each.

    One-letter words ("a", "i", "w", "y") are left out: they are too easily list
    markers, initials or units to count as evidence.
    """
    owners: dict[str, dict[str, list[str]]] = {}
    for code in sorted(stopwords):
        for word in stopwords[code]:
            if len(word) > 1:
                owners.setdefault(list_script[code], {}).setdefault(word, []).append(code)
    return MappingProxyType(
        {
            script: MappingProxyType({w: tuple((c, 1.0 / len(cs)) for c in cs) for w, cs in words.items()})
            for script, words in owners.items()
        }
    )


@cache
def _tables() -> tuple[
    Mapping[str, frozenset[str]], Mapping[str, Mapping[str, tuple[tuple[str, float], ...]]], frozenset[str]
]:
    """The function-word lists, their weights by script and the languages known, built when first asked for
    (most pages declare their language, and every command would pay for them at start-up)."""
    stopwords, list_script = _load_stopwords()
    languages = frozenset(stopwords) | frozenset(_SCRIPT_LANGUAGE.values()) | {"jpn", "zho"}
    return stopwords, _word_weights(stopwords, list_script), languages


def __getattr__(name: str) -> object:
    """`STOPWORDS` and `LANGUAGES`, read from the tables built on first use."""
    if name == "STOPWORDS":
        return _tables()[0]
    if name == "LANGUAGES":
        return _tables()[2]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def detect_language(text: str) -> str | None:
    """The ISO 639-3 code of the language `text` is written in, or None when it cannot tell.

    >>> detect_language("Der Hund schläft, weil er müde ist und nicht mehr spielen will.")
    'deu'
    """
    if not text:
        return None
    sample = unicodedata.normalize("NFC", text[:SAMPLE_CHARS])
    head = sample[:SCRIPT_SAMPLE_CHARS]
    letters, latin = _letters_and_latin(head)
    if not letters:
        return None
    if latin * 2 >= letters:  # the common case, decided without scanning for 25 other scripts
        return _by_function_words(sample.lower(), "latin")
    scripts = _script_counts(head)
    if not scripts:
        return None
    script, count = scripts.most_common(1)[0]
    if script in ("han", "kana"):
        kana, han = scripts.get("kana", 0), scripts.get("han", 0)
        if kana + han < MIN_SCRIPT_CHARS:
            return None
        # Japanese writes its grammar in kana; Chinese has none.
        return "jpn" if kana * 10 >= kana + han else "zho"
    if script in _SCRIPT_LANGUAGE:
        return _SCRIPT_LANGUAGE[script] if count >= MIN_SCRIPT_CHARS else None
    return _by_function_words(sample.lower(), script)


def _letters_and_latin(text: str) -> tuple[int, int]:
    """How many characters of `text` are letters (`_LETTERS`) and how many Latin letters (the "latin" script
    pattern): ``sum(map(len, pattern.findall(text)))`` of each.

    Both patterns are one character class: the ASCII letters are counted in the UTF-8 bytes at once (C), each
    distinct character outside ASCII is classed once and counted with str.count, instead of the patterns testing
    every character and making a string of every run.
    """
    data = text.encode("utf-8", "surrogatepass")
    letters = latin = len(data.translate(None, _ALL_BUT_ASCII_LETTERS))
    if data.isascii():
        return letters, latin
    # the text's characters outside ASCII, each once: its bytes without the ASCII ones, decoded
    others = set(data.translate(None, _ASCII).decode("utf-8", "surrogatepass"))
    if len(others) > _MAX_COUNTED:  # another script's many letters: a count each would cost more than a pass
        return (sum(map(len, _LETTERS.findall(text))), sum(map(len, _SCRIPT_PATTERNS["latin"].findall(text))))
    latin_pattern = _SCRIPT_PATTERNS["latin"]
    for char in others:
        letter, in_latin = _LETTERS.match(char) is not None, latin_pattern.match(char) is not None
        if letter or in_latin:
            count = text.count(char)
            letters += count if letter else 0
            latin += count if in_latin else 0
    return letters, latin


def _words(text: str) -> list[str]:
    """``_WORDS.findall(text)``: the runs of two or more letters.

    The pattern tests every character through the Unicode tables and makes a string per word; here the characters
    that are no letter become spaces in the UTF-8 bytes (the ASCII ones by one translation, each distinct one outside
    ASCII by a replacement: a text has a handful, quotes and dashes), and the text is split at the spaces. UTF-8 never
    puts an ASCII byte inside another character, nor one character's bytes inside another's, so a replacement falls
    between characters; a letter is never whitespace, so the split finds the runs.
    """
    data = text.encode("utf-8", "surrogatepass")
    if not data.isascii():
        # the text's characters outside ASCII, each once: its bytes without the ASCII ones, decoded
        others = set(data.translate(None, _ASCII).decode("utf-8", "surrogatepass"))
        non_letters = [char for char in others if _LETTERS.fullmatch(char) is None]
        if len(non_letters) > _MAX_COUNTED:  # a pass of the bytes each would cost more than the pattern's one
            return _WORDS.findall(text)
        for char in non_letters:
            data = data.replace(char.encode("utf-8", "surrogatepass"), b" ")
    runs = data.translate(_ASCII_NON_LETTER_TO_SPACE).decode("utf-8", "surrogatepass").split()
    return [run for run in runs if len(run) > 1]


def _by_function_words(sample: str, script: str) -> str | None:
    weights = _tables()[1].get(script)
    words = _INDIC_WORDS.findall(sample) if script == "devanagari" else _words(sample)
    total = len(words)
    if total < MIN_WORDS or not weights:
        return None
    counts = Counter(words)
    scores: dict[str, float] = {}
    hits: Counter[str] = Counter()
    for word in sorted(counts.keys() & weights.keys()):  # sorted: float sums in a fixed order
        n = counts[word]
        for code, weight in weights[word]:
            scores[code] = scores.get(code, 0.0) + n * weight
            hits[code] += n
    if not scores:
        return None
    ranked = sorted(scores.items(), key=lambda kv: (-kv[1], kv[0]))
    best, best_score = ranked[0]
    runner_up = ranked[1][1] if len(ranked) > 1 else 0.0
    if hits[best] < MIN_HITS or hits[best] < MIN_SHARE * total:
        return None
    if best_score < MIN_MARGIN * runner_up:
        return None
    return best


def to_iso639_3(code: str | None) -> str | None:
    """Any accepted spelling of a language (``de``, ``deu``, ``ger``, ``de-AT``, ``de_DE``) as ISO 639-3."""
    primary = _primary(code)
    if primary is None:
        return None
    if len(primary) == 2:
        return _ONE_TO_THREE.get(primary) or _ALIASES.get(primary)
    return _ALIASES.get(primary, primary)


def to_iso639_1(code: str | None) -> str | None:
    """ISO 639-1 for a language code when the language has one, else None."""
    three = to_iso639_3(code)
    return _THREE_TO_ONE.get(three) if three else None


def normalize_language(code: str | None) -> str | None:
    """A declared language (``<html lang>``, og:locale, inLanguage) as ISO 639-1, else ISO 639-3, else None."""
    three = to_iso639_3(code)
    if three is None:
        return None
    return _THREE_TO_ONE.get(three, three)


def language_matches(language: str | None, wanted: str) -> bool:
    """Whether a page language (639-1 or 639-3) is the wanted one (639-1 or 639-3)."""
    a, b = to_iso639_3(language), to_iso639_3(wanted)
    if a is None or b is None:
        return False
    return _SAME.get(a, a) == _SAME.get(b, b)


def parse_language_option(code: str) -> str:
    """Validate a user's `lang` value; returns it as ISO 639-3 or raises ValueError with a clear message."""
    three = to_iso639_3(code)
    if three is None or (three not in _THREE_TO_ONE and three not in _tables()[2] and three not in _SAME.values()):
        raise ValueError(f"unknown language code {code!r}: use an ISO 639-1 or 639-3 code such as 'en' or 'eng'")
    return three


def check_language(language: str | None, wanted: str, url: str = "") -> None:
    """Raise :class:`LanguageMismatch` unless `language` is `wanted` (see docs/design.md#language `--lang`)."""
    if not language_matches(language, wanted):
        raise LanguageMismatch(url, language, wanted)


def _primary(code: str | None) -> str | None:
    if not code:
        return None
    primary = code.strip().lower().replace("_", "-").split("-", 1)[0]
    if not _CODE.fullmatch(primary) or primary in _NOT_A_LANGUAGE:
        return None
    if len(primary) == 2 and primary not in _ONE_TO_THREE and primary not in _ALIASES:
        return None
    return primary
