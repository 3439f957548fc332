"""The built-in language detector and ISO 639 code handling (docs/design.md#language, `--lang`)."""

from __future__ import annotations

import os
import subprocess
import sys
from importlib import resources
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from web2md.extract.meta.language import (
    LANGUAGES,
    LanguageMismatch,
    check_language,
    detect_language,
    language_matches,
    normalize_language,
    parse_language_option,
    to_iso639_1,
    to_iso639_3,
)

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = {
    "eng": "The weather was cold when we arrived, but the people in the village were friendly and they "
    "showed us where we could stay for the night.",
    "deu": "Als wir ankamen, war das Wetter kalt, aber die Leute im Dorf waren freundlich und haben uns "
    "gezeigt, wo wir die Nacht über bleiben konnten.",
    "fra": "Quand nous sommes arrivés, il faisait froid, mais les gens du village étaient aimables et ils "
    "nous ont montré où nous pouvions passer la nuit.",
    "spa": "Cuando llegamos hacía frío, pero la gente del pueblo fue muy amable y nos mostraron dónde "
    "podíamos quedarnos durante la noche.",
    "por": "Quando chegamos estava frio, mas as pessoas da aldeia foram simpáticas e mostraram-nos onde "
    "podíamos ficar durante a noite, porque não havia hotel.",
    "ita": "Quando siamo arrivati faceva freddo, ma la gente del paese era gentile e ci ha mostrato dove "
    "potevamo stare per la notte.",
    "nld": "Toen we aankwamen was het koud, maar de mensen in het dorp waren vriendelijk en ze lieten ons "
    "zien waar we de nacht konden blijven.",
    "pol": "Kiedy przyjechaliśmy, było zimno, ale ludzie we wsi byli bardzo życzliwi i pokazali nam, gdzie "
    "możemy zostać na noc, bo nie było tam hotelu.",
    "ces": "Když jsme přijeli, byla zima, ale lidé ve vesnici byli přátelští a ukázali nám, kde jsme mohli "
    "zůstat přes noc, protože tam nebyl žádný hotel.",
    "slk": "Keď sme prišli, bola zima, ale ľudia v dedine boli veľmi priateľskí a ukázali nám, kde sme "
    "mohli zostať na noc, pretože tam nebol žiadny hotel.",
    "swe": "När vi kom fram var det kallt, men människorna i byn var vänliga och de visade oss var vi "
    "kunde stanna över natten.",
    "dan": "Da vi kom frem, var det koldt, men folk i landsbyen var venlige, og de viste os, hvor vi kunne "
    "bo om natten, fordi der ikke var noget hotel.",
    "nob": "Da vi kom fram, var det kaldt, men folk i bygda var vennlige, og de viste oss hvor vi kunne "
    "bo om natten, fordi det ikke var noe hotell der.",
    "fin": "Kun saavuimme perille, oli kylmä, mutta kylän ihmiset olivat ystävällisiä ja he näyttivät "
    "meille, missä voimme olla yön, koska siellä ei ollut hotellia.",
    "hun": "Amikor megérkeztünk, hideg volt, de a falu lakói kedvesek voltak, és megmutatták, hol "
    "tölthetjük az éjszakát, mert nem volt ott szálloda.",
    "ron": "Când am ajuns era frig, dar oamenii din sat au fost prietenoși și ne-au arătat unde putem "
    "să stăm peste noapte, pentru că nu era niciun hotel.",
    "tur": "Vardığımızda hava soğuktu ama köydeki insanlar çok nazikti ve bize geceyi nerede "
    "geçirebileceğimizi gösterdiler, çünkü orada bir otel yoktu.",
    "hrv": "Kada smo stigli bilo je hladno, ali ljudi u selu bili su ljubazni i pokazali su nam gdje "
    "možemo prenoćiti jer tamo nije bilo hotela.",
    "ind": "Ketika kami tiba, cuaca sangat dingin, tetapi orang-orang di desa itu ramah dan mereka "
    "menunjukkan kepada kami tempat untuk menginap karena tidak ada hotel.",
    "vie": "Khi chúng tôi đến nơi thì trời rất lạnh, nhưng người dân trong làng rất thân thiện và họ đã "
    "chỉ cho chúng tôi chỗ ở qua đêm.",
    "rus": "Когда мы приехали, было холодно, но люди в деревне были дружелюбны, и они показали нам, где "
    "можно остановиться на ночь, потому что гостиницы там не было.",
    "ukr": "Коли ми приїхали, було холодно, але люди в селі були привітні, і вони показали нам, де можна "
    "зупинитися на ніч, бо готелю там не було.",
    "bul": "Когато пристигнахме, беше студено, но хората в селото бяха приятелски настроени и ни показаха "
    "къде можем да останем през нощта, защото там няма хотел.",
    "ara": "عندما وصلنا كان الجو باردا، لكن الناس في القرية كانوا لطفاء وقد أرشدونا إلى مكان يمكن أن "
    "نقضي فيه الليل لأنه لم يكن هناك فندق.",
    "fas": "وقتی که به آنجا رسیدیم هوا سرد بود، اما مردم روستا مهربان بودند و به ما نشان دادند که "
    "شب را کجا می توانیم بمانیم، چون هیچ هتلی در آن روستا نبود.",
    "ell": "Όταν φτάσαμε έκανε κρύο, αλλά οι άνθρωποι στο χωριό ήταν φιλικοί και μας έδειξαν πού "
    "μπορούσαμε να μείνουμε το βράδυ.",
    "heb": "כשהגענו היה קר, אבל האנשים בכפר היו ידידותיים והם הראו לנו איפה אפשר לישון בלילה.",
    "jpn": "私たちが着いたとき、とても寒かったですが、村の人々は親切で、夜を過ごせる場所を教えてくれました。",
    "zho": "我们到达的时候天气很冷，但是村里的人很友好，他们告诉我们晚上可以住在哪里。",
    "kor": "우리가 도착했을 때 날씨가 추웠지만 마을 사람들은 친절했고 밤을 보낼 수 있는 곳을 알려 주었습니다.",
    "tha": "เมื่อเรามาถึงอากาศหนาวมาก แต่คนในหมู่บ้านเป็นมิตรและพาเราไปดูที่พักสำหรับคืนนั้น",
    "hin": "जब हम वहाँ पहुँचे तो बहुत ठंड थी, लेकिन गाँव के लोग बहुत अच्छे थे और उन्होंने हमें दिखाया कि "
    "हम रात में कहाँ रह सकते हैं क्योंकि वहाँ कोई होटल नहीं था।",
}


