"""setuptools' build backend, plus mypy when the compiled core is asked for (`WEB2MD_COMPILE=1`).

The default build is pure Python and needs nothing but setuptools. `WEB2MD_COMPILE=1 pip install .` (or `pip wheel .`)
adds the pinned mypy, whose mypyc setup.py runs over the core's modules (docs/design.md#compiled-build). An editable
install never compiles: a compiled module would shadow its edited source.
"""

import os
import sys

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403 (the backend's other hooks, unchanged)

# the mypyc whose string primitives tests/test_compiled.py checked; a new one is checked again before it is pinned
MYPY = "mypy==2.4.1"


def compile_asked() -> bool:
    return os.environ.get("WEB2MD_COMPILE", "") not in ("", "0")


def get_requires_for_build_wheel(config_settings=None):
    requires = _setuptools.get_requires_for_build_wheel(config_settings)
    return [*requires, MYPY] if compile_asked() else requires


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    if compile_asked():
        print(
            "WEB2MD_COMPILE ignored: an editable install is pure Python (pip install . builds the compiled core)",
            file=sys.stderr,
        )
        os.environ["WEB2MD_COMPILE"] = "0"
    return _setuptools.build_editable(wheel_directory, config_settings, metadata_directory)
