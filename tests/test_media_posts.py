"""Posts without text of their own (issue 30): a comic, a photo, an infographic, a video under its heading, a byline
and a line or two. What a reader expects of them is their heading, the picture and those lines, not the blocks
around them that hold more text (an author's bio, the readers' comments, a licence line).

Pages of our own making; each test names the rule it is for (web2md/extract/maincontent/rules.py).
"""

from __future__ import annotations

from web2md import convert

URL = "https://inkwell.example/strips/51-the-deadline-dragon/"

NAV = """<div id="top"><a href="/" class="logo">Inkwell</a>
<ul class="menu"><li><a href="/">Home</a></li><li><a href="/strips/">Strips</a></li><li><a href="/about/">About</a></li>
<li><a href="/shop/">Shop</a></li></ul></div>"""

SIDEBAR = """<div class="side"><h3>Archives</h3><ul><li><a href="/2024/03/">March 2024</a></li>
<li><a href="/2024/02/">February 2024</a></li><li><a href="/2024/01/">January 2024</a></li></ul>
<h3>Friends</h3><ul><li><a href="https://one.example/">One Studio</a></li><li><a href="https://two.example/">Two
Press</a></li><li><a href="https://three.example/">Three Zines</a></li></ul></div>"""

BIO = """<div class="about-author"><img src="/avatars/pat.png" width="40" height="40" alt="">
<ul class="writer-links"><li>Pat Lowe |</li><li><a href="https://patlowe.example/">Website</a> |</li>
<li><a href="/author/pat/">Other strips</a></li></ul>
<p><em>Pat Lowe draws every single day. When not drawing strips about working alone, Pat paints large murals for
schools and libraries around the lakes, and teaches a weekly evening class on inking with brushes.</em></p></div>"""

COMMENTS = """<div class="comment-list">
<div class="reply"><b>Sam</b> March 4th <p>Ha, this one is me every single week, the dragon always wins somehow.</p></div>
<div class="reply"><b>Ines</b> March 4th <p>The third panel is perfect, I printed it and pinned it above my desk.</p></div>
<div class="reply"><b>Olu</b> March 5th <p>Do you sell prints of these? I would buy the whole deadline series.</p></div>
</div>"""


def comic_page(picture: str, meta: str) -> str:
    """A comic's post: its heading, a line of links to its writer and category (`meta`), a count of comments, the
    strip (`picture`) and one line with a link to the archive; after it the writer's box, a related-posts widget
    with nothing to show and the comments."""
    return f"""<!doctype html><html><head><title>Weekly Strip 51: The Deadline Dragon</title></head><body>
{NAV}
<div class="wrap"><div class="main">
 <div class="entry" id="entry-51">
  <h1>Weekly Strip 51: The Deadline Dragon</h1>
  {meta}
  <div class="entry-inner">
   <div class="count"><a href="#replies">3 Comments</a></div>
   <p>{picture}</p>
   <p>Every Monday we run a strip about working for yourself by Pat Lowe. <a href="/strips/">See all the
   strips</a>.</p>
  </div>
 </div>
 {BIO}
 <ul id="more-strips"><li><h3>More strips</h3><ul><li>No related strips yet</li></ul></li></ul>
 {COMMENTS}
</div>
{SIDEBAR}
</div></body></html>"""


META = """<div class="meta"><a href="/author/pat/">Pat Lowe</a> | <a href="/strips/" rel="category tag">Weekly Strip</a>
| March 3rd 2024</div>"""
STRIP = '<img src="/strips/51.png" width="600" height="240" alt="The Deadline Dragon">'


COMIC_MD = (
    "# Weekly Strip 51: The Deadline Dragon\n\nEvery Monday we run a strip about working for yourself by Pat Lowe. "
    "[See all the strips](https://inkwell.example/strips/)."
)


def test_a_comic_under_its_heading_keeps_its_heading_and_line():
    # story-picture and picture-post-region (either is enough here): the post's blocks hold fewer words than the
    # writer's box beside it, and their links (writer, category, comment count, archive) make them read as
    # navigation measured against the region; the region is the post, the related-posts widget with nothing to show
    # goes with the writer's box and the comments (picture-post-region)
    assert convert(comic_page(STRIP, META), url=URL).markdown == COMIC_MD


def test_the_comic_is_shown_as_a_picture_with_images_on():
    markdown = convert(comic_page(STRIP, META), url=URL, include_images=True).markdown
    assert "![The Deadline Dragon](https://inkwell.example/strips/51.png)" in markdown
    assert "Every Monday we run a strip about working for yourself by Pat Lowe." in markdown


def test_a_video_under_its_heading_keeps_its_heading_and_line():
    player = '<iframe src="https://video.example/embed/51" width="560" height="315"></iframe>'
    assert convert(comic_page(player, META), url=URL).markdown == COMIC_MD


