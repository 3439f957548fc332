"""The Markdown renderer: the one HTML parser, the tree walk that writes Markdown and text, entities and link targets."""
