"""Which `*` and `_` of a finished inline run need a backslash, and which emphasis markers can stand.

The renderer writes the asterisks and underscores of text, and its own bold and italic markers, as
placeholder characters. Once a paragraph, heading or table cell is complete, `resolve_emphasis` reads its
delimiter runs (CommonMark's flanking rules, markdown-it's matching of openers and closers, each link text a
scope of its own) and escapes only the literal runs that could pair with something, so that
"**[a](u)**에서" stays as the page wrote it. Markers that would not pair with their own partner
("**(a)**b") are dropped, with the partner, rather than left to show as asterisks.
"""

from __future__ import annotations

import re
from unicodedata import category

from web2md.extract.markdown.references import CONTINUES_REF, escape_split_reference

# Control characters never survive into rendered text (entities.normalise_chars), so they can stand for:
LITERAL_STAR = "\x01"  # a "*" of text
LITERAL_UNDERSCORE = "\x02"  # a "_" of text
BOLD_OPEN, BOLD_CLOSE, ITALIC_OPEN, ITALIC_CLOSE = "\x03", "\x04", "\x05", "\x06"  # the renderer's markers
BREAK = "\x00"  # a <br> in the renderer's inline buffer
PLACEHOLDERS = re.compile("[\x01-\x06]")


def has_placeholders(text: str) -> bool:
    """Whether `text` holds a placeholder: ``PLACEHOLDERS.search(text) is not None``, in a quarter of the
    instructions (each `in` is a memchr-speed scan, where the regex tries its class at every position)."""
    return (
        LITERAL_STAR in text
        or LITERAL_UNDERSCORE in text
        or BOLD_OPEN in text
        or BOLD_CLOSE in text
        or ITALIC_OPEN in text
        or ITALIC_CLOSE in text
    )


_OPENERS, _CLOSERS = BOLD_OPEN + ITALIC_OPEN, BOLD_CLOSE + ITALIC_CLOSE
_WIDTH = {BOLD_OPEN: 2, BOLD_CLOSE: 2, ITALIC_OPEN: 1, ITALIC_CLOSE: 1}
_WRITTEN = {
    LITERAL_STAR: "*",
    LITERAL_UNDERSCORE: "_",
    BOLD_OPEN: "**",
    BOLD_CLOSE: "**",
    ITALIC_OPEN: "*",
    ITALIC_CLOSE: "*",
}
_ESCAPED = {**_WRITTEN, LITERAL_STAR: "\\*", LITERAL_UNDERSCORE: "\\_"}

# What the renderer's output holds besides text: backslash escapes, code spans (their backtick runs),
# link and image texts ("[", "![" ... "](" destination ")"), and delimiter runs.
# (A character class found first: an alternation would be tried at every position, twenty times slower.)
_SYNTAX = re.compile(r"[\\`!\[\]\x01-\x06]")
_TICKS = re.compile("`+")
_STARS = re.compile("[\x01\x03-\x06]+")
_UNDERSCORES = re.compile("\x02+")
_PLACEHELD = re.compile("[\x01-\x06]+")
_ALL_PLACEHOLDERS = LITERAL_STAR + LITERAL_UNDERSCORE + BOLD_OPEN + BOLD_CLOSE + ITALIC_OPEN + ITALIC_CLOSE
_MARKERS = re.compile("[\x03-\x06]")
# More delimiters than this in one scope: every literal run that could open or close is escaped unanalysed
# (the matching is repeated once per escaping round, which would grow with the square of the count).
MAX_DELIMITERS = 200
_ROUNDS = 8  # rounds of dropping markers (the text is read again after each)
_ATTEMPTS = 6  # rounds of escaping text runs that paired, within one reading
# Where dropped markers stood. What they separated must not join into other syntax: two code spans are
# kept apart by a space, and a "!", "<" or "&" before a "[", a letter or "#" is escaped (an image, a tag,
# a character reference); the backslashes before it are counted so that an escaped one is left alone. A text
# "*" or "_" that the gap leaves at a line's start is escaped (a list item, a rule).
_GAP = "\x07"
_GAPS = re.compile("\x07+")
_JOINS_AFTER = frozenset("!<&")  # what an image, a tag or a character reference starts with
_LITERALS = LITERAL_STAR + LITERAL_UNDERSCORE

