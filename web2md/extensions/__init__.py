"""Scrapy extensions of web2md."""
