"""Extraction accuracy and Markdown fidelity of web2md against its peers, on all the dev corpora at once.

usage: python3 benchmarks/quality.py [--cv] [--ablate [NAME,...]] [--peers trafilatura,...] [--shared DIR]

The corpora are those under `shared/corpora/` beside the clone when present, else the sample bundled in
`benchmarks/sample/` (benchmarks/corpora.py); the first line printed names the folder used.
The corpus scorers shipped in `shared/tools/` are imported and applied page by page
(without them, the main-text segments are scored by benchmarks/segscore.py and the other corpora skipped):
main-text segments on trafilatura-dev (micro P/R/F1 of annotated segments), article body
shingles and metadata on readability-dev (page-averaged P/R/F1, exact title/author/site/date), article body
shingles on dragnet-dev (the page's bytes, as articles.py passes them), Markdown blocks on mdfidelity-dev (micro F1 overall and per block type, boilerplate leaks).

--cv       scores per site fold of `corpora/folds.json` (pages of one site are always in one
           fold), web2md next to trafilatura on each, and how many folds web2md wins.
--ablate   switches each rule of the catalogue `web2md/extract/maincontent/rules.py` off in turn (or those named,
           comma separated; names joined by + are switched off together: `convert(..., disable_rules=...)`) and
           prints what it is worth on every corpus, with the number of folds it helps and hurts: a rule worth less
           than a page, or that hurts on folds, is a candidate for deletion.
--blind    every page's class and id names made opaque before any extractor reads it (benchmarks/blind.py: each token a
           keyed hash, the same within and across pages; ids' references mapped alike; role, itemprop, aria-*,
           data-*, meta, JSON-LD and text kept), for web2md and the peers alike (their records cached apart): what
           the extraction is worth on a site whose names no word list knows (issue 30). Combines with every other
           flag (--cv, --ablate, --save, --against).
--pages    print the pages whose score changes most under each ablated rule (with --ablate).
--blockmodel DIR  each page converted with the learned block scorer (benchmarks/blockmodel.py) trained without
           its site fold (DIR/fold{k}.json from benchmarks/train_blocks.py): the scorer's out-of-fold figures;
           --margins KEEP,SKIP: how sure it must be to overrule the rules; --loso: the model trained on the
           other two sources instead (DIR/loso-SOURCE.json), leave one source out.
--tune NAME=V1,V2,...  out-of-fold tuning of one threshold of `web2md.extract.maincontent` (e.g. MIN_UNIT=25,35,50):
           for each site fold the value best on the other folds (mean F1 of the folded corpora) is scored on that
           fold; prints the in-sample F1 of each value, the out-of-fold F1 of the choice, and leave one source
           out: the value best on two of trafilatura-dev, readability-dev and dragnet-dev, scored on the third.
Peer records are cached in benchmarks/.cache/ (keyed by the peer's version and the scorers' source); web2md always
runs.
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import hashlib
import importlib
import json
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from articles_adapter import article as web2md_article  # the article scorer's view of web2md (benchmarks/)
from corpora import SHARED, corpus_root

HERE = Path(__file__).resolve().parent
CACHE = HERE / ".cache"
READABILITY_URL = "http://fakehost/test/page.html"
MD_KINDS = ("all", "heading", "code", "table", "item", "para")
META_FIELDS = {"title": "title", "author": "byline", "site_name": "siteName", "date": "publishedTime"}


# ---------------------------------------------------------------------------------------------------------------
# extractors: each corpus gets what its scorer reads (plain text, an article dict, Markdown)


def web2md_text(body: bytes, url: str, disable_rules: tuple[str, ...] = ()) -> str:
    from web2md import convert

    return convert(body, url=url, disable_rules=disable_rules).text


def web2md_markdown(html: str, url: str, disable_rules: tuple[str, ...] = ()) -> str:
    from web2md import convert

    return convert(html, url=url, disable_rules=disable_rules).markdown


def trafilatura_text(body: bytes, url: str) -> str:
    import trafilatura

    return (
        trafilatura.extract(body, url=url, include_comments=False, include_tables=True, include_formatting=False) or ""
    )


@dataclass
class Extractor:
    name: str
    text: Callable[[bytes, str], str]
    article: Callable[[str, str], dict]
    markdown: Callable[[str, str], str]
    version: str = ""  # a peer's version: its outputs are cached under it


def peer(name: str, tools: dict) -> Extractor:
    """A peer as the scorers' own built-in adapters run it."""
    seg_run = tools["segments"].builtin(name)
    art_run = tools["articles"].extractor(name) if name == "trafilatura" and "articles" in tools else None
    md_run = (
        tools["mdfidelity"].extractor(name)
        if name in ("trafilatura", "html2text", "markdownify") and "mdfidelity" in tools
        else None
    )
    module = importlib.import_module({"readability_lxml": "readability"}.get(name, name))
    version = getattr(module, "__version__", "") or "unknown"

    def text(body: bytes, url: str) -> str:
        return seg_run(body) or ""

    def article(html: str, url: str) -> dict:
        if art_run is not None:
            return art_run(html, url)
        return {"text": seg_run(html.encode("utf8")) or ""}

    def markdown(html: str, url: str) -> str:
        return (md_run or (lambda h, u: seg_run(h.encode("utf8"))))(html, url) or ""

    return Extractor(name, text, article, markdown, version)


