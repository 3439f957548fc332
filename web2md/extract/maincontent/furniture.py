"""What furniture looks like (see docs/design.md#main-content): the class/id words, captions and credit lines, labels
over furniture,
calls to action, date lines and screen-reader-only text that mark a block
inside an article as not being part of it.

Pure tests on one element, its class/id or its text; `content` applies them with its measurements.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import islice
from typing import NamedTuple

from lxml import etree

from web2md.extract.exact import str_lower
from web2md.extract.html.entities import collapse_ws, subtree_text
from web2md.extract.html.tags import HEADING_TAGS
from web2md.extract.meta.dates import MONTHS

# Class/id words of furniture. A strong word marks furniture unless the block holds
# much of the content; a weak one only for small or link-heavy blocks.
STRONG_WORDS = frozenset(
    """
nav navbar navigation navi menu menus mainmenu submenu breadcrumb breadcrumbs crumbs sidebar sidebars footer
share sharing sharebar shares social socials related recommended recommendations recommend newsletter subscribe
subscription cookie cookies consent gdpr advert advertisement advertising ads ad adsense adslot sponsor sponsored
promo promotion popup modal lightbox comment comments commentlist kommentar kommentare disqus respond tagcloud pagination pager byline toolbar
login signup signin search outbrain taboola copyright masthead banner aside cta donate donation popular trending
mostread disclaimer disclosure paywall captcha likes gravatars factbox breaker spenden werbung
""".split()
)
WEAK_WORDS = frozenset(
    """
