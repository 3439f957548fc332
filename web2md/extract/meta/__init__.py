"""Page metadata (SPEC §5): titles, authors, dates, language, JSON-LD and simhash fingerprints."""
