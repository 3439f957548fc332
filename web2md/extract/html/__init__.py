"""Reading HTML: the parser, entities, URLs, charset sniffing and the document's element index."""
