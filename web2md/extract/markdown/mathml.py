"""MathML as text: the TeX a `<math>` element was written in, and a linear reading of its presentation markup
(``x^2``, ``(a)/(b)``, ``√(x)``) for the plain text and for math that carries no TeX."""

from __future__ import annotations

import re

from lxml import etree

TEX_ENCODINGS = frozenset({"application/x-tex", "text/x-tex", "tex", "latex", "application/x-latex"})
# MediaWiki and others wrap the TeX in a style switch that says nothing about the formula
_STYLE_WRAPPER = re.compile(r"^\{\\(?:displaystyle|textstyle)\s*(.*)\}$", re.S)
# operators read with a space on each side ("a + b = c"); others stay tight ("f(x)", "∂x", "x˙")
SPACED_OPERATORS = frozenset("=≠<>≤≥≈≡∼≅∝+−-±∓×÷⋅·∗→←↔⇒⇐⇔↦∈∉⊂⊃⊆⊇∪∩∧∨")
SIGNS = frozenset("+−-±∓")
# beyond this depth the rest of a formula is read as its bare text: hostile nesting stays linear
MAX_DEPTH = 64
SCRIPTED = {
    "msup": ("^",),
    "msub": ("_",),
    "msubsup": ("_", "^"),
    "munder": ("_",),
    "mover": ("^",),
    "munderover": ("_", "^"),
}


def local(tag: object) -> str:
    """The tag without its namespace (`{http://www.w3.org/1998/Math/MathML}mi` read as XML, `mi` as HTML)."""
    return tag.rpartition("}")[2] if isinstance(tag, str) else ""


def is_display(math: etree._Element) -> bool:
    return math.get("display") == "block" or math.get("mode") == "display"


def tex_of(math: etree._Element) -> str:
    """The TeX source a formula carries (its `alttext`, else a TeX `<annotation>`), whitespace collapsed; ''."""
    tex = math.get("alttext") or ""
    if not tex.strip():
        for el in math.iter():
            if local(el.tag) == "annotation" and (el.get("encoding") or "").strip().lower() in TEX_ENCODINGS:
                tex = el.text or ""
                break
    tex = " ".join(tex.split())
    wrapped = _STYLE_WRAPPER.match(tex)
    if wrapped and _balanced(wrapped.group(1)):
        tex = wrapped.group(1).strip()
    return tex


def _balanced(tex: str) -> bool:
    depth = 0
    escaped = False
    for ch in tex:
        if escaped:
            escaped = False
        elif ch == "\\":
            escaped = True
        elif ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth < 0:
                return False
    return depth == 0


def linear_text(math: etree._Element) -> str:
    """The formula as one line of text: tokens in reading order, scripts as ``^``/``_``, fractions and roots
    with their operands grouped in parentheses."""
    return " ".join(_read(math, 0).split())


def _token(el: etree._Element) -> str:
    return " ".join("".join(el.itertext()).split())


def _read(el: etree._Element, depth: int) -> str:
    tag = local(el.tag)
    if tag in ("mi", "mn", "ms"):
        return _token(el)
    if tag == "mo":
        op = _token(el)
        return f" {op} " if op in SPACED_OPERATORS else (f"{op} " if op in (",", ";") else op)
    if tag == "mtext":
        text = _token(el)
        return f" {text} " if text else " "
    if tag == "mspace":
        return " "
    if tag in ("annotation", "annotation-xml", "mphantom", "none", "mprescripts") or not tag:
        return ""
    if depth >= MAX_DEPTH:
        return _token(el)
    children = [child for child in el if isinstance(child.tag, str)]
    if tag == "semantics":
        return _read(children[0], depth + 1) if children else ""
    parts = [_read(child, depth + 1) for child in children]
    if tag in SCRIPTED and len(parts) >= 2:
        out = parts[0].strip()
        for mark, script in zip(SCRIPTED[tag], parts[1:]):
            script = script.strip()
            if tag == "mover" and len(script) == 1 and not script.isalnum():
                out += script  # an accent: x˙, B→
            elif script:
                out += mark + _group(script)
        return out
    if tag == "mfrac" and len(parts) == 2:
        return f"{_group(parts[0].strip())}/{_group(parts[1].strip())}"
    if tag == "msqrt":
        return f"√({_join(parts).strip()})"
    if tag == "mroot" and len(parts) == 2:
        return f"{_group(parts[0].strip())}^(1/{parts[1].strip()})"
    if tag == "mfenced":
        separator = (el.get("separators") or ",").strip()[:1] or ","
        return el.get("open", "(") + f"{separator} ".join(p.strip() for p in parts) + el.get("close", ")")
    if tag == "mtable":
        return "; ".join(p.strip() for p in parts if p.strip())
    if tag == "mtr" or tag == "mlabeledtr":
        return " ".join(" ".join(parts).split())  # cells of an aligned equation: "x˙ = σ(y − x)"
    return _join(parts)


def _join(parts: list[str]) -> str:
    """Pieces of a row: words and multi-letter names kept apart ("sin x"), single letters and digits together."""
    out: list[str] = []
    previous = ""
    for part in parts:
        if not part:
            continue
        if not out and part.strip() in SIGNS:
            part = part.strip()  # a sign, not an operator between two terms: "−b"
        if previous and previous[-1].isalnum() and part[0].isalnum() and not (_simple(previous) and _simple(part)):
            out.append(" ")  # "sin x", "x^2 y"; but "2ac"
        out.append(part)
        previous = part
    return "".join(out)


def _simple(piece: str) -> bool:
    """One letter, or a number: pieces that read as a product when written together ("2ac")."""
    return len(piece) == 1 or piece.isdigit()


def _group(text: str) -> str:
    """An operand of a script or fraction, in parentheses unless it is one token."""
    if text.isalnum() or len(text) == 1 or (text[0] in "([{" and _closes_at_end(text)):
        return text
    return f"({text})"


def _closes_at_end(text: str) -> bool:
    pairs = {"(": ")", "[": "]", "{": "}"}
    close = pairs[text[0]]
    depth = 0
    for i, ch in enumerate(text):
        if ch == text[0]:
            depth += 1
        elif ch == close:
            depth -= 1
            if depth == 0:
                return i == len(text) - 1
    return False


def visual_copies(math: etree._Element, levels: int = 2) -> list[etree._Element]:
    """Elements marked `aria-hidden="true"` beside a formula (up to `levels` wrappers out): the picture of the
    formula that MathJax, KaTeX and MediaWiki draw for the eye while the MathML is there for readers."""
    copies: list[etree._Element] = []
    node = math
    for _ in range(levels):
        parent = node.getparent()
        if parent is None:
            break
        for sibling in parent:
            if sibling is not node and isinstance(sibling.tag, str) and sibling.get("aria-hidden") == "true":
                copies.append(sibling)
        node = parent
    return copies
