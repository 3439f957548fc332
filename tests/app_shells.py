"""An app shell whose content only its `src=` script writes (QuickJS is not given the script; a browser loads it), for
the tests of the auto JavaScript mode and its browser step."""

from __future__ import annotations

SPA = (
    "<!DOCTYPE html><html><head><title>Dashboard</title></head><body><div id='root'></div>"
    "<script src='/static/main.js'></script></body></html>"
)
MAIN_JS = (
    "document.getElementById('root').innerHTML = '<main><h1>Rota</h1><p>Mira opens the kiosk on Mondays and "
    "Tomas closes it on Fridays.</p></main>';"
)
SPA_MARKDOWN = "# Rota\n\nMira opens the kiosk on Mondays and Tomas closes it on Fridays."
