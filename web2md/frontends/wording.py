"""Small helpers for the sentences the front ends print (counts with the right noun form)."""


def plural(count: int, noun: str, plural_form: str | None = None) -> str:
    """``1 link``, ``2 links``, ``0 matches`` (pass `plural_form` when adding an ``s`` is wrong)."""
    if count == 1:
        return f"{count} {noun}"
    return f"{count} {plural_form or noun + 's'}"