side tags tag keywords meta postmeta entrymeta widget widgets print skip rating ratings author authors date dates
time published toc prev previous next more links metadata categories category utility tools actions follow
rss feed top bottom aside noprint infobox bio about contact caption credit credits
""".split()
)
# Words also recognised at the start or end of a compound ("relatedposts", "sharedaddy", "postfooter"): plain
# string tests, as a regex search would try every position of every part.
_STRONG_PREFIXES = (
    "related",
    "share",
    "social",
    "comment",
    "footer",
    "sidebar",
    "newsletter",
    "subscribe",
    "breadcrumb",
    "advert",
    "sponsor",
    "promo",
    "cookie",
    "navigation",
    "navbar",
    "menu",
    "banner",
    "disqus",
    "outbrain",
    "taboola",
    "paywall",
)
_STRONG_SUFFIXES = (
    "related",
    "comments",
    "footer",
    "sidebar",
    "navigation",
    "navbar",
    "menu",
    "banner",
    "sharing",
    "share",
    "paywall",
    "disclaimer",
)
_WEAK_PREFIXES = ("widget", "author", "meta", "tags", "rating", "toolbar", "popular", "trending", "next", "prev")
_WEAK_SUFFIXES = ("widget", "meta", "metadata", "tags", "ratings", "toolbar", "byline", "caption", "credit", "credits")
# The first and last four letters of those words (none is shorter): most words of a class string are then passed
# over after two look-ups, not forty-odd `startswith`/`endswith` tests.
_AFFIX_STARTS = frozenset(word[:4] for word in _STRONG_PREFIXES + _WEAK_PREFIXES)
_AFFIX_ENDS = frozenset(word[-4:] for word in _STRONG_SUFFIXES + _WEAK_SUFFIXES)
# An author's box: bio, photo and links about the writer rather than the article.
_AUTHOR_BOX = re.compile(r"author(?:box|bio|info|description|desc|details|profile|card|about)|about(?:the)?author")
CONTENT_WORDS = frozenset(
    {
        "content",
        "main",
        "article",
        "post",
        "entry",
        "body",
        "text",
        "story",
        "wrap",
        "wrapper",
        "container",
        "page",
        "layout",
        "site",
        "inner",
        "primary",
        "col",
        "column",
    }
)
# Words after which a class describes a layout state (`has-ads`, `with-sidebar`), not the block itself.
STATE_PREFIXES = frozenset({"has", "with", "no", "non", "not", "without", "is", "show", "hide"})
# Taxonomy prefixes that CMSs put on the article itself (WordPress `tag-foo`, `category-bar`).
SLUG_PREFIXES = frozenset(
    {
        "tag",
        "tags",
        "category",
        "categories",
        "post",
        "postid",
        "type",
        "status",
        "format",
        "single",
        "page",
        "template",
        "author",
        "topic",
        "section",
        "entry",
        "node",
    }
)
# Slug prefixes after which a CMS writes the name of a term (`category-`, `tag-`), never a part of the page (the
# plurals name a box listing the terms: `post-tags`).
TERM_PREFIXES = frozenset({"tag", "category", "topic", "format", "type", "status"})
_SPLIT = re.compile(r"[^a-z0-9]+")
_WORD = re.compile(r"[^\W_]+")
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")

# Text that only screen readers get ("Skip to content", "Opens in a new window").
# Also small blocks a stylesheet hides by class (`hidden`, `d-none`); a big one is content a script reveals
# (or a menu wrapper), so only blocks up to MAX_READER_ONLY characters count.
# The hiding class words are whole tokens, a set: a regex branch opening with `(?:^|\s)` would keep the re module
# from scanning ahead for the letters the other branches open with (3.8 µs instead of 1 µs a class string).
_SCREEN_READER = re.compile(r"sr-only|screen-?reader|visually-?hidden|assistive|offscreen|a11y")  # lowercased
_HIDDEN_CLASSES = frozenset({"hidden", "d-none", "hide", "is-hidden", "invisible"})
MAX_READER_ONLY = 200

# The block holding a page's comments. Readers' comments are not the article however long they run; a forum
# thread's replies get a section of their own (pagetype).
_COMMENTS = re.compile(
    r"(?:^|[\s_-])(?:comments|commentlist|comment-list|comments?-(?:area|container|section|wrapper)|"
    r"kommentare|replies|disqus)(?:$|[\s_-])"
)  # lowercased; asked only of a class holding one of those

# Text blocks that can be a caption: inside a <figure>, or named as one by class/id.
CAPTION_TAGS = frozenset({"p", "div", "span", "small", "h2", "h3", "h4", "h5", "h6", "strong", "em", "i", "b"})
# Every branch opens with a letter, not a group, so that the re module scans ahead for those letters.
_CAPTION_HINT = re.compile(
    r"caption|legend|credit|bildunterschrift|bildquelle|imagesource|photocredit|"
    r"img(?:desc|text|info)|image(?:desc|text|info)|photo(?:desc|text|info)|"
    r"picture(?:desc|text|info)|bild(?:desc|text|info)|foto(?:desc|text|info)"
)  # lowercased
# What a caption never holds.
MEDIA_TAGS = ("img", "picture", "video", "table", "pre", "blockquote", "ul", "ol", "iframe")
MAX_CAPTION = 300
# The most text a block holding the story's heading has beside it and is still its header (a byline and a date),
# and the most links beside the heading's (the author's page, the post's section or two)
MAX_STORY_HEADER = 150
MAX_HEADER_LINKS = 3
# A credit line: "Photo: ...", "Quelle: ...", "Crédits photos : ..." on its own.
_CREDIT_LINE = re.compile(
    r"(?:(?:photos?|photo credits?|image|images|credits?|source|sources|foto|fotos|bild|bilder|"
    r"titelbild|beitragsbild|quelle|quellen|crédits? photos?|fuente|fuentes|źródło|zdjęcie|"
    r"fot\.)|(?:figure|fig\.|abbildung|abb\.|grafik|tabelle|table|rys\.|ilustracja)\s*\d+)\s?:"
    # ... or names who made the picture: "Photo by Jane Doe on Unsplash", "Foto von ..."
    r"|(?:photo|photograph|image|illustration|foto|bild)\s+(?:by|von|de|par|di)\s+(?-i:[A-ZÀ-ÖØ-Þ])",
    re.I,
)
MAX_CREDIT = 80
CREDIT_TAGS = frozenset({"p", "div", "small"})  # a line of its own, not a bold "Source:" opening a paragraph
# A caption closing with its picture's credit: "The harbour at dawn. © AFP / Jane Doe", "... (Photo: Jane Doe/dpa)".
# The label is the copyright sign or a capitalised picture word and a colon (a sentence's "the photo: it shows" is
# lower-case); a source ("Quelle: SWR") closes a story's paragraph as often as a caption, so it is no such label. The
# credit ends without a full stop (a sentence after a colon does) and names no year (a copyright notice does).
_CLOSING_CREDIT = re.compile(
    r"[^\W_][^\w©]*?(?:©|\b[PFBIC](?i:hotos?|otos?|ild(?:er)?|mages?|redits?|icture|hotograph)\s?:)\s*"
    r"(?P<credit>[^\s.!?©:][^!?©]*[^\s.!?©:])[)\]]?$"
)
# ... or a news agency's form, in parentheses closing the caption: "(AP Photo/Jane Doe)", "(Reuters Photo/Jane Doe)"
_AGENCY_CREDIT = re.compile(r"[^\W_][^\w(]*\((?:[^\W\d_][\w&.-]*\s+){1,3}Photos?/\s*(?P<credit>[^()]+)\)$")
_SENTENCE_BREAK = re.compile(r"[^\W\d_]{2}[.!?]\s")
_YEAR = re.compile(r"\b(?:19|20)\d\d\b")  # a notice's year: "© 2002, 2003 Jamie Zawinski" credits no picture
CLOSING_CREDIT_TAGS = frozenset({"p", "div", "small", "span"})

# Calls to action: a short block asking the reader to subscribe, follow, share, donate or get the app
# (matched against lowercased text, at word starts only: every phrase opens with a letter, or is anchored).
_CALL_PHRASES = (
    r"subscribe (?:now|today|here|for|to (?:our|the|my|this))",
    r"subscribers? (?:also )?receive",
    r"already a subscriber",
    *(rf"{ask} (?:\w+ ){{0,3}}newsletter" for ask in ("sign up", "subscribe", "register", "join", "get")),
    r"newsletter (?:sign-up|signup)",
    *(f"{whose} newsletter" for whose in ("zum", "unseren?", "den", "our", "the", "mi", "notre", "nostra")),
    r"sign up (?:now|today|here|for)",
    r"follow us",
    r"follow (?:\w+ ){0,4}on (?:twitter|facebook|instagram|x|telegram|youtube|tiktok|linkedin|whatsapp|threads)",
    r"download (?:the|our)",
    r"share this (?:article|post|story|page)",
    r"support us",
    r"donate now",
    r"become a member",
    r"abonnieren sie",
    r"jetzt abonnieren",
    r"ich bin abonnent",
    r"folgen sie uns",
    r"folge uns",
    *(f"{what} teilen" for what in ("artikel", "beitrag", "seite")),
    r"teilen sie dies",
    r"jetzt spenden",
    r"spenden sie",
    r"jede (?:kleine )?spende",
    r"unterstützen sie uns",
    r"unterstütze uns",
    r"suscríbete",
    r"suscribete",
    r"síguenos",
    r"siguenos",
    r"únete",
    r"hazte miembro",
    r"canal de (?:telegram|youtube|whatsapp)",
    r"abonnez-vous",
    r"suivez-nous",
    r"rejoignez-nous",
    r"inscrivez-vous",
    r"subskrypcj\w*",
    r"obserwuj nas",
    r"zapisz się",
    r"iscriviti",
    r"seguici",
    r"abbonati",
    r"assine",
    r"siga-nos",
    r"inscreva-se",
    *(f"{who} to (?:comment|reply|post)" for who in ("you must be (?:logged|signed) in", "log in", "sign in")),
    r"leave a (?:reply|comment)",
    *(
        rf"{who} (?:sich |dich )?(?:anmelden|einloggen|registrieren|angemeldet|eingeloggt)"
        r"[^.!?]{0,40}?\b(?:kommentar\w*|diskussion|mit(?:zu)?diskutieren|antwort\w*)"
        for who in ("sie müssen", "du musst")
    ),
    r"schreibe einen kommentar",
    r"^kommentieren$",
    *(
        rf"{stay}(?: (?:on|with|about|über|mit) (?:our|us|unseren?|uns)|(?=[.!]?$))"
        for stay in (r"stay (?:up[- ]to[- ]date|informed)", r"bleib(?:en sie)? (?:auf dem laufenden|informiert)")
    ),
    *(f"{share} (?:uns )?(?:ihre|deine) (?:erfahrung\\w*|meinung)" for share in ("teilen sie", "teile")),
    r"share your (?:experience|thoughts|feedback)",
    r"tell us what you think",
    r"be sociable",
)


def by_first_character(phrases: tuple[str, ...]) -> str:
    """`phrases` as one alternation, grouped by their first character (each opens with a literal one, or "^"):
    the re module tries the alternatives one after the other at every word start, and grouping spares it most
    of them (half the time of `is_call_to_action`). A search matches where one of the phrases does."""
    groups: dict[str, list[str]] = {}
    for phrase in phrases:
        groups.setdefault(phrase[0], []).append(phrase[1:])
    return "|".join(f"{first}(?:{'|'.join(rests)})" for first, rests in groups.items())


# The lookahead names the letters the phrases open with rather than any word character, so that it fails at most
# positions before the alternation is tried; where a phrase matches, both hold (those letters are word characters).
_CALL_OPENERS = "".join(sorted({phrase.lstrip("^")[0] for phrase in _CALL_PHRASES}))
_CALL_TO_ACTION = re.compile(rf"\b(?=[{_CALL_OPENERS}])(?:{by_first_character(_CALL_PHRASES)})\b")
MAX_CALL = 300
CALL_TAGS = frozenset({"p", "h2", "h3", "h4", "h5", "h6", "div"})
CALL_OPENING = 120  # characters: the ask comes first, not at the end of a sentence about something else

# The page's own metadata named by a label: "Published:", "Veröffentlicht am", "Release date". The labels ending in
# a preposition ("Erschienen in", "By") wait for their value; the others ("Tags", "Author", "Date", "Updated") also
# head sections of a README or a manual, so alone they are furniture only with their colon.
_OPEN_META_LABEL = (
    r"(?:by|written by|von|veröffentlicht am|aktualisiert am|erschienen (?:in|am)|publié le|"
    r"publicado el|pubblicato il)"
)
_META_LABEL = (
    rf"(?:{_OPEN_META_LABEL}|published|posted|updated|last (?:modified|updated)|release date|date|author|"
    r"category|categories|tags|veröffentlicht|veröffentlichung|aktualisiert|erschienen|stand|datum|"
    r"kategorie|schlagwörter|publié|publicado|pubblicato|opublikowano|autor(?:ka)?)"
)
# The labels of the page's own date ("Veröffentlicht: 3.11.2019"); on an event page "Date:" is the event's.
_PAGE_DATE_LABEL = re.compile(rf"(?!(?:date|datum)$){_META_LABEL}")
# A label alone in its block over furniture: links to other pages ("Related articles", "Mehr zum Thema",
# "À lire aussi"), the author's box ("About the author"), a control that shows, hides or leaves something
# ("Show more", "Quellen ausblenden", "Back to top"), or the page's own metadata with its value elsewhere
# ("Von", "Erschienen in"; "Release date:" below).
_FURNITURE_LABEL = re.compile(
    r"(?:(?:related(?: articles| posts| stories| content| news| topics| links| reading)?|read (?:also|next)|"
    r"also read|more (?:on|about) (?:this|the) (?:topic|subject|story)|more (?:stories|news|articles|posts)|"
    r"you (?:may|might) also (?:like|enjoy)|recommended(?: for you| articles| stories| reading)?|"
    r"(?:popular|trending) (?:posts|articles|stories|now)|most read|"
    r"mehr zu(?:m| diesem) thema|mehr themen|weitere (?:artikel|beiträge|themen|nachrichten|meldungen)|"
    r"lesen sie (?:auch|weiter|mehr)|lies auch|auch interessant|(?:das|dieses?) (?:thema )?(?:könnte|dürfte) "
    r"(?:sie|dich|euch) auch interessieren|schon gelesen|ähnliche (?:artikel|beiträge|themen)|"
    r"verwandte (?:artikel|beiträge|themen)|meistgelesen|empfohlene (?:artikel|beiträge)|"
    r"(?:à )?lire aussi|sur le même sujet|articles? (?:similaires|liés|connexes)|"
    r"(?:te )?(?:puede|podría) interesar(?:te)?|lee también|(?:noticias|artículos) relacionad[oa]s|"
    r"leggi anche|articoli correlati|potrebbe interessarti|"
    r"czytaj (?:także|też|również)|zobacz (?:także|też|również)|"
    r"lees ook|gerelateerde artikelen|leia também|veja também)"
    r"(?: (?:on|at|from|auf|bei|von|aus|im|in|sur|en) .{1,30})?|"
    r"about the author|über (?:den|die) autor(?:in)?|zu(?:m|r) autor(?:in)?|à propos de l'auteur|sobre el autor|"
    r"(?:show|see|view|load|read) (?:more|less|all)|(?:mehr|weniger|alle) anzeigen|weiterlesen|mehr lesen|"
    r"(?:quellen|text|details) (?:aus|ein)blenden|zurück zur (?:übersicht|listenansicht|startseite)|"
    r"back to (?:top|overview|the list)|nach oben|"
    # the label an ad slot keeps when its ad is not in the page (loaded by a script)
    # ("Advertisement - scroll to continue", "Scroll to continue with content": the line under a slot between paragraphs)
    r"advertisement(?:[ :–—-]*scroll (?:down )?to continue(?: with content| reading)?)?|"
    r"scroll (?:down )?to continue with content|"
    r"advertising|sponsored(?: content)?|anzeige|werbung|publicité|publicidad|pubblicità|reklama|"
    r"advertentie|(?:the )?(?:story|article|text) continues (?:below|after)(?: (?:this )?(?:advertisement|ad))?|"
    r"continue reading (?:below|after)(?: (?:the|this) (?:advertisement|ad))?|"
    rf"{_OPEN_META_LABEL})"
)
# A label with its colon over contact details, links or the page's metadata: "Kontakt:", "Further information:",
# "Release date:". (Without the colon it is more often a section heading over content, as in a project's README.)
_COLON_LABEL = re.compile(
    r"(?:contact|kontakt|ansprechpartner(?:in)?|pressekontakt|weitere informationen|"
    rf"more information|further information|{_META_LABEL})\s*:"
)
MAX_FURNITURE_LABEL = 60
# The page's topics after their label, a list of names (no sentence: no full stop, question or second colon)
# ("Category:" is left out: an award's or a product's category is a fact about the subject)
_TAXONOMY_LINE = re.compile(
    r"(?:tags|tagged|tagged with|filed under|topics|keywords|themen|schlagwörter|schlagworte|"
    r"stichwörter|étiquettes|mots-clés|etiquetas)\s*:\s*[^.!?:]+"
)
# A copyright notice (see docs/design.md#main-content: boilerplate) opens with its sign, or the word and a year ...
_RIGHTS_LINE = re.compile(r"(?:©|\(c\)\s*\d{4}|copyright\s*(?:©|\(c\)|\d{4}))", re.I)
# ... or reserves the rights ("All rights reserved", "Alle Rechte vorbehalten", "Tous droits réservés", ...), told by
# a substring each, in the two cases notices are written in (a regex search of them all would be ten times dearer)
_RIGHTS_RESERVED = (
    "ights reserved",
    "IGHTS RESERVED",
    "echte vorbehalten",
    "ECHTE VORBEHALTEN",
    "droits réservés",
    "DROITS RÉSERVÉS",
    "derechos reservados",
    "DERECHOS RESERVADOS",
    "diritti riservati",
    "DIRITTI RISERVATI",
    "prawa zastrzeżone",
    "PRAWA ZASTRZEŻONE",
)
MAX_RIGHTS = 300
RIGHTS_TAGS = frozenset({"p", "div", "small", "span"})
# A heading over a section that closes an article without being part of its story: the publisher's or author's
# self-description, press contacts, legal notices ("About Acme Robotics", "Media contact", "Forward-looking
# statements"). Contacts alone may be the reader's (offices, opening hours): kept.
_TAIL_LABEL = re.compile(
    r"(?:about|über|à propos d[e'’]|acerca de|sobre|informazioni su) \S+(?: \S+){0,4}|"
    r"(?:media|press|investor|pr)(?: relations)? contacts?|(?:presse|medien)kontakt|"
    r"(?:forward[- ]looking|cautionary) statements?|safe harbou?r(?: statement)?|disclaimer|haftungsausschluss"
)
FURNITURE_LABEL_TAGS = frozenset({"p", "div", "h2", "h3", "h4", "h5", "h6"})
# A heading over the readers' comments: "Comments", "12 Responses to “Tides”", "3 thoughts on “Tides”", "Comments
# (7)", "Reader Comments (2)", "TrackBack", "Leave a Reply" (its form). One "Comment" or "Kommentar" is an opinion piece.
_ON_TITLE = "(?: (?:to|on|for|zu|sur|a|en|su|op|do) [\u201c\"'\u00ab\u201e\u2018\u00bb].*)"  # to “Tides”
_COMMENTS_LABEL = re.compile(
    r"(?:(?:\d+|no|two|three|four|five|six|seven|eight|nine|ten) )?"
    "(?:(?:readers?['\u2019]?|user|visitor) )?"  # whose: "Reader Comments (2)", "Readers' comments"
    r"(?:comments|responses|replies|reactions|trackbacks?(?: pings)?|pingbacks?|thoughts|kommentare|"
    r"commentaires|comentarios|commenti|reacties|komentarze|комментарии)"
    rf"(?: ?\(\d+\))?(?: so far)?{_ON_TITLE}?|"
    r"(?:1|one) (?:comment|response|reply|reaction|thought|kommentar|commentaire|comentario|commento|reactie)"
    rf"{_ON_TITLE}?|"
    r"(?:leave|post|add|write) (?:a|your) (?:reply|comment|response)|kommentieren|commenter"
)

# A date line: "12.03.2020", "Aktualisiert am 3. März 2020, 19:49", "Posted March 3, 2024" with little else.
_DAY = r"\d{1,2}[./-]\d{1,2}[./-](?:\d{4}|\d{2})|\d{4}-\d{2}-\d{2}"
# Every branch opens with a digit: the lookahead fails at most positions before the branches are tried.
_NUMERIC_DAY = re.compile(rf"\b(?=\d)(?:{_DAY})\b")
_NUMERIC_DATE = re.compile(rf"\b(?=\d)(?:{_DAY}|\d{{1,2}}:\d{{2}})\b")  # a day or a time of day
DATE_LINE_EXTRA_WORDS = 4
TIME_WORDS = frozenset({"uhr", "h", "am", "pm", "a.m.", "p.m.", "utc", "gmt", "cet", "cest", "mez", "mesz", "et", "pt"})
_DATE_WORD = re.compile(r"[\d./:-]+[,.]?|[|·•–—-]")  # numbers, dates, times and separators between them
MAX_DATE_LINE = 60
DATE_LINE_TAGS = frozenset({"p", "div", "span", "time", "small"})  # not list items: a list of times is a schedule


def class_words(token: str) -> list[str]:
    """The lowercased words of one class or id token: `MtnCommentText` and `comment_text-2` alike."""
    if not token.islower():  # camelCase (or no letters at all): the regexes, else string methods do
        return [part for part in _SPLIT.split(str_lower(_CAMEL.sub("-", token))) if part]
    if token.isascii():
        if token.isalnum():  # one word
            return [token]
        hyphenated = token.replace("_", "-")
        if hyphenated.replace("-", "").isalnum():
            parts = hyphenated.split("-")
            return [part for part in parts if part] if "" in parts else parts
    return [part for part in _SPLIT.split(token) if part]


def class_and_id(el: etree._Element) -> str:
    """The class and id of `el`, the words a template names it with; an id made from the text of the element's
    heading (`<section id="sharing-with-a-single-developer"><h2>Sharing with a single developer`) names nothing."""
    cls = el.get("class")
    ident = el.get("id")
    if ident and ("-" in ident or "_" in ident) and is_heading_slug(el, ident):
        ident = None
    if cls and ident:
        return cls + " " + ident
    return cls or ident or ""


HEADING_SLUG_LOOKAHEAD = 20  # elements looked through for the heading an id is made from


def is_heading_slug(el: etree._Element, ident: str) -> bool:
    """Whether an id of two words or more is made of words of the first heading in `el` (and numbers)."""
    words = [word for word in class_words(ident) if not word.isdigit()]
    if len(words) < 2:
        return False
    for node in islice(el.iter(), HEADING_SLUG_LOOKAHEAD):
        if node.tag in HEADING_TAGS:
            return set(words) <= set(_WORD.findall(str_lower(subtree_text(node))))
    return False


def hint_strength(hints: str, known: dict[str, int] | None = None) -> int:
    """How plainly a class/id names furniture: 2 outright ("comments-area"), 1 as a hint ("entry-meta"), else 0:
    the strongest of its tokens' `token_strength`. `known` keeps the strength of each token read so far (pages
    repeat tokens across their class strings)."""
    strength = 0
    for token in hints.split():
        if known is None:
            token_hint = token_strength(token)
        else:
            known_hint = known.get(token)
            if known_hint is None:
                known_hint = known[token] = token_strength(token)
            token_hint = known_hint
        if token_hint > strength:
            strength = token_hint
            if strength == 2:
                break
    return strength


def token_strength(token: str) -> int:
    """`hint_strength` of one class or id token.

    A word after a state prefix (`has-ads`, `with-sidebar`) describes a layout, not the block;
    a weak word beside a content word (`elementor-widget-container`) names a wrapper.
    """
    parts = class_words(token)
    if "author" in str_lower(token) and _AUTHOR_BOX.search("".join(parts)):  # every author box says "author"
        return 2
    if len(parts) > 1 and parts[0] in SLUG_PREFIXES:
        if parts[0] in TERM_PREFIXES:
            return 0  # `tag-promotion` names a term the article is filed under, not a block
        parts = parts[1:]  # `tag-politics` names the article's tag, `post-footer` a footer
        if len(parts) > 1 and parts[0] in TERM_PREFIXES or len(parts) > 2 and parts[0] == "author":
            return 0  # `entry-category-social-media`, `entry-author-jane-doe`
        if len(parts) == 1 and parts[0] not in STRONG_WORDS and parts[0] not in WEAK_WORDS:
            return 0
    strength = 0
    for part in parts:
        if part in STATE_PREFIXES:
            break
        if part in STRONG_WORDS:
            return 2
        if len(part) > 5 and (part[:4] in _AFFIX_STARTS or part[-4:] in _AFFIX_ENDS):
            # a compound made with a strong word ("relatedposts", "postfooter"; a commentary is no comment)
            if (
                part.startswith(_STRONG_PREFIXES)
                and not part.startswith("commentary")
                or part.endswith(_STRONG_SUFFIXES)
            ):
                return 2
            # ... or with a weak one ("widgettitle", "entrymeta"; a preview is no "prev" link)
            if part.startswith(_WEAK_PREFIXES) and not part.startswith("preview") or part.endswith(_WEAK_SUFFIXES):
                strength = 1
        if part in WEAK_WORDS:
            strength = 1
    if strength == 1 and not CONTENT_WORDS.isdisjoint(parts):
        return 0
    return strength


def is_date_line(text: str) -> bool:
    """A short line that is a date or time with at most a few words around it (a dateline, "updated on")."""
    words = text.split()
    if len(words) > DATE_LINE_EXTRA_WORDS + 4:
        return False
    text = " ".join(words)
    found = _NUMERIC_DATE.search(text)
    first, length = named_date(words)
    if found is None and not length:
        return False
    if not length and ":" in found.group(0) and not _NUMERIC_DAY.search(text):  # type: ignore[union-attr]
        # a time alone; "10:00 Keynote" is a schedule
        return all(_DATE_WORD.fullmatch(word) or str_lower(word) in TIME_WORDS for word in words)
    if found is not None and (not length or found.start() < len(" ".join(words[:first]))):
        first = text.count(" ", 0, found.start())
    label = " ".join(words[:first])
    if label.endswith(":") and not _PAGE_DATE_LABEL.fullmatch(str_lower(label[:-1].strip())):
        return False  # "Deadline: 3.11.2019" is a fact about the subject; "Published: 3.11.2019" is the page's
    extra = sum(1 for word in words if not _DATE_WORD.fullmatch(word) and str_lower(word.strip(".,")) not in MONTHS)
    return extra <= DATE_LINE_EXTRA_WORDS


def date_at(words: list[str], times: bool = True) -> int | None:
    """Where the first date (or, with `times`, time of day) starts among `words`: a numeric one ("3.11.2019",
    "14:05"), or a month's name beside a number ("Oct 18, 2012", "3. März"); None when there is none."""
    numeric = _NUMERIC_DATE if times else _NUMERIC_DAY
    for i, word in enumerate(words):
        if numeric.search(word):
            return i
        if str_lower(word.strip(".,")) in MONTHS:
            before = words[i - 1] if i else ""
            after = words[i + 1] if i + 1 < len(words) else ""
            if before[:1].isdigit():
                return i - 1
            if after[:1].isdigit():
                return i
    return None


