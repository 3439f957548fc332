"""Formulas (MathML): their TeX as ``$...$`` when they carry it, else a linear reading; the picture drawn beside
them for the eye (MathJax, KaTeX, MediaWiki) is left out, and a formula is content whatever its wrapper's class."""

from __future__ import annotations

import sys

from lxml import etree

from web2md import convert, html_to_text
from web2md.extract.markdown.mathml import linear_text

URL = "https://science.example.org/notes/quadratics"

QUADRATIC = (
    "<math><mi>x</mi><mo>=</mo><mfrac><mrow><mo>−</mo><mi>b</mi><mo>±</mo><msqrt><msup><mi>b</mi><mn>2</mn>"
    "</msup><mo>−</mo><mn>4</mn><mi>a</mi><mi>c</mi></msqrt></mrow><mrow><mn>2</mn><mi>a</mi></mrow></mfrac>"
    "</math>"
)


def test_presentation_mathml_reads_as_one_line_of_text():
    assert (
        html_to_text(f"<p>The roots are {QUADRATIC} for a ≠ 0.</p>")
        == "The roots are x = (−b ± √(b^2 − 4ac))/2a for a ≠ 0."
    )


def test_scripts_sums_tables_and_names():
    sum_ = (
        "<math><munderover><mo>∑</mo><mrow><mi>k</mi><mo>=</mo><mn>1</mn></mrow><mi>n</mi></munderover>"
        "<msub><mi>a</mi><mi>k</mi></msub><mi>sin</mi><mi>x</mi></math>"
    )
    assert html_to_text(f"<p>{sum_}</p>") == "∑_(k = 1)^n a_k sin x"  # no "_" here can pair: none escaped
    system = (
        "<math><mtable><mtr><mtd><mover><mi>x</mi><mo>˙</mo></mover></mtd><mtd><mo>=</mo><mi>σ</mi><mo>(</mo>"
        "<mi>y</mi><mo>−</mo><mi>x</mi><mo>)</mo></mtd></mtr><mtr><mtd><mover><mi>y</mi><mo>˙</mo></mover></mtd>"
        "<mtd><mo>=</mo><mi>x</mi></mtd></mtr></mtable></math>"
    )
    assert html_to_text(f"<p>{system}</p>") == "x˙ = σ(y − x); y˙ = x"


def test_tex_carried_by_the_formula_is_written_as_inline_math():
    katex = (
        '<span class="katex"><span class="katex-mathml"><math><semantics><mrow><msup><mi>x</mi><mn>2</mn></msup>'
        '</mrow><annotation encoding="application/x-tex">x^2</annotation></semantics></math></span>'
        '<span class="katex-html" aria-hidden="true"><span class="base"><span class="mord">x</span>'
        '<span class="msupsub">2</span></span></span></span>'
    )
    html = f"<p>Its area grows as {katex} when the side doubles.</p>"
    page = convert(html, URL)
    assert page.markdown == "Its area grows as $x^2$ when the side doubles."
    assert page.text == "Its area grows as x^2 when the side doubles."


def test_hidden_mathml_beside_its_picture_is_the_formula():
    """MediaWiki: the MathML is hidden for the eye and an image shows the formula; the image is no text."""
    wiki = (
        '<span class="mwe-math-element"><span class="mwe-math-mathml-inline mwe-math-mathml-a11y" '
        'style="display: none;"><math alttext="{\\displaystyle \\sigma _{i}}"><semantics><mrow><msub><mi>σ</mi>'
        '<mi>i</mi></msub></mrow><annotation encoding="application/x-tex">{\\displaystyle \\sigma _{i}}</annotation>'
        '</semantics></math></span><img src="/media/math/render/svg/abc" aria-hidden="true" '
        'alt="{\\displaystyle \\sigma _{i}}"></span>'
    )
    html = f"<p>The bandwidth {wiki} is set by bisection.</p>"
    assert html_to_text(html) == "The bandwidth $\\sigma _{i}$ is set by bisection."
    page = convert(html, URL, include_images=True)
    assert page.markdown == "The bandwidth $\\sigma _{i}$ is set by bisection."
    assert page.text == "The bandwidth σ_i is set by bisection."


def test_a_displayed_formula_stands_alone():
    html = (
        '<p>Then<math display="block" alttext="E = mc^2"><mi>E</mi><mo>=</mo><mi>m</mi><msup><mi>c</mi><mn>2</mn>'
        "</msup></math>follows.</p>"
    )
    assert html_to_text(html) == "Then\n\n$$E = mc^2$$\n\nfollows."


def test_mathjax_container_named_like_a_menu_is_content():
    """MathJax 3 draws glyphs from CSS (no text) and keeps the MathML for readers, in a container whose class
    says "Menu"; the formula stays in the article."""
    formula = (
        '<mjx-container class="MathJax CtxtMenu_Attached_0" jax="CHTML"><mjx-math aria-hidden="true">'
        '<mjx-mi><mjx-c class="mjx-c1D44E"></mjx-c></mjx-mi></mjx-math><mjx-assistive-mml>'
        "<math><mi>a</mi><mo>≠</mo><mn>0</mn></math></mjx-assistive-mml></mjx-container>"
    )
    body = "".join(
        f"<p>Paragraph {i} of the derivation explains one more step of the method in detail.</p>" for i in range(4)
    )
    html = (
        f"<html><body><nav><a href='/'>Home</a></nav><article><h1>Solving quadratics</h1>{body}"
        f"<p>When {formula}, there are two solutions.</p></article></body></html>"
    )
    page = convert(html, URL)
    assert page.markdown.endswith("When a ≠ 0, there are two solutions.")


def test_a_formula_in_code_or_with_a_dollar_is_text():
    assert html_to_text('<p><code><math alttext="x^2"><msup><mi>x</mi><mn>2</mn></msup></math></code></p>') == "`x^2`"
    assert html_to_text('<p>Cost <math alttext="\\$5"><mn>$5</mn></math> each.</p>') == "Cost $5 each."


def test_a_formula_in_a_table_cell_keeps_the_table():
    html = (
        '<table><tr><th>Name</th><th>Formula</th></tr><tr><td>Norm</td><td><math alttext="|x|"><mo>|</mo>'
        "<mi>x</mi><mo>|</mo></math></td></tr></table>"
    )
    assert html_to_text(html) == "| Name | Formula |\n|---|---|\n| Norm | $\\|x\\|$ |"


def test_deeply_nested_mathml_is_read_without_recursion_limits():
    # five times Python's default recursion limit; lxml builds such a chain in time that grows with its square
    # (50,000 levels took 30 s), and the parser caps what a page can nest far lower anyway
    math = node = etree.Element("math")
    for _ in range(5 * sys.getrecursionlimit()):
        node = etree.SubElement(node, "mrow")
    etree.SubElement(node, "mi").text = "x"
    assert linear_text(math) == "x"