_SPACE = frozenset(" \t\n\x0b\x0c\r\u00a0\u1680\u202f\u205f\u3000") | frozenset(map(chr, range(0x2000, 0x200B)))
_ASCII_PUNCT = frozenset("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~\x01\x02\x03\x04\x05\x06")


def _kind(ch: str) -> int:
    """1 for Unicode whitespace, 2 for punctuation (Unicode categories P and S, and the placeholders of
    "*" and "_"), 0 for anything else."""
    kind = _KINDS.get(ch)
    if kind is None:
        return 2 if category(ch)[0] in "PS" else 0
    return kind


_KINDS = {chr(c): 0 for c in range(128)} | {c: 2 for c in _ASCII_PUNCT} | {c: 1 for c in _SPACE}


class _Run:
    """A delimiter run, or the part of one made of the renderer's markers (the text's asterisks beside
    them are escaped). `units` are the positions of its marker placeholders."""

    __slots__ = ("start", "end", "char", "literal", "units", "length", "opens", "closes", "escaped", "paired")

    def __init__(self, start: int, end: int, char: str, literal: bool, prev: str, nxt: str, length: int) -> None:
        self.start = start
        self.end = end
        self.char = char
        self.literal = literal
        self.units = () if literal else range(start, end)
        self.length = length
        self.escaped = False
        self.paired = False
        before, after = _kind(prev), _kind(nxt)
        left = not (after == 1 or after == 2 and before == 0)
        right = not (before == 1 or before == 2 and after == 0)
        if char == "*":
            self.opens, self.closes = left, right
        else:  # "_" does not open or close inside a word
            self.opens = left and (not right or before == 2)
            self.closes = right and (not left or after == 2)


class _Delim:
    """One character of a run, as markdown-it keeps them."""

    __slots__ = ("run", "unit", "char", "length", "token", "opens", "closes", "end")

    def __init__(self, run: _Run, unit: int, token: int) -> None:
        self.run = run
        self.unit = unit  # the marker placeholder it belongs to, -1 for text
        self.char = run.char
        self.length = run.length
        self.token = token
        self.opens = run.opens
        self.closes = run.closes
        self.end = -1


def _match(delims: list[_Delim]) -> None:
    """markdown-it's `processDelimiters`: pair each closing delimiter with the nearest opener it may close
    (the rule of 3 included), with its skips and lower bounds that keep it linear."""
    bottoms: dict[str, list[int]] = {}
    header = 0
    last_token = -2
    jumps: list[int] = []
    for ci, closer in enumerate(delims):
        jumps.append(0)
        if delims[header].char != closer.char or last_token != closer.token - 1:
            header = ci
        last_token = closer.token
        if not closer.closes:
            continue
        bottom = bottoms.setdefault(closer.char, [-1] * 6)
        slot = (3 if closer.opens else 0) + closer.length % 3
        oi = header - jumps[header] - 1
        new_bottom = oi
        while oi > bottom[slot]:
            opener = delims[oi]
            if opener.char != closer.char:
                oi -= jumps[oi] + 1
                continue
            if opener.opens and opener.end < 0:
                odd = (
                    (opener.closes or closer.opens)
                    and (opener.length + closer.length) % 3 == 0
                    and (opener.length % 3 != 0 or closer.length % 3 != 0)
                )
                if not odd:
                    last_jump = jumps[oi - 1] + 1 if oi > 0 and not delims[oi - 1].opens else 0
                    jumps[ci] = ci - oi + last_jump
                    jumps[oi] = last_jump
                    closer.opens = False
                    opener.end = ci
                    opener.closes = False
                    new_bottom = -1
                    last_token = -2
                    break
            oi -= jumps[oi] + 1
        if new_bottom != -1:
            bottom[slot] = new_bottom