def named_date(words: list[str]) -> tuple[int, int]:
    """Where a date written with a month name starts among `words` ("3. März 2020", "March 3, 2024"), and
    how many words it takes; (0, 0) when there is none."""
    for i, word in enumerate(words):
        if str_lower(word.strip(".,")) not in MONTHS:
            continue
        before = words[i - 1].rstrip(".") if i else ""
        after = words[i + 1].rstrip(",") if i + 1 < len(words) else ""
        if before.isdigit() and len(before) <= 2 and after.isdigit() and len(after) == 4:
            return i - 1, 3  # 3. März 2020
        year = words[i + 2] if i + 2 < len(words) else ""
        if after.isdigit() and len(after) <= 2 and year[:4].isdigit() and len(year.rstrip(",.")) == 4:
            return i, 3  # March 3, 2024
    return 0, 0


# A byline: the page's author named again with a few words around the name ("By", "Text:", a desk or a role);
# numbers and month names (its date) are not counted.
MAX_BYLINE_EXTRA = 60  # characters beside the name's letters: "By", "Text:", a desk, a date, the spaces
BYLINE_TAGS = frozenset({"p", "div", "span", "address", "small"})
BYLINE_WORDS = 3
_NAME_WORD = re.compile(r"\w+")


def byline_name(author: str | None) -> tuple[str, ...]:
    """The lowercased words of an author's name (`is_byline` looks for them)."""
    return tuple(_NAME_WORD.findall(author.casefold())) if author else ()