@pytest.mark.parametrize("code", sorted(SAMPLES))
def test_detects_language_of_a_short_paragraph(code):
    assert detect_language(SAMPLES[code]) == code


def test_covers_at_least_twenty_languages_with_small_data():
    assert len(LANGUAGES) >= 20
    assert len(SAMPLES) >= 20
    data = resources.files("web2md").joinpath("data/stopwords.txt").read_bytes()
    assert len(data) < 300_000


@pytest.mark.parametrize(
    "text", ["", "OK", "Home | Login", "12 345 678 90", "!!! ??? ...", "Menu Search Contact", "東京"]
)
def test_too_little_evidence_gives_no_answer(text):
    assert detect_language(text) is None


def test_mixed_page_goes_to_the_majority_language():
    text = SAMPLES["deu"] * 3 + " Accept all cookies. Privacy policy and terms of use."
    assert detect_language(text) == "deu"


def test_list_markers_and_initials_are_not_evidence():
    # one-letter words ("a", "i", "w") are ignored: a table of names is not Polish
    text = "A W I Z O U A W I Z O U " * 20 + SAMPLES["deu"]
    assert detect_language(text) == "deu"


@pytest.mark.integration
def test_same_answer_under_any_hash_seed():
    code = (
        "from web2md.extract.meta.language import detect_language as d; import sys; print([d(t) for t in sys.argv[1:]])"
    )
    texts = [SAMPLES["dan"], SAMPLES["nob"], SAMPLES["ces"] + SAMPLES["slk"], SAMPLES["spa"] + SAMPLES["por"]]
    outs = {
        subprocess.run(
            [sys.executable, "-c", code, *texts],
            capture_output=True,
            text=True,
            check=True,
            cwd=ROOT,
            env={**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(ROOT)},
        ).stdout
        for seed in ("1", "2", "3")
    }
    assert len(outs) == 1


@given(st.text(max_size=400))
@settings(max_examples=200, deadline=None)
def test_detector_never_fails(text):
    assert detect_language(text) in LANGUAGES | {None}


