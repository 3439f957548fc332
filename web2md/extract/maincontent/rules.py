"""The catalogue of main-content rules: each rule's name (what `disable_rules` takes), what it removes or keeps, the
thresholds it reads and the tests that pin it."""

from __future__ import annotations

import difflib
import importlib
from collections.abc import Iterable
from dataclasses import dataclass

# the modules whose constants the rules read, in the order their names are looked up
_MODULES = ("analysis", "blocks", "choice", "furniture_test", "furniture")


@dataclass(frozen=True)
class Rule:
    name: str
    does: str  # what the rule removes or keeps
    thresholds: tuple[str, ...] = ()  # constants of `web2md.extract.maincontent` it reads
    # tests (`module::function` under tests/) that fail with the rule switched off, besides its page in test_rules
    tests: tuple[str, ...] = ()

    def threshold_values(self) -> dict[str, object]:
        """The current value of each of the rule's thresholds."""
        modules = [importlib.import_module(f"web2md.extract.maincontent.{name}") for name in _MODULES]
        return {name: next(getattr(m, name) for m in modules if hasattr(m, name)) for name in self.thresholds}


RULES: tuple[Rule, ...] = (
    # region choice
    Rule(
        "comments-descent",
        "the descent to the region stops above the page's comments where they outweigh every other block, also when "
        "wrappers hold them alone; a weakly named block holding the post beside its thread is measured against the "
        "post",
        (),
        (
            "test_content::test_a_short_post_over_a_long_comment_thread_is_the_content",
            "test_content::test_a_short_post_over_a_thread_in_wrappers_of_its_own_is_the_content",
        ),
    ),
    Rule(
        "semantic-region",
        "the descent follows the one <article> or <main> among blocks beside it when it holds enough content text",
        ("SEMANTIC_SHARE",),
        (
            "test_content::test_the_one_article_among_blocks_beside_it_is_the_region",
            "test_content::test_main_content_modes",
        ),
    ),
    Rule(
        "enclosing-article",
        "the region widens to the article (an <article>, a block named article, story, post or entry, or one its "
        "microdata types as an article: schema.org's Article and its kinds, BlogPosting) it is the body of, "
        "bringing its title and lead",
        ("ARTICLE_WIDENING",),
        ("test_content::test_the_title_of_a_block_typed_as_an_article_comes_along",),
    ),
    Rule(
        "titled-block",
        "the region widens to the block holding the page's <h1> ahead of it, whatever the markup calls that block",
        ("ARTICLE_WIDENING",),
        (
            "test_content::test_a_title_and_lead_standing_apart_from_the_body_come_with_it_whatever_the_markup_calls_them",
            "test_content::test_an_articles_title_and_lead_in_a_block_ahead_of_it_come_along",
            "test_content::test_a_weakly_named_block_after_the_title_is_still_the_content",
        ),
    ),
    Rule(
        "post-title-block",
        "on a page without an <h1>, the region widens to the block holding the post's title ahead of it (the longest "
        "<h2>/<h3> the <title> holds, `headline`, when the page's title without the site's name holds it: the story "
        "heading), as titled-block does for the <h1>, below the body; and a <header> outside any article whose first heading is that "
        "title as an unlinked <h2>, with no menu, is the article's header, not the site's (the walk measures it)",
        ("MIN_HEADLINE", "ARTICLE_WIDENING"),
        (
            "test_content::test_a_story_header_titled_by_an_h2_ahead_of_the_article_comes_along",
            "test_content::test_a_posts_h3_title_in_a_block_ahead_of_its_text_comes_along_without_an_h1",
        ),
    ),
    Rule(
        "product-block",
        "on a product page the region widens to the block holding the product's name, price and features",
        ("PRODUCT_WIDENING",),
        ("test_content::test_a_product_page_keeps_the_name_price_and_features_beside_the_description",),
    ),
    Rule(
        "sparse-columns",
        "in the descent, beside the column holding the page's title (its <h1>, or the post's <h2>/<h3> when the "
        "<title> holds its text and not the <h1>'s, or not as long), a column of less content text whose text is "
        "not mostly content text (author bios, excerpts and labels among links) is passed over as a column of "
        "widgets is",
        ("SPARSE_COLUMN", "WIDGET_COLUMN_BESIDE"),
        (
            "test_content::test_a_sidebar_of_bios_and_excerpts_beside_the_titled_column_is_left_out",
            "test_content::test_a_sidebar_of_bios_beside_the_column_titled_by_the_posts_heading_is_left_out",
        ),
    ),
    Rule(
        "post-title-columns",
        "with sparse-columns: the post's title (the <h2>/<h3> the <title> holds, where it does not hold the <h1>'s "
        "text as long) marks the titled column from the descent's first level on, not only where the descent first "
        "stops: the blog's name as the <h1> in the sidebar's column, over a note about its writer longer than a short "
        "post, does not make that column the titled one",
        ("SPARSE_COLUMN",),
        ("test_content::test_a_short_post_beside_the_column_holding_the_blogs_name_and_its_writers_note_is_the_post",),
    ),
    Rule(
        "short-posts",
        "in the descent, where no child holds nearly all the content text, a column holding the post's title (the "
        "longest <h2>/<h3> the <title> holds, once on the page; not the <h1>) and content text after it, under a "
        "column of paragraphs, is the region: a short post beside a sidebar and a footer with more prose",
        ("MIN_HEADLINE", "SHORT_POST"),
        ("test_content::test_a_short_post_beside_more_prose_is_the_column_holding_its_title",),
    ),
    Rule(
        "title-heading",
        "of several <h1>s, the page's title (the block the region widens to, the block furniture is measured "
        "beside) is the one with the longest text the <title> holds, not the first (a site's name, a teaser)",
        (),
        ("test_content::test_the_title_is_the_h1_the_page_title_names_not_the_sites_name_before_it",),
    ),
    Rule(
        "furniture-beside-title",
        "in the descent, a block named as furniture (a paywall's pitch, a print header before the title) beside the "
        "block holding the page's <h1> is passed over, its text not counted",
        ("BESIDE_FURNITURE",),
        ("test_content::test_furniture_beside_a_short_article_is_left_out",),
    ),
    Rule(
        "widget-columns",
        "in the descent, a column that is mostly links with little content text (a sidebar's archive lists, "
        "blogroll and a short 'about' note) is passed over, its text not counted, when a column beside it holds a "
        "few paragraphs and nearly all the rest",
        ("WIDGET_COLUMN_CONTENT", "WIDGET_COLUMN_LINKS", "WIDGET_COLUMN_BESIDE"),
        (
            "test_content::test_a_column_of_widgets_beside_the_post_is_left_out",
            "test_content::test_a_column_of_widgets_with_more_prose_than_the_post_is_still_left_out",
        ),
    ),
    Rule(
        "lone-units-after",
        "in the descent, after the child holding the most content text (LONE_UNITS_BESIDE units of it or more, not one "
        "unit), children of one unit of content text each (an author's box, a disclaimer, the footer's legal notice) "
        "are not counted. Not blocks ahead of it (a lead); not when a block after it holds several units, is written "
        "as its own paragraphs are (same tag and class), is an <article> or holds an <h1> (the story going on, a "
        "story of its own) or is written as the block itself is (same tag and attributes), nor when a paragraph is "
        "a child of the block (its text), nor on a listing; off in precision mode",
        ("LONE_UNITS_BESIDE",),
        ("test_content::test_blocks_of_one_paragraph_each_after_the_story_are_left_out",),
    ),
    Rule(
        "titled-lone-units",
        "with lone-units-after: where a child of one unit of content text outweighs the block holding the page's "
        "title (LONE_UNITS_BESIDE units or more, not one unit) after it, the children of one unit each after that "
        "block are not counted and the descent goes into it (the footer's legal notice after a short story and a "
        "rail of links); not when the unit is the block right after the title's (the body's one long paragraph "
        "after a header and its deck)",
        ("LONE_UNITS_BESIDE",),
        ("test_content::test_a_footers_legal_notice_longer_than_the_story_is_left_out",),
    ),
    Rule(
        "listing-pages",
        "on a page whose teasers hold LISTING times the content text outside them (LISTING_UNTITLED times when no "
        "story stands beside them and no other heading heads one: a block holding a heading and content text of "
        "its own but no list of cards, with a list after it; there cards without summary weigh their headlines; "
        "LISTING_NO_TITLE times on a page naming no story: no title, no line of text the <title> names), "
        "the teasers are its content: "
        "its lists of cards, with summaries or headlines alone, are measured and kept as content, and blocks holding "
        "headlines are not judged by their links, unless the lists stand beside a story: text of its own, outside "
        "links and lists, in the lowest block holding the list and the page's title (its <h1>; where the <h1> is "
        "one link to the home page, a site's logo, the post's <h2>/<h3> the <title> holds, or none); teasers beside a "
        "story in a block of its own (the branch holding the title holds most of the text beside the lists) stay "
        "other stories' teasers, where a gallery's slides sharing a block with its intro and cards under an <h1> of a word or "
        "two (a section's name) are its content; cards linking into the page itself (a live blog's posts, a "
        "section's stories below its address) stand beside no story; a listing's cards lose their labels (a <time>, "
        "parts of CARD_LABEL_WORDS words or fewer outside the headline and summary: a byline, a kicker; kept in "
        "recall mode), and on a "
        "front page (every list of cards listed, no story named) blocks of prose beside the lists go when they hold "
        "less than NOTES_BESIDE_LISTS times the lists' text (an editor's note, a text about the site), unless they "
        "hold an <h1> or a heading with a list after it; a link alone closing its card titles it when its block is "
        "written as other cards' title blocks (tiles)",
        ("LISTING", "LISTING_UNTITLED", "LISTING_NO_TITLE", "CARD_LABEL_WORDS", "NOTES_BESIDE_LISTS"),
        (
            "test_content::test_a_blog_index_of_cards_with_a_read_more_link_keeps_them",
            "test_content::test_a_front_page_whose_h1_is_its_logo_keeps_every_desk",
            "test_content::test_a_post_under_a_logo_h1_leaves_the_cards_of_other_posts_out",
            "test_content::test_a_section_front_of_cards_under_a_line_of_introduction_keeps_them",
            "test_content::test_a_front_page_keeps_every_desk_of_cards",
            "test_content::test_a_front_page_keeps_headlines_whose_cards_close_with_a_label",
            "test_content::test_a_front_page_keeps_desks_whose_headlines_are_no_heading_tags",
            "test_content::test_a_front_page_keeps_a_desk_of_headlines_beside_a_desk_of_long_cards",
            "test_content::test_a_front_page_with_an_editors_note_keeps_its_desks",
            "test_content::test_a_post_titled_otherwise_than_its_page_beside_desks_of_more_text_stays_a_post",
            "test_content::test_a_front_page_with_a_headed_note_at_its_foot_keeps_its_desks",
            "test_content::test_a_front_page_with_a_long_headed_note_at_its_foot_keeps_its_desks",
            "test_content::test_teasers_with_a_read_more_heading_after_a_short_article_are_left_out",
            "test_content::test_a_section_page_keeps_cards_whose_headline_is_a_third_of_their_text",
            "test_content::test_a_front_page_of_tiles_keeps_every_desk",
            "test_content::test_a_front_page_keeps_desks_whose_cards_sit_in_lists_of_one_or_two",
            "test_content::test_a_brief_followed_by_more_cards_than_its_text_keeps_only_the_brief",
            "test_content::test_a_one_paragraph_story_in_a_block_of_its_own_leaves_out_desks_of_many_times_its_text",
            "test_content::test_a_gallery_keeps_its_slides_after_an_intro_beside_its_headers_block",
            "test_content::test_a_live_blogs_posts_linking_into_the_page_itself_stay_its_content",
            "test_content::test_a_section_front_keeps_its_cards_under_a_headed_introduction_of_its_own",
            "test_content::test_which_links_lead_into_the_page_itself",
            "test_content::test_a_front_page_naming_no_story_keeps_its_desks_under_a_note_longer_than_they_are",
            "test_content::test_an_article_titled_by_a_line_of_text_leaves_the_cards_after_it_out",
            "test_content::test_a_video_page_keeps_its_description_not_the_episodes_listed_after_it",
            "test_content::test_a_front_page_leaves_out_the_time_labels_of_its_cards",
            "test_content::test_a_front_page_leaves_out_the_labels_of_its_cards",
            "test_content::test_a_front_page_in_recall_mode_keeps_the_labels_of_its_cards",
            "test_content::test_a_listing_of_cards_titled_in_a_few_bold_words_keeps_their_titles",
            "test_content::test_a_front_page_leaves_out_its_notes_over_and_after_the_desks",
            "test_content::test_a_story_under_its_own_h1_after_desks_of_many_times_its_text_keeps_its_text",
            "test_content::test_a_front_page_keeps_tiles_whose_headline_closes_them_in_a_block_of_its_own",
        ),
    ),
    Rule(
        "headline-lists",
        "on a listing page, lists (<ul>, <ol>) of MIN_CARDS or more items, two thirds of them or more each one link "
        "and nothing else whose text reads as a headline (BARE_HEADLINE_CHARS characters and WRAPPED_TITLE_WORDS "
        "words or more, no date; looked for once the page is decided a listing), are listed "
        "as lists of headlines alone: kept, the blocks holding them not judged by their links. They weigh in the "
        "listing decision only beside a card apart titled by a heading and no list of cards (a section's lead story "
        "over desks of headlines alone), and there only the lists whose branch below the lowest block holding them and "
        "such a card holds DESK_SHARE of its text or more in them (a desk, not one widget of a sidebar's); they weigh "
        "in the descent where they made the page a listing so, or on a front page without content text of its own "
        "(not a short story beside a column of the same section's headlines), a list half of whose headlines repeat "
        "stories the other lists show (a 'Most read' rail) not; elsewhere nothing (a related-stories list in an "
        "article's column)",
        ("MIN_CARDS", "WRAPPED_TITLE_WORDS", "BARE_HEADLINE_CHARS", "DESK_SHARE"),
        (
            "test_content::test_a_front_page_keeps_its_desks_of_headlines_alone",
            "test_content::test_a_front_page_leaves_out_a_list_of_short_links_among_its_desks",
            "test_content::test_a_section_page_keeps_its_list_of_headlines_alone_under_a_lead_story",
            "test_content::test_a_front_page_keeps_a_desk_of_headlines_alone_beside_one_desk_of_cards",
            "test_content::test_a_short_post_beside_a_sidebar_of_widgets_holding_a_list_of_headlines_stays_a_post",
            "test_content::test_a_section_page_keeps_cards_whose_headline_is_a_third_of_their_text",
        ),
    ),
    Rule(
        "linked-cards",
        "on a listing page, a block holding MIN_CARDS cards or more each written as one link holding its lines in "
        "blocks without a heading tag (`<a><div><span>Headline</span><div>Summary</div></div></a>`: a line reading "
        "as a headline first, or after one label of at most CARD_LABEL_WORDS words where a card of the list holds a "
        "picture; the card the link or the blocks holding it alone, at most CARD_CHARS) is a list of headlines "
        "alone, listed, and the blocks holding it are not link-dense; looked for once the page is a listing, and "
        "beside a card apart titled by a heading with no list of cards, where it weighs in the listing decision as "
        "lists of bare headlines do (headline-lists, DESK_SHARE)",
        ("MIN_CARDS", "CARD_CHARS", "CARD_LABEL_WORDS", "DESK_SHARE"),
        (
            "test_content::test_a_front_page_keeps_a_desk_of_cards_written_as_one_link_without_heading_tags",
            "test_content::test_a_front_page_leaves_out_a_menu_of_links_holding_a_name_and_a_line_each",
            "test_content::test_a_section_page_keeps_its_desk_of_cards_written_as_one_link_under_a_lead_story",
        ),
    ),
    Rule(
        "card-lines",
        "on a listing page, a list in a listed card whose MIN_CARDS - 1 links or more all lead into the card's story "
        "(a live blog's latest updates, each a permalink into the live page) is the card's lines, not link-dense",
        ("MIN_CARDS",),
        (
            "test_content::test_a_front_page_keeps_a_live_blogs_latest_updates_under_its_card",
            "test_content::test_a_front_page_leaves_out_a_cards_list_of_links_to_other_stories",
        ),
    ),
    Rule(
        "listing-widgets",
        "on a front page (every list of cards listed, no story named), a block beside the lists with no content text, "
        "no linked headline, not a heading, of more than CARD_LABEL_WORDS words (a markets or weather widget, a date "
        "bar) is furniture; a desk's name of a word or two stays",
        ("CARD_LABEL_WORDS",),
        (
            "test_content::test_a_front_page_leaves_out_a_widget_beside_its_lists",
            "test_content::test_a_front_page_keeps_desk_names_that_are_no_headings",
        ),
    ),
    Rule(
        "pager-lines",
        "on a front page (every list of cards listed, no story named), a block beside the lists with no content text, "
        "no linked headline, not a heading, counting the listing's pages or items (two numbers or more, half its "
        'words or more: "Page 3 of 12", "Showing 41-60 of 230") is the pager\'s line, not the listing\'s text',
        (),
        (
            "test_content::test_an_archive_page_leaves_out_the_line_counting_its_pages",
            "test_content::test_an_archive_page_keeps_a_desk_name_holding_a_number",
        ),
    ),
    Rule(
        "bio-lines",
        "beside lists of cards, an <h1> of a word or two over less than CARD_CHARS of its own that the block after it "
        "opens with (an author's name over a bio naming her, a topic over an introduction naming it) names a section, "
        "no story, whatever the lists' size (lead-cards' SECTION_INTRO and INTRO_SHARE aside)",
        ("CARD_CHARS",),
        (
            "test_content::test_an_author_page_keeps_its_headlines_under_a_bio_naming_her",
            "test_content::test_a_profile_under_its_subjects_name_stays_a_story",
            "test_content::test_teasers_with_a_read_more_heading_after_a_short_article_are_left_out",
        ),
    ),
    Rule(
        "lead-cards",
        "a card with a summary apart from the lists of cards (fewer than MIN_CARDS side by side, in a block holding "
        "more than them: a section's lead story) weighs with the cards in the listing decision, and is no story "
        "beside the lists (nor, with it, labels and widgets: the page's own text must then hold content text "
        "besides the card's), unless one holds the page's title or the post's title the <title> holds (then no card "
        "counts as apart); an <h1> of a word or two, or one among the lists' blocks (its parent the lowest block holding "
        "it and a list) that the <title> does not hold, over less than SECTION_INTRO characters of its own, or less "
        "than INTRO_SHARE of the lists' text (an author's bio, a topic's introduction), names a section, no story",
        ("MIN_CARDS", "CARD_CHARS", "SECTION_INTRO", "INTRO_SHARE"),
        (
            "test_content::test_a_section_page_keeps_its_cards_under_a_lead_story",
            "test_content::test_a_short_post_whose_title_links_to_itself_leaves_out_the_cards_after_it",
            "test_content::test_a_post_under_a_banner_titled_by_a_link_to_itself_leaves_out_the_cards_after_it",
            "test_content::test_teasers_with_a_read_more_heading_after_a_short_article_are_left_out",
            "test_content::test_a_section_page_named_in_a_few_words_over_a_line_of_introduction_keeps_its_cards",
            "test_content::test_a_brief_titled_otherwise_than_its_page_leaves_out_the_cards_after_it",
            "test_content::test_an_author_page_keeps_its_cards_under_a_bio_longer_than_a_line",
        ),
    ),
    Rule(
        "card-h1",
        "in the listing decision, the page's <h1> all one link to another page of the same site than the page itself "
        "(its address), one the <title> does not name, heads a card (a portal's top story under its <h1>), no story: "
        "that card weighs with the lists as a card apart (lead-cards), and the story is the post's title the <title> "
        "holds, if any (a blog's banner as the <h1> over its post)",
        (),
        (
            "test_content::test_a_front_page_keeps_its_desks_of_headlines_under_a_top_story_headed_by_its_h1",
            "test_content::test_a_short_story_whose_h1_links_to_itself_stays_a_story",
            "test_content::test_a_short_story_whose_h1_the_title_names_stays_a_story",
            "test_content::test_a_short_story_whose_h1_links_to_another_site_stays_a_story",
        ),
    ),
    Rule(
        "reader-h1",
        "in the listing decision, the page's <h1> marked as text for screen readers alone (sr-only, visually-hidden: "
        "a front page's line naming the site, which its <title> holds) heads no story, nor is it a line of text the "
        "<title> names: the story is the post's title the <title> holds, or a line of text it names, if any",
        (),
        (
            "test_content::test_a_front_page_under_an_h1_for_screen_readers_keeps_its_desks",
            "test_content::test_a_short_story_whose_h1_the_title_names_stays_a_story",
            "test_content::test_a_story_under_an_h1_for_screen_readers_stays_a_story",
        ),
    ),
    Rule(
        "story-text",
        "in the listing decision, the page's story heading (its <h1>, or the post's title the <title> holds) names a "
        "story only when the story's block (the lowest holding the heading and a list of cards) holds STORY_SHARE of "
        "the page's content text outside the cards: a post whose body is a desk of cards (a roundup of other stories), "
        "with the page's text in its comments or a sidebar, names none, and its cards are its content",
        ("STORY_SHARE",),
        (
            "test_content::test_a_post_whose_body_is_a_desk_of_cards_keeps_them",
            "test_content::test_a_short_story_over_a_desk_of_cards_in_its_block_stays_a_story",
            "test_content::test_teaser_cards_in_the_block_of_a_short_story_after_its_text_are_left_out",
        ),
    ),
    Rule(
        "listing-column",
        "on a listing, the descent goes into the column (COLUMN_TAGS) holding the most content text when it holds "
        "LISTING_COLUMN of the text of the listed lists in its block, two of them or more, lists stand beside it, and "
        "it holds WIDGET_COLUMN_BESIDE units: the lists in the columns beside it are a sidebar's (most read, popular "
        "posts, related links), not the listing's desks (a column of one list is a desk among others)",
        ("LISTING_COLUMN", "WIDGET_COLUMN_BESIDE"),
        (
            "test_content::test_a_front_page_of_desks_beside_a_column_of_popular_posts_leaves_the_column_out",
            "test_content::test_a_front_page_of_desks_in_two_columns_keeps_both",
            "test_content::test_a_big_desk_beside_a_small_one_in_the_listings_column_keeps_both",
        ),
    ),
    Rule(
        "listing-desks-column",
        "part of listing-column: the descent goes into the column holding LISTING_COLUMN_MOST of the listed text too "
        "when it holds LISTING_COLUMN_LISTS times as many listed lists as the columns beside it: desks beside a "
        "sidebar's box or two of popular posts with summaries, not beside a column of desks like its own",
        ("LISTING_COLUMN_MOST", "LISTING_COLUMN_LISTS"),
        (
            "test_content::test_a_front_page_of_desks_beside_a_long_box_of_popular_posts_leaves_the_box_out",
            "test_content::test_a_front_page_of_three_desks_beside_a_column_of_two_keeps_both",
        ),
    ),
    Rule(
        "listing-holder",
        "part of listing-column: on a front page (every list of cards listed, no story named), the descent goes into "
        "the child holding every listed list unless a block beside it holds an <h1> (the page's name, or a story under "
        "it) or, before it, content text under a heading: the prose beside it (a footer's text about the site, a "
        "column of notes or an author's box) holds none of the listing, and the sidebar's lists inside that child "
        "meet the descent's share",
        (),
        (
            "test_content::test_a_front_page_over_a_footer_of_prose_leaves_its_sidebar_of_headlines_out",
            "test_content::test_a_front_page_keeps_a_headed_text_over_the_block_of_its_lists",
            "test_content::test_a_story_under_its_own_h1_after_desks_of_many_times_its_text_keeps_its_text",
            "test_content::test_an_author_page_keeps_her_name_beside_the_block_of_her_headlines",
        ),
    ),
    Rule(
        "short-h1",
        "in the listing decision, an <h1> of fewer than WRAPPED_TITLE_WORDS words after a list of cards, none of whose "
        'words the <title> holds, names no story (a sidebar box\'s "Search" beside the desks); a post titled in a '
        "word or two has a word of it in its <title>, and its title stands over the cards after it",
        ("WRAPPED_TITLE_WORDS",),
        ("test_content::test_a_front_page_beside_a_sidebar_under_a_one_word_h1_keeps_its_desks",),
    ),
    Rule(
        "alike-tiles",
        "a link alone reading as a headline in a block of its own closing its card is a title when MIN_CARDS cards side "
        "by side are each closed by a block of that kind (a desk of tiles of a headline alone), as when a title block "
        "of that kind has a summary or time after it elsewhere on the page",
        ("MIN_CARDS", "WRAPPED_TITLE_WORDS"),
        ("test_content::test_a_front_page_of_tiles_alone_keeps_every_desk",),
    ),
    Rule(
        "dated-headlines",
        "a link reading as a headline that closes its block after its date alone (a `<time>`, or a block whose text is "
        "a date line) is a title: an entry of a river of dated headlines (`<li><time>14:32</time> <a>Headline</a></li>`), "
        "as a headline with its date after it already is; not in a card under its headline (a live blog's updates, a "
        "card's related links: none of the RIVER_DEPTH blocks above the entry's holds a title met before it of "
        "CARD_HEADLINE_CHARS or more; a desk's short name over a river is no card's headline)",
        ("WRAPPED_TITLE_WORDS", "MAX_DATE_LINE", "RIVER_DEPTH", "CARD_HEADLINE_CHARS"),
        ("test_content::test_a_section_front_over_a_river_of_dated_headlines_keeps_them",),
    ),
    Rule(
        "inline-cards",
        "part of linked-cards: on a listing, a card written as one link holding its lines in inline elements (`<a><img>"
        "<span>Headline</span></a>`, a tile of a picture and its headline) is one as a link holding blocks is, and its "
        "headline after the picture is no caption",
        ("MIN_CARDS", "WRAPPED_TITLE_WORDS", "CARD_CHARS", "LINKED_CARD_DEPTH"),
        ("test_content::test_a_front_page_of_picture_tiles_each_one_link_keeps_its_headlines",),
    ),
    Rule(
        "listed-desks",
        "part of closing-boxes: on a listing, the walk for boxes closing the region stops at a desk of its (a listed "
        "list of cards, a card, or a block holding one): a desk closing the page is its content, not a box about the "
        "author its cards' bylines name, nor a list of other stories",
        (),
        ("test_content::test_a_front_page_whose_last_desk_has_a_columnist_s_bylines_keeps_it",),
    ),
    Rule(
        "card-bodies",
        "in the listing decision, a heading inside a card of a list of cards heads no story beside the lists, also when "
        "it stands with its summary in a body block of the card's (a card of a picture and a body block of a headline "
        "and a summary)",
        (),
        ("test_content::test_a_desk_of_cards_with_body_blocks_beside_a_sidebar_of_prose_is_kept",),
    ),
    Rule(
        "listing-thread",
        "in the listing decision, the readers' comments (the top-level comments of the page) are no content text of "
        "the page's own to weigh its cards against, unless they hold all of it but a unit (the page is the thread): a "
        "roundup's or a front page's desks over a long thread stay its content",
        (),
        (
            "test_content::test_a_post_whose_body_is_a_desk_of_cards_keeps_them_over_a_long_thread",
            "test_content::test_a_video_post_over_a_long_thread_leaves_its_related_cards_out",
        ),
    ),
    Rule(
        "thread-desks",
        "part of listing-thread: the readers' comments weigh nothing against the cards also on a page holding no other "
        "text, when two lists of cards or more stand ahead of the thread's first comment (not holding one): desks, a "
        "front page's or a roundup's body over its thread, where a post told in a video has one related desk and a "
        "sidebar's boxes may follow the thread; the thread's own lists are then never listed",
        ("THREAD_DESKS",),
        ("test_content::test_a_roundup_of_two_desks_over_a_long_thread_and_no_other_text_keeps_its_desks",),
    ),
    Rule(
        "section-cards",
        "a card apart holding the page's title is the page's story (lead-cards) unless it holds another card apart "
        "titled by a heading beside the title: a section's short <main> (its name as the <h1> over its lead story's "
        "card and a list of headlines) read as one card, where the title names the cards (not a post's block holding "
        "its author's box, a card without a heading)",
        (),
        (
            "test_content::test_a_section_page_in_a_short_main_beside_a_ticker_keeps_its_headlines",
            "test_content::test_a_short_story_whose_h1_links_to_itself_stays_a_story",
            "test_content::test_a_short_post_holding_its_authors_box_stays_a_post",
        ),
    ),
    Rule(
        "menu-panels",
        "lists of cards (or of headlines alone) inside a <nav> or a <header> are a menu's panels (a mega-menu's "
        "entries, a name and a line each): they weigh nothing in the listing decision (nor count among the lists a "
        "front page lists all of), are never listed and their text is not restored on a listing",
        (),
        ("test_content::test_a_section_page_of_headlines_leaves_out_its_mega_menus_panels",),
    ),
    Rule(
        "lead-blocks",
        "in an article whose body is a block of its own, only headings, the blocks holding them and content text "
        "are kept ahead of the body",
        (),
        (),
    ),
    Rule(
        "thread-bodies",
        "with lead-blocks: where the body the descent found is taken whole by the closing tests (the readers' comments "
        "outweighing a short post, found under their label), what stands ahead of it in the article is the post, "
        "and its short lines (a list of specifications) stay",
        (),
        ("test_content::test_a_short_posts_list_ahead_of_a_longer_thread_under_its_label_stays",),
    ),
    Rule(
        "after-the-body",
        "in an article whose body is a block of its own, what follows the body (notes, boxes, related links) is "
        "left out",
        (),
        ("test_content::test_the_article_around_the_body_gives_its_title_and_lead_but_not_its_byline_or_notes",),
    ),
    Rule(
        "unwrap-furniture",
        "a furniture element wrapping most of the page (an unclosed <header>, a <nav> around everything) is "
        "measured after all",
        (),
        (),
    ),
    Rule(
        "scriptless-wrappers",
        "with unwrap-furniture: a furniture element's text, measured against the rest of the page's, counts no "
        "script's or style's code (as the rest of the page's counts none): a footer of ad tags is no wrapper",
        (),
        (
            "test_content::test_a_footer_of_ad_scripts_beside_a_short_post_is_not_measured_as_the_wrapper",
            "test_content::test_a_nav_left_open_around_the_post_and_a_script_is_measured",
        ),
    ),
    Rule(
        "sidebar-asides",
        "with unwrap-furniture: an <aside> holding most of the page's text is not measured when a heading whose text "
        "the page's <title> holds (the post's title) stands outside it: a sidebar longer than the post, no wrapper",
        ("MIN_HEADLINE",),
        (
            "test_content::test_a_sidebar_aside_longer_than_the_post_beside_its_title_is_left_out",
            "test_content::test_an_aside_wrapping_the_post_and_its_title_is_measured",
        ),
    ),
    Rule(
        "landmark-wrappers",
        "with unwrap-furniture: a <header>, <footer> or <nav> holding most of the page's text is not measured when "
        "the post's title stands outside it (a heading the <title> holds, or an <h1> of MIN_HEADLINE characters or "
        "more) and none inside it: the page's menus under headings or the publisher's blurb, no wrapper",
        ("MIN_HEADLINE",),
        (
            "test_content::test_a_pages_footer_or_header_longer_than_the_post_under_its_h1_is_left_out",
            "test_content::test_a_nav_left_open_around_the_post_under_the_sites_h1_is_measured",
        ),
    ),
    Rule(
        "noscript-page",
        "when nothing else reads as content, the page inside a <noscript> is read",
        (),
        (
            "test_content::test_page_inside_noscript_is_read_when_nothing_else_is_content",
            "test_content::test_noscript_inside_the_page_read_without_scripts_shows_its_content",
            "test_noscript::test_escaped_noscript_markup_is_parsed",
        ),
    ),
    # furniture inside the region
    Rule(
        "class-hints",
        "blocks whose class or id names them furniture, unless they hold much of the region (alone, or with their "
        "siblings of the same class); screen-reader-only text; the comments; an inline element weakly named is kept "
        "where it is words of a sentence (the loose text before it runs into it, its tail goes on with a possessive, "
        "or words stand on both sides; not a date or a label over furniture): a person or place the story names, "
        "linked to its listing",
        ("MAX_READER_ONLY",),
        (
            "test_content::test_furniture_inside_the_article_is_dropped",
            "test_content::test_a_thread_of_replies_under_the_article_is_left_out_whatever_its_class_strength",
            "test_content::test_reader_comments_longer_than_the_article_are_left_out",
            "test_content::test_a_date_kicker_inside_a_heading_is_still_left_out",
            "test_content::test_a_weakly_named_element_a_line_runs_into_is_no_word_of_a_sentence",
        ),
    ),
    Rule(
        "link-density",
        "blocks mostly of links (lists and tables only when nearly all links), unless a paragraph has a sentence's "
        "worth of words beside them, a paragraph or list is only links showing their address (cited sources), "
        "or the block holds half the region's text (a reading list that is the article) "
        "or half its content text (a short post filed under many categories), the region's comment thread aside (a "
        "short post over a long thread), or it is the story's header: the story's heading (a post's title linking to "
        "the post) with at most MAX_STORY_HEADER characters and MAX_HEADER_LINKS links beside it (a byline)",
        ("LINK_DENSITY", "LIST_LINK_DENSITY", "SENTENCE_WORDS", "MAX_STORY_HEADER", "MAX_HEADER_LINKS"),
        (
            "test_content::test_a_posts_linked_title_over_its_byline_is_kept",
            "test_content::test_a_menu_beside_the_posts_title_is_no_header_of_it",
            "test_content::test_a_short_post_with_many_category_links_is_not_link_dense_when_it_holds_most_of_the_content",
            "test_content::test_a_short_post_of_links_over_a_long_comment_thread_is_measured_without_the_thread",
            "test_content::test_related_heading_over_links_goes",
            "test_content::test_separators_between_links_are_no_words",
            "test_content::test_article_is_exactly_the_body",
            "test_content::test_links_that_show_their_address_are_cited_sources",
        ),
    ),
    Rule(
        "link-lines",
        'a loose line of links closing its block after a block with text ("« Previous post | Next post »" written '
        "after the post's paragraphs, no block of its own for link density to measure): the run of inline elements "
        "after the block's last block or line break (empty blocks after it aside) whose loose text holds no word, "
        "only separators, and whose text is all in MIN_LINE_LINKS or more links to different pages of one site, none "
        "showing its address, less than half the post's text",
        ("MIN_LINE_LINKS",),
        (
            "test_content::test_a_loose_line_of_links_to_other_posts_closing_the_post_is_left_out",
            "test_content::test_a_loose_line_of_links_with_words_or_to_other_sites_is_kept",
            "test_content::test_a_loose_line_of_links_inside_the_post_is_kept",
            "test_content::test_a_loose_line_of_links_holding_most_of_the_post_is_kept",
        ),
    ),
    Rule(
        "teaser-cards",
        "teasers counted as cards: MIN_CARDS or more cards side by side (left out of the content text as well; a "
        "headline in bold closing its line and block titles one, a <dt> headline and its <dd> are one), teasers "
        "written flat, lists and runs of headline links closing the region, headline paragraphs over summaries "
        "closing it",
        ("MIN_CARDS", "CARD_CHARS", "TEASER_CHARS", "KICKER_WORDS", "CONTROL_WORDS", "WRAPPED_TITLE_WORDS"),
        (
            "test_content::test_teasers_written_flat_after_the_article_are_left_out",
            "test_content::test_a_stream_of_teasers_after_the_article_is_left_out",
            "test_content::test_teaser_cards_in_the_block_of_a_short_story_after_its_text_are_left_out",
            "test_content::test_teasers_written_as_paragraphs_after_the_story_are_left_out",
            "test_content::test_teaser_cards_whose_linked_title_sits_alone_in_a_block_are_left_out",
            "test_content::test_a_link_alone_in_a_block_of_its_own_titles_what_follows_only_as_a_headline",
            "test_content::test_a_front_page_keeps_desks_of_bold_headlines_over_a_line_break",
            "test_content::test_a_front_page_keeps_a_table_desk_of_bold_headlines_alone",
        ),
    ),
    Rule(
        "teaser-lists",
        "blocks of three or more linked headings with little text beside their cards",
        ("TEASER_CHARS",),
        (),
    ),
    Rule(
        "closing-furniture",
        "what closes the region and is not the story: notes from a heading that labels them on (the publisher's "
        "self-description, press contacts, legal notices), teaser paragraphs, story lists and author boxes; what "
        "closes the article's body as well when a column beside it closes the region",
        ("MAX_FURNITURE_LABEL", "TEASER_CHARS", "MIN_CARDS"),
        (
            "test_content::test_closing_notes_of_a_press_release_are_left_out",
            "test_content::test_teasers_written_as_paragraphs_after_the_story_are_left_out",
            "test_content::test_what_closes_the_body_is_left_out_when_a_column_beside_it_closes_the_article",
        ),
    ),
    Rule(
        "comment-sections",
        'the readers\' comments closing the region from a heading that names them ("12 Responses to …", "TrackBack", '
        '"Leave a Reply"), however much they fill; in the article\'s body as well when a column beside it closes the '
        "region, and in any block under such a heading when no other section follows; also in a second reading",
        ("MAX_FURNITURE_LABEL",),
        (
            "test_content::test_what_closes_the_body_is_left_out_when_a_column_beside_it_closes_the_article",
            "test_content::test_comments_under_a_heading_after_a_named_anchor_are_left_out",
            "test_content::test_comments_in_the_post_are_left_out_when_a_block_beside_it_closes_the_region",
        ),
    ),
    Rule(
        "comment-label-titles",
        "part of comment-sections: a heading over the comments that quotes the story's title (\"13 Responses to "
        '<the title>", with or without quotation marks) is measured and read without it',
        ("MAX_FURNITURE_LABEL",),
        (
            "test_content::test_comments_under_a_heading_quoting_the_long_title_are_left_out",
            "test_content::test_a_section_heading_ending_with_the_title_over_a_list_stays",
        ),
    ),
    Rule(
        "comment-count-labels",
        'part of comment-sections: a short line counting the comments with a few words around the count ("Reader '
        'Comments (14)", "There are 27 comments. Add yours."), no other figure, after the story\'s content text, '
        "heads them",
        ("MAX_FURNITURE_LABEL", "COUNT_LABEL_WORDS"),
        (
            "test_content::test_comments_under_a_line_counting_them_are_left_out",
            "test_content::test_a_meta_line_counting_comments_under_the_title_stays",
        ),
    ),
    Rule(
        "comment-label-lines",
        "part of comment-sections: the heading naming the comments may be a plain block, one line of its own "
        "(<div>Comments</div>), not a paragraph among paragraphs",
        ("MAX_FURNITURE_LABEL",),
        (
            "test_content::test_comments_under_a_plain_line_naming_them_are_left_out",
            "test_content::test_a_paragraph_reading_comments_between_paragraphs_stays",
        ),
    ),
    Rule(
        "comment-reply-boxes",
        "part of comment-sections: after the block a label naming the comments opens, a block holding a box to write "
        "in (a <textarea>: the reply form, with the preview and notices its script shows in turn) goes too where it "
        "closes the blocks beside it (no text after it: not a post holding a form of its own); and a thread found "
        "without its name (comment-threads) may close with such a block, however much prose its notes hold",
        (),
        (
            "test_content::test_the_reply_form_after_the_comments_section_goes_with_its_boxes",
            "test_content::test_a_thread_closed_by_a_reply_form_of_prose_is_left_out",
            "test_content::test_a_post_holding_a_box_to_write_in_after_another_posts_comments_stays",
        ),
    ),
    Rule(
        "post-without-comments",
        "with comment-sections: a short post is measured without the readers' comments found under their label, as "
        "without those its class names, so that its own paragraph (a call to action, a line with a link) holding half "
        "the post is the post",
        (),
        ("test_content::test_a_one_paragraph_post_over_comments_under_their_label_stays",),
    ),
    Rule(
        "comment-threads",
        "the readers' comments closing a block after the region's content text without a heading or class naming "
        "them: MIN_COMMENTS or more blocks side by side, each opening with its writer's name (a link, <cite>, bold, "
        "or beside an avatar) just before a date or time, then words of its own (read inside up to COMMENT_WRAPPERS "
        "blocks wrapping a comment whole); holding at most COMMENTS_OVER_POST times the rest's content text (more is "
        "a guest book, the page's content) unless a box to write in (a <textarea>, the reply form) follows them",
        (
            "MIN_COMMENTS",
            "COMMENT_HEAD_ELEMENTS",
            "COMMENT_HEAD",
            "COMMENT_HEAD_WORDS",
            "COMMENT_WORDS_OWN",
            "COMMENTS_OVER_POST",
            "COMMENT_WRAPPERS",
            "NAME_WORDS",
        ),
        (
            "test_content::test_a_thread_of_comments_without_a_heading_or_class_naming_it_is_left_out",
            "test_content::test_a_thread_of_comments_each_wrapped_in_a_block_of_its_own_is_left_out",
            "test_content::test_a_long_thread_under_a_short_post_before_a_reply_box_is_left_out",
            "test_content::test_a_long_run_of_dated_entries_without_a_box_to_write_in_stays",
        ),
    ),
    Rule(
        "comment-permalinks",
        "part of comment-threads: a comment known by its permalink whatever its header says or how short it is, a "
        "block linking to its own id (or to an id inside it) from among its first COMMENT_HEAD_ELEMENTS elements, no "
        "heading among them (a section's anchor), a day's date among its header's first SELF_LINK_WORDS words (a "
        "permalink alone is an anchor to share); a <dt> header over a <dd> text read as one comment with it",
        ("MIN_COMMENTS", "COMMENT_HEAD_ELEMENTS", "SELF_LINK_WORDS"),
        (
            "test_content::test_a_thread_of_short_comments_each_linking_to_itself_is_left_out",
            "test_content::test_sections_of_a_changelog_linking_to_themselves_stay",
            "test_content::test_a_glossary_of_terms_linking_to_themselves_stays",
        ),
    ),
    Rule(
        "comment-titles",
        "part of comment-threads and comments-descent: a comment may open with a title of its own (a heading) when a "
        "link of the header under it goes where the heading's link goes (its permalink), or when the heading is the "
        "header (a name and a date, a few words) over a thread a box to write in follows; a block of the run opening "
        "with the same elements as its comments is one of them (folded to its title); a run answering itself "
        "(replies nested in a comment) is a thread however long; and the descent stops above a block holding such a "
        "thread alone (THREAD_SHARE of its content text) beside the post, unless the page's title is in it",
        ("THREAD_SHARE", "SIGNATURE_ELEMENTS", "NAME_WORDS", "DATE_WORDS"),
        (
            "test_content::test_a_short_post_over_a_long_thread_of_titled_comments_is_the_content",
            "test_content::test_a_forum_thread_under_its_title_stays",
            "test_content::test_a_blog_listing_of_titled_dated_posts_stays",
            "test_content::test_a_thread_of_comments_headed_by_the_name_and_date_is_left_out",
            "test_content::test_sections_headed_by_a_name_and_a_date_without_a_box_to_write_in_stay",
        ),
    ),
    Rule(
        "comment-terms",
        "part of comment-threads: a <dd> is a comment when the <dt> over it is a comment's header (the writer's name "
        "or an avatar, then a day's date, within COMMENT_HEAD characters) and a box to write in follows it",
        ("COMMENT_HEAD", "COMMENT_HEAD_WORDS"),
        (
            "test_content::test_a_thread_of_term_headers_naming_the_writer_and_the_date_is_left_out",
            "test_content::test_a_schedule_of_dated_places_as_terms_stays",
        ),
    ),
    Rule(
        "comment-dates-first",
        "part of comment-threads: a comment's header may give the date first, the writer's name right after it "
        "(within DATE_WORDS and NAME_WORDS words), when a box to write in follows the thread",
        ("DATE_WORDS", "NAME_WORDS"),
        (
            "test_content::test_a_thread_of_comments_dated_before_their_writers_name_is_left_out",
            "test_content::test_a_list_of_dated_entries_with_the_date_first_and_no_box_to_write_in_stays",
        ),
    ),
    Rule(
        "comment-names",
        "part of comment-threads: a comment may have no date when its header is its writer's name alone (a few words "
        'at most after it, "said,"), in a <cite> or over a thread a box to write in follows, the thread\'s blocks '
        "opening alike (MIN_COMMENTS of one template, NAMED_SIGNATURE), after the post's block (not beside its "
        "paragraphs and lists); a list right in the thread's list holds replies, read with it",
        ("MIN_COMMENTS", "NAME_WORDS", "COMMENT_WORDS_OWN", "COMMENT_WRAPPERS", "NAMED_SIGNATURE"),
        (
            "test_content::test_a_thread_of_comments_headed_by_the_writers_name_alone_is_left_out",
            "test_content::test_a_list_of_quotations_under_cited_names_after_the_posts_paragraphs_stays",
            "test_content::test_a_crew_page_of_named_bios_over_a_contact_form_stays",
        ),
    ),
    Rule(
        "comments-by-name",
        "part of comment-threads and comments-descent: the descent stops above a block holding, after the post, a "
        "thread of comments headed by their writer's name in a <cite> (MIN_COMMENTS of one template, THREAD_SHARE of "
        "its content text), replies or not; such a thread outweighing the post more than a guest book's entries do "
        "its introduction is left out after a post of CITED_POST_UNITS units or more in a block of its own; a line "
        "without content text between comments (a pingback) goes with them",
        ("MIN_COMMENTS", "THREAD_SHARE", "NAMED_SIGNATURE", "CITED_POST_UNITS"),
        (
            "test_content::test_a_post_over_a_longer_thread_of_cited_names_is_the_content",
            "test_content::test_a_guest_book_of_cited_names_under_a_line_of_introduction_stays",
        ),
    ),
    Rule(
        "comment-link-targets",
        "part of comment-sections and comments-descent: the block a link of the page jumps to (href='#id') whose "
        "words count or name the readers' comments ('5 Comments', 'Comments (3)', 'Leave a Reply') is the comments "
        "(or the form to add one), as a block its class names so: its text is not the post's in the descent, and it "
        "is left out after text of the region; a target without text stands for the block after it, and one holding "
        "an <h1> (a wrapper of the post) is no target",
        (),
        ("test_content::test_two_comments_a_link_naming_them_jumps_to_are_left_out",),
    ),
    Rule(
        "counted-comments",
        "part of comment-threads: a run of one or two blocks closing the region after its text, each reading as a "
        "comment (a name and a date over the reader's words, a permalink, a name in a <cite>), is its thread when "
        "the region counts that many comments ('1 Comment', 'Comments (2)', 'One response'); fewer than "
        "MIN_COMMENTS are otherwise not told from a pair of quotations; not when they hold more than "
        "COMMENTS_OVER_POST times the rest of the region's content text or stand before most of it (a post under a "
        "dated byline after its title, or before a sidebar)",
        ("MIN_COMMENTS", "COMMENTS_OVER_POST"),
        ("test_content::test_two_comments_the_page_counts_are_left_out",),
    ),
    Rule(
        "comment-lists",
        "part of comment-threads: a comment may be a list of its own (<ul>, <ol>), its first item the comment, the "
        "items after it its tools (votes, replies, a link to report it: no content text, fewer than COMMENT_HEAD "
        "characters outside links in all)",
        ("COMMENT_HEAD",),
        (
            "test_content::test_a_thread_of_comments_each_a_list_of_its_own_is_left_out",
            "test_content::test_lists_opening_with_a_dated_entry_over_items_of_text_stay",
        ),
    ),
    Rule(
        "closing-boxes",
        "lists of other stories and boxes about the author closing the region (part of closing-furniture): a box "
        "of a portrait, a name line named again after it and a link; or one image and prose naming the page's "
        "author (every word of the name) in at most MAX_PORTRAIT_BIO characters; looked for from the "
        "end back past links, widgets and the readers' comments named so by their class",
        ("MAX_BIO", "MAX_PORTRAIT_BIO", "NAME_WORDS", "TEASER_CHARS", "MIN_CARDS"),
        (
            "test_content::test_story_lists_and_author_boxes_closing_the_story_go_in_any_order",
            "test_content::test_a_box_about_the_author_closing_the_story_is_left_out",
            "test_content::test_a_portrait_and_prose_naming_the_author_closing_the_story_are_left_out",
            "test_content::test_a_box_about_the_author_before_the_readers_comments_is_left_out",
            "test_content::test_a_list_of_headline_links_with_one_line_summaries_closing_the_story_is_left_out",
        ),
    ),
    Rule(
        "author-microdata",
        "a box the page's microdata marks as its author (itemprop=author on a div, section, aside, address or footer: "
        "a schema.org Person) holding content text, prose about the person, at most MAX_PORTRAIT_BIO characters, "
        "wherever it stands in the region (after the story or floated between its paragraphs), whatever its class; "
        "not a byline (a name without prose), not the body's block nor one holding half the post's content text (an "
        "about page written inside the mark)",
        ("MAX_PORTRAIT_BIO", "MIN_UNIT"),
        (
            "test_content::test_a_box_the_page_marks_as_its_author_with_a_description_is_left_out",
            "test_content::test_a_byline_the_page_marks_as_its_author_stays_where_it_stands",
            "test_content::test_an_about_page_whose_text_the_page_marks_as_its_author_stays",
        ),
    ),
    Rule(
        "author-boxes",
        "a box about the page's author wherever it stands after the post (half the post's content text before it), "
        "known by the byline it refers to whatever its class: a portrait and prose opening with the author's name "
        "(in its first AUTHOR_BOX_OPENING words), or a heading that is the byline's name alone over a sentence of "
        "words outside links; one of a kind among its siblings (steps and slides come alike); at most "
        "MAX_PORTRAIT_BIO characters, not the body's block nor one holding half the post's content text",
        ("MAX_PORTRAIT_BIO", "SENTENCE_WORDS", "AUTHOR_BOX_OPENING"),
        (
            "test_content::test_a_box_about_the_author_before_more_text_is_left_out",
            "test_content::test_a_block_under_the_authors_name_opening_the_post_stays",
            "test_content::test_a_box_about_another_person_after_the_story_stays",
            "test_content::test_a_picture_credited_to_the_author_after_the_story_stays",
            "test_content::test_slides_each_opening_with_the_authors_name_stay",
            "test_content::test_a_byline_heading_over_more_of_the_story_stays",
        ),
    ),
    Rule(
        "site-footers",
        "the site's footer inside a region as wide as the page: after the region's body block (its child holding "
        "half its content text or more, in several blocks), the blocks after the first menu (MIN_MENU_LINKS links "
        "or more, no content text, nearly all links: a sidebar's list, the footer's links), or from a block opening "
        "with one on, when they hold less than FOOTER_SHARE of the body block's content text (terms, copyright, "
        "disclaimers, a site's blurb); not when they hold a listing's list of cards (its desks are its content)",
        ("MIN_MENU_LINKS", "FOOTER_SHARE", "MENU_DEPTH"),
        ("test_content::test_the_sites_footer_after_a_menu_below_the_post_is_left_out",),
    ),
    Rule(
        "rights-footers",
        "with site-footers: with no menu before it, the region's last block after the body block is the footer when "
        "its last words outside links are a copyright notice with MIN_MENU_LINKS links or more on its line or after "
        "it (not a picture's credit, in a figure or caption, nor a notice alone) and it holds less content text than "
        "the body block (RIGHTS_FOOTER_SHARE): the site's blurb about itself over its notice and links",
        ("RIGHTS_FOOTER_SHARE", "MIN_MENU_LINKS"),
        (
            "test_content::test_the_sites_blurb_closing_the_page_over_a_copyright_notice_is_left_out",
            "test_content::test_the_storys_last_part_closing_on_a_copyright_notice_stays",
        ),
    ),
    Rule(
        "sidebar-columns",
        "with site-footers: a sidebar's column after the body block ends the page's text like a menu: down its "
        "wrappers, MIN_WIDGETS boxes or more opening with a heading (as many as those without or more), one of them "
        "a list of links (WIDGET_LINKS of its text linked), within FOOTER_SHARE of the body block's content text",
        ("MIN_WIDGETS", "WIDGET_LINKS"),
        ("test_content::test_a_sidebars_column_of_headed_boxes_after_the_post_is_left_out",),
    ),
    Rule(
        "bare-widgets",
        "with sidebar-columns: a column's headed boxes need no list of links where BARE_WIDGETS of them show their "
        "heading alone over a control, a link or a script (a sign-up form, icons linking to the writer's pages "
        "elsewhere, a script's slot) and no picture, player or frame of their own (a story's map or gallery under its "
        "heading)",
        ("BARE_WIDGETS",),
        (
            "test_content::test_a_sidebars_column_of_headed_boxes_over_forms_and_icons_is_left_out",
            "test_content::test_a_posts_closing_sections_over_a_map_and_pictures_stay",
        ),
    ),
    Rule(
        "twin-columns",
        "with sidebar-columns: on the post's other side, a column whose boxes each carry a class the sidebar's boxes "
        "carry is a sidebar too (a blog's second column of one or two boxes, too few to read as one alone), within "
        "SIDEBAR_SHARE of the body block's content text; not a column holding the post's title or a listing's cards",
        ("SIDEBAR_SHARE",),
        (
            "test_content::test_a_second_sidebar_of_two_boxes_made_as_the_sidebars_boxes_is_left_out",
            "test_content::test_boxes_before_the_post_made_otherwise_than_the_sidebars_stay",
        ),
    ),
    Rule(
        "titled-sidebar-columns",
        "with sidebar-columns: where the block holding the most content text is a widget column (as sidebar-columns "
        "reads one) whose content text is under SIDEBAR_CONTENT of its text, beside the column holding the story's "
        "title and a post of SIDEBAR_POST units or more (more than a header's title over a line of introduction), "
        "it is the sidebar (with what follows it, after the post's column), though it holds more "
        "content text than the post (a note about the blog's writer, an e-mail box)",
        ("SIDEBAR_CONTENT", "SIDEBAR_POST"),
        ("test_content::test_a_sidebar_of_headed_boxes_outweighing_the_titled_post_is_left_out",),
    ),
    Rule(
        "taxonomy-notes",
        "a blog theme's note filing the post under its categories, with no content text after it in its block: "
        "a block of at most MAX_TAXONOMY_NOTE characters holding a link "
        'marked rel=category, or TAXONOMY_TAGS or more links marked rel=tag one after the other ("This entry was '
        'posted on ... and is filed under News. You can follow any responses ...", "Published June 4 in World")',
        ("MAX_TAXONOMY_NOTE", "TAXONOMY_TAGS"),
        (
            "test_content::test_a_themes_note_filing_the_post_under_its_categories_is_left_out",
            "test_content::test_a_themes_note_longer_than_a_short_post_is_left_out",
            "test_content::test_a_closing_paragraph_with_a_tag_link_in_its_sentence_is_kept",
            "test_content::test_a_closing_paragraph_with_tag_links_among_its_words_is_kept",
            "test_content::test_a_line_filing_the_post_ahead_of_its_paragraphs_is_kept",
            "test_content::test_a_byline_closing_the_post_with_its_category_is_no_themes_note",
        ),
    ),
    Rule(
        "publisher-body-end",
        "where the page gives the article's text itself (its JSON-LD `articleBody`; else the text of the elements it "
        "marks itemprop=articleBody, outside furniture), the blocks closing the region after the last one holding its "
        "words are left out (a membership pitch, an ad's label, a box asking to follow the "
        "site): looked for from the region's end back, and down into the block holding PUBLISHER_TAIL or more of the "
        "text left (the body's container, or its last block: what goes holds less); only when that text ends where "
        "the last block holding its words ends (not a teaser cut off, not a copy of the description); a block holds "
        "its words when PUBLISHER_SHARE of its word shingles are in it; markup left in the text is read past; not in "
        "recall mode",
        ("PUBLISHER_TAIL", "PUBLISHER_SHARE"),
        (
            "test_publisher_body::test_what_closes_the_article_after_the_publishers_text_is_left_out",
            "test_publisher_body::test_the_publishers_text_in_a_graph_is_read_as_well",
            "test_publisher_body::test_markup_left_in_the_publishers_text_is_read_past",
            "test_publisher_body::test_what_closes_the_article_after_the_block_marked_as_its_body_is_left_out",
        ),
    ),
    Rule(
        "captions",
        "short text under a figure's image, or named a caption or credit by its class (a <figcaption> goes whatever "
        "this rule says), outside galleries: where the captions of MIN_GALLERY or more pictures (none holding a "
        "heading) hold more than half of the region's content text, they and the blocks holding each with its "
        "picture are the post's text",
        ("MAX_CAPTION", "MIN_GALLERY"),
        (
            "test_content::test_figure_keeps_its_image_and_quote_but_not_its_caption",
            "test_content::test_div_caption_under_a_lone_image_in_an_article_written_in_paragraphs",
            "test_content::test_furniture_inside_the_article_is_dropped",
            "test_content::test_a_post_told_in_captioned_pictures_keeps_its_captions",
            "test_content::test_captions_beside_a_story_told_in_paragraphs_are_left_out",
            "test_content::test_cards_of_a_picture_a_heading_and_text_are_no_gallery",
            "test_content::test_gallery_captions_are_its_text_whatever_their_class",
        ),
    ),
    Rule(
        "media-blocks",
        "a video's furniture: a block of at most MAX_CAPTION characters whose first element shows no text (a "
        "player's empty mount, an embed, a poster) with an element holding only a running time (02:13, 1:04:30) "
        "among its first MEDIA_ELEMENTS; its title line goes with it",
        ("MAX_CAPTION", "MEDIA_ELEMENTS"),
        ("test_content::test_a_video_block_between_the_storys_paragraphs_is_left_out",),
    ),
    Rule(
        "image-blocks",
        "the caption of an image that is a figure in all but name: a line or two right after a lone image (judged "
        "as a caption: off with captions too)",
        ("MAX_CAPTION",),
        (
            "test_content::test_div_caption_under_a_lone_image_in_an_article_written_in_paragraphs",
            "test_content::test_body_text_in_divs_beside_pictures_is_no_caption",
        ),
    ),
    Rule(
        "box-leftovers",
        "a short line (a p, div, span or small of at most MAX_FURNITURE_LABEL characters, no content text) that is "
        "all its block (of at most MAX_BOX_PARTS children) holds beside furniture (every other child holding text left out, no loose text between them), "
        "outside the body's own blocks and not the story's heading: the label of the box it shares (a table of "
        "contents' title, a credit after a caption); not when the furniture beside it holds less text than it or less "
        "than MIN_UNIT (a schedule's activity beside its time, a recipe's value beside its label: the row's text; a "
        "story's source beside its date line), not a sentence (a "
        "line ending with . ! ? or …: the story's last line beside a share bar), not on a listing",
        ("MAX_FURNITURE_LABEL", "MIN_UNIT", "MAX_BOX_PARTS"),
        (
            "test_content::test_the_line_left_of_a_box_whose_other_parts_went_is_left_out",
            "test_content::test_a_short_closing_sentence_beside_a_share_bar_stays",
            "test_content::test_a_schedules_activities_stay_beside_their_times",
            "test_content::test_a_storys_source_beside_its_date_line_stays",
        ),
    ),
    Rule(
        "described-pictures",
        "the caption an image declares (<img aria-describedby=ID>: the block with that id, at most MAX_CAPTION "
        "characters, no picture, list, quote or table in it), whatever its class and wherever it stands, is left out "
        "as a <figcaption> is, outside galleries (judged as a caption: off with captions too)",
        ("MAX_CAPTION",),
        (
            "test_content::test_the_caption_a_picture_declares_is_left_out_whatever_its_class",
            "test_content::test_a_list_a_chart_declares_as_its_description_stays",
        ),
    ),
    Rule(
        "credit-lines",
        'short lines crediting a picture ("Photo: ...", "© Reuters") outside figures (judged as a caption: off with '
        "captions too)",
        ("MAX_CREDIT",),
        (
            "test_content::test_a_credit_naming_who_made_the_picture_is_left_out",
            "test_content::test_furniture_inside_the_article_is_dropped",
        ),
    ),
    Rule(
        "closing-credits",
        "a short block whose text closes with its picture's credit after words of its own (\"Ann Lee at the harbour. "
        '© AFP / Jane Doe", "… (Photo: Jane Doe/Reuters)", "… (AP Photo/Jane Doe)": the copyright sign, or a '
        "capitalised picture word and a colon, then at most MAX_CREDIT characters that end no sentence, or an agency's "
        '"Photo/" in parentheses) is a caption wherever it stands, whatever '
        'its class; a source ("Quelle: SWR") closing a paragraph is no credit, nor a notice naming a year; not a '
        "block holding blocks (a header closed by its picture's caption), one in a quote (a quoted note on a picture) "
        "or one holding half the post (judged as a caption: off with captions too)",
        ("MAX_CREDIT", "MAX_CAPTION"),
        (
            "test_content::test_a_caption_closing_with_its_pictures_credit_is_left_out_whatever_its_class",
            "test_content::test_a_paragraph_closing_with_its_source_or_a_colon_in_a_sentence_stays",
            "test_content::test_a_quoted_passage_closing_with_a_credit_stays",
        ),
    ),
    Rule(
        "chart-labels",
        "texts placed over a picture at shares of its size, MIN_LABELS or more side by side: a chart's labels",
        ("MIN_LABELS", "MAX_CAPTION"),
        ("test_content::test_labels_placed_over_a_chart_are_left_out",),
    ),
    Rule(
        "furniture-labels",
        'short labels over furniture ("Related", "Share this", "Mehr zum Thema"), as blocks or links of their own',
        ("MAX_FURNITURE_LABEL",),
        (
            "test_content::test_a_control_link_on_a_line_of_its_own_is_left_out",
            "test_content::test_a_line_filing_the_page_under_its_topics_is_left_out",
            "test_content::test_the_label_of_an_empty_ad_slot_is_left_out",
            "test_content::test_related_heading_over_links_goes",
        ),
    ),
    Rule(
        "jump-links",
        'a link to a place on the same page standing as a line of its own ("Skip to content", "Back to top", "Jump '
        "to comments\") where that place is not in the region's text: no element, one outside the region, furniture "
        "inside it, or the region itself or a block holding half its content text; a link to a section of the text "
        "(a table of contents' entry) stays",
        (),
        (
            "test_content::test_links_jumping_about_the_page_are_left_out",
            "test_content::test_a_lone_link_to_a_section_of_the_text_is_kept",
        ),
    ),
    Rule(
        "date-lines",
        "short lines that are a date, or a date and a time, and a dateline's <time> standing alone",
        ("MAX_DATE_LINE",),
        (
            "test_content::test_dateline_time_beside_the_title_is_left_out_and_a_header_module_is_kept",
            "test_content::test_furniture_inside_the_article_is_dropped",
            "test_content::test_teasers_with_a_label_before_their_linked_title_are_left_out",
        ),
    ),
    Rule(
        "calls-to-action",
        'short calls to action ("Subscribe now", "Sign up for our newsletter")',
        ("MAX_CALL",),
        (
            "test_content::test_furniture_inside_the_article_is_dropped",
            "test_content::test_forum_opening_post_marked_up_like_its_replies_is_the_main_content",
            "test_content::test_a_call_to_action_holding_most_of_the_post_is_the_post",
        ),
    ),
    Rule(
        "copyright-lines",
        "short copyright and rights notices opening a line of their own",
        ("MAX_RIGHTS",),
        ("test_content::test_a_copyright_notice_after_the_story_is_left_out",),
    ),
    Rule(
        "loose-rights-lines",
        "a copyright notice in an inline element standing as a line of its own among the region's blocks (its text "
        "the region's loose text, out of the short-block tests' reach): at most MAX_RIGHTS characters, nothing "
        "else on its line",
        ("MAX_RIGHTS",),
        ("test_content::test_a_copyright_line_between_the_storys_blocks_is_left_out",),
    ),
    Rule(
        "bylines",
        'short lines naming the page\'s author ("By Ann Smith", "Ann Smith | 12 May 2026")',
        ("MAX_BYLINE_EXTRA",),
        (
            "test_byline_lines::test_a_line_naming_the_author_is_left_out",
            "test_byline_lines::test_an_author_named_in_one_word_only_as_a_line_of_its_own",
        ),
    ),
    Rule(
        "kickers",
        "labels over the headline when nothing above it is content: a kicker, a breadcrumb trail, a section's name, "
        "another <h1> (a banner: the site's or the section's name); never an element in a line of loose words",
        ("MAX_ABOVE_TITLE",),
        (
            "test_kickers::test_labels_over_the_headline_are_left_out",
            "test_kickers::test_a_banner_h1_over_the_headline_is_left_out",
            "test_kickers::test_a_label_in_a_line_of_loose_words_is_not_cut_out_of_it",
        ),
    ),
    Rule(
        "banner-kickers",
        "where the page's title (the <title> without the site's name, as the metadata gives it) holds none of the "
        "lone <h1>'s text but the <title> holds a longer <h2>/<h3> after it (the post's title), kickers are looked "
        "for over that heading: the <h1> ahead of it is a banner naming the site or its section; on a page without "
        "an <h1>, over the <h2>/<h3> the <title> names",
        ("MIN_HEADLINE",),
        (
            "test_content::test_a_sections_banner_as_the_h1_over_the_posts_title_is_left_out",
            "test_content::test_an_h1_the_title_does_not_name_over_a_subheading_it_names_stays",
            "test_content::test_a_kicker_over_the_posts_title_goes_where_the_page_has_no_h1",
            "test_content::test_a_short_headline_the_title_names_over_its_longer_deck_stays",
            "test_content::test_a_sites_name_as_the_h1_over_the_posts_title_is_left_out",
        ),
    ),
    Rule(
        "mastheads",
        "where the <h1> is the site's name (one link home) over a post titled by an <h2>/<h3> the <title> holds, the "
        "block of the region holding the name and not the post's title goes when it holds at most MAX_MASTHEAD "
        "characters outside links (a tagline)",
        ("MAX_MASTHEAD",),
        (
            "test_content::test_a_blogs_name_and_tagline_over_the_posts_title_are_left_out",
            "test_content::test_a_block_holding_the_blogs_name_and_more_than_a_tagline_is_kept",
        ),
    ),
    Rule(
        "feed-homes",
        "mastheads' <h1> as the site's name is also one link (all its text) to the folder of the site's feed as the "
        "page declares it in its head (<link rel=alternate type=application/atom+xml href=/blog/atom.xml>: home "
        "/blog/; of several feeds the one in the shallowest folder, not a post's comment feed under the post's own "
        "address), when the <title> does not hold the <h1>'s text as long as the post's title's: a blog whose home is "
        "a path, not the site's root",
        (),
        (
            "test_content::test_a_blogs_name_linking_to_the_home_of_its_feed_and_tagline_over_the_post_are_left_out",
            "test_content::test_a_posts_h1_linking_to_the_folder_of_its_comment_feed_stays",
            "test_content::test_a_short_posts_h1_linking_to_its_comment_feed_beside_the_sites_feed_stays",
        ),
    ),
    Rule(
        "heads-nothing",
        "section headings whose sections hold only furniture; not the heading right after the <h1> in a <header> "
        "or <hgroup> (the title's deck, over the byline), nor the story's heading over its byline",
        ("MAX_HEADING", "HEADING_WRAPPERS", "MIN_UNIT"),
        (
            "test_content::test_a_linked_heading_ends_the_section_of_the_heading_before_it",
            "test_content::test_a_linked_heading_closing_the_region_titles_another_page",
            "test_form_boxes::test_a_box_asking_the_reader_for_input_is_left_out",
            "test_content::test_a_heading_right_after_the_title_in_its_header_is_the_deck",
            "test_content::test_a_posts_linked_title_over_its_byline_is_kept",
        ),
    ),
    Rule(
        "control-widgets",
        'small widgets of controls with their labels and counts (a rating, "Was this helpful? Yes No")',
        ("MAX_WIDGET", "MIN_CONTROLS", "WIDGET_ELEMENTS"),
        (
            "test_content::test_a_small_block_of_controls_with_labels_and_counts_is_left_out",
            "test_content::test_story_lists_and_author_boxes_closing_the_story_go_in_any_order",
        ),
    ),
    Rule(
        "embed-placeholders",
        "a block of at most MAX_PLACEHOLDER characters standing for an embed the reader has not loaded: one control "
        "(a button, an element declared one, a button or checkbox input), no form, the slot a script fills (a "
        "player without a source, a box holding only a script), no picture and no player showing something",
        ("MAX_PLACEHOLDER", "PLACEHOLDER_ELEMENTS"),
        ("test_content::test_a_placeholder_for_an_embed_not_loaded_is_left_out",),
    ),
    Rule(
        "popup-roles",
        'what the page shows only over another element on hover or focus (role="tooltip": a share or save button\'s '
        '"Read Later") is left out with the furniture its ARIA role names (navigation, menu, dialog, toolbar)',
        (),
        ("test_content::test_a_tooltip_beside_a_button_in_the_story_is_left_out",),
    ),
    Rule(
        "form-boxes",
        "small boxes that ask the reader for input: around an empty text field (sign-up, search, reply; a field "
        'holding its prompt as its value, "Your email address", words without a digit, is empty; the box is the '
        "highest block around the field holding no heading and at most MAX_PITCH characters more than the nearest "
        "block with text, so that a pitch beside the fields goes with them), around a link "
        "to a block holding a box to write in (\"You can <a href='#respond'>leave a reply</a>\"), or a poll's "
        "question and named answers",
        ("MAX_FORM_BOX", "MAX_PITCH", "MIN_ANSWERS", "POLL_DEPTH"),
        (
            "test_form_boxes::test_a_box_asking_the_reader_for_input_is_left_out",
            "test_form_boxes::test_only_the_nearest_block_with_text_around_the_field_goes",
            "test_form_boxes::test_a_line_pointing_to_the_reply_box_is_left_out",
            "test_form_boxes::test_a_field_holding_a_measure_keeps_the_product_beside_it",
            "test_form_boxes::test_a_search_box_beside_a_paragraph_of_the_story_loses_its_label_only",
        ),
    ),
    Rule(
        "sign-up-forms",
        "a <form> of at most MAX_SIGN_UP characters holding a control that sends it (a submit input or button), "
        "whatever its class: a sign-up, paywall or donation box measured from its form, whose labels, button, pitch "
        "and small print are its own; not the body's, nor half the region's text, nor most of a short post",
        ("MAX_SIGN_UP",),
        ("test_content::test_a_sign_up_form_with_its_pitch_and_small_print_is_left_out_whatever_its_class",),
    ),
    Rule(
        "reply-forms",
        "a reply form (a <form> of at most MAX_SIGN_UP characters holding a box to write in, a <textarea>, and a "
        "control that sends it) after text of the region goes whole, its notes and small print with it, however short "
        "the post before it, and so do its heading and the notes beside it (from the nearest heading before the form "
        "to their block's end, at most MAX_SIGN_UP characters in all); and the descent stops above a block whose "
        "content text is all in such a form, after a block holding text (the post): the form is never the body",
        ("MAX_SIGN_UP", "REPLY_FORM_DEPTH"),
        (
            "test_content::test_a_reply_form_after_a_short_post_goes_with_its_notes",
            "test_content::test_a_reply_forms_heading_and_notes_beside_it_go_with_it",
            "test_content::test_a_form_holding_the_post_with_a_box_to_write_in_stays",
            "test_content::test_a_form_of_fields_without_a_box_to_write_in_holding_most_of_the_page_stays",
            "test_content::test_a_section_of_the_story_over_a_form_to_write_in_stays",
            "test_content::test_a_page_that_is_a_letter_form_keeps_its_instructions",
        ),
    ),
    Rule(
        "call-boxes",
        "boxes made of asks, whatever their class: a block (judged from the top down: the highest goes whole) of at "
        "most MAX_FORM_BOX characters, holding a link, whose first BOX_ELEMENTS elements hold it all and MIN_ASKS or "
        'more calls to action (links, buttons and lines of at most MAX_ASK characters whose text is one: "Subscribe '
        'now", "Already a subscriber? Log in"), at most MAX_PITCH characters not the asks\' (the box\'s heading, an '
        "offer): a paywall's stub, a membership pitch; not a block on the way to the article's body, nor half the "
        "post's content text",
        ("MIN_ASKS", "MAX_ASK", "BOX_ELEMENTS", "MAX_FORM_BOX", "MAX_PITCH"),
        (
            "test_content::test_a_box_of_asks_in_the_story_is_left_out",
            "test_content::test_a_closing_paragraph_with_one_ask_beside_it_is_kept",
            "test_content::test_a_paragraph_of_the_story_beside_two_asks_is_kept",
        ),
    ),
    Rule(
        "picture-posts",
        "the region moves to a post told in a picture (the lowest block holding the page's story heading, which the "
        "<title> holds, and after it a picture or player no side of which is declared under MIN_PICTURE pixels) when "
        "the region found does not hold that heading, holds less than SHORT_REGION units of content text (a licence "
        "line, a bio) and a heading of the page stands between the two (else the region is the post's text under a "
        "header block)",
        ("SHORT_REGION", "MIN_PICTURE"),
        (),
    ),
    Rule(
        "picture-post-region",
        "the region narrows to the post told in a picture it holds (the block story-picture spares, with less than "
        "PICTURE_POST units of content text and no story text beside it): the author's box, the widgets and the "
        "comments around it go",
        ("PICTURE_POST",),
        (),
    ),
    Rule(
        "story-picture",
        "a post told in a picture (a comic, a photo, an infographic, a video): the lowest block of the region holding "
        "the page's story heading (its <h1>, or the post's title under a banner) and, after it, a picture or player "
        "no side of which is declared under MIN_PICTURE pixels (not an avatar, an icon, a like button), the blocks "
        "holding it and those in it holding the picture are not link-dense navigation nor a box of asks, however "
        "little text they hold beside the region's other blocks (an author's box, a comment thread)",
        ("MIN_PICTURE",),
        (
            "test_media_posts::test_a_comic_under_its_heading_keeps_its_heading_and_line",
            "test_media_posts::test_a_video_under_its_heading_keeps_its_heading_and_line",
        ),
    ),
    Rule(
        "second-reading",
        "when the verdicts leave nothing of the region, it is read again with only the verdicts that name furniture "
        "outright (class and id, comments, hidden blocks): the others measure a block against content the region "
        "turned out not to hold (a short post among a long sidebar, a few captioned pictures)",
        (),
        (),
    ),
    Rule(
        "repeats-once",
        "a paragraph, item or definition repeating one already rendered is rendered once",
        (),
        ("test_content::test_repeated_paragraph_blocks_appear_once",),
    ),
)
NAMES = frozenset(rule.name for rule in RULES)
# The verdicts that judge a block by its size, density, words or place beside the region's other content: a second
# reading (`second-reading`) goes without them.
MEASURED_VERDICTS = frozenset(
    {
        "furniture-beside-title",
        "lead-blocks",
        "after-the-body",
        "link-density",
        "link-lines",
        "teaser-cards",
        "teaser-lists",
        "closing-furniture",
        "closing-boxes",
        "author-microdata",
        "comment-threads",
        "publisher-body-end",
        "captions",
        "media-blocks",
        "image-blocks",
        "described-pictures",
        "box-leftovers",
        "credit-lines",
        "closing-credits",
        "chart-labels",
        "furniture-labels",
        "jump-links",
        "date-lines",
        "calls-to-action",
        "copyright-lines",
        "loose-rights-lines",
        "bylines",
        "kickers",
        "heads-nothing",
        "control-widgets",
        "embed-placeholders",
        "form-boxes",
        "reply-forms",
        "call-boxes",
        "taxonomy-notes",
        "story-picture",
    }
)


def rule_names(names: Iterable[str]) -> frozenset[str]:
    """`names` as a set of catalogue names; an unknown one is a ValueError naming the closest known one."""
    found = frozenset(names)
    for name in sorted(found - NAMES):
        close = difflib.get_close_matches(name, sorted(NAMES), n=1, cutoff=0.0)
        raise ValueError(f"unknown main-content rule {name!r}; did you mean {close[0]!r}?")
    return found
