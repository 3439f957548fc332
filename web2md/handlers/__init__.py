"""Scrapy download handlers of web2md."""
