"""Reading HTML: the parser, entities, URLs, charset sniffing, tag sets and the document's element index."""
