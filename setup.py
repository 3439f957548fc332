"""Only for `scrapyd-deploy`, which builds the project's egg with ``python setup.py bdist_egg``; the metadata is in pyproject.toml."""

from setuptools import setup

setup()