def _scopes(text: str, partner: dict[int, int]) -> list[tuple[list[_Run], bool]]:
    """The delimiter runs of each scope (the whole text, each link or image text), and whether a run of the
    scope ends where a link text ends (markdown-it then reads the character after it as a space, CommonMark as
    the "]"). Text asterisks inside a run that holds markers are escaped here and take no further part.
    Fills `partner` with the position of each marker placeholder's partner."""
    done: list[tuple[list[_Run], bool]] = []
    stack: list[list] = [[[], False]]
    open_markers: list[int] = []
    n = len(text)
    pos = 0
    search = _SYNTAX.search
    while True:
        m = search(text, pos)
        if m is None:
            break
        start = m.start()
        first = text[start]
        pos = start + 1
        if first == "\\":
            pos += 1
            continue
        if first == "`":
            ticks = _TICKS.match(text, start).group()  # type: ignore[union-attr]
            close = text.find(ticks, start + len(ticks))  # web2md's code spans hold no run as long as their fence
            pos = close + len(ticks) if close >= 0 else start + len(ticks)
            continue
        if first == "!":
            if text.startswith("[", pos):
                stack.append([[], False])
                pos += 1
            continue
        if first == "[":
            stack.append([[], False])
            continue
        if first == "]":
            if not text.startswith("(", pos):
                continue
            if len(stack) > 1:
                runs, edge = stack.pop()
                done.append((runs, edge))
            close = text.find(")", pos)  # destinations are percent-encoded: no ")" inside
            pos = close + 1 if close >= 0 else n
            continue
        scope = stack[-1]
        pos = (_UNDERSCORES if first == LITERAL_UNDERSCORE else _STARS).match(text, start).end()  # type: ignore[union-attr]
        at_link_end = len(stack) > 1 and text.startswith("](", pos)
        nxt = " " if pos >= n or at_link_end else text[pos]
        if first == LITERAL_UNDERSCORE:
            scope[1] |= at_link_end
            scope[0].append(_Run(start, pos, "_", True, text[start - 1] if start else " ", nxt, pos - start))
            continue
        i = start
        while i < pos:  # stretches of text asterisks and of markers
            literal = text[i] == LITERAL_STAR
            j = i + 1
            width = 1 if literal else _WIDTH[text[i]]
            while j < pos and (text[j] == LITERAL_STAR) == literal:
                width += 1 if literal else _WIDTH[text[j]]
                j += 1
            run = _Run(i, j, "*", literal, text[i - 1] if i else " ", nxt if j == pos else text[j], width)
            if literal:
                run.escaped = j - i < pos - start  # beside markers
            else:
                for k in range(i, j):
                    if text[k] in (BOLD_OPEN, ITALIC_OPEN):
                        open_markers.append(k)
                    elif open_markers:
                        partner[k] = open_markers.pop()
                        partner[partner[k]] = k
            if j == pos:
                scope[1] |= at_link_end
            scope[0].append(run)
            i = j
    while stack:
        runs, edge = stack.pop()
        done.append((runs, edge))
    return done


def _placeholder_runs(text: str) -> list[tuple[int, int]]:
    """The spans of ``_PLACEHELD.finditer(text)``: the placeholders found by `str.find` (memchr speed; the regex
    tries its class at every position of the text, ~50 instructions a character), then joined where adjacent."""
    positions: list[int] = []
    for placeholder in _ALL_PLACEHOLDERS:
        i = text.find(placeholder)
        while i >= 0:
            positions.append(i)
            i = text.find(placeholder, i + 1)
    positions.sort()
    runs: list[tuple[int, int]] = []
    start = end = -1
    for i in positions:
        if i != end:
            if start >= 0:
                runs.append((start, end))
            start = i
        end = i + 1
    if start >= 0:
        runs.append((start, end))
    return runs