def name_words(text: str) -> list[str]:
    """The lowercased words of a text as `byline_name` reads a name's."""
    return _NAME_WORD.findall(text.casefold())


def is_byline(text: str, name: tuple[str, ...]) -> bool:
    """Whether a line names the author whose `byline_name` is `name` and little else: "By Ann Smith", "Text: Ann
    Smith / harbour.example", "Ann Smith, science desk | 12 May 2026". An author named in one word (a user name, a
    desk) only when the line is that word alone: one word is too easily a word of the text."""
    words = _NAME_WORD.findall(text.casefold())
    if len(name) < 2:
        return words == list(name)
    size = len(name)
    for start in range(len(words) - size + 1):
        if tuple(words[start : start + size]) == name:
            rest = words[:start] + words[start + size :]
            return sum(1 for word in rest if not word.isdigit() and word not in MONTHS) <= BYLINE_WORDS
    return False


def is_call_to_action(text: str) -> bool:
    """A short block that opens by asking the reader to subscribe, follow, share, donate or get the app."""
    found = _CALL_TO_ACTION.search(str_lower(text), 0, CALL_OPENING + 60)  # no phrase is longer than 60 characters
    return found is not None and found.start() < CALL_OPENING


def is_furniture_label(text: str) -> bool:
    """A short line that only announces furniture: "Related articles", "Mehr zum Thema:", "About the author",
    "Release date:", "Kontakt:"; or files the page under its topics: "Tags: ferry, islands"."""
    lowered = str_lower(text)
    if _FURNITURE_LABEL.fullmatch(lowered.strip(" :?!.…»›>→-–—")) is not None:
        return True
    if ":" not in lowered:  # the other two are labels with their colon
        return False
    stripped = lowered.strip()
    return _COLON_LABEL.fullmatch(stripped) is not None or _TAXONOMY_LINE.fullmatch(stripped) is not None


