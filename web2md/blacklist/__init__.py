"""A blacklist of ad and tracking URLs: the pure matcher and the downloader middleware that applies it."""