def test_a_video_posts_line_under_a_long_heading_is_kept():
    # story-picture: the post is the region; its heading, long enough to count as content text, is most of it, and
    # the block holding the player, the line and a link to the source reads as navigation beside it
    title = "The most beautiful ninety seconds of rain you will see on a city street this year"
    page = (
        f"<!doctype html><html><head><title>{title} | Inkwell</title></head><body>{NAV}<div class='wrap'><div "
        f"class='main'><article class='entry'><h1>{title}</h1><div class='entry-body'><iframe "
        "src='https://video.example/embed/90' width='640' height='360'></iframe><p>Just watch it.</p><p><a "
        f"href='https://rainfilms.example/'>Via Rain Films</a></p></div></article>{COMMENTS}</div>{SIDEBAR}</div>"
        "</body></html>"
    )
    markdown = convert(page, url=URL).markdown
    assert markdown == f"# {title}\n\nJust watch it."


def test_an_avatar_after_the_heading_is_no_picture_of_the_post():
    # story-picture's size guard: a picture declared under MIN_PICTURE pixels (an avatar, an icon, a like button) is
    # no post's picture; the links around it stay navigation
    avatar = '<img src="/avatars/pat.png" width="40" height="40" alt="">'
    markdown = convert(comic_page(avatar, META), url=URL).markdown
    assert "Every Monday we run a strip about working for yourself by Pat Lowe." not in markdown
    styled = '<img src="/avatars/pat.png" style="width: 40px; height: 40px" alt="">'
    assert (
        "Every Monday we run a strip about working for yourself by Pat Lowe."
        not in convert(comic_page(styled, META), url=URL).markdown
    )


# -- a photo post whose page holds no text of its own but a licence line in its footer ------------------------------

PHOTO_URL = "https://streetlooks.example/2024/05/linen-and-rain/"
PHOTO = '<img src="/photos/linen-and-rain.jpg" width="640" height="960" alt="">'
LICENCE = (
    "<p>Every photo on this site is shared under a Creative Commons licence: you may use and remix the pictures "
    "as long as you do so without charge and credit the photographer by name.</p>"
)


def photo_page(between: str = "<h3>Comments</h3>", footer: str = LICENCE, picture: str = PHOTO) -> str:
    """A photo blog's post: its linked heading, a line of date and one of the photographer and city, the photo;
    `between` it and the footer's `footer`, the page's other sections (by default the comments' heading, a sidebar of
    widgets, a row of other posts' pictures and a cloud of tags, each under its heading)."""
    return f"""<!doctype html><html><head><title>Linen and rain</title></head><body>
<div id="header"><a href="/" class="logo">Street Looks</a><ul><li><a href="/">Home</a></li>
<li><a href="/about">About us</a></li></ul></div>
<div class="content"><div class="left">
 <div class="post">
  <div class="post-head"><h2><a href="/2024/05/linen-and-rain/" rel="bookmark">Linen and rain</a></h2>
   <p class="when">Posted May 8th, 2024</p>
   <p class="who">Photos by <a href="/author/ana/">Ana</a> in <a href="/city/lisbon/" rel="tag">Lisbon</a></p>
   <p class="avatar"><img src="/avatars/ana.png" width="50" height="50" alt=""></p></div>
  <div class="entry">{picture}</div>
 </div>
 {between}
</div>
<div class="right"><h3>Wearing</h3><ul><li><a href="/item/coat/">Coat</a></li><li><a href="/item/boots/">Boots</a>
</li></ul><h3>On the map</h3><div class="map"></div></div></div>
<div class="more"><h2>More street looks</h2><ul><li><a href="/2024/04/a/"><img src="/photos/a.jpg" alt=""></a></li>
<li><a href="/2024/04/b/"><img src="/photos/b.jpg" alt=""></a></li></ul>
<h3>Clothes</h3><ul class="cloud"><li><a href="/item/bag/">Bag</a></li><li><a href="/item/belt/">Belt</a></li>
<li><a href="/item/cape/">Cape</a></li><li><a href="/item/dress/">Dress</a></li></ul></div>
<div class="footer">{footer}</div>
</body></html>"""


PHOTO_MD = (
    "## Linen and rain\n\nPosted May 8th, 2024\n\n"
    "Photos by [Ana](https://streetlooks.example/author/ana/) in [Lisbon](https://streetlooks.example/city/lisbon/)"
)


def test_a_photo_post_apart_from_a_licence_line_is_the_content():
    # picture-posts: the only content text of the page is the footer's licence; the post is its heading, byline and
    # photo, with the comments' heading and the sidebar's between them
    assert convert(photo_page(), url=PHOTO_URL).markdown == PHOTO_MD