def is_tail_label(text: str) -> bool:
    """A heading that opens the closing notes of an article rather than a section of it: "About Acme Robotics",
    "Media contacts", "Forward-looking statements"."""
    return _TAIL_LABEL.fullmatch(str_lower(text).strip(" :.")) is not None


# A line counting the readers' comments, with a few words of its own around the count: "Reader Comments (14)", "There
# are 27 comments. Add yours.", "{ 2 comments… read them below or add one }" (rule comment-count-labels)
_COMMENTS_WORD = (
    r"(?:comments|responses|replies|reactions|kommentare|commentaires|comentarios|commenti|reacties|komentarze|"
    r"комментарии)"
)
_COMMENT_COUNT = re.compile(
    rf"(?<!\S)(?:\d+ {_COMMENTS_WORD}|{_COMMENTS_WORD} ?\(\d+\)|\(\d+ {_COMMENTS_WORD}\))(?!\w)"
)
COUNT_LABEL_WORDS = 9  # words of such a line, its count among them
_DIGIT = re.compile(r"\d")  # what each branch of _COMMENT_COUNT holds (the same class of digits)


def counts_comments(text: str) -> bool:
    """A short line counting the readers' comments, no other figure in it (a post's meta line gives its date)."""
    line = str_lower(text)
    if _DIGIT.search(line) is None:
        return False  # (every form of the count holds a digit: most labels are told without the words)
    words = line.split()
    if sum(any(c.isalnum() for c in word) for word in words) > COUNT_LABEL_WORDS:
        return False
    found = _COMMENT_COUNT.search(" ".join(words))
    return found is not None and sum(c.isdigit() for c in line) == sum(c.isdigit() for c in found.group())


