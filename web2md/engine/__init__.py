"""Crawl mechanics where web2md replaces a Scrapy part: each module names the upstream behaviour it works around."""
