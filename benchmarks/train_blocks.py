"""Trains the learned block scorer of `benchmarks/blockmodel.py` on the three sources of main-content truth
(trafilatura-dev, readability-dev, dragnet-dev), out of fold and leaving one source out: the experiments of issue
#14 and of issue #30 ("a learned block scorer ... replaces the rules where it beats them on left-out sources").
Figures and conclusions: benchmarks/learned_blocks.md.

usage: python3 benchmarks/train_blocks.py [--model linear|trees] [--out DIR] [--asked-only] [--ablate RULE]
                                          [--weigh-by size|blocks] [--oracle] [--corpus-weights T,R,D] [--l2 X]
                                          [--rounds N] [--depth N] [--rate X] [--jobs N] [--without F,...]
                                          [--shared DIR]

1. Every dev page is converted with the rules. Each `FurnitureTest` the conversion makes (the predicate the
   renderer asks, block by block, inside the chosen region) is kept, and every block of its region with text is
   described by `blockmodel.features` (the block alone, its neighbours, and `blockmodel.context_features`: where
   it stands beside the region's main text, its sibling run, its class's repetition on the page, the heading ahead
   of it; the rules' own verdict among them). Those are the blocks the renderer asks about and those under skipped
   blocks, which it would ask about if the model kept their parent (`--asked-only`: the asked ones only). The
   labelled blocks of each corpus are cached in /tmp/learned-cache, keyed by the feature code: a new training
   with the same features converts nothing.
2. Labels come from the corpus truth, normalised as the scorers normalise: on trafilatura-dev a block holds main
   text when it holds (or lies in) a segment the annotation wants, and is furniture when it holds or lies in only
   unwanted segments (else unlabelled); on readability-dev and dragnet-dev by the share of its 4-token shingles
   (`articles.shingles`) in the expected article (repeated lines once, as the scorer reads it), a container
   holding a paragraph's worth counting as content. A dragnet-dev truth that is not UTF-8 is left out.
   Each block weighs as many segments or shingles as its verdict decides (`--weigh-by blocks`: each the same),
   each page of a corpus the same, and each corpus as much as each other (`--corpus-weights`), so that a source
   counts as one source, whatever its number of pages.
3. For each of the 5 site folds of `corpora/folds.json` the model is fitted on the other four and written to
   `OUT/fold{k}.json`; for each source, on the other two, to `OUT/loso-SOURCE.json`; and on everything to
   `OUT/all.json`: a logistic regression (Newton steps, L2), or with `--model trees` gradient-boosted shallow
   trees that start from the rules' verdict and correct it. Weights are rounded, so that the model applies the
   same on every platform. Plain numpy.
4. Printed: block-level accuracy of the rules, of the model out of fold and of the model trained on the other
   sources, and what the model leans on.

The page-level scores, the ones that decide, are
`python3 benchmarks/quality.py --cv --blockmodel OUT [--margins KEEP,SKIP] [--loso]`: each page is converted with
the model trained without its fold (with `--loso`: without its source; mdfidelity-dev, never trained on, with
`all.json`); the margins are how sure the model must be to overrule the rules. `--ablate RULE` trains with a rule
switched off, for `quality.py --ablate RULE --blockmodel OUT`: is the rule redundant beside the model? `--oracle`
prints the F1 of perfect verdicts on the labelled blocks of the rules' regions, the most a block scorer can gain.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import hashlib
import json
import multiprocessing
import pickle
import sys
from collections import Counter
from pathlib import Path

import numpy as np
from lxml import etree

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # this checkout, whatever is installed

from blockmodel import BLOCK_TAGS, features  # noqa: E402 (benchmarks/)

DEFAULT = HERE.parents[1] / "shared"
CACHE_DIR = Path("/tmp/learned-cache")
LABEL_VERSION = 2  # bump when the labelling changes: the cached blocks are keyed by it
READABILITY_URL = "http://fakehost/test/page.html"


def collect(convert_input: object, url: str) -> list[tuple[str, dict[str, float]]]:
    """(block text, features) of the blocks with text in the regions the rules' conversion judged: every block of
    the region, or with `--asked-only` those the renderer asked about."""
    from web2md import convert
    from web2md.extract.maincontent.furniture import block_text
    from web2md.extract.maincontent.furniture_test import FurnitureTest

    tests = []
    init = FurnitureTest.__init__

    def recording(self: FurnitureTest, *args: object, **kwargs: object) -> None:
        init(self, *args, **kwargs)
        tests.append(self)

    FurnitureTest.__init__ = recording
    try:
        convert(convert_input, url=url, disable_rules=DISABLED)
    finally:
        FurnitureTest.__init__ = init
    rows = []
    for test in tests:
        for el in list(test.verdicts) if ASKED_ONLY else test.main.iter(etree.Element):
            own = test.stats.get(el)
            if el is test.main or not own or not own.text or el in test.pruned or el.tag not in BLOCK_TAGS:
                continue
            rows.append((block_text(el), features(test, el, test(el))))
    return rows


# ---------------------------------------------------------------------------------------------------------------
# labels from the corpus truth: 1 = holds main text, 0 = furniture, None = unknown


def segment_label(text: str, wanted: list[str], unwanted: list[str]) -> tuple[int, int] | None:
    """(label, how many annotated segments the verdict decides on) of a block on trafilatura-dev."""
    if len(text) < 3:
        return None
    held = sum(w in text for w in wanted)
    if held or any(len(text) >= 15 and text in w for w in wanted):
        return 1, max(1, held)
    held = sum(u in text for u in unwanted)
    if held or any(len(text) >= 15 and text in u for u in unwanted):
        return 0, max(1, held)
    return None


def shingle_label(text: str, truth_shingles: set, truth_flat: str) -> tuple[int, int] | None:
    """(label, how many shingles the verdict decides on) of a block on readability-dev and dragnet-dev."""
    import articles

    grams = articles.shingles(text)
    if not grams:
        return None
    n = sum(grams.values())
    if n == 1:  # fewer than four words: looked for as a phrase
        words = " ".join(next(iter(grams)))
        return (int(f" {words} " in truth_flat), 1) if words else None
    hits = sum(c for g, c in grams.items() if g in truth_shingles)
    if hits >= 0.5 * n or hits >= 20:
        return 1, hits
    if hits <= 0.1 * n and hits < 5:
        return 0, n - hits
    return None


CORPORA = ("trafilatura-dev", "readability-dev", "dragnet-dev")


def labelled_pages(shared: Path, corpus: str) -> list[tuple[str, int, object, str, object]]:
    """(page id, fold, what `convert` takes, its url, the page's labelling function) of one corpus: the truth read
    as its scorer reads it (a dragnet-dev truth that is not UTF-8 text is left out)."""
    sys.path.insert(0, str(shared / "tools"))
    import articles
    import segments

    root = shared / "corpora"
    folds = json.loads((root / "folds.json").read_text())
    pages = []
    if corpus == "trafilatura-dev":
        ann = json.loads((root / corpus / "annotations.json").read_text(encoding="utf8"))
        for url, item in sorted(ann.items()):
            path = root / corpus / "pages" / item["file"]
            body = gzip.decompress(path.read_bytes()) if path.suffix == ".gz" else path.read_bytes()
            wanted = [segments.norm(w) for w in item["with"]]
            unwanted = [segments.norm(w) for w in item["without"]]
            label = functools.partial(segment_text_label, wanted=wanted, unwanted=unwanted, norm=segments.norm)
            pages.append((url, folds[corpus][item["file"]], body, url, label))
        return pages
    fold_of = folds[corpus]
    for path in sorted((root / corpus / "pages").iterdir()):
        stem = path.name.removesuffix(".gz").removesuffix(".html")
        try:
            truth = (root / corpus / "truth" / f"{stem}.txt").read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        if corpus == "readability-dev":
            page = path.read_text(encoding="utf8", errors="replace")
            fold = fold_of.get(stem, fold_of.get(stem.rstrip("0123456789").rstrip("-"), 0))
        else:
            page, fold = gzip.decompress(path.read_bytes()), fold_of[stem]
        truth = articles.lines_once(truth)
        flat = " " + " ".join(articles.TOKEN.findall(truth)) + " "
        label = functools.partial(shingle_label, truth_shingles=set(articles.shingles(truth)), truth_flat=flat)
        pages.append((stem, fold, page, READABILITY_URL, label))
    return pages


def segment_text_label(text: str, wanted: list[str], unwanted: list[str], norm: object) -> tuple[int, int] | None:
    return segment_label(norm(text), wanted, unwanted)


def page_rows(item: tuple) -> tuple[str, int, list[tuple[dict[str, float], int, int]]]:
    """A page's labelled blocks: (features, label, how much of the score the verdict decides)."""
    page_id, fold, page, url, label = item
    rows = []
    for text, f in collect(page, url):
        got = label(text)
        if got is not None:
            rows.append((f, got[0], got[1]))
    return page_id, fold, rows


def corpus_rows(shared: Path, corpus: str, jobs: int) -> list[tuple[str, int, list]]:
    """`page_rows` of every page of a corpus, cached on disk (keyed by the feature code, the rules switched off
    and what is collected): a new training reads them instead of converting the pages again."""
    digest = hashlib.sha256((HERE / "blockmodel.py").read_text().split('"""', 2)[2].encode())  # past the docstring
    digest.update(repr((DISABLED, ASKED_ONLY, LABEL_VERSION)).encode())
    cache = CACHE_DIR / f"{corpus}.{digest.hexdigest()[:12]}.pkl"
    if cache.exists():
        return pickle.loads(cache.read_bytes())
    pages = labelled_pages(shared, corpus)
    if jobs > 1:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            rows = pool.map(page_rows, pages, chunksize=8)
    else:
        rows = [page_rows(item) for item in pages]
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    cache.write_bytes(pickle.dumps(rows))
    return rows


def dataset(
    shared: Path, corpus_weights: dict[str, float], jobs: int
) -> tuple[list[str], np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The labelled blocks of the three sources. Within a corpus each page weighs the same; each corpus weighs
    `corpus_weights[corpus]` in all, so a source counts as a source whatever its number of pages."""
    records = []  # (features, label, weight, fold, corpus index)
    for c, corpus in enumerate(CORPORA):
        pages = [p for p in corpus_rows(shared, corpus, jobs) if p[2]]
        print(f"{corpus}: {len(pages)} pages with labelled blocks", flush=True)
        for _, fold, rows in pages:
            add(records, rows, corpus_weights[corpus] / len(pages), fold, c)
    names = sorted({name for r in records for name in r[0]})
    x = np.array([[r[0].get(n, 0.0) for n in names] for r in records])
    y = np.array([r[1] for r in records], dtype=float)
    w = np.array([r[2] for r in records])
    fold = np.array([r[3] for r in records])
    corpus = np.array([r[4] for r in records])
    rules = x[:, names.index("rules_furniture")]
    return names, x, y, w, fold, corpus, rules


def add(records: list, page: list, weight: float, fold: int, corpus: int) -> None:
    """A page's labelled blocks, each weighing as much of the page's score as its verdict decides
    (`--weigh-by blocks`: each the same), the page as much as `weight`."""
    total = sum(size if WEIGH_BY_SIZE else 1 for _, _, size in page)
    for f, y, size in page:
        records.append((f, y, weight * (size if WEIGH_BY_SIZE else 1) / total, fold, corpus))


# ---------------------------------------------------------------------------------------------------------------
# the model


def fit(x: np.ndarray, y: np.ndarray, w: np.ndarray, l2: float) -> tuple[np.ndarray, float]:
    """Weighted L2 logistic regression by Newton steps on standardised features; weights in raw feature units."""
    mean, std = x.mean(0), x.std(0)
    std[std == 0] = 1.0
    z = np.hstack([(x - mean) / std, np.ones((len(x), 1))])
    beta = np.zeros(z.shape[1])
    penalty = l2 * np.eye(z.shape[1])
    penalty[-1, -1] = 0.0
    w = w / w.sum() * len(w)
    for _ in range(30):
        p = 1 / (1 + np.exp(-z @ beta))
        grad = z.T @ (w * (p - y)) + penalty @ beta
        hess = (z * (w * p * (1 - p))[:, None]).T @ z + penalty
        step = np.linalg.solve(hess, grad)
        beta -= step
        if np.abs(step).max() < 1e-8:
            break
    weights = beta[:-1] / std
    return weights, float(beta[-1] - (weights * mean).sum())


def fit_trees(
    x: np.ndarray,
    y: np.ndarray,
    w: np.ndarray,
    base: np.ndarray,
    rounds: int,
    depth: int,
    rate: float,
    l2: float,
    bins: int = 16,
) -> list[dict | float]:
    """Gradient-boosted regression trees on the log-loss, starting from `base` (the rules' log-odds): each tree
    corrects what the rules and the trees before it get wrong. Splits at per-feature quantiles, XGBoost's gain."""
    w = w / w.sum() * len(w)
    edges = [np.unique(np.quantile(col, np.linspace(0, 1, bins + 1)[1:-1])) for col in x.T]
    binned = np.stack([np.searchsorted(cuts, col, side="left") for cuts, col in zip(edges, x.T)], axis=1)
    score = base.copy()
    trees = []
    for _ in range(rounds):
        p = 1 / (1 + np.exp(-score))
        g, h = w * (p - y), w * p * (1 - p)
        update = np.zeros(len(y))
        trees.append(grow(binned, edges, g, h, np.arange(len(y)), depth, l2, rate, update))
        score += update
    return trees


def grow(
    binned: np.ndarray,
    edges: list,
    g: np.ndarray,
    h: np.ndarray,
    rows: np.ndarray,
    depth: int,
    l2: float,
    rate: float,
    update: np.ndarray,
) -> dict | float:
    """One node: a leaf value (shrunk Newton step), or the best split of `rows` and its two subtrees."""
    gs, hs = g[rows], h[rows]
    G, H = gs.sum(), hs.sum()
    value = round(float(-G / (H + l2) * rate), 4)
    best = (1e-6, -1, -1)
    if depth and len(rows) >= 40:
        for j, cuts in enumerate(edges):
            b = binned[rows, j]
            gl = np.cumsum(np.bincount(b, weights=gs, minlength=len(cuts) + 1))[:-1]
            hl = np.cumsum(np.bincount(b, weights=hs, minlength=len(cuts) + 1))[:-1]
            gr, hr = G - gl, H - hl
            gain = np.where(
                (hl >= 1.0) & (hr >= 1.0), gl * gl / (hl + l2) + gr * gr / (hr + l2) - G * G / (H + l2), 0.0
            )
            k = int(np.argmax(gain))
            if gain[k] > best[0]:
                best = (float(gain[k]), j, k)
    if best[1] < 0:
        update[rows] = value
        return value
    _, j, k = best
    left = binned[rows, j] <= k  # bin k holds the values <= cuts[k]
    return {
        "feature": NAMES[j],
        "at": round(float(edges[j][k]), 4),
        "le": grow(binned, edges, g, h, rows[left], depth - 1, l2, rate, update),
        "gt": grow(binned, edges, g, h, rows[~left], depth - 1, l2, rate, update),
    }


def write(path: Path, names: list[str], weights: np.ndarray, bias: float, trees: list | None = None) -> None:
    data = {"bias": round(bias, 3), "weights": {n: round(float(v), 3) for n, v in zip(names, weights) if v}}
    if trees:
        data["trees"] = trees
    path.write_text(json.dumps(data, indent=None if trees else 1) + "\n")


def fit_model(
    x: np.ndarray, y: np.ndarray, w: np.ndarray, args: argparse.Namespace
) -> tuple[np.ndarray, float, list | None]:
    """Linear weights, bias and trees (None for the linear model) of one fit."""
    if args.model == "linear":
        weights, bias = fit(x, y, w, args.l2)
        return weights, bias, None
    rules = x[:, NAMES.index("rules_furniture")] > 0.5
    odds = [np.log(np.average(y[m], weights=w[m]) / (1 - np.average(y[m], weights=w[m]))) for m in (~rules, rules)]
    weights = np.zeros(len(NAMES))
    weights[NAMES.index("rules_furniture")] = round(odds[1] - odds[0], 3)
    bias = round(float(odds[0]), 3)
    base = bias + weights @ x.T
    trees = fit_trees(x, y, w, base, args.rounds, args.depth, args.rate, args.l2)
    return weights, bias, trees


def predict(x: np.ndarray, weights: np.ndarray, bias: float, trees: list | None) -> np.ndarray:
    score = x @ np.round(weights, 3) + round(bias, 3)
    for tree in trees or ():
        score += tree_values(tree, x)
    return score


def tree_values(tree: dict | float, x: np.ndarray) -> np.ndarray:
    """`BlockModel.logit`'s reading of one tree, for every row of `x` at once."""
    if not isinstance(tree, dict):
        return np.full(len(x), tree)
    left = x[:, NAMES.index(tree["feature"])] <= tree["at"]
    out = np.empty(len(x))
    out[left] = tree_values(tree["le"], x[left])
    out[~left] = tree_values(tree["gt"], x[~left])
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shared", type=Path, default=DEFAULT)
    ap.add_argument("--out", type=Path, default=HERE / ".cache" / "blockmodel")
    ap.add_argument(
        "--model",
        choices=("linear", "trees"),
        default="linear",
        help="logistic regression, or boosted trees correcting the rules",
    )
    ap.add_argument("--l2", type=float, default=1.0)
    ap.add_argument("--rounds", type=int, default=60)
    ap.add_argument("--depth", type=int, default=3)
    ap.add_argument("--rate", type=float, default=0.1)
    ap.add_argument(
        "--corpus-weights",
        default="1,1,1",
        help="total weight of trafilatura-dev, readability-dev and dragnet-dev (each page of a corpus the same)",
    )
    ap.add_argument("--jobs", type=int, default=2, help="processes converting pages (once: the blocks are cached)")
    ap.add_argument("--weigh-by", choices=("size", "blocks"), default="size")
    ap.add_argument("--without", default="", help="features left out of the model, comma separated")
    ap.add_argument(
        "--ablate",
        help="train with this rule of web2md/extract/maincontent/rules.py switched off (names joined by +; is the "
        "rule redundant beside the model? score with quality.py --ablate RULE --blockmodel OUT)",
    )
    ap.add_argument(
        "--oracle",
        action="store_true",
        help="only print the F1 of perfect block verdicts in the rules' regions: the most any block scorer can gain",
    )
    ap.add_argument(
        "--asked-only",
        action="store_true",
        help="train on the blocks the renderer asks about under the rules, not every block of the region",
    )
    args = ap.parse_args()
    global WEIGH_BY_SIZE, NAMES, ASKED_ONLY, DISABLED
    ASKED_ONLY = args.asked_only
    DISABLED = tuple(args.ablate.split("+")) if args.ablate else ()
    WEIGH_BY_SIZE = args.weigh_by == "size"
    if not (args.shared / "corpora" / "folds.json").exists():
        print(f"corpora not found under {args.shared}: nothing to train", file=sys.stderr)
        return 0
    if args.oracle:
        oracle(args.shared)
        return 0
    corpus_weights = dict(zip(CORPORA, map(float, args.corpus_weights.split(","))))
    names, x, y, w, fold, corpus, rules = dataset(args.shared, corpus_weights, args.jobs)
    if args.without:  # trained as if the features were never computed (a feature absent reads as 0)
        dropped = set(args.without.split(","))
        keep = [i for i, n in enumerate(names) if n not in dropped]
        names, x = [names[i] for i in keep], x[:, keep]
    NAMES = names
    print(f"{len(y)} labelled blocks ({int(y.sum())} content), {len(names)} features", flush=True)
    args.out.mkdir(parents=True, exist_ok=True)
    predicted = np.zeros(len(y))
    for k in sorted(set(fold)):
        train = fold != k
        weights, bias, trees = fit_model(x[train], y[train], w[train], args)
        write(args.out / f"fold{k}.json", names, weights, bias, trees)
        predicted[~train] = predict(x[~train], weights, bias, trees) >= 0
    # leave one source out: trained on the other two sources, each page of the one left out judged
    loso = np.zeros(len(y))
    for c, name in enumerate(CORPORA):
        train = corpus != c
        weights, bias, trees = fit_model(x[train], y[train], w[train], args)
        write(args.out / f"loso-{name}.json", names, weights, bias, trees)
        loso[~train] = predict(x[~train], weights, bias, trees) >= 0
    weights, bias, trees = fit_model(x, y, w, args)
    write(args.out / "all.json", names, weights, bias, trees)
    print("block accuracy (weighted) of the rules, the model out of fold, the model trained on the other sources:")
    for c, cname in enumerate(CORPORA):
        for k in [*sorted(set(fold)), None]:
            sel = (corpus == c) & ((fold == k) if k is not None else True)
            if not sel.any():
                continue
            rules_ok = (1 - rules[sel]) == y[sel]
            print(
                f"  {cname:<16} fold {k if k is not None else 'all'}  "
                f"rules {np.average(rules_ok, weights=w[sel]):.3f}  "
                f"folds {np.average(predicted[sel] == y[sel], weights=w[sel]):.3f}  "
                f"loso {np.average(loso[sel] == y[sel], weights=w[sel]):.3f}  ({sel.sum()} blocks)"
            )
    if trees is None:
        order = np.argsort(-np.abs(weights * x.std(0)))
        print("weights (all pages), by standardised size: " + ", ".join(f"{names[i]} {weights[i]:+.2f}" for i in order))
    else:
        used = Counter(node for tree in trees for node in tree_features(tree))
        print("features the trees split on (all pages): " + ", ".join(f"{n} {c}" for n, c in used.most_common()))
    return 0


def oracle(shared: Path) -> None:
    """The headroom of any block scorer: F1 when every labelled block of the rules' region takes its truth label
    (unlabelled blocks, and the region itself, stay the rules')."""
    sys.path.insert(0, str(shared / "tools"))
    import articles
    import segments

    from web2md import convert
    from web2md.extract.maincontent.furniture import block_text
    from web2md.extract.maincontent.furniture_test import FurnitureTest

    label = None  # the page's labelling function

    def by_truth(self: FurnitureTest, el: etree._Element) -> bool:
        verdict = self.verdicts.get(el)
        if verdict is None:
            verdict = self.judge(el)
            own = self.stats.get(el)
            if el is not self.main and el not in self.pruned and own and own.text and el.tag in BLOCK_TAGS:
                truth = label(block_text(el))
                verdict = verdict if truth is None else not truth[0]
            self.verdicts[el] = verdict
        return verdict

    root = shared / "corpora"
    rules, FurnitureTest.__call__ = FurnitureTest.__call__, by_truth
    try:
        ann = json.loads((root / "trafilatura-dev" / "annotations.json").read_text(encoding="utf8"))
        tp = fp = fn = 0
        for url, _, body, _, label in labelled_pages(shared, "trafilatura-dev"):
            out = segments.norm(convert(body, url=url).text)
            item = ann[url]
            hits = sum(segments.norm(w) in out for w in item["with"])
            tp, fn = tp + hits, fn + len(item["with"]) - hits
            fp += sum(segments.norm(u) in out for u in item["without"])
        p, r = tp / (tp + fp), tp / (tp + fn)
        print(f"oracle trafilatura-dev F1 {2 * p * r / (p + r):.3f} P {p:.3f} R {r:.3f}", flush=True)
        for corpus in ("readability-dev", "dragnet-dev"):
            rows = []
            for stem, _, page, url, label in labelled_pages(shared, corpus):
                truth = (root / corpus / "truth" / f"{stem}.txt").read_text(encoding="utf-8")
                rows.append(articles.page_scores(truth, convert(page, url=url).text))
            print(f"oracle {corpus} F1 %.3f P %.3f R %.3f" % articles.prf(rows), flush=True)
    finally:
        FurnitureTest.__call__ = rules


def tree_features(tree: dict | float) -> list[str]:
    if not isinstance(tree, dict):
        return []
    return [tree["feature"], *tree_features(tree["le"]), *tree_features(tree["gt"])]


NAMES: list[str] = []
ASKED_ONLY = False
DISABLED: tuple[str, ...] = ()  # the rules switched off (--ablate)
WEIGH_BY_SIZE = True


if __name__ == "__main__":
    sys.exit(main())