def is_comments_label(text: str) -> bool:
    """A heading over the readers' comments or the form to add one: "Comments", "12 Responses to “Tides”",
    "TrackBack", "Leave a Reply"."""
    return _COMMENTS_LABEL.fullmatch(" ".join(str_lower(text).strip(" :.!{}»›→").split())) is not None


QUOTE_MARKS = " \u201c\u201d\"'\u00ab\u00bb\u201e\u2018\u2019"


def without_title(label: str, title: str) -> str:
    """A heading over the comments that quotes the story's title ("13 Responses to The Time Has Come to …", with or
    without quotation marks) with an empty quotation in its place: a label is measured and read without it."""
    if not title:
        return label
    label = " ".join(label.split()).rstrip(QUOTE_MARKS)
    if len(label) <= len(title) or not label.endswith(title):
        return label
    return label[: -len(title)].rstrip(QUOTE_MARKS) + " \u201c\u201d"


def names_caption(hints: str) -> bool:
    """Whether a class/id names a caption or credit (`wp-caption-text`, `img_description`, `photo-credit`)."""
    joined = str_lower(hints).replace("-", "").replace("_", "")
    # what each of the pattern's branches opens with (substring tests are cheaper than the search)
    return (
        "caption" in joined
        or "credit" in joined
        or "legend" in joined
        or "bild" in joined
        or "im" in joined
        or "photo" in joined
        or "foto" in joined
        or "picture" in joined
    ) and _CAPTION_HINT.search(joined) is not None