@pytest.mark.parametrize(
    "raw,one,three",
    [
        ("en", "en", "eng"),
        ("EN-us", "en", "eng"),
        ("de_DE", "de", "deu"),
        ("deu", "de", "deu"),
        ("ger", "de", "deu"),
        ("fre", "fr", "fra"),
        ("zh-Hans-CN", "zh", "zho"),
        ("cmn", "zh", "zho"),
        ("iw", "he", "heb"),
        ("nb-NO", "nb", "nob"),
        ("yue", None, "yue"),
        ("x-default", None, None),
        ("und", None, None),
        ("english", None, None),
        ("", None, None),
        (None, None, None),
        ("q1", None, None),
        ("xx", None, None),
    ],
)
def test_iso_codes(raw, one, three):
    assert to_iso639_1(raw) == one
    assert to_iso639_3(raw) == three


def test_normalize_language_prefers_iso639_1():
    assert normalize_language("pt-BR") == "pt"
    assert normalize_language("fil") == "tl"
    assert normalize_language("haw") == "haw"  # no 639-1 code: stays 639-3
    assert normalize_language("x-klingon") is None


@pytest.mark.parametrize(
    "language,wanted,ok",
    [
        ("en", "en", True),
        ("en", "eng", True),
        ("eng", "en", True),
        ("deu", "ger", True),
        ("de", "en", False),
        ("nob", "no", True),
        ("nb", "nor", True),
        ("hrv", "sr", True),
        (None, "en", False),
        ("en", "xx", False),
    ],
)
def test_language_matches(language, wanted, ok):
    assert language_matches(language, wanted) is ok


def test_parse_language_option():
    assert parse_language_option("EN") == "eng"
    assert parse_language_option("deu") == "deu"
    assert parse_language_option("no") == "nor"
    for bad in ("english", "zz", "", "e"):
        with pytest.raises(ValueError, match="unknown language code"):
            parse_language_option(bad)


def test_check_language_raises_a_readable_mismatch():
    check_language("de", "deu")
    with pytest.raises(LanguageMismatch) as info:
        check_language("fr", "en", url="https://x.example/a")
    assert str(info.value) == "https://x.example/a: language mismatch: page language is fr, wanted en"
    assert (info.value.language, info.value.wanted) == ("fr", "en")
    with pytest.raises(LanguageMismatch, match="page language is unknown, wanted de"):
        check_language(None, "de")


def test_letters_and_latin_counted_as_the_patterns():
    # letters and Latin letters counted from the bytes and per distinct character: what summing the lengths of the
    # patterns' runs gives, on mixed scripts, digits and numerals that are or are not letters, marks, symbols,
    # lone surrogates, and on texts of more distinct characters than are counted one by one
    import random

    from web2md.extract.meta import language as L

    def by_patterns(text):
        return (sum(map(len, L._LETTERS.findall(text))), sum(map(len, L._SCRIPT_PATTERNS["latin"].findall(text))))

    pieces = list("aZ_09 .,-\n") + [
        "é",
        "ß",
        "Ä",
        "×",
        "÷",
        "²",
        "٣",
        "\u0301",
        "ж",
        "中",
        "か",
        "ع",
        "’",
        "\xa0",
        "\u1e9e",
        "ǅ",
        "\ud800",
        "\U0001f600",
        "ı",
        "ſ",
    ]
    rng = random.Random(11)
    for _ in range(3000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 40)))
        assert L._letters_and_latin(text) == by_patterns(text), text
    many = "".join(chr(cp) for cp in range(0x4E00, 0x4E00 + 200)) + "abc é ×"
    assert L._letters_and_latin(many) == by_patterns(many)


def test_script_counts_as_the_patterns():
    # each script's characters counted per distinct character in the ranges the patterns are made of: what summing
    # the lengths of each pattern's runs gives (in the patterns' order), at both ends of every range and next to
    # them, and on random code points of every plane, lone surrogates among them
    import random

    from web2md.extract.meta import language as L

    def by_patterns(text):
        found = ((name, sum(map(len, pattern.findall(text)))) for name, pattern in L._SCRIPTS)
        return [(name, n) for name, n in found if n]

    edges = [
        chr(point)
        for low, high in zip(L._RANGE_STARTS, L._RANGE_ENDS)
        for point in (low - 1, low, low + 1, high - 1, high, high + 1)
    ]
    rng = random.Random(5)
    pieces = edges + [chr(rng.randrange(0x110000)) for _ in range(300)] + list("aZ_09 .,-\n")
    for _ in range(3000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 40)))
        assert list(L._script_counts(text).items()) == by_patterns(text), text
    assert list(L._script_counts("".join(edges)).items()) == by_patterns("".join(edges))
