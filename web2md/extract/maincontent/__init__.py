"""Main-content selection (see docs/design.md#main-content): the region that holds the page's body and the furniture
inside it to skip."""
