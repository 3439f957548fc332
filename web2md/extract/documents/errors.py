"""The error of a document (PDF, DOCX) that cannot be read, with a one-line reason a user can act on."""

from __future__ import annotations


class DocumentError(ValueError):
    """A document that cannot be read: encrypted, corrupt, without a text layer, or too large."""
