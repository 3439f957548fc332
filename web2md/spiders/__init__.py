"""web2md spiders: `page` (the given URLs) and `site` (same-host breadth-first crawl)."""