# ---------------------------------------------------------------------------------------------------------------
# corpora: pages, their fold, and the per-page score record of one extractor


@dataclass
class Corpus:
    name: str
    pages: list[tuple[str, object]]  # (page id, what the extractor needs)
    folds: dict[str, int] = field(default_factory=dict)


def load_tools(shared: Path) -> dict:
    """The shared scorers when present; else only the main-text segment scorer of benchmarks/segscore.py."""
    if not (shared / "tools" / "segments.py").exists():
        import segscore  # benchmarks/

        return {"segments": segscore}
    sys.path.insert(0, str(shared / "tools"))
    return {name: importlib.import_module(name) for name in ("segments", "articles", "mdfidelity")}


def scorers_digest(tools: dict) -> str:
    """A short hash of the scorers' source: cached peer records hold their counts."""
    digest = hashlib.sha256()
    for name in sorted(tools):
        digest.update(Path(tools[name].__file__).read_bytes())
    return digest.hexdigest()[:12]


def load_corpora(root: Path, tools: dict) -> dict[str, Corpus]:
    """The corpora under `root` that `tools` can score."""
    folds_file = root / "folds.json"
    folds = json.loads(folds_file.read_text()) if folds_file.exists() else {}
    corpora = {}
    seg = root / "trafilatura-dev"
    if seg.is_dir():
        ann = json.loads((seg / "annotations.json").read_text(encoding="utf8"))
        pages = [(url, item) for url, item in sorted(ann.items())]
        fold_of = folds.get("trafilatura-dev", {})
        corpora["trafilatura-dev"] = Corpus(
            "trafilatura-dev", pages, {url: fold_of[item["file"]] for url, item in pages if item["file"] in fold_of}
        )
    art = root / "readability-dev"
    if art.is_dir() and "articles" in tools:
        meta = json.loads((art / "metadata.json").read_text())
        pages = [(p.stem, (p, meta.get(p.stem, {}))) for p in sorted((art / "pages").glob("*.html"))]
        fold_of = folds["readability-dev"]
        corpora["readability-dev"] = Corpus(
            "readability-dev",
            pages,
            {stem: fold_of.get(stem, fold_of.get(stem.rstrip("0123456789").rstrip("-"), 0)) for stem, _ in pages},
        )
    drag = root / "dragnet-dev"
    if drag.is_dir() and "articles" in tools:
        fold_of = folds.get("dragnet-dev", {})
        pages = [(p.name.removesuffix(".gz").removesuffix(".html"), p) for p in sorted((drag / "pages").iterdir())]
        corpora["dragnet-dev"] = Corpus(
            "dragnet-dev", pages, {stem: fold_of[stem] for stem, _ in pages if stem in fold_of}
        )
    md = root / "mdfidelity-dev"
    if md.is_dir() and "mdfidelity" in tools:
        boiler = json.loads((md / "boiler.json").read_text())
        corpora["mdfidelity-dev"] = Corpus(
            "mdfidelity-dev", [(p.stem, (p, boiler)) for p in sorted((md / "pages").glob("*.html"))]
        )
    return corpora


