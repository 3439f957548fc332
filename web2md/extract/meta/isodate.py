"""Dates as feeds and sitemaps write them (RFC 822, W3C/ISO 8601) normalised to ISO 8601 strings.

Locale-free and clock-free: a date that cannot be read is ``None``, never a guess.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, timedelta, timezone
from email.utils import parsedate_tz

# The W3C profile of ISO 8601 (sitemaps, Atom, JSON Feed) plus the common sloppy forms:
# a space instead of "T", missing seconds, "+hhmm" or "+hh" offsets, lowercase t/z.
_ISO = re.compile(
    r"(\d{4})(?:-(\d{1,2})(?:-(\d{1,2})"
    r"(?:[Tt ]\s*(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?"
    r"\s*([Zz]|(?:UTC|GMT)|[+-]\d{2}(?::?\d{2})?)?)?)?)?",
)
_MAX_OFFSET = timedelta(hours=18)


def iso_date(value: str | None) -> str | None:
    """``value`` as ISO 8601: ``2024-01-05``, ``2024-01-05T10:00:00Z``, ``...+02:00``; ``None`` if unreadable.

    Precision is kept as written (a bare year stays ``2024``), fractions of a
    second are dropped, a zero offset is written ``Z`` and a missing one stays
    missing.

    >>> iso_date("Tue, 10 Jun 2003 04:00:00 GMT")
    '2003-06-10T04:00:00Z'
    >>> iso_date("2024-01-05T10:00:00.5+0200")
    '2024-01-05T10:00:00+02:00'
    """
    if not value:
        return None
    value = value.strip()
    if not value or len(value) > 64:
        return None
    match = _ISO.fullmatch(value)
    if match:
        return _from_iso(match)
    return _from_rfc822(value)


def to_datetime(value: str | None) -> datetime | None:
    """A timezone-aware datetime for comparisons (e.g. ``since``); missing parts read as the earliest.

    Dates without an offset are taken as UTC.
    """
    iso = iso_date(value)
    if iso is None:
        return None
    match = _ISO.fullmatch(iso)
    assert match is not None
    year, month, day, hour, minute, second, zone = match.groups()
    dt = datetime(int(year), int(month or 1), int(day or 1), int(hour or 0), int(minute or 0), int(second or 0))
    return dt.replace(tzinfo=_zone(zone) or UTC)


def _from_iso(match: re.Match[str]) -> str | None:
    year, month, day, hour, minute, second, zone = match.groups()
    try:
        if month is None:
            date(int(year), 1, 1)
            return year
        if day is None:
            date(int(year), int(month), 1)
            return f"{year}-{int(month):02d}"
        if hour is None:
            return date(int(year), int(month), int(day)).isoformat()
        dt = datetime(int(year), int(month), int(day), int(hour), int(minute), int(second or 0))
    except ValueError:  # month 13, February 30th, hour 25, ...
        return None
    tz = _zone(zone)
    if zone and tz is None:
        return None
    return _format(dt, tz)


def _from_rfc822(value: str) -> str | None:
    parts = parsedate_tz(value)
    if parts is None:
        return None
    year, month, day, hour, minute, second = parts[:6]
    offset = parts[9]
    try:
        dt = datetime(year, month, day, hour, minute, second)
        tz = timezone(timedelta(seconds=offset)) if offset is not None else UTC
    except (ValueError, OverflowError):
        return None
    if abs(tz.utcoffset(None)) > _MAX_OFFSET:
        return None
    return _format(dt, tz)


def _zone(zone: str | None) -> timezone | None:
    if not zone:
        return None
    if zone in ("Z", "z", "UTC", "GMT"):
        return UTC
    sign = -1 if zone[0] == "-" else 1
    digits = zone[1:].replace(":", "")
    hours, minutes = int(digits[:2]), int(digits[2:] or 0)
    if minutes >= 60:
        return None
    delta = timedelta(hours=hours, minutes=minutes)
    if delta > _MAX_OFFSET:
        return None
    return timezone(sign * delta)


def _format(dt: datetime, tz: timezone | None) -> str:
    text = dt.strftime("%Y-%m-%dT%H:%M:%S") if dt.year >= 1000 else f"{dt.year:04d}" + dt.strftime("-%m-%dT%H:%M:%S")
    if tz is None:
        return text
    offset = tz.utcoffset(None)
    if not offset:
        return text + "Z"
    sign = "-" if offset < timedelta(0) else "+"
    minutes = abs(int(offset.total_seconds())) // 60
    return f"{text}{sign}{minutes // 60:02d}:{minutes % 60:02d}"
