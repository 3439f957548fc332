"""web2md spiders: `page` (the given URLs) and `site` (same-host breadth-first crawl)."""

#: Where the site spider keeps its requested pages in a crawl's spider state (a JOBDIR's, or Redis's when shared).
PLANNED_STATE_KEY = "web2md/planned"
