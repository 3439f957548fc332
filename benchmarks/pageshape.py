"""What the app-shell and bot-challenge checks do on the dev corpora, and what they cost.

Every page of every dev corpus is read as a crawl's worker reads it (`run_conversion`, `javascript` unset: the
auto mode every front end uses by default) and counted: escalated to the embedded engine, blocked as a challenge,
left as an app shell. Pages with real text must give 0 of each. The cost is the time `page_shape` and its two
verdicts take on the pages whose conversion came out short (the only ones looked at), beside the time the
conversions take. The markup check of HTTP errors (`challenge_response`) is run on every page as if it had come
with a 403, the strictest case.

    python3 benchmarks/pageshape.py            # figures in benchmarks/pageshape.md
"""

from __future__ import annotations

import argparse
import collections
import time

from corpora import corpus_root  # benchmarks/
from fields import pages  # benchmarks/

from web2md.conversion.converter import Conversion, run_conversion
from web2md.conversion.responses import parse_response
from web2md.conversion.shape import LOOKED_AT, challenge, challenge_response, needs_scripts, page_shape


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--list", action="store_true", help="name every page looked at, with its verdicts")
    args = parser.parse_args()
    counts: collections.Counter[str] = collections.Counter()
    converting = checking = 0.0
    flagged: list[str] = []
    for name, body, url in pages(corpus_root()):
        corpus = name.split("/")[0]
        counts[f"{corpus} pages"] += 1
        job = Conversion(url, body, html=True, content_type="text/html")
        started = time.perf_counter()
        result = run_conversion(job)
        converting += time.perf_counter() - started
        for outcome in ("escalated", "blocked", "unrendered"):
            if outcome in result:
                counts[f"{corpus} {outcome}"] += 1
                flagged.append(f"{name}: {outcome} {result[outcome]}")
        if challenge_response(403, {}, body):
            counts[f"{corpus} blocked if 403"] += 1
            flagged.append(f"{name}: its markup would block a 403")
        page = result.get("page")
        if page is not None and len(page.get("text", "")) < LOOKED_AT:
            from scrapy.http import HtmlResponse

            tree = parse_response(HtmlResponse(url, body=body), None)[0]
            started = time.perf_counter()
            shape = page_shape(tree)
            verdicts = (challenge(shape), needs_scripts(shape))
            checking += time.perf_counter() - started
            counts[f"{corpus} looked at"] += 1
            if args.list:
                print(f"{name}: {shape.text} chars, {shape.inline_scripts}+{shape.src_scripts} scripts {verdicts}")
    corpora = sorted({key.split()[0] for key in counts})
    print("| corpus | pages | looked at | escalated | unrendered | blocked | blocked if 403 |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for corpus in corpora + ["all"]:

        def count(what: str, corpus: str = corpus) -> int:
            return sum(v for k, v in counts.items() if k.endswith(what) and (corpus == "all" or k.startswith(corpus)))

        cells = [count(" pages"), count(" looked at"), count(" escalated"), count(" unrendered")]
        cells += [count(" blocked"), count(" blocked if 403")]
        print(f"| {corpus} | " + " | ".join(str(c) for c in cells) + " |")
    pages_total = sum(v for k, v in counts.items() if k.endswith(" pages"))
    print(
        f"\nconversion {converting:.2f} s for {pages_total} pages ({converting / pages_total * 1000:.2f} ms a page); "
        f"the checks {checking * 1000:.1f} ms in all ({checking / converting * 100:.3f}% of the conversion time)"
    )
    for line in flagged:
        print(line)
    return 1 if flagged else 0


if __name__ == "__main__":
    raise SystemExit(main())
