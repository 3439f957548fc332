"""Main-content selection (SPEC §4): the region that holds the page's body and the furniture inside it to skip."""
