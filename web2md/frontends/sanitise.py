"""The one sanitiser for strings from the network on their way to a terminal or a tool result: control
characters (ESC and the sequences it starts, C1 controls, DEL) and bidirectional overrides are shown escaped
(``\\x1b``, ``\\u202e``), and a URL's user name and password are left out."""

from __future__ import annotations

import re

# C0 controls but tab and newline, DEL, C1 controls, and the characters that reorder or hide text (bidi
# embeddings, overrides and isolates, marks, line and paragraph separators)
_UNSAFE = "\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069"
_UNSAFE_TEXT = re.compile(f"[{_UNSAFE}]")
_UNSAFE_LINE = re.compile(f"[{_UNSAFE}\t\n]")
_CREDENTIALS = re.compile(r"(?i)\b([a-z][a-z0-9+.-]*://)[^/?#\s@]*@")


def _escaped(found: re.Match[str]) -> str:
    code = ord(found.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def sanitise(text: str, lines: bool = False) -> str:
    """``text`` safe to print: unsafe characters escaped, credentials in URLs replaced by ``***``. Tabs and
    newlines are escaped too unless ``lines`` (text of several lines)."""
    text = _CREDENTIALS.sub(r"\1***@", text)
    return (_UNSAFE_TEXT if lines else _UNSAFE_LINE).sub(_escaped, text)