def page_record(corpus: Corpus, page_id: str, data: object, ex: Extractor, tools: dict) -> dict:
    """The scorer's counts for one page: what aggregates into that corpus's figures."""
    if corpus.name == "trafilatura-dev":
        seg = tools["segments"]
        path = corpus_dir(corpus) / "pages" / data["file"]
        body = gzip.decompress(path.read_bytes()) if path.suffix == ".gz" else path.read_bytes()
        out = seg.norm(guarded(ex.text, "", body, page_id))
        tp = sum(seg.norm(w) in out for w in data["with"]) if out else 0
        fp = sum(seg.norm(w) in out for w in data["without"]) if out else 0
        return {"tp": tp, "fn": len(data["with"]) - tp, "fp": fp, "tn": len(data["without"]) - fp}
    if corpus.name == "readability-dev":
        art = tools["articles"]
        path, meta = data
        out = guarded(ex.article, {}, path.read_text(encoding="utf8", errors="replace"), READABILITY_URL) or {}
        truth = (path.parent.parent / "truth" / f"{path.stem}.txt").read_text()
        record = dict(zip(("tp", "fp", "fn"), art.page_scores(truth, out.get("text", ""))))
        for ours, theirs in META_FIELDS.items():
            want = art.fold(meta.get(theirs), ours)
            if want:
                record[f"{ours}_seen"] = 1
                record[f"{ours}_hit"] = int(art.fold(out.get(ours), ours) == want)
        return record
    if corpus.name == "dragnet-dev":  # the article scorer on the page's bytes, as articles.py passes them
        art = tools["articles"]
        out = guarded(ex.article, {}, gzip.decompress(data.read_bytes()), READABILITY_URL) or {}
        truth = (data.parent.parent / "truth" / f"{page_id}.txt").read_text(encoding="utf-8")
        return dict(zip(("tp", "fp", "fn"), art.page_scores(truth, out.get("text", ""))))
    mdf = tools["mdfidelity"]
    path, boiler = data
    base = mdf.page_url(path.stem)
    truth = mdf.blocks((path.parent.parent / "truth" / f"{path.stem}.md").read_text(), base)
    pred_md = guarded(ex.markdown, "", path.read_text(), base)
    pred = mdf.blocks(pred_md, base)
    record = {"leak": int(any(b in pred_md for b in boiler))}
    for kind in MD_KINDS:
        tp, np_, nt = mdf.prf(
            [x for x in truth if kind == "all" or x[0] == kind], [x for x in pred if kind == "all" or x[0] == kind]
        )
        record[f"{kind}_tp"], record[f"{kind}_p"], record[f"{kind}_t"] = tp, np_, nt
    return record


def guarded(fn: Callable, default: object, *args: object) -> object:
    try:
        return fn(*args)
    except Exception as exc:  # a crash scores as an empty output, and is said
        print(f"  error on {args[-1]!s:.80}: {exc!r}", file=sys.stderr)
        return default


def corpus_dir(corpus: Corpus) -> Path:
    return ARGS.root / corpus.name


def blinded(ex: Extractor) -> Extractor:
    """`ex` reading each page with its class and id names made opaque (--blind; benchmarks/blind.py)."""
    from blind import blind  # benchmarks/

    # a peer's blind records are cached apart, under the transform's own source
    digest = hashlib.sha256((HERE / "blind.py").read_bytes()).hexdigest()[:8]
    return Extractor(
        ex.name,
        lambda body, url: ex.text(blind(body), url),
        lambda html, url: ex.article(blind(html), url),
        lambda html, url: ex.markdown(blind(html), url),
        f"{ex.version}+blind{digest}" if ex.version else "",
    )


def run(corpus: Corpus, ex: Extractor, tools: dict) -> dict[str, dict]:
    """Per-page records of one extractor on one corpus (a peer's from the cache when it has run before)."""
    if ARGS.blind:
        ex = blinded(ex)
    # the bundled sample shares corpus names with the shared corpora, never their cached records; and a record is
    # the scorer's count, so a changed scorer makes new ones
    sample = "" if ARGS.root.parent == ARGS.shared else ".sample"
    key = f"{corpus.name}{sample}.{ex.name}.{ex.version}.{scorers_digest(tools)}"
    cache = CACHE / f"{key}.json" if ex.version else None
    if cache is not None and cache.exists():
        return json.loads(cache.read_text())
    records = {}
    for page_id, data in corpus.pages:
        with fold_model(corpus, page_id, ours=not ex.version):
            records[page_id] = page_record(corpus, page_id, data, ex, tools)
    if cache is not None:
        CACHE.mkdir(exist_ok=True)
        cache.write_text(json.dumps(records))
    return records


