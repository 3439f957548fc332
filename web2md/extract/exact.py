"""String operations the compiled core must not take from mypyc (docs/design.md#compiled-build).

mypyc (the optional compiled build, `WEB2MD_COMPILE=1`) replaces some `str` methods by C primitives of its own. On
CPython 3.11 and 3.12 its `str.lower()` lowercases character by character and so misses CPython's one context rule,
the final sigma (`"ΟΔΥΣΣΕΑΣ".lower()` is `"οδυσσεας"`; mypyc gave `"οδυσσεασ"`). The compiled modules therefore call
`str_lower(text)`: a call through a name, which mypyc cannot specialise, of CPython's own method (in pure Python it
costs what `text.lower()` does). setup.py refuses a build whose generated C still holds `CPyStr_Lower`, and
tests/test_compiled.py compares every other primitive the compiled modules use against CPython on generated Unicode.
"""

from collections.abc import Callable

# CPython's method, called as a function: never a mypyc primitive
str_lower: Callable[[str], str] = str.lower


def probe(s: str, t: str) -> list[object]:
    """The `str` primitives mypyc specialises in the compiled modules, applied to `s` (and `t` as an argument).

    Compiled, each is mypyc's C (tests/test_compiled.py runs this module compiled and interpreted and compares the
    results); a primitive the compiled modules start to use belongs here (the generated C names them `CPyStr_*`).
    """
    n = len(t) - 3
    grown = s
    grown += t
    return [
        grown,
        str_lower(s),
        s.upper(),
        s.casefold(),
        s.strip(),
        s.lstrip(),
        s.rstrip(),
        s.strip(t),
        s.lstrip(t),
        s.rstrip(t),
        s.split(),
        s.split(t) if t else None,
        s.split(None, 1),
        s.split(t, 1) if t else None,
        s.rsplit(),
        s.rsplit(t, 1) if t else None,
        s.isalnum(),
        s.isdigit(),
        s.isspace(),
        s.isalpha(),
        s.startswith(t),
        s.endswith(t),
        s.startswith((t, "a")),
        s.endswith((t, ".")),
        s.find(t),
        s.find(t, 1),
        s.count(t),
        s.count(t, 1),
        s.replace(t, "-") if t else None,
        s.partition(t) if t else None,
        s[n] if -len(s) <= n < len(s) else None,
        s[n:],
        s[:n],
        s[1:n],
        s * (len(t) % 4),
        ord(s[0]) if s else None,
        s == t,
        s < t,
        t in s,
        s + t,
        f"{s}:{t}",
        "".join([s, t, s]),
        " ".join(s.split()),
        len(s),
        bool(s),
    ]