def test_a_region_of_more_than_a_few_lines_stays_the_content():
    # picture-posts' size guard: a region of SHORT_REGION units of content text or more is the page's text, even
    # apart from a heading over a picture
    text = "".join(
        f"<p>The rain came in from the sea on the {n}th and every coat in the street went dark at the shoulders.</p>"
        for n in range(4, 10)
    )
    markdown = convert(photo_page(footer=text), url=PHOTO_URL).markdown
    assert "went dark at the shoulders" in markdown
    assert "Photos by" not in markdown


def test_a_photo_posts_text_beside_its_header_is_not_left_for_the_header():
    # picture-posts' heading guard: with no heading between the post and the region, the region is the post's text
    # (a short story whose heading and picture stand in a header block over it), which the post does not replace
    short = (
        '<div class="text"><p>Ana met Rui at the corner of the market at noon, both in linen, both soaked through by '
        "the first rain of the month.</p><p>He said he had never owned an umbrella and did not mean to start.</p></div>"
    )
    markdown = convert(photo_page(between=short, footer=""), url=PHOTO_URL).markdown
    assert "Ana met Rui at the corner of the market" in markdown
    assert "He said he had never owned an umbrella" in markdown


def test_a_logo_over_a_banner_picture_is_no_story_heading():
    # story_heading: the <h1> linking home (the site's name) is no story's heading, whatever the <title> says
    page = photo_page().replace(
        '<a href="/" class="logo">Street Looks</a>',
        '<h1><a href="/">Street Looks</a></h1><img src="/banner.jpg" width="900" height="200" alt="">',
    )
    page = page.replace("<title>Linen and rain</title>", "<title>Street Looks</title>")
    assert convert(page, url=PHOTO_URL).markdown.startswith("Every photo on this site is shared")


# -- stories with text of their own: no post told in a picture ------------------------------------------------------

STORY_PARAGRAPHS = [
    "The city opened its new covered market on Saturday after four years of building and two of arguing about it.",
    "Traders from the old open-air market moved in on Friday night, carrying crates of fruit across the square.",
    "The roof is made of recycled glass panels, which the architects say keep the hall cool through the summer.",
    "Not everyone is pleased: some traders say the rents are twice what they paid for a pitch outside.",
    "The council says the first year will be rent-free for every trader who moved from the old market.",
]


def article_page(after: str = "") -> str:
    """A news story: a header block of its heading, a line of links to its writer and section and its hero picture,
    beside a block of paragraphs; `after` the story, in the block holding both; then the comments."""
    body = "".join(f"<p>{p}</p>" for p in STORY_PARAGRAPHS)
    return f"""<!doctype html><html><head><title>The covered market opens its doors</title></head><body>{NAV}
<div class="wrap"><div class="main"><div class="story">
 <div class="story-head"><h1>The covered market opens its doors</h1>
  <div class="meta"><a href="/author/lee/">Lee Park</a> | <a href="/city/">City</a> | <a href="#replies">3 comments</a></div>
  <img src="/photos/market.jpg" width="1200" height="675" alt=""></div>
 <div class="story-body">{body}</div>
 {after}
</div>{COMMENTS}</div>{SIDEBAR}</div></body></html>"""


def test_a_story_beside_its_header_and_hero_picture_is_not_left_for_its_header():
    # picture_post_block's guard: the story's text stands beside the block holding its heading and picture (more than
    # PICTURE_POST units of content text beside it, not named as furniture nor the comments): no post told in a
    # picture, and the region is not narrowed to the header
    markdown = convert(article_page(), url=URL).markdown
    for paragraph in STORY_PARAGRAPHS:
        assert paragraph in markdown
    assert "[Lee Park]" not in markdown  # the header's line of links stays navigation


def test_a_story_with_its_picture_and_text_in_one_block_keeps_the_note_after_it():
    # picture_post_block's size guard: the block holding the heading and picture holds the story's text (PICTURE_POST
    # units or more): the region is not narrowed to it, and a short note after it stays
    story = (
        '<div class="story"><h1>The covered market opens its doors</h1><img src="/photos/market.jpg" width="1200" '
        'height="675" alt="">' + "".join(f"<p>{p}</p>" for p in STORY_PARAGRAPHS) + "</div>"
    )
    note = "<p>Update: the market opens at eight, not nine.</p>"
    page = (
        f"<!doctype html><html><head><title>The covered market opens its doors</title></head><body>{NAV}"
        f'<div class="wrap"><div class="main"><div class="col">{story}{note}</div>{COMMENTS}</div>{SIDEBAR}</div>'
        "</body></html>"
    )
    markdown = convert(page, url=URL).markdown
    assert STORY_PARAGRAPHS[-1] in markdown
    assert "Update: the market opens at eight, not nine." in markdown
