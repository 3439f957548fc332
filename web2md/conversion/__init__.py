"""Reading fetched pages where they are converted: worker processes beside the reactor, iframes, response decoding."""