# what any copyright notice holds somewhere (`_RIGHTS_LINE`'s openings), for telling a long text holds none at once
_RIGHTS_HINT = re.compile(r"©|\(c\)|copyright", re.I)


def may_hold_rights(text: str) -> bool:
    """Whether some part of `text` may be a copyright notice (`is_rights_line`): False means no part of it is."""
    return _RIGHTS_HINT.search(text) is not None or any(phrase in text for phrase in _RIGHTS_RESERVED)


def is_rights_line(text: str) -> bool:
    """A copyright notice: "© 2026 Harbour Media", "Copyright 2026 The Associated Press. All rights reserved.", not
    a sentence about copyright ("Copyright law changed in 2019")."""
    return (
        _RIGHTS_LINE.match(text) is not None
        or (
            # a stem of each phrase first: six substring tests instead of twelve for most texts
            "serv" in text
            or "SERV" in text
            or "ehalten" in text
            or "EHALTEN" in text
            or "zastrze" in text
            or "ZASTRZE" in text
        )
        and any(phrase in text for phrase in _RIGHTS_RESERVED)
    )


def is_credit_line(text: str) -> bool:
    """A line that opens with a credit or figure label: "Photo: ...", "Quelle: ...", "Abb. 2: ..."."""
    return _CREDIT_LINE.match(text) is not None


def closes_with_credit(text: str) -> bool:
    """Whether a caption's text closes with its picture's credit after words of its own: "Ann Lee at the harbour.
    © AFP / Jane Doe", "The wall at low tide (Photo: Jane Doe/Reuters)", "... on Tuesday. (AP Photo/Jane Doe)"."""
    tail = text[-MAX_CREDIT - 12 :]
    if "©" not in text and ":" not in tail and "/" not in tail:
        return False  # (most blocks: no search)
    start = max(0, len(text) - MAX_CREDIT - 16)
    found = _CLOSING_CREDIT.search(text, start) or _AGENCY_CREDIT.search(text, start)
    if found is None:
        return False
    credit = found.group("credit")
    return len(credit) <= MAX_CREDIT and _SENTENCE_BREAK.search(credit) is None and _YEAR.search(credit) is None


def names_screen_reader_text(hints: str) -> bool:
    """Whether a class/id marks text shown only to screen readers (`sr-only`, `screen-reader-text`)."""
    lowered = str_lower(hints)
    # a word each of the pattern's branches holds first ("offscreen" holds "screen"), and one each hiding class
    # holds: a few substring tests spare the search and the split for most strings
    return (
        (
            "screen" in lowered
            or "sr-only" in lowered
            or "visually" in lowered
            or "assistive" in lowered
            or "a11y" in lowered
        )
        and _SCREEN_READER.search(lowered) is not None
        or ("hid" in lowered or "none" in lowered or "invisible" in lowered)
        and not _HIDDEN_CLASSES.isdisjoint(lowered.split())
    )


def block_text(el: etree._Element) -> str:
    """A block's text with whitespace runs collapsed (`collapse_ws`: a text of single spaces is only trimmed)."""
    return collapse_ws(subtree_text(el))


def ancestors_of(elements: list[etree._Element]) -> set[etree._Element]:
    """The elements holding any of `elements`, each found once (a walk up stops where an earlier one passed)."""
    found: set[etree._Element] = set()
    for el in elements:
        parent = el.getparent()
        while parent is not None and parent not in found:
            found.add(parent)
            parent = parent.getparent()
    return found


def shown_block_text(el: etree._Element, skip_tags: frozenset[str]) -> str:
    """`block_text` without the text of the elements below `el` that are never shown (`skip_tags`: a script's code,
    a style sheet), as the measures count it: an ad slot's label beside its script reads "Advertisement"."""
    parts: list[str] = []
    walker = etree.iterwalk(el, events=("start", "end", "comment", "pi"))
    for event, node in walker:
        if event == "start":
            if node is not el and node.tag in skip_tags:
                walker.skip_subtree()  # (its end still comes, with its tail)
            elif node.text:
                parts.append(node.text)
        elif node is not el and node.tail:
            parts.append(node.tail)
    return collapse_ws("".join(parts))


