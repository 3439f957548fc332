"""Recurring crawls declared in a TOML file: ``web2md jobs run FILE`` runs (or submits to Scrapyd) the ones that are due.

Each ``[jobs.NAME]`` table names a spider, its arguments and settings, a cron
expression (croniter's: 5 fields, or 6 with seconds last) and an output folder
(relative to the file's folder). What happened last is kept beside the file in
``<stem>.state.json``; a job running locally holds ``<stem>.<NAME>.lock`` (its
PID), so a second ``jobs run`` started meanwhile skips it. A job never run is
due at once; after that, when a scheduled time has passed since its last start.
A job's arguments are checked against its spider's when the file is read (a misspelt one names the closest).
A job with ``webhook = "URL"`` has the summary of each local run POSTed there as JSON (`post_webhook`: retried,
and a hook that still fails is logged with its URL, never failing the job).
``jobs run`` exits 1 when a job failed: it could not start, or its crawl exported nothing and something failed.
"""

from __future__ import annotations

import fcntl
import json
import logging
import os
import tomllib
import urllib.parse
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

logger = logging.getLogger(__name__)

SPIDERS = {
    "site": "web2md.spiders.site.SiteSpider",
    "page": "web2md.spiders.page.PageSpider",
    "sitemap": "web2md.spiders.sitemap.SitemapSpider",
    "feed": "web2md.spiders.feed.FeedSpider",
    "batch": "web2md.spiders.batch.BatchSpider",
}
# folders a job's settings may name; relative ones are the jobs file's, like `output`
PATH_SETTINGS = frozenset({"WEB2MD_INCREMENTAL", "WEB2MD_OUTPUT_DIR", "JOBDIR"})
#: Seconds waited before each retry of a webhook POST that failed: three attempts in all.
WEBHOOK_RETRY_DELAYS = (1.0, 5.0)
WEBHOOK_TIMEOUT = 10.0
#: At most how many pages (new, changed, gone) the webhook's summary lists; ``changes`` counts them all.
WEBHOOK_PAGES = 1000


@dataclass
class Job:
    name: str
    spider: str
    schedule: str
    args: dict[str, str | list[str]] = field(default_factory=dict)
    settings: dict[str, Any] = field(default_factory=dict)
    webhook: str = ""  # POST each local run's summary here


def load_jobs(path: Path) -> list[Job]:
    """The jobs of a jobs file; a missing field, an unknown spider or a bad cron expression is a ValueError."""
    from croniter import croniter  # imported when used: `web2md --help` stays quick
    from scrapy.utils.misc import load_object

    with path.open("rb") as f:
        data = tomllib.load(f)
    jobs = []
    for name, table in data.get("jobs", {}).items():
        where = f"{path}: job {name!r}"
        if not isinstance(table, dict) or "spider" not in table or "schedule" not in table:
            raise ValueError(f'{where} needs spider = ... and schedule = "CRON"')
        if table["spider"] not in SPIDERS:
            raise ValueError(f"{where}: unknown spider {table['spider']!r} (one of {', '.join(SPIDERS)})")
        if not croniter.is_valid(table["schedule"]):
            raise ValueError(f"{where}: bad cron expression {table['schedule']!r}")
        # a list is a repeated argument (header = ["A: 1", "B: 2"])
        args = {k: [str(x) for x in v] if isinstance(v, list) else str(v) for k, v in table.get("args", {}).items()}
        try:  # a misspelt argument would be ignored by nothing but the spider, at the job's first run
            load_object(SPIDERS[table["spider"]]).check_arguments(args)
        except ValueError as exc:
            raise ValueError(f"{where}: {exc}") from None
        if "output" in table:
            # relative to the jobs file, made absolute so a Scrapyd job writes there too
            args["output"] = str((path.parent / table["output"]).resolve())
        settings = dict(table.get("settings", {}))
        for key in PATH_SETTINGS & settings.keys():
            settings[key] = str((path.parent / settings[key]).resolve()) if settings[key] else ""
        webhook = table.get("webhook", "")
        if webhook and (not isinstance(webhook, str) or urllib.parse.urlsplit(webhook).scheme not in ("http", "https")):
            raise ValueError(f"{where}: webhook must be an http(s) URL, not {webhook!r}")
        jobs.append(Job(name, table["spider"], table["schedule"], args, settings, webhook))
    return jobs


