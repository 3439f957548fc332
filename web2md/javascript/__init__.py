"""``--javascript``: a page's inline scripts run in QuickJS before conversion (optional extra ``web2md[javascript]``)."""
