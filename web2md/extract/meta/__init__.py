"""Page metadata (see docs/design.md#page-fields): titles, authors, dates, language, JSON-LD and simhash
fingerprints."""
