"""Incremental re-crawls: the per-URL store, the middleware that asks conditionally, the pipelines that skip unchanged
pages, and the log of what changed since the last run."""

#: Signal a spider that follows links sends once it has read a page's links (``url``, ``links``: the
#: `extract_links` dicts, ``directives``: the robots directives it obeyed), so a later 304 still yields them.
page_links_read = object()
#: Response meta key: a 304 to a page whose links are followed carries what was read from it last time,
#: ``{"links": [...], "directives": [...]}`` (`web2md.incremental.middleware`).
META_UNCHANGED = "web2md_unchanged"
