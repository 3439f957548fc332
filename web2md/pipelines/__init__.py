"""Item pipelines: `extract` runs the core on each page, `export` writes per-page files."""
