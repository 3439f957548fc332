"""Crawl mechanics where web2md replaces a Scrapy part: each module names the upstream behaviour it works around and
the test that fails without it. (The downloader middlewares that replace Scrapy's, for redirects, compression,
meta refresh and cookies, are with the other middlewares in `web2md.middlewares`.)"""