@contextlib.contextmanager
def fold_model(corpus: Corpus, page_id: str, ours: bool) -> Iterator[None]:
    """With --blockmodel DIR: web2md converts a page with the learned block scorer of benchmarks/blockmodel.py
    trained without the page's fold (`DIR/fold{k}.json` from benchmarks/train_blocks.py; `DIR/all.json` for a corpus
    without folds; with --loso, `DIR/loso-{corpus}.json`, trained on the other sources) patched into its furniture
    test."""
    if not (ours and ARGS.blockmodel):
        yield
        return
    import blockmodel  # benchmarks/

    fold = corpus.folds.get(page_id)
    keep, skip = map(float, ARGS.margins.split(","))
    if ARGS.loso and corpus.name in SOURCES:
        name = f"loso-{corpus.name}.json"
    else:
        name = "all.json" if fold is None else f"fold{fold}.json"
    model = MODELS.get(name)
    if model is None:
        model = MODELS[name] = blockmodel.BlockModel.load(Path(ARGS.blockmodel) / name, keep, skip)
    with blockmodel.judged_by(model):
        yield


# ---------------------------------------------------------------------------------------------------------------
# aggregation: a corpus's headline figures over any subset of its pages


def summary(corpus: str, records: list[dict]) -> dict[str, float]:
    total = Counter()
    for r in records:
        total.update(r)
    if corpus == "trafilatura-dev":
        p = total["tp"] / (total["tp"] + total["fp"]) if total["tp"] + total["fp"] else 0.0
        r = total["tp"] / (total["tp"] + total["fn"]) if total["tp"] + total["fn"] else 0.0
        return {
            "F1": 2 * p * r / (p + r) if p + r else 0.0,
            "P": p,
            "R": r,
            "tp": total["tp"],
            "fp": total["fp"],
            "fn": total["fn"],
        }
    if corpus in ("readability-dev", "dragnet-dev"):
        f, p, r = ARGS.tools["articles"].prf([(x["tp"], x["fp"], x["fn"]) for x in records])
        out = {"F1": f, "P": p, "R": r}
        if corpus == "dragnet-dev":
            return out
        for name in META_FIELDS:
            out[name] = f"{total[name + '_hit']}/{total[name + '_seen']}"
        return out
    out = {}
    for kind in MD_KINDS:
        tp, np_, nt = total[f"{kind}_tp"], total[f"{kind}_p"], total[f"{kind}_t"]
        p, r = (tp / np_ if np_ else 0.0), (tp / nt if nt else 0.0)
        out["F1" if kind == "all" else kind] = 2 * p * r / (p + r) if p + r else 0.0
    out["leaks"] = f"{total['leak']}/{len(records)}"
    return out


def headline(corpus: str, figures: dict) -> str:
    keys = {
        "trafilatura-dev": ("F1", "P", "R", "tp", "fp", "fn"),
        "readability-dev": ("F1", "P", "R", *META_FIELDS),
        "dragnet-dev": ("F1", "P", "R"),
        "mdfidelity-dev": ("F1", "code", "table", "item", "heading", "para", "leaks"),
    }[corpus]
    return "  ".join(f"{k} {figures[k]:.3f}" if isinstance(figures[k], float) else f"{k} {figures[k]}" for k in keys)


# ---------------------------------------------------------------------------------------------------------------
# ablation: each rule of the product's catalogue (`web2md.extract.maincontent.rules`) switched off by name


def ablations(spec: str) -> list[str]:
    """The runs `--ablate` asks for: every rule of the catalogue for "all", else the comma-separated names (each
    perhaps several joined by +); an unknown name is a ValueError naming the closest known one."""
    from web2md.extract.maincontent.rules import RULES, rule_names

    names = [rule.name for rule in RULES] if spec == "all" else spec.split(",")
    for name in names:
        rule_names(name.split("+"))
    return names


def without(rule: str) -> Extractor:
    """web2md with the rules named in `rule` (joined by +) switched off (`disable_rules`)."""
    off = tuple(rule.split("+"))
    return Extractor(
        "web2md",
        lambda body, url: web2md_text(body, url, off),
        lambda html, url: web2md_article(html, url, disable_rules=off),
        lambda html, url: web2md_markdown(html, url, off),
    )


def score_value(corpus: str, figures: dict) -> float:
    return figures["F1"]


def compact(record: dict) -> str:
    return " ".join(
        f"{k}={v:.2f}" if isinstance(v, float) else f"{k}={v}"
        for k, v in record.items()
        if not k.endswith(("_p", "_t", "_seen"))
    )


def fold_ids(corpus: Corpus) -> list[int]:
    return sorted(set(corpus.folds.values()))


def by_fold(corpus: Corpus, records: dict[str, dict]) -> dict[int, dict]:
    return {
        k: summary(corpus.name, [records[p] for p, _ in corpus.pages if corpus.folds.get(p) == k])
        for k in fold_ids(corpus)
    }


