"""The build's code: the metadata is in pyproject.toml.

`python setup.py bdist_egg` is what `scrapyd-deploy` runs. With `WEB2MD_COMPILE=1` (a wheel built by pip, through
build_backend/web2md_build.py, which adds the pinned mypy) the core's modules below are compiled with mypyc; otherwise
nothing is compiled and the package is the pure Python sources (docs/design.md#compiled-build).
"""

import sys
from pathlib import Path

from setuptools import setup

# the backend's own test of WEB2MD_COMPILE; a `python setup.py` run (scrapyd-deploy) does not have its folder on the path
sys.path.insert(0, str(Path(__file__).resolve().parent / "build_backend"))
from web2md_build import compile_asked  # noqa: E402

# the modules compiled: the measuring walk, the furniture test, the renderer and what they call (benchmarks/speed.md,
# s25-speed and s26-speed). meta/language.py is left out: its module __getattr__ crashes a compiled module's import.
COMPILED = [
    "web2md/extract/exact.py",
    "web2md/extract/derive.py",
    "web2md/extract/html/elements.py",
    "web2md/extract/html/entities.py",
    "web2md/extract/html/links.py",
    "web2md/extract/html/rows.py",
    "web2md/extract/html/urls.py",
    "web2md/extract/maincontent/analysis.py",
    "web2md/extract/maincontent/blocks.py",
    "web2md/extract/maincontent/choice.py",
    "web2md/extract/maincontent/content.py",
    "web2md/extract/maincontent/furniture.py",
    "web2md/extract/maincontent/furniture_test.py",
    "web2md/extract/maincontent/pagetype.py",
    "web2md/extract/maincontent/region.py",
    "web2md/extract/markdown/emphasis.py",
    "web2md/extract/markdown/escaping.py",
    "web2md/extract/markdown/render.py",
    "web2md/extract/meta/byline.py",
    "web2md/extract/meta/meta_jsonld.py",
    "web2md/extract/meta/metadata.py",
    "web2md/extract/meta/simhash.py",
    "web2md/extract/meta/titles.py",
]
# mypyc primitives that differ from CPython's method (see web2md/extract/exact.py): a build whose C calls one fails
INEXACT = ["CPyStr_Lower("]
# commands that only read the metadata: nothing to compile for them
METADATA_ONLY = {"egg_info", "dist_info", "sdist", "--name", "--version"}


def compiled_core() -> list:
    """The mypyc extension modules when WEB2MD_COMPILE=1 asks for them; a failure is an error, never a pure build."""
    if not compile_asked() or METADATA_ONLY.intersection(sys.argv[1:]):
        return []
    try:
        from mypyc.build import mypycify
    except ImportError as error:
        sys.exit(f"WEB2MD_COMPILE=1: mypyc is not installed ({error}); build with pip (it installs mypy==2.4.1)")
    target = Path("build")
    extensions = mypycify(
        ["--ignore-missing-imports", "--follow-imports=silent", *COMPILED],
        opt_level="3",
        group_name="web2md_core",
        target_dir=str(target),
    )
    for source in target.glob("__native*.c"):
        text = source.read_text()
        found = [name for name in INEXACT if name in text]
        if found:
            sys.exit(f"WEB2MD_COMPILE=1: {source} calls {found}, which differ from CPython (web2md/extract/exact.py)")
    return extensions


setup(ext_modules=compiled_core())