class JobState:
    """Last start, end and outcome of each job, in ``<stem>.state.json`` beside the jobs file."""

    def __init__(self, jobs_file: Path) -> None:
        self.path = jobs_file.with_name(jobs_file.stem + ".state.json")
        self.jobs_file = jobs_file
        self.data: dict[str, dict[str, Any]] = json.loads(self.path.read_text()) if self.path.exists() else {}

    def get(self, name: str) -> dict[str, Any]:
        return self.data.get(name, {})

    def update(self, name: str, **values: Any) -> None:
        # another `jobs run` may record its own jobs meanwhile: re-read and write under a lock on the jobs file
        with self.jobs_file.open("rb") as guard:
            fcntl.flock(guard, fcntl.LOCK_EX)
            self.data = json.loads(self.path.read_text()) if self.path.exists() else {}
            self.data.setdefault(name, {}).update(values)
            partial = self.path.with_name(self.path.name + ".part")
            partial.write_text(json.dumps(self.data, indent=2, sort_keys=True) + "\n")
            os.replace(partial, self.path)

    def lock_path(self, name: str) -> Path:
        return self.jobs_file.with_name(f"{self.jobs_file.stem}.{name}.lock")


def next_run(job: Job, state: dict[str, Any]) -> datetime | None:
    """When the job is due next: None if it has never run (due now)."""
    from croniter import croniter

    last = state.get("last_start")
    if last is None:
        return None
    return croniter(job.schedule, datetime.fromisoformat(last)).get_next(datetime)


def is_due(job: Job, state: dict[str, Any], now: datetime) -> bool:
    due = next_run(job, state)
    return due is None or due <= now


def pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def take_lock(path: Path) -> bool:
    """Create the lock file holding this process's PID; False if a live process holds it (a dead one's is taken over)."""
    for _ in range(2):
        try:
            fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
        except FileExistsError:
            try:
                holder = int(path.read_text().strip() or 0)
            except (OSError, ValueError):
                holder = 0
            if holder and pid_alive(holder):
                return False
            logger.warning("Removing stale lock %s (PID %s is gone)", path, holder or "?")
            path.unlink(missing_ok=True)
            continue
        with os.fdopen(fd, "w") as f:
            f.write(f"{os.getpid()}\n")
        return True
    return False


def now_utc() -> datetime:
    return datetime.now(UTC)


def run_local(job: Job) -> tuple[str, dict[str, Any]]:
    """Run the crawl in this process: the outcome line kept in the state file, which starts with "failed" when
    the crawl failed as a whole (`web2md.spiders.base.Web2mdSpider`: it exported nothing and something failed),
    and the crawl's stats."""
    from web2md import crawl
    from web2md.middlewares.limits import failure_count
    from web2md.spiders.base import RUN_FAILED_STAT

    result = crawl.run(job.spider, job.settings, **job.args)
    stats = result.stats
    reason = "failed" if stats.get(RUN_FAILED_STAT) else stats.get("finish_reason", "unknown")
    outcome = (
        f"{reason}: {stats.get('item_scraped_count', 0)} pages, "
        f"{stats.get('web2md/unchanged', 0)} unchanged, {failure_count(stats)} failed"
    )
    return outcome, stats


def run_summary(job: Job, outcome: str, stats: dict[str, Any], started: str, ended: str) -> dict[str, Any]:
    """What the webhook receives: the job, its outcome, and for an incremental crawl how many pages were new,
    changed, unchanged and gone, with the URLs of those that were not unchanged (``changes.jsonl``, no diffs)."""
    from web2md.extensions.report import RUNS_FOLDER
    from web2md.incremental.changes import CHANGES_STAT, JSONL, STATUSES

    summary: dict[str, Any] = {
        "job": job.name,
        "spider": job.spider,
        "outcome": outcome,
        "started": started,
        "ended": ended,
        "output": job.args.get("output", ""),
        "finish_reason": stats.get("finish_reason"),
        "bytes_downloaded": stats.get("downloader/response_bytes", 0),
    }
    if f"{CHANGES_STAT}/unchanged" not in stats:
        return summary  # not an incremental crawl that wrote files
    summary["changes"] = {status: stats.get(f"{CHANGES_STAT}/{status}", 0) for status in STATUSES}
    pages: list[dict[str, Any]] = []
    listing = Path(str(job.args.get("output", ""))) / RUNS_FOLDER / JSONL
    if job.args.get("output") and listing.is_file():
        with listing.open(encoding="utf-8") as lines:
            for line in lines:
                row = json.loads(line)
                if row["status"] != "unchanged" and len(pages) < WEBHOOK_PAGES:
                    pages.append({key: row.get(key) for key in ("url", "status", "title", "reason") if key in row})
    summary["pages"] = pages
    return summary


