"""web2md's Scrapy commands (the ``COMMANDS_MODULE`` setting): ``crawl`` with an exit status that says whether the
crawl failed."""
