"""Writing Markdown: the renderer, emphasis and MathML."""
