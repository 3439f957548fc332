"""Main-content selection (see docs/design.md#main-content): find the body of the page and mark the furniture inside it
to skip.

One pass over the elements measures, per element, its text, its link text, its
*content text* (the text of paragraph-like blocks that are long enough and not
mostly links) and its linked headings. The main region is found by descending
from `<body>` into the child that holds nearly all of the content text, and
stopping where the content spreads over several children (there, a short post
beside a sidebar is the block holding its title); when that region is
the body of an article (an `<article>` or a block named like one) the article's
title and lead ahead of it come along. When nothing reads as content but a `<noscript>` holds a page, that
page is read as a browser without scripts shows it (a `<noscript>` inside it
too). Inside the region, furniture is skipped while rendering: blocks named as
furniture by class/id unless they hold much of the content (the comments
always), link-dense blocks, teaser lists (cards titled by a linked heading, or by a link on a line of its own
perhaps under a short label, or under an unlinked title and closed by their one link to the story; or such teasers
written flat, a linked heading or `<dt>` over a line or two, in a row; or cards closing the region after the
article's text; or headline paragraphs over one-line summaries, or a list of headline links each followed by a
line of summary, closing it), the article's closing notes (the publisher's self-description, press contacts, legal
notices, a box about the author), the readers' comments (named by class, by a heading over them, or known by their
structure: blocks side by side each opening with a writer's name just before a date), captions (of figures and of
images that are figures in all but name) and credit lines, a chart's labels placed over its picture, small widgets of
controls with their labels and counts (a rating, "Was this helpful? Yes No"), boxes that ask the reader for input
(around a field to type into, or a poll's question and named answers, or a line linking to the reply box), labels
over furniture, calls to action, date lines, headings of sections that hold only furniture, and paragraphs the page
repeats (`furniture` holds the vocabulary of those tests).
"""
