"""``--browser``: pages loaded in the system's headless Chromium (optional extra ``web2md[browser]``)."""