def _plain_sailing(text: str) -> bool:
    """The common case, told without reading the text's structure: every run of markers holds only openers
    and can only open, or only closers and can only close (they then pair as they nest), and every text run
    can neither open nor close."""
    n = len(text)
    for start, end in _placeholder_runs(text):
        before = _kind(text[start - 1]) if start else 1
        after = _kind(text[end]) if end < n else 1
        left = not (after == 1 or after == 2 and before == 0)
        right = not (before == 1 or before == 2 and after == 0)
        run = text[start:end]
        first = run[0]
        if first in _OPENERS:
            if not left or right or run.strip(_OPENERS):
                return False
        elif first in _CLOSERS:
            if not right or left or run.strip(_CLOSERS):
                return False
        elif run.strip(first):  # text asterisks beside underscores or markers
            return False
        elif first == LITERAL_STAR:
            if left or right:
                return False
        elif left and (not right or before == 2) or right and (not left or after == 2):
            return False
    return True


def _decide(text: str, runs: list[_Run], edge: bool, partner: dict[int, int], drop: set[int]) -> None:
    """Escape the literal runs of one scope that could take part in emphasis; add to `drop` the markers
    that would not pair with their partner, and their partners."""
    active = [r for r in runs if not r.escaped and (r.opens or r.closes)]
    candidates = [r for r in active if r.literal]
    if edge or sum(r.length for r in active) > MAX_DELIMITERS:
        for r in candidates:
            r.escaped = True
        if not edge:
            return
        # at a link text's end CommonMark and markdown-it see different neighbours: no text run is left to
        # chance, the markers are checked as markdown-it reads them
        active = [r for r in active if not r.literal]
        candidates = []
    for attempt in range(_ATTEMPTS + 1):
        if attempt == _ATTEMPTS:  # still pairing: the rest of the text runs are escaped unanalysed
            for r in candidates:
                r.escaped = True
            active = [r for r in active if not r.literal]
            candidates = []
        delims: list[_Delim] = []
        token = 0
        for r in active:
            r.paired = False
            if r.literal:
                for _ in range(r.length):
                    delims.append(_Delim(r, -1, token))
                    token += 1
            else:
                for unit in r.units:
                    for _ in range(_WIDTH[text[unit]]):
                        delims.append(_Delim(r, unit, token))
                        token += 1
            token += 1  # runs are never adjacent to each other
        _match(delims)
        pairs = [(d, delims[d.end]) for d in delims if d.end >= 0]
        paired = False
        for opener, closer in pairs:
            if opener.unit < 0 or closer.unit < 0:
                opener.run.paired = closer.run.paired = paired = True
        if not paired:
            break
        for r in candidates:
            r.escaped = r.paired
        active = [r for r in active if not r.escaped]
        candidates = [r for r in candidates if not r.escaped]
    # A marker paired with another than its partner: one pair is dropped per round (the one playing the
    # wrong part, an opening marker closing or a closing one opening; else the closer's), and the rest
    # matched again, so that as much of the page's emphasis stays as CommonMark allows.
    dropped: list[int] = []
    for opener, closer in sorted(pairs, key=lambda pair: pair[1].token):
        if partner.get(opener.unit) != closer.unit:
            dropped.append(opener.unit if text[opener.unit] in _CLOSERS else closer.unit)
            break
    else:
        matched: dict[int, int] = {}
        for opener, closer in pairs:
            matched[opener.unit] = matched.get(opener.unit, 0) + 1
            matched[closer.unit] = matched.get(closer.unit, 0) + 1
        for r in runs:
            for unit in r.units:
                if matched.get(unit, 0) < _WIDTH[text[unit]]:
                    dropped.append(unit)  # it would show as asterisks
    drop.update(dropped)
    drop.update(partner[unit] for unit in dropped if unit in partner)