def post_webhook(url: str, summary: dict[str, Any]) -> str:
    """POST `summary` as JSON to `url`, retried after each of `WEBHOOK_RETRY_DELAYS` while it fails (no answer,
    or not 2xx); what happened, for the state file. Never raises: a hook that fails is logged with its URL."""
    import time
    import urllib.error
    import urllib.request

    delays = WEBHOOK_RETRY_DELAYS

    body = json.dumps(summary, sort_keys=True).encode("utf-8")
    attempts = len(delays) + 1
    problem = ""
    for attempt in range(1, attempts + 1):
        request = urllib.request.Request(
            url, body, {"Content-Type": "application/json", "User-Agent": "web2md jobs"}, method="POST"
        )
        try:
            with urllib.request.urlopen(request, timeout=WEBHOOK_TIMEOUT) as response:
                response.read()
            logger.info("Webhook %s: run summary of job %s delivered", url, summary.get("job"))
            return "delivered"
        except urllib.error.HTTPError as exc:
            problem = f"HTTP {exc.code}"
        except (OSError, ValueError) as exc:  # refused, timed out, unresolvable
            problem = str(getattr(exc, "reason", None) or exc)
        if attempt < attempts:
            logger.warning("Webhook %s failed (%s), attempt %d of %d: retrying", url, problem, attempt, attempts)
            time.sleep(delays[attempt - 1])
    logger.error("Webhook %s failed (%s) after %d attempts; the job's outcome stands", url, problem, attempts)
    return f"failed: {problem}"


def scrapyd_call(url: str, endpoint: str, data: dict[str, Any] | None = None) -> dict[str, Any]:
    import urllib.request  # imported when used: it brings in http.client and ssl

    body = urllib.parse.urlencode(data, doseq=True).encode() if data is not None else None
    with urllib.request.urlopen(urllib.parse.urljoin(url, endpoint), body, timeout=30) as response:
        answer = json.loads(response.read())
    if answer.get("status") != "ok":
        raise RuntimeError(f"Scrapyd {endpoint}: {answer.get('message', answer)}")
    return answer


def scrapyd_active(url: str, project: str, jobid: str | None) -> bool:
    if not jobid:
        return False
    jobs = scrapyd_call(url, f"listjobs.json?project={urllib.parse.quote(project)}")
    return any(j["id"] == jobid for j in jobs["pending"] + jobs["running"])


def submit(job: Job, url: str, project: str) -> str:
    """Schedule the job on Scrapyd; its job id."""
    data: dict[str, Any] = {
        "project": project,
        "spider": job.spider,
        **job.args,
        "setting": [f"{k}={v}" for k, v in job.settings.items()],
    }
    return scrapyd_call(url, "schedule.json", data)["jobid"]


def run_due(path: Path, scrapyd: str | None = None, project: str = "web2md") -> list[tuple[str, str]]:
    """Run (or submit) every due job of the file, one after the other; ``(name, what happened)`` for each job."""
    jobs = load_jobs(path)
    state = JobState(path)
    report = []
    for job in jobs:
        record = state.get(job.name)
        if not is_due(job, record, now_utc()):
            report.append((job.name, "not due"))
            continue
        if scrapyd:
            if scrapyd_active(scrapyd, project, record.get("jobid")):
                report.append((job.name, "already running"))
                continue
            started = now_utc().isoformat()
            jobid = submit(job, scrapyd, project)
            state.update(
                job.name, last_start=started, last_end=None, outcome=f"submitted to Scrapyd: {jobid}", jobid=jobid
            )
            report.append((job.name, f"submitted: {jobid}"))
            continue
        lock = state.lock_path(job.name)
        if not take_lock(lock):
            logger.info("Job %s is already running (%s)", job.name, lock)
            report.append((job.name, "already running"))
            continue
        try:
            started = now_utc().isoformat()
            state.update(job.name, last_start=started, last_end=None, outcome="running")
            stats: dict[str, Any] = {}
            try:
                outcome, stats = run_local(job)
            except Exception as exc:  # a broken job must not stop the others
                logger.exception("Job %s failed", job.name)
                outcome = f"error: {exc}"
            ended = now_utc().isoformat()
            state.update(job.name, last_end=ended, outcome=outcome)
            if job.webhook:
                delivered = post_webhook(job.webhook, run_summary(job, outcome, stats, started, ended))
                state.update(job.name, webhook=delivered)
            report.append((job.name, outcome))
        finally:
            lock.unlink(missing_ok=True)
    return report


def list_jobs(path: Path) -> list[dict[str, str]]:
    """One row per job: name, spider, schedule, next run, last run and its outcome."""
    state = JobState(path)
    rows = []
    for job in load_jobs(path):
        record = state.get(job.name)
        due = next_run(job, record)
        running = state.lock_path(job.name).exists()
        rows.append(
            {
                "name": job.name,
                "spider": job.spider,
                "schedule": job.schedule,
                "next": "now (never run)" if due is None else due.isoformat(timespec="seconds"),
                "last": record.get("last_start", "never"),
                "outcome": "running" if running else record.get("outcome", ""),
            }
        )
    return rows
