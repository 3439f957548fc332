"""XML documents read without fetching: feeds, feed discovery links, sitemaps, and the safe XML parser they share."""