def names_comments(hints: str) -> bool:
    """Whether a class/id names a page's comments as a whole (`comments-area`, `commentlist`), not one comment."""
    lowered = str_lower(hints)
    return (
        "comment" in lowered or "kommentare" in lowered or "replies" in lowered or "disqus" in lowered
    ) and _COMMENTS.search(lowered) is not None


# a count of the readers' comments in a page's text: "1 Comment", "One response", "Comments (2)", "{ 2 comments… }";
# read from each place one of these words starts (`str.find`: a page's text is long, a regex tried at every
# character of it is not cheap), the count before it or in brackets after it
_COUNTED_STEMS = ("comment", "respons", "repl", "thought", "reaction")
_COUNTED_WORD = re.compile(r"comments?|responses?|repl(?:y|ies)|thoughts?|reactions?")
_COUNT_BEFORE = re.compile(r"(?<!\w)(\d+|one|two)\s+\Z")
_COUNT_AFTER = re.compile(r"\s*\((\d+)\)")
_NUMBER_WORDS = {"one": 1, "two": 2}
COUNT_WINDOW = 24  # characters before such a word read for its count


def comment_counts(text: str) -> frozenset[int]:
    """The numbers of comments a page's text counts ("1 Comment", "Comments (2)", "One response"; rule
    counted-comments). The text's blocks run together ("2 CommentsThe post…"): a count's word ends at anything but a
    lowercase letter."""
    lowered = str_lower(text)
    cased = text if len(text) == len(lowered) else lowered  # (a letter lowered into two: the case is not read)
    size = len(cased)
    found: set[int] = set()
    for stem in _COUNTED_STEMS:
        at = lowered.find(stem)
        while at != -1:
            word = _COUNTED_WORD.match(lowered, at)
            end = word.end() if word is not None else 0
            if word is not None and not (end < size and "a" <= cased[end] <= "z"):
                before = _COUNT_BEFORE.search(lowered[max(0, at - COUNT_WINDOW) : at])
                number = before.group(1) if before is not None else None
                if (
                    number is None
                    and word.group().endswith(("s", "ies"))
                    and (at == 0 or not lowered[at - 1].isalnum())
                ):
                    after = _COUNT_AFTER.match(lowered, end)
                    number = after.group(1) if after is not None else None
                if number is not None:
                    found.add(_NUMBER_WORDS[number] if number in _NUMBER_WORDS else int(number))
            at = lowered.find(stem, at + len(stem))
    return frozenset(found)


def comment_link_targets(root: etree._Element) -> frozenset[etree._Element]:
    """The elements a link of the page jumps to (`href="…#id"`, an `<a name>` or an element's id) whose words count
    or name the readers' comments ("5 Comments", "Comments (3)", "Leave a Reply": `counts_comments`,
    `is_comments_label`): the page says itself where its comments, or the form to add one, are (rule
    comment-link-targets). A target without text (an empty anchor ahead of them) stands for the element after it; one
    holding an `<h1>` is a wrapper of the post, not its comments."""
    wanted: dict[str, None] = {}
    for link in root.iter("a"):
        href = link.get("href")
        if not href or "#" not in href:
            continue
        name = href[href.index("#") + 1 :]
        if not name or name in wanted:
            continue
        words = " ".join("".join(link.itertext()).split())
        if words and len(words) <= MAX_FURNITURE_LABEL and (counts_comments(words) or is_comments_label(words)):
            wanted[name] = None
    if not wanted:
        return frozenset()
    found: set[etree._Element] = set()
    for el in root.iter(etree.Element):
        name = el.get("id") or (el.get("name") if el.tag == "a" else None)
        if name is None or name not in wanted:
            continue
        del wanted[name]  # (the first of two alike is where a browser goes)
        target: etree._Element | None = el
        if not shows_text(el):
            target = next(el.itersiblings(etree.Element), None)
        if target is not None and target.tag not in ("body", "html") and next(target.iter("h1"), None) is None:
            found.add(target)
        if not wanted:
            break
    return frozenset(found)


def shows_text(el: etree._Element) -> bool:
    """Whether any text below `el` is more than spaces (its tail aside)."""
    return any(t.strip() for t in el.itertext())


def holds_a_thread_alone(
    block: etree._Element, good: Callable[[etree._Element], int], read: dict[etree._Element, bool]
) -> bool:
    """Whether all of a block's content text is in one block named as the page's comments, down through wrappers
    holding nothing else (a layout's boxes around the thread). `read` keeps the blocks already read, so a descent
    through deep wrappers reads each once."""
    chain = []
    node: etree._Element | None = block
    found = False
    while node is not None:
        if node is not block and (hints := class_and_id(node)) and names_comments(hints):
            found = True
            break
        if node in read:
            found = read[node]
            break
        chain.append(node)
        total = good(node)
        node = next((child for child in node if good(child) == total), None)
    for el in chain:
        read[el] = found
    return found


def names_content(hints: str) -> bool:
    """Whether a class/id also names content (`post-wrap sidebar-right`): a wrapper of the article and more."""
    return any(not CONTENT_WORDS.isdisjoint(class_words(token)) for token in hints.split())


class HintReading(NamedTuple):
    """What one class/id string says about its block."""

    strength: int  # hint_strength
    reader_only: bool  # names_screen_reader_text
    comments: bool  # names_comments


def read_hints(hints: str, known: dict[str, int] | None = None) -> HintReading:
    """The readings of a class/id string that judge a block by its class at once (callers keep one per distinct
    string; `known`: see `hint_strength`). Whether it names a caption is asked apart (`names_caption`): the caption
    test asks it of many a short block that is then judged on other grounds."""
    return HintReading(hint_strength(hints, known), names_screen_reader_text(hints), names_comments(hints))
