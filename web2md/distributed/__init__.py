"""One crawl frontier shared by several processes through Redis: the scheduler and the shared per-host slots."""