MAINCONTENT_MODULES = ("analysis", "blocks", "choice", "furniture_test", "furniture")


#: The three sources of main-content truth: a rule or threshold is chosen on two and scored on the third.
SOURCES = ("trafilatura-dev", "readability-dev", "dragnet-dev")


def tune(spec: str, corpora: dict[str, Corpus], ours: Extractor, tools: dict) -> None:
    """Out-of-fold choice of a threshold: each fold is scored with the value that wins on the other folds."""
    name, _, values = spec.partition("=")
    # the threshold as every module of main-content selection that reads it binds it
    modules = [
        module
        for module in map(importlib.import_module, (f"web2md.extract.maincontent.{m}" for m in MAINCONTENT_MODULES))
        if hasattr(module, name)
    ]
    folded = [c for c in corpora.values() if c.folds]
    original = getattr(modules[0], name)
    runs = {}
    try:
        for value in values.split(","):
            for module in modules:
                setattr(module, name, type(original)(value))
            runs[value] = {c.name: run(c, ours, tools) for c in folded}
    finally:
        for module in modules:
            setattr(module, name, original)
    print(f"\n== out-of-fold tuning of {name} (now {original})")
    for value, records in runs.items():
        print(
            f"  {name}={value:<8} "
            + "  ".join(f"{c.name} F1 {summary(c.name, list(records[c.name].values()))['F1']:.4f}" for c in folded)
        )
    folds = sorted({k for c in folded for k in c.folds.values()})
    chosen = {}
    oof = {c.name: [] for c in folded}
    for k in folds:

        def objective(value: str) -> float:
            return sum(
                summary(c.name, [runs[value][c.name][p] for p, _ in c.pages if c.folds[p] != k])["F1"] for c in folded
            ) / len(folded)

        chosen[k] = max(runs, key=objective)
        for c in folded:
            oof[c.name] += [runs[chosen[k]][c.name][p] for p, _ in c.pages if c.folds[p] == k]
    print(f"  chosen per fold: {chosen}")
    print("  out of fold:    " + "  ".join(f"{c.name} F1 {summary(c.name, oof[c.name])['F1']:.4f}" for c in folded))
    # leave one source out: the value best on the other sources (mean F1), scored on the one left out
    scored = [c for c in folded if c.name in SOURCES]
    if len(scored) > 1:
        print("  leave one source out (value chosen on the others -> F1 on the one left out):")
        for left in scored:
            others = [c for c in scored if c is not left]

            def on_others(value: str, others: list[Corpus] = others) -> float:
                return sum(summary(c.name, list(runs[value][c.name].values()))["F1"] for c in others) / len(others)

            value = max(runs, key=on_others)
            f1 = summary(left.name, list(runs[value][left.name].values()))["F1"]
            print(f"    {left.name:<16} {name}={value:<8} F1 {f1:.4f} (now {original})")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--shared", type=Path, default=SHARED, help="folder holding corpora/ and tools/ (else: benchmarks/sample)"
    )
    ap.add_argument(
        "--peers",
        default="trafilatura",
        help="peers to score beside web2md (trafilatura, readability_lxml, html2text, markdownify), comma separated",
    )
    ap.add_argument("--corpora", default="trafilatura-dev,readability-dev,dragnet-dev,mdfidelity-dev")
    ap.add_argument("--cv", action="store_true", help="scores per site fold, web2md next to trafilatura")
    ap.add_argument("--ablate", nargs="?", const="all", help="switch off each named rule in turn (or those named)")
    ap.add_argument("--pages", type=int, default=0, help="with --ablate: the N pages each rule changes most")
    ap.add_argument("--tune", help="NAME=V1,V2,...: out-of-fold choice of a main-content threshold")
    ap.add_argument(
        "--blockmodel",
        help="DIR of per-fold block-model weights (benchmarks/train_blocks.py), "
        "each page converted with those trained without its fold",
    )
    ap.add_argument(
        "--margins",
        default="0,0",
        help="with --blockmodel: KEEP,SKIP log-odds the model needs to "
        "overrule the rules' furniture and content verdicts",
    )
    ap.add_argument(
        "--loso",
        action="store_true",
        help="with --blockmodel: each page of a source converted with DIR/loso-SOURCE.json, the model trained on "
        "the other two sources (leave one source out)",
    )
    ap.add_argument(
        "--blind", action="store_true", help="every page's class and id names made opaque first (benchmarks/blind.py)"
    )
    ap.add_argument("--save", type=Path, help="write web2md's per-page records to this file")
    ap.add_argument("--against", type=Path, help="list the pages whose records differ from this saved file")
    global ARGS
    ARGS = ap.parse_args()
    ARGS.root = corpus_root(ARGS.shared)
    print(f"corpora: {ARGS.root}", flush=True)
    sys.path.insert(0, str(HERE.parent))  # this checkout, whatever is installed
    if ARGS.ablate:
        ablations(ARGS.ablate)  # an unknown rule stops the run before any page is converted
    ARGS.tools = tools = load_tools(ARGS.shared)
    corpora = {k: v for k, v in load_corpora(ARGS.root, tools).items() if k in ARGS.corpora.split(",")}
    ours = Extractor("web2md", web2md_text, web2md_article, web2md_markdown)
    peers = [peer(name, tools) for name in ARGS.peers.split(",") if name]

    base = {}
    for corpus in corpora.values():
        print(f"== {corpus.name} ({len(corpus.pages)} pages)", flush=True)
        base[corpus.name] = run(corpus, ours, tools)
        if ARGS.against and ARGS.against.exists():
            before = json.loads(ARGS.against.read_text()).get(corpus.name, {})
            for page_id, record in base[corpus.name].items():
                if page_id in before and before[page_id] != record:
                    print(f"  changed {page_id}: {compact(before[page_id])} -> {compact(record)}")
        results = {"web2md": base[corpus.name]} | {p.name: run(corpus, p, tools) for p in peers}
        for name, records in results.items():
            print(f"{name:<16} {headline(corpus.name, summary(corpus.name, list(records.values())))}", flush=True)
        if ARGS.cv and corpus.folds:
            print("  out of fold, by site fold (pages; web2md F1 vs each peer):")
            folds = {name: by_fold(corpus, records) for name, records in results.items()}
            wins = Counter()
            for k in fold_ids(corpus):
                n = sum(1 for p, _ in corpus.pages if corpus.folds.get(p) == k)
                ours_f = folds["web2md"][k]["F1"]
                row = [f"  fold {k} ({n:3d})  web2md {ours_f:.3f}"]
                for p in peers:
                    theirs = folds[p.name][k]["F1"]
                    wins[p.name] += ours_f > theirs
                    row.append(f"{p.name} {theirs:.3f} ({ours_f - theirs:+.3f})")
                print("  ".join(row))
            for p in peers:
                print(
                    f"  web2md ahead of {p.name} on {wins[p.name]}/{len(fold_ids(corpus))} folds; "
                    f"worst fold margin {min(folds['web2md'][k]['F1'] - folds[p.name][k]['F1'] for k in fold_ids(corpus)):+.3f}"
                )
    if ARGS.save:
        ARGS.save.write_text(json.dumps(base))
    if ARGS.tune:
        tune(ARGS.tune, corpora, ours, tools)
    if ARGS.ablate:
        names = ablations(ARGS.ablate)
        print(
            "\n== ablation: each rule switched off; worth = F1 with it minus F1 without (folds: helps/hurts by > 0.001)"
        )
        for rule in names:
            cells = []
            changed = []
            ablated = without(rule)
            for corpus in corpora.values():
                records = run(corpus, ablated, tools)
                worth = (
                    summary(corpus.name, list(base[corpus.name].values()))["F1"]
                    - summary(corpus.name, list(records.values()))["F1"]
                )
                diff_pages = sum(records[p] != base[corpus.name][p] for p in records)
                cell = f"{corpus.name.split('-')[0][:6]} {worth:+.4f} ({diff_pages:3d}p"
                if corpus.folds:
                    on, off = by_fold(corpus, base[corpus.name]), by_fold(corpus, records)
                    helps = sum(on[k]["F1"] - off[k]["F1"] > 0.001 for k in on)
                    hurts = sum(off[k]["F1"] - on[k]["F1"] > 0.001 for k in on)
                    cell += f" {helps}+/{hurts}-"
                cells.append(cell + ")")
                if ARGS.pages:
                    changed += [(corpus.name, p) for p in records if records[p] != base[corpus.name][p]]
            print(f"{rule:<18} " + "  ".join(cells), flush=True)
            for name, page in changed[: ARGS.pages]:
                print(f"    {name} {page}")
    return 0


ARGS: argparse.Namespace
MODELS: dict[str, object] = {}  # the block models loaded, by file name (--blockmodel)
if __name__ == "__main__":
    sys.exit(main())
