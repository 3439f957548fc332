// The page-script sandbox of web2md --javascript (web2md/javascript.py): a small DOM over the page, timers on a
// virtual clock, a fixed Date and a seeded Math.random. No network, file or clock access. The host loads the
// page with __web2md.load(), runs each script it gets from __web2md.nextScript() as its own eval, then the timers
// due within --wait one per eval (__web2md.runTimer), and reads back what changed (__web2md.changes()).
"use strict";
(function (global) {
  const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param",
    "source", "track", "wbr", "basefont", "bgsound", "frame", "keygen"]);
  // content kept verbatim by the parser and the serialiser (libxml2 reads these the same way)
  const RAW = new Set(["script", "style", "xmp", "iframe", "noembed", "noframes", "plaintext"]);
  const RCDATA = new Set(["textarea", "title"]);  // text only, references decoded
  const SAME_CLOSES = new Set(["p", "li", "dt", "dd", "option", "optgroup", "tr", "td", "th"]);
  const ENTITIES = { amp: "&", lt: "<", gt: ">", quot: "\"", apos: "'", nbsp: "\u00a0", copy: "\u00a9",
    reg: "\u00ae", trade: "\u2122", hellip: "\u2026", mdash: "\u2014", ndash: "\u2013", lsquo: "\u2018",
    rsquo: "\u2019", ldquo: "\u201c", rdquo: "\u201d", laquo: "\u00ab", raquo: "\u00bb", middot: "\u00b7",
    bull: "\u2022", euro: "\u20ac", deg: "\u00b0", times: "\u00d7" };
  const SCRIPT_TYPES = new Set(["", "text/javascript", "application/javascript", "text/ecmascript",
    "application/ecmascript", "application/x-javascript", "text/jscript", "text/livescript"]);

  let dirty = false;        // anything changed since load
  let elements = [];        // the page's elements by the host's index

  // -- nodes ------------------------------------------------------------------------------------------------
  const NO_CHILDREN = Object.freeze([]);
  // nodeType, the host's index (_i, -1: made by a script) and the change marks live on the prototypes,
  // so that a node of a big page holds little more than its links
  class Node {
    constructor() { this.parentNode = null; }
    get parentElement() { const p = this.parentNode; return p && p.nodeType === 1 ? p : null; }
    get firstChild() { return this.childNodes[0] || null; }
    get lastChild() { return this.childNodes[this.childNodes.length - 1] || null; }
    get nextSibling() { return sibling(this, 1, false); }
    get previousSibling() { return sibling(this, -1, false); }
    get nextElementSibling() { return sibling(this, 1, true); }
    get previousElementSibling() { return sibling(this, -1, true); }
    get children() { return this.childNodes.filter((n) => n.nodeType === 1); }
    get childElementCount() { return this.children.length; }
    get firstElementChild() { return this.children[0] || null; }
    get lastElementChild() { const c = this.children; return c[c.length - 1] || null; }
    get ownerDocument() { return document; }
    get isConnected() { let n = this; while (n.parentNode) n = n.parentNode; return n === document; }
    get textContent() {
      if (this.nodeType === 3) return this.data;
      let out = "";
      walk(this, (n) => { if (n.nodeType === 3) out += n.data; });
      return out;
    }
    set textContent(value) {
      if (this.nodeType === 3) { this.data = String(value); return; }
      replaceChildren(this, value === null || value === undefined || value === "" ? [] : [new Text(String(value))]);
    }
    get nodeValue() { return this.nodeType === 3 ? this.data : null; }
    set nodeValue(value) { if (this.nodeType === 3) this.data = String(value); }
    hasChildNodes() { return this.childNodes.length > 0; }
    contains(node) { for (let n = node; n; n = n.parentNode) if (n === this) return true; return false; }
    appendChild(node) { return this.insertBefore(node, null); }
    insertBefore(node, ref) {
      if (ref !== null && ref !== undefined && ref.parentNode !== this) throw new DOMException("NotFoundError");
      const nodes = node.nodeType === 11 ? node.childNodes.slice() : [node];
      for (const n of nodes) {
        if (n.contains(this)) throw new DOMException("HierarchyRequestError");
        detach(n);
      }
      const at = ref ? this.childNodes.indexOf(ref) : this.childNodes.length;
      this.childNodes.splice(at, 0, ...nodes);
      for (const n of nodes) n.parentNode = this;
      changed(this);
      for (const n of nodes) inserted(n);
      return node;
    }
    removeChild(node) {
      if (node.parentNode !== this) throw new DOMException("NotFoundError");
      detach(node);
      return node;
    }
    replaceChild(node, old) { this.insertBefore(node, old); return this.removeChild(old); }
    remove() { detach(this); }
    append(...nodes) { for (const n of nodes) this.appendChild(asNode(n)); }
    prepend(...nodes) { const first = this.firstChild; for (const n of nodes) this.insertBefore(asNode(n), first); }
    before(...nodes) { const p = this.parentNode; if (p) for (const n of nodes) p.insertBefore(asNode(n), this); }
    after(...nodes) {
      const p = this.parentNode; if (!p) return;
      const next = this.nextSibling;
      for (const n of nodes) p.insertBefore(asNode(n), next);
    }
    replaceWith(...nodes) { this.before(...nodes); this.remove(); }
    replaceChildren(...nodes) { replaceChildren(this, nodes.map(asNode)); }
    cloneNode(deep) {
      const copy = this.nodeType === 3 ? new Text(this.data) : this.nodeType === 11 ? new Fragment()
        : new Element(this.localName, this.attributes_.map((a) => a.slice()));
      if (deep) for (const child of this.childNodes) copy.appendChild(child.cloneNode(true));
      return copy;
    }
    addEventListener(type, listener) { listen(this, type, listener); }
    removeEventListener() {}
    dispatchEvent() { return true; }
    getElementById(id) { return find(this, (e) => e.getAttribute("id") === String(id)); }
    querySelector(selector) { const test = compile(selector); return find(this, test); }
    querySelectorAll(selector) { const test = compile(selector); return findAll(this, test); }
    getElementsByTagName(name) {
      name = String(name).toLowerCase();
      return findAll(this, (e) => name === "*" || e.localName === name);
    }
    getElementsByName(name) { return findAll(this, (e) => e.getAttribute("name") === String(name)); }
    getElementsByClassName(names) {
      const wanted = String(names).split(/\s+/).filter(Boolean);
      return findAll(this, (e) => { const have = e.className.split(/\s+/); return wanted.every((c) => have.includes(c)); });
    }
  }

  class Text extends Node {
    constructor(data) { super(); this._data = String(data); }
    get childNodes() { return NO_CHILDREN; }
    get data() { return this._data; }
    set data(value) { this._data = String(value); if (this.parentNode) changed(this.parentNode); }
    get nodeName() { return "#text"; }
    get length() { return this._data.length; }
  }

  class Fragment extends Node {
    constructor() { super(); this.childNodes = []; }
    get nodeName() { return "#document-fragment"; }
    get innerHTML() { return serialise(this); }
  }

  class Element extends Node {
    constructor(name, attributes) {
      super();
      this.childNodes = [];
      this.localName = name;
      this.attributes_ = attributes || [];
    }
    get tagName() { return this.localName.toUpperCase(); }
    get nodeName() { return this.tagName; }
    get attributes() { return this.attributes_.map(([name, value]) => ({ name, value })); }
    getAttributeNames() { return this.attributes_.map((pair) => pair[0]); }
    getAttribute(name) {
      name = String(name).toLowerCase();
      const a = this.attributes_.find((pair) => pair[0] === name);
      return a ? a[1] : null;
    }
    hasAttribute(name) { return this.getAttribute(name) !== null; }
    setAttribute(name, value) {
      name = String(name).toLowerCase();
      value = String(value);
      const a = this.attributes_.find((pair) => pair[0] === name);
      if (a) { if (a[1] === value) return; a[1] = value; } else this.attributes_.push([name, value]);
      this._attrs = dirty = true;
    }
    removeAttribute(name) {
      name = String(name).toLowerCase();
      const at = this.attributes_.findIndex((pair) => pair[0] === name);
      if (at >= 0) { this.attributes_.splice(at, 1); this._attrs = dirty = true; }
    }
    toggleAttribute(name, force) {
      const on = force === undefined ? !this.hasAttribute(name) : Boolean(force);
      if (on) { if (!this.hasAttribute(name)) this.setAttribute(name, ""); } else this.removeAttribute(name);
      return on;
    }
    get id() { return this.getAttribute("id") || ""; }
    set id(value) { this.setAttribute("id", value); }
    get className() { return this.getAttribute("class") || ""; }
    set className(value) { this.setAttribute("class", value); }
    get classList() { return new ClassList(this); }
    get hidden() { return this.hasAttribute("hidden"); }
    set hidden(value) { this.toggleAttribute("hidden", Boolean(value)); }
    get title() { return this.getAttribute("title") || ""; }
    set title(value) { this.setAttribute("title", value); }
    get href() { return this.getAttribute("href") || ""; }
    set href(value) { this.setAttribute("href", value); }
    get src() { return this.getAttribute("src") || ""; }
    set src(value) { this.setAttribute("src", value); }
    get value() { return this.getAttribute("value") || ""; }
    set value(value) { this.setAttribute("value", value); }
    get dataset() { return dataset(this); }
    get style() { return style(this); }
    get innerText() { return this.localName === "script" || this.localName === "style" ? "" : this.textContent; }
    set innerText(value) { this.textContent = value; }
    get innerHTML() { return serialise(this); }
    set innerHTML(html) { replaceChildren(this, parse(String(html), this.localName)); }
    get outerHTML() { const f = new Fragment(); f.childNodes = [this]; return serialise(f); }
    set outerHTML(html) {
      const p = this.parentNode; if (!p) return;
      for (const n of parse(String(html), p.localName)) p.insertBefore(n, this);
      this.remove();
    }
    insertAdjacentHTML(where, html) {
      where = String(where).toLowerCase();
      const outside = where === "beforebegin" || where === "afterend";
      const context = outside ? (this.parentNode && this.parentNode.localName) : this.localName;
      const nodes = parse(String(html), context);
      if (where === "beforebegin") this.before(...nodes);
      else if (where === "afterbegin") this.prepend(...nodes);
      else if (where === "beforeend") this.append(...nodes);
      else if (where === "afterend") this.after(...nodes);
      else throw new DOMException("SyntaxError");
    }
    insertAdjacentElement(where, node) { return adjacent(this, where, node); }
    insertAdjacentText(where, text) { adjacent(this, where, new Text(text)); }
    matches(selector) { return compile(selector)(this); }
    closest(selector) {
      const test = compile(selector);
      for (let n = this; n && n.nodeType === 1; n = n.parentNode) if (test(n)) return n;
      return null;
    }
    getBoundingClientRect() { return { x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0 }; }
    focus() {} blur() {} click() {} scrollIntoView() {}
  }

  class ClassList {
    constructor(el) { this.el = el; }
    get names() { return this.el.className.split(/\s+/).filter(Boolean); }
    get length() { return this.names.length; }
    contains(name) { return this.names.includes(String(name)); }
    add(...names) { const have = this.names; for (const n of names) if (!have.includes(n)) have.push(String(n)); this.el.className = have.join(" "); }
    remove(...names) { this.el.className = this.names.filter((n) => !names.includes(n)).join(" "); }
    toggle(name, force) {
      const on = force === undefined ? !this.contains(name) : Boolean(force);
      if (on) this.add(name); else this.remove(name);
      return on;
    }
    item(i) { return this.names[i] || null; }
    toString() { return this.el.className; }
  }

  class Document extends Node {
    constructor() { super(); this.childNodes = []; this.readyState = "loading"; this.currentScript = null; this.cookie = ""; this.referrer = ""; }
    get nodeName() { return "#document"; }
    get documentElement() { return this.childNodes.find((n) => n.nodeType === 1) || null; }
    get head() { return this.documentElement && this.documentElement.children.find((e) => e.localName === "head") || null; }
    get body() { return this.documentElement && this.documentElement.children.find((e) => e.localName === "body") || null; }
    get title() { const t = this.querySelector("title"); return t ? t.textContent.trim() : ""; }
    set title(value) {
      let t = this.querySelector("title");
      if (!t && this.head) { t = this.createElement("title"); this.head.appendChild(t); }
      if (t) t.textContent = value;
    }
    get location() { return global.location; }
    get domain() { return global.location.hostname; }
    get scripts() { return this.getElementsByTagName("script"); }
    get images() { return this.getElementsByTagName("img"); }
    get forms() { return this.getElementsByTagName("form"); }
    get links() { return findAll(this, (e) => (e.localName === "a" || e.localName === "area") && e.hasAttribute("href")); }
    createElement(name) { return new Element(String(name).toLowerCase(), []); }
    createElementNS(ns, name) { return this.createElement(name); }
    createTextNode(data) { return new Text(data); }
    createComment() { return new Fragment(); }  // comments are not kept
    createDocumentFragment() { return new Fragment(); }
    write(...parts) { writes.push(parts.join("")); }
    writeln(...parts) { writes.push(parts.join("") + "\n"); }
    open() { return this; }
    close() {}
    hasFocus() { return false; }
  }

  Node.prototype._i = -1;
  Text.prototype.nodeType = 3;
  Fragment.prototype.nodeType = 11;
  Element.prototype.nodeType = 1;
  Element.prototype._kids = false;   // children changed since load (the host replaces them)
  Element.prototype._attrs = false;  // attributes changed since load
  Document.prototype.nodeType = 9;

  class DOMException extends Error { constructor(name) { super(name); this.name = name; } }

  function sibling(node, step, elementsOnly) {
    const p = node.parentNode; if (!p) return null;
    const list = p.childNodes;
    for (let i = list.indexOf(node) + step; i >= 0 && i < list.length; i += step) {
      if (!elementsOnly || list[i].nodeType === 1) return list[i];
    }
    return null;
  }
  function changed(parent) { if (parent.nodeType === 1) parent._kids = true; dirty = true; }
  function detach(node) {
    const p = node.parentNode; if (!p) return;
    p.childNodes.splice(p.childNodes.indexOf(node), 1);
    node.parentNode = null;
    changed(p);
  }
  function replaceChildren(parent, nodes) {
    for (const child of parent.childNodes) child.parentNode = null;
    parent.childNodes = [];
    changed(parent);
    for (const n of nodes) parent.appendChild(n);
  }
  function asNode(n) { return n instanceof Node ? n : new Text(String(n)); }
  function adjacent(el, where, node) {
    where = String(where).toLowerCase();
    if (where === "beforebegin") el.before(node); else if (where === "afterbegin") el.prepend(node);
    else if (where === "beforeend") el.append(node); else if (where === "afterend") el.after(node);
    return node;
  }
  // an inline script added to the document runs after the script that added it, as in a browser
  function inserted(node) {
    if (!node.isConnected) return;
    walk(node, (n) => { if (n.nodeType === 1 && runnable(n) && !n._ran) { n._ran = true; queue.splice(queued++, 0, n); } });
  }

  // pre-order over the subtree of `root` (root included), without recursion
  function walk(root, visit) {
    const stack = [root];
    while (stack.length) {
      const n = stack.pop();
      if (visit(n) === false) return;
      for (let i = n.childNodes.length - 1; i >= 0; i--) stack.push(n.childNodes[i]);
    }
  }
  function find(root, test) {
    let found = null;
    walk(root, (n) => { if (n !== root && n.nodeType === 1 && test(n)) { found = n; return false; } });
    return found;
  }
  function findAll(root, test) {
    const found = [];
    walk(root, (n) => { if (n !== root && n.nodeType === 1 && test(n)) found.push(n); });
    found.item = (i) => found[i] || null;
    return found;
  }

  function dataset(el) {
    const key = (name) => "data-" + String(name).replace(/[A-Z]/g, (c) => "-" + c.toLowerCase());
    return new Proxy({}, {
      get: (_, name) => typeof name === "string" ? (el.getAttribute(key(name)) ?? undefined) : undefined,
      set: (_, name, value) => { el.setAttribute(key(name), value); return true; },
      deleteProperty: (_, name) => { el.removeAttribute(key(name)); return true; },
    });
  }
  function style(el) {
    const read = () => (el.getAttribute("style") || "").split(";").map((d) => d.split(":"))
      .filter((d) => d.length > 1).map(([k, ...v]) => [k.trim().toLowerCase(), v.join(":").trim()]);
    const css = (name) => String(name).replace(/[A-Z]/g, (c) => "-" + c.toLowerCase());
    const write = (name, value) => {
      const rules = read().filter(([k]) => k !== name);
      if (value !== "" && value !== null && value !== undefined) rules.push([name, String(value)]);
      const text = rules.map(([k, v]) => k + ": " + v).join("; ");
      if (text) el.setAttribute("style", text); else el.removeAttribute("style");
    };
    return new Proxy({}, {
      get: (_, name) => {
        if (name === "setProperty") return (k, v) => write(String(k).toLowerCase(), v);
        if (name === "removeProperty") return (k) => write(String(k).toLowerCase(), "");
        if (name === "getPropertyValue") return (k) => (read().find(([n]) => n === String(k).toLowerCase()) || ["", ""])[1];
        if (name === "cssText") return el.getAttribute("style") || "";
        if (typeof name !== "string") return undefined;
        return (read().find(([k]) => k === css(name)) || ["", ""])[1];
      },
      set: (_, name, value) => {
        if (name === "cssText") el.setAttribute("style", value); else write(css(name), value);
        return true;
      },
    });
  }

  // -- selectors: tag, #id, .class, [attr], [attr=value], *, compounds, descendant and child combinators, lists --
  const cache = new Map();
  function compile(selector) {
    selector = String(selector).trim();
    if (cache.has(selector)) return cache.get(selector);
    const alternatives = selector.split(",").map((part) => {
      const steps = [];
      const tokens = part.trim().replace(/\s*>\s*/g, " > ").split(/\s+/);
      let combinator = " ";
      for (const token of tokens) {
        if (token === ">") { combinator = ">"; continue; }
        steps.push({ combinator, test: compound(token, selector) });
        combinator = " ";
      }
      if (!steps.length || combinator === ">") throw new DOMException("SyntaxError: " + selector);
      return steps;
    });
    const test = (el) => alternatives.some((steps) => matches(el, steps, steps.length - 1));
    cache.set(selector, test);
    return test;
  }
  function compound(token, selector) {
    const re = /([#.]?)([\w-]+|\*)|\[\s*([\w-]+)\s*(?:([~^$*|]?=)\s*(?:"([^"]*)"|'([^']*)'|([^\]\s]*)))?\s*\]/gy;
    const tests = [];
    let m;
    re.lastIndex = 0;
    while (re.lastIndex < token.length && (m = re.exec(token))) {
      if (m[3] !== undefined) {
        const name = m[3].toLowerCase(), op = m[4], want = m[5] ?? m[6] ?? m[7];
        tests.push((e) => {
          const v = e.getAttribute(name);
          if (v === null) return false;
          if (!op) return true;
          if (op === "=") return v === want;
          if (op === "~=") return v.split(/\s+/).includes(want);
          if (op === "^=") return want !== "" && v.startsWith(want);
          if (op === "$=") return want !== "" && v.endsWith(want);
          if (op === "*=") return want !== "" && v.includes(want);
          return v === want || v.startsWith(want + "-");
        });
      } else if (m[1] === "#") { const id = m[2]; tests.push((e) => e.getAttribute("id") === id); }
      else if (m[1] === ".") { const c = m[2]; tests.push((e) => e.className.split(/\s+/).includes(c)); }
      else if (m[2] !== "*") { const tag = m[2].toLowerCase(); tests.push((e) => e.localName === tag); }
    }
    if (re.lastIndex !== token.length || !m) throw new DOMException("SyntaxError: unsupported selector " + selector);
    return (e) => tests.every((t) => t(e));
  }
  function matches(el, steps, at) {
    if (!steps[at].test(el)) return false;
    if (at === 0) return true;
    for (let p = el.parentNode; p && p.nodeType === 1; p = p.parentNode) {
      if (matches(p, steps, at - 1)) return true;
      if (steps[at].combinator === ">") return false;
    }
    return false;
  }

  // -- markup: a forgiving parser for innerHTML and document.write, and the serialiser ---------------------
  function decode(text) {
    return text.indexOf("&") < 0 ? text : text.replace(/&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([A-Za-z]+));?/g,
      (all, dec, hex, name) => {
        if (name) return Object.prototype.hasOwnProperty.call(ENTITIES, name) && all.endsWith(";") ? ENTITIES[name] : all;
        const code = dec ? parseInt(dec, 10) : parseInt(hex, 16);
        return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : "\ufffd";
      });
  }
  const TAG = /<(\/?)([A-Za-z][^\s\/>]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|<!--[\s\S]*?(?:-->|$)|<![^>]*>|<\?[^>]*>/g;
  const ATTR = /([^\s"'>\/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;
  function parse(html, context, written) {
    const root = new Fragment();
    const stack = [root];
    const top = () => stack[stack.length - 1];
    const text = (s) => { if (s) top().childNodes.push(Object.assign(new Text(decode(s)), { parentNode: top() })); };
    let at = 0, m;
    TAG.lastIndex = 0;
    if (RAW.has(context)) return [new Text(html)];
    if (RCDATA.has(context)) return [new Text(decode(html))];
    while ((m = TAG.exec(html))) {
      text(html.slice(at, m.index));
      at = TAG.lastIndex;
      if (!m[2]) continue;  // comment, doctype, processing instruction
      const name = m[2].toLowerCase();
      if (m[1]) {
        for (let i = stack.length - 1; i > 0; i--) if (stack[i].localName === name) { stack.length = i; break; }
        continue;
      }
      if (SAME_CLOSES.has(name) && top().localName === name) stack.pop();
      const attributes = [];
      let a;
      ATTR.lastIndex = 0;
      while ((a = ATTR.exec(m[3]))) {
        const key = a[1].toLowerCase();
        if (!attributes.some((p) => p[0] === key)) attributes.push([key, decode(a[2] ?? a[3] ?? a[4] ?? "")]);
      }
      const el = new Element(name, attributes);
      el._ran = !written;  // scripts set by innerHTML never run; written ones do
      el.parentNode = top();
      top().childNodes.push(el);
      if (RAW.has(name) || RCDATA.has(name)) {
        const close = html.toLowerCase().indexOf("</" + name, at);
        const end = close < 0 ? html.length : close;
        const content = html.slice(at, end);
        if (content) el.childNodes.push(Object.assign(new Text(RAW.has(name) ? content : decode(content)), { parentNode: el }));
        at = close < 0 ? html.length : (html.indexOf(">", close) + 1 || html.length);
        TAG.lastIndex = at;
      } else if (!VOID.has(name) && !m[3].trim().endsWith("/")) stack.push(el);
    }
    text(html.slice(at));
    return detachAll(root);
  }
  function detachAll(fragment) {
    const nodes = fragment.childNodes;
    for (const n of nodes) n.parentNode = null;
    return nodes;
  }
  const escapeText = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const escapeAttr = (s) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
  // the markup of the children of `node`, without recursion
  function serialise(node) {
    const out = [];
    const stack = node.childNodes.slice().reverse();
    while (stack.length) {
      const n = stack.pop();
      if (typeof n === "string") { out.push(n); continue; }
      if (n.nodeType === 3) {
        const p = n.parentNode;
        out.push(p && RAW.has(p.localName) ? n.data : escapeText(n.data));
      } else if (n.nodeType === 11) {
        for (let i = n.childNodes.length - 1; i >= 0; i--) stack.push(n.childNodes[i]);
      } else if (n.nodeType === 1) {
        out.push("<" + n.localName + n.attributes_.map(([k, v]) => " " + k + "=\"" + escapeAttr(v) + "\"").join("") + ">");
        if (VOID.has(n.localName)) continue;
        stack.push("</" + n.localName + ">");
        for (let i = n.childNodes.length - 1; i >= 0; i--) stack.push(n.childNodes[i]);
      }
    }
    return out.join("");
  }

  // -- the window: timers on a virtual clock, fixed time and randomness, inert network and storage -----------
  const timers = new Map();  // id -> {at, order, fn, args, every}
  let now = 0, lastId = 0, order = 0;
  function schedule(fn, delay, args, every) {
    if (typeof fn === "string") { const code = fn; fn = () => (0, eval)(code); }
    if (typeof fn !== "function") return 0;
    const id = ++lastId;
    delay = Math.max(0, Number(delay) || 0);
    timers.set(id, { id, at: now + delay, order: ++order, fn, args, every: every ? Math.max(4, delay) : null });
    return id;
  }
  global.setTimeout = (fn, delay, ...args) => schedule(fn, delay, args, false);
  global.setInterval = (fn, delay, ...args) => schedule(fn, delay, args, true);
  global.clearTimeout = global.clearInterval = (id) => { timers.delete(id); };
  global.requestAnimationFrame = (fn) => schedule(() => fn(now), 16, [], false);
  global.cancelAnimationFrame = global.clearTimeout;
  global.requestIdleCallback = (fn) => schedule(() => fn({ didTimeout: false, timeRemaining: () => 0 }), 0, [], false);
  global.cancelIdleCallback = global.clearTimeout;

  const RealDate = Date;
  let epoch = 0;
  function FixedDate(...args) {
    if (!new.target) return new RealDate(epoch + now).toString();
    return args.length ? new RealDate(...args) : new RealDate(epoch + now);
  }
  FixedDate.prototype = RealDate.prototype;
  FixedDate.now = () => epoch + now;
  FixedDate.UTC = RealDate.UTC;
  FixedDate.parse = RealDate.parse;
  global.Date = FixedDate;
  global.performance = { now: () => now, timeOrigin: 0, mark() {}, measure() {}, getEntriesByName: () => [] };
  let seed = 0;
  Math.random = () => {  // mulberry32
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  // blocking waits and garbage-collector timing would make runs differ
  for (const name of ["Atomics", "SharedArrayBuffer", "WeakRef", "FinalizationRegistry"]) delete global[name];

  const noop = () => {};
  global.console = { log: noop, info: noop, warn: noop, error: noop, debug: noop, trace: noop, dir: noop,
    table: noop, group: noop, groupEnd: noop, time: noop, timeEnd: noop, assert: noop };
  // no fetch or XMLHttpRequest: a script that needs the network fails as a whole rather than showing its error
  global.Image = function Image(width, height) {
    const img = document.createElement("img");
    if (width !== undefined) img.setAttribute("width", width);
    if (height !== undefined) img.setAttribute("height", height);
    return img;
  };
  class Storage {
    constructor() { this._ = new Map(); }
    get length() { return this._.size; }
    getItem(k) { return this._.has(String(k)) ? this._.get(String(k)) : null; }
    setItem(k, v) { this._.set(String(k), String(v)); }
    removeItem(k) { this._.delete(String(k)); }
    clear() { this._.clear(); }
    key(i) { return [...this._.keys()][i] ?? null; }
  }
  global.localStorage = new Storage();
  global.sessionStorage = new Storage();
  global.navigator = { userAgent: "web2md", language: "en", languages: ["en"], onLine: false, cookieEnabled: false,
    platform: "", vendor: "", webdriver: false };
  global.matchMedia = (query) => ({ matches: false, media: String(query), addListener: noop, removeListener: noop,
    addEventListener: noop, removeEventListener: noop });
  global.getComputedStyle = (el) => el.style;
  global.scrollTo = global.scroll = global.alert = global.print = noop;
  global.confirm = () => false;
  global.prompt = () => null;
  global.innerWidth = 1280; global.innerHeight = 800; global.devicePixelRatio = 1;
  global.screen = { width: 1280, height: 800, availWidth: 1280, availHeight: 800 };
  global.history = { length: 1, state: null, pushState: noop, replaceState: noop, back: noop, forward: noop, go: noop };
  global.window = global.self = global.top = global.parent = global.frames = global;
  global.Node = Node; global.Element = global.HTMLElement = Element; global.Text = Text;
  global.DocumentFragment = Fragment; global.DOMException = DOMException;
  global.Event = global.CustomEvent = class Event { constructor(type, init) { this.type = type; this.detail = init && init.detail; } preventDefault() {} stopPropagation() {} };

  const listeners = [];  // [target, type, listener]: only the load events are ever fired
  function listen(target, type, listener) {
    if (typeof listener === "function" || (listener && typeof listener.handleEvent === "function")) listeners.push([target, String(type), listener]);
  }
  global.addEventListener = (type, listener) => listen(global, type, listener);
  global.removeEventListener = noop;
  global.dispatchEvent = () => true;

  const document = new Document();
  global.document = document;

  // -- the host's side ----------------------------------------------------------------------------------------
  const queue = [];   // scripts to run, document order; a script added by one runs right after it
  let queued = 0;     // where the next added script goes
  let writes = [];    // document.write output of the running script
  let running = null;

  function runnable(el) {
    if (el.localName !== "script" || el.hasAttribute("src")) return false;
    const type = (el.getAttribute("type") || "").trim().toLowerCase();
    const language = (el.getAttribute("language") || "").trim().toLowerCase();
    return SCRIPT_TYPES.has(type) && (type || !language || language.startsWith("javascript"));
  }

  // `page`: the host's elements and texts in document order: [parent, tag, attributes] or [parent, text]
  function load(page, url, startTime, randomSeed) {
    epoch = startTime;
    seed = randomSeed | 0;
    global.location = location(url);
    for (const entry of page) {
      const parent = entry[0] < 0 ? document : elements[entry[0]];
      let node;
      if (entry.length === 3) {
        node = new Element(entry[1], entry[2]);
        node._i = elements.length;
        elements.push(node);
      } else node = new Text(entry[1]);
      node.parentNode = parent;
      parent.childNodes.push(node);
    }
    walk(document, (n) => { if (n.nodeType === 1 && runnable(n)) { n._ran = true; queue.push(n); } });
    return queue.length;
  }
  function location(url) {
    const m = /^([a-z][a-z0-9+.-]*:)\/\/([^\/?#:]*)(:\d+)?([^?#]*)(\?[^#]*)?(#.*)?$/i.exec(url) || [];
    return { href: url, protocol: m[1] || "", hostname: m[2] || "", host: (m[2] || "") + (m[3] || ""),
      port: (m[3] || "").slice(1), pathname: m[4] || "/", search: m[5] || "", hash: m[6] || "",
      origin: (m[1] || "") + "//" + (m[2] || "") + (m[3] || ""), assign: noop, replace: noop, reload: noop,
      toString() { return url; } };
  }
  // the source of the next script, made document.currentScript; null when all have run
  function nextScript() {
    finishScript();
    if (!queue.length) return null;
    running = queue.shift();
    queued = 0;
    document.currentScript = running;
    return running.textContent;
  }
  // what the script wrote goes in after it (a script in <head> writes at the start of <body>, as a browser parses it)
  function finishScript() {
    if (running === null) { writes = []; return; }  // written after the page loaded: a browser would start a new page
    const script = running;
    running = null;
    document.currentScript = null;
    if (!writes.length) return;
    const html = writes.join("");
    writes = [];
    let parent = script.parentNode, before = script.nextSibling;
    if (parent && parent.localName === "head" && document.body) {
      parent = document.body;
      before = headWrites ? headWrites.nextSibling : parent.firstChild;
    }
    if (!parent) return;
    const nodes = parse(html, parent.localName, true);
    for (const n of nodes) parent.insertBefore(n, before);
    if (parent === document.body && script.parentNode !== document.body && nodes.length) headWrites = nodes[nodes.length - 1];
  }
  let headWrites = null;
  // the load events: listeners become tasks at the current virtual time, in the order they were added
  function loaded() {
    finishScript();
    document.readyState = "complete";
    const call = (fn) => () => typeof fn === "function" ? fn.call(global, new global.Event("load")) : fn.handleEvent(new global.Event("load"));
    for (const type of ["DOMContentLoaded", "readystatechange", "load"]) {
      for (const [target, t, fn] of listeners) if (t === type) schedule(call(fn), 0, [], false);
      if (type === "load" && typeof global.onload === "function") schedule(call(global.onload), 0, [], false);
    }
  }
  // run the next timer due by `until` (ms); false when none is
  function runTimer(until) {
    finishScript();
    let next = null;
    for (const t of timers.values()) if (!next || t.at < next.at || (t.at === next.at && t.order < next.order)) next = t;
    if (!next || next.at > until) return false;
    now = next.at;
    if (next.every === null) timers.delete(next.id); else { next.at += next.every; next.order = ++order; }
    next.fn.apply(global, next.args);
    return true;
  }
  // the page's elements (by host index) whose children or attributes changed, topmost first:
  // [index, attributes or null, inner markup or null]
  function changes() {
    finishScript();
    const out = [];
    if (!dirty) return out;
    const stack = [document];
    while (stack.length) {
      const n = stack.pop();
      if (n.nodeType === 1 && n._i >= 0) {
        if (n._kids) { out.push([n._i, n._attrs ? n.attributes_ : null, serialise(n)]); continue; }
        if (n._attrs) out.push([n._i, n.attributes_, null]);
      }
      for (let i = n.childNodes.length - 1; i >= 0; i--) stack.push(n.childNodes[i]);
    }
    return out;
  }
  Object.defineProperty(global, "__web2md", { value: Object.freeze({ load, nextScript, loaded, runTimer, changes }) });
})(globalThis);
