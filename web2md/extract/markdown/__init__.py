"""Writing Markdown: the renderer, tables, escaping, emphasis and MathML."""
