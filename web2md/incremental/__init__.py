"""Incremental re-crawls: the per-URL store, the middleware that asks conditionally, the pipelines that skip unchanged pages."""