def _written(text: str, spelling: dict[str, str] = _WRITTEN) -> str:
    """The placeholders replaced by what they stand for (str.replace: translate is slow on non-ASCII text)."""
    for placeholder, written in spelling.items():
        if placeholder in text:
            text = text.replace(placeholder, written)
    return text


def single_tick_spans_meet(before: str, after: str) -> bool:
    """Whether `before` ends with a code span of single backticks and `after` starts with one: the two may be written
    as one span ("`a`" then "`b`" is "`ab`"), a single-backtick span's body holding no backtick and no padding. A
    backslash before the closing backtick may be a span's body or an escaped text backtick: those are not joined."""
    return before[-1:] == "`" and before[-2:-1] not in ("`", "\\") and after[:1] == "`" and after[1:2] != "`"


def _close_gaps(text: str) -> str:
    pieces: list[str] = []
    last = 0
    for m in _GAPS.finditer(text):
        start, end = m.span()
        before = text[last:start]
        prev = text[start - 1] if start else ""
        nxt = text[end] if end < len(text) else ""
        if prev == "`" and nxt == "`":
            if single_tick_spans_meet(before, text[end : end + 2]):  # one span holds both ("`ab`")
                pieces.append(before[:-1])
                last = end + 1
                continue
            before += " "
        elif (not prev or prev == "\n") and nxt in _LITERALS:
            # a text "*" or "_" now starting a line could start a list or a rule: its run is written escaped at
            # once (a backslash put before its placeholders would be doubled if a later round escaped them too)
            run_end = end
            while run_end < len(text) and text[run_end] in _LITERALS:
                run_end += 1
            pieces.append(before + _written(text[end:run_end], _ESCAPED))
            last = run_end
            continue
        elif prev in _JOINS_AFTER and prev and (nxt.isalpha() or nxt in "[/!?#"):
            backslashes = len(before) - 1 - len(before[:-1].rstrip("\\"))
            if backslashes % 2 == 0:  # the character is not escaped yet
                before = before[:-1] + "\\" + prev
        elif nxt in CONTINUES_REF and nxt and "&" in before:  # "&copy" + gap + ";"
            before = escape_split_reference(before, text[end:])
        pieces.append(before)
        last = end
    pieces.append(text[last:])
    return "".join(pieces)


def resolve_emphasis(text: str) -> str:
    """The inline Markdown `text` with its placeholders written out: a backslash before the text's
    asterisks and underscores that could open or close emphasis, none before the rest; the renderer's
    markers where they pair as the page's elements did, dropped (with their partners) elsewhere."""
    if _plain_sailing(text):
        return _written(text)
    for _ in range(_ROUNDS):
        partner: dict[int, int] = {}
        drop: set[int] = set()
        edits: list[tuple[int, int, str]] = []
        for runs, edge in _scopes(text, partner):
            _decide(text, runs, edge, partner, drop)
            edits.extend((r.start, r.end, _written(text[r.start : r.end], _ESCAPED)) for r in runs if r.escaped)
        edits.extend((unit, unit + 1, _GAP) for unit in drop)
        if not edits:
            return _written(text)
        edits.sort()
        pieces: list[str] = []
        last = 0
        for start, end, replacement in edits:
            pieces.append(text[last:start])
            pieces.append(replacement)
            last = end
        pieces.append(text[last:])
        text = "".join(pieces)
        if drop:
            text = _close_gaps(text)
        else:  # only escapes: what stays unescaped was decided with these very neighbours
            return _written(text)
    # still dropping after _ROUNDS readings: the markers left are dropped too and every text run is escaped (the
    # text as the page has it, without its emphasis, rather than asterisks that show)
    return _written(_close_gaps(_MARKERS.sub(_GAP, text)), _ESCAPED)
