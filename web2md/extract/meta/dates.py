"""Dates as web pages write them, normalised to ISO 8601 (``2025-01-15`` or ``2025-01-15T08:30:00Z``).

Machine formats (ISO 8601, RFC 822) go through :func:`web2md.extract.meta.isodate.iso_date`;
this module adds the forms people write in page markup: ``2025/01/15``,
``15.01.2025``, ``January 15, 2025``, ``15. Januar 2025``, ``15 de enero de 2025``.
Locale-free and clock-free: what cannot be read unambiguously is ``None``.
"""

from __future__ import annotations

import re
from datetime import date
from types import MappingProxyType

from web2md.extract.meta.isodate import iso_date

__all__ = ["normalize_date"]

# Plausible years for a web page's dates; anything else is a typo or a placeholder.
MIN_YEAR, MAX_YEAR = 1900, 2199

# ISO 8601 ("2025-01-15...", "2025") and RFC 822 ("Wed, 15 Jan 2025 08:30:00 GMT"):
# the shapes that go to iso_date; its RFC 822 reading is too lenient for prose.
_MACHINE = re.compile(
    r"\d{4}(?:-\d|$)|(?:[A-Za-z]{3},\s*)?\d{1,2}\s+[A-Za-z]{3}\s+\d{2,4}\s+\d{1,2}:\d{2}(?::\d{2})?\s*(?:[A-Za-z]{1,5}|[+-]\d{4})\s*$"
)
_MONTH_NAMES = {
    1: "january jan janvier janv enero ene gennaio gen janeiro januar jänner januari stycznia styczeń",
    2: "february feb februar février fevrier févr fevr febrero febbraio fevereiro fev februari lutego luty",
    3: "march mar märz maerz mär mars marzo março marco maart marca marzec",
    4: "april apr avril avr abril aprile kwietnia kwiecień",
    5: "may mai mayo maggio maio mei maja maj",
    6: "june jun juni juin junio giugno junho czerwca czerwiec",
    7: "july jul juli juillet juil julio luglio julho lipca lipiec",
    8: "august aug août aout agosto ago augustus sierpnia sierpień",
    9: "september sep sept septembre septiembre setiembre settembre set setembro września wrzesień",
    10: "october oct oktober okt octobre octubre ottobre ott outubro out października październik",
    11: "november nov novembre noviembre novembro listopada listopad",
    12: "december dec dezember dez décembre decembre déc diciembre dic dicembre dezembro grudnia grudzień",
}
MONTHS = MappingProxyType({name: number for number, names in _MONTH_NAMES.items() for name in names.split()})

_TIME = r"(?:(?:\s*[,T]\s*|\s+(?:at|um|à|a las|alle|às|o)?\s*)(\d{1,2})[:h.](\d{2})(?:[:.](\d{2}))?\s*([ap]\.?m\.?)?)?"
_NUMERIC = (
    # 2025/01/15, 2025.01.15, 20250115, and an ISO date with trailing words
    ("ymd", re.compile(r"(\d{4})/(\d{1,2})/(\d{1,2})" + _TIME)),
    ("ymd", re.compile(r"(\d{4})\.(\d{1,2})\.(\d{1,2})" + _TIME)),
    ("ymd", re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})" + _TIME)),
    ("ymd", re.compile(r"(\d{4})(\d{2})(\d{2})")),
    # 15.01.2025 and 15-01-2025: day first wherever dots or dashes are written
    ("dmy", re.compile(r"(\d{1,2})[.-](\d{1,2})[.-](\d{4})" + _TIME)),
    # 01/15/2025 or 15/01/2025: only when one reading is impossible
    ("?", re.compile(r"(\d{1,2})/(\d{1,2})/(\d{4})" + _TIME)),
)
_DAY = r"(\d{1,2})(?:st|nd|rd|th|er|º|°)?\.?"
_MONTH = r"([^\W\d_]{3,12})\.?"
_NAMED = (
    # 15 January 2025, 15. Januar 2025, 15 de enero de 2025, 1er mars 2025
    ("dmy", re.compile(_DAY + r"\s+(?:de\s+|of\s+)?" + _MONTH + r",?\s+(?:de\s+)?(\d{4})" + _TIME)),
    # January 15, 2025
    ("mdy", re.compile(_MONTH + r"\s+" + _DAY + r",?\s+(\d{4})" + _TIME)),
    # January 2025
    ("my", re.compile(_MONTH + r",?\s+(\d{4})")),
)


def normalize_date(value: str | None) -> str | None:
    """`value` as an ISO 8601 date or date-time, or None when it is not a readable date.

    >>> normalize_date("Wed, 15 Jan 2025 08:30:00 GMT")
    '2025-01-15T08:30:00Z'
    >>> normalize_date("15. Januar 2025")
    '2025-01-15'
    >>> normalize_date("January 15, 2025 at 8:30 pm")
    '2025-01-15T20:30:00'
    """
    if not value:
        return None
    value = " ".join(value.split())
    if not value or len(value) > 80:
        return None
    if _MACHINE.match(value):
        iso = iso_date(value)
        if iso is not None:
            return iso if _plausible(iso[:4]) else None
    return _numeric(value) or _named(value.lower())


def _plausible(year: str) -> bool:
    return year.isdigit() and MIN_YEAR <= int(year) <= MAX_YEAR


def _numeric(value: str) -> str | None:
    for order, pattern in _NUMERIC:
        m = pattern.match(value)
        if not m:
            continue
        groups = m.groups()
        a, b, c = (int(x) for x in groups[:3])
        if order == "ymd":
            year, month, day = a, b, c
        elif order == "dmy":
            day, month, year = a, b, c
        elif a > 12 >= b:
            day, month, year = a, b, c
        elif b > 12 >= a:
            month, day, year = a, b, c
        else:
            return None
        return _build(year, month, day, groups[3:])
    return None


def _named(value: str) -> str | None:
    for order, pattern in _NAMED:
        for m in pattern.finditer(value):
            groups = m.groups()
            if order == "dmy":
                day, month_name, year = groups[:3]
            elif order == "mdy":
                month_name, day, year = groups[:3]
            else:
                month_name, year = groups
                day = None
            month = MONTHS.get(month_name)
            if month is None:
                continue
            if day is None:
                return f"{int(year):04d}-{month:02d}" if _plausible(year) else None
            return _build(int(year), month, int(day), groups[3:])
    return None


def _build(year: int, month: int, day: int, clock: tuple) -> str | None:
    if not MIN_YEAR <= year <= MAX_YEAR:
        return None
    try:
        day_text = date(year, month, day).isoformat()
    except ValueError:
        return None
    hour, minute, second, meridiem = clock if clock else (None, None, None, None)
    if hour is None:
        return day_text
    h, mi, s = int(hour), int(minute), int(second or 0)
    if meridiem:
        if not 1 <= h <= 12:
            return None
        h = h % 12 + (12 if meridiem.startswith("p") else 0)
    if h > 23 or mi > 59 or s > 59:
        return None
    return f"{day_text}T{h:02d}:{mi:02d}:{s:02d}"
