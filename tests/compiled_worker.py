"""The other process of tests/test_compiled.py: imports web2md from its PYTHONPATH (the compiled build or the pure
sources), then answers one JSON request a line on stdin with one JSON line on stdout.

{"op": "build"} -> whether the core runs compiled, and its label; {"op": "pages", "pages": [[path, url], ...]} -> each page's
`convert(...).to_dict()`; {"op": "probe", "pairs": [[s, t], ...]} -> `repr(probe(s, t))` of web2md/extract/exact.py.
"""

import json
import sys
from pathlib import Path

import web2md
from web2md.extract import compiled, convert, core_build
from web2md.extract.exact import probe


def answer(request: dict) -> object:
    if request["op"] == "build":
        return {"compiled": compiled(), "label": core_build(), "file": web2md.__file__}
    if request["op"] == "pages":
        return [convert(Path(path).read_bytes(), url).to_dict() for path, url in request["pages"]]
    return [repr(probe(s, t)) for s, t in request["pairs"]]


for line in sys.stdin:
    print(json.dumps(answer(json.loads(line)), default=repr), flush=True)
