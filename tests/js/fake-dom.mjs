// A small document for the modules' node tests: elements with attributes, children,
// text, classes, data-*, listeners, and the simple selectors the modules use
// (tag, #id, .class, [attr], [attr="value"], these together, and descendants). Not a browser: what a
// test needs from layout (clientWidth, a box) it sets itself.

class Node {
  constructor() {
    this.parentNode = null;
    this.childNodes = [];
  }
  get textContent() {
    return this.childNodes.map((child) => child.textContent).join("");
  }
  set textContent(value) {
    this.replaceChildren(...(value === "" ? [] : [new Text(String(value))]));
  }
  _adopt(nodes) {
    return nodes.map((node) => {
      const child = typeof node === "string" ? new Text(node) : node;
      if (child.parentNode) child.remove();
      child.parentNode = this;
      return child;
    });
  }
  append(...nodes) {
    this.childNodes.push(...this._adopt(nodes));
  }
  prepend(...nodes) {
    this.childNodes.unshift(...this._adopt(nodes));
  }
  replaceChildren(...nodes) {
    for (const child of this.childNodes) child.parentNode = null;
    this.childNodes = [];
    this.append(...nodes);
  }
  remove() {
    if (!this.parentNode) return;
    const siblings = this.parentNode.childNodes;
    siblings.splice(siblings.indexOf(this), 1);
    this.parentNode = null;
  }
}

class Text extends Node {
  constructor(text) {
    super();
    this.text = text;
  }
  get textContent() {
    return this.text;
  }
  set textContent(value) {
    this.text = String(value);
  }
}

const camelToData = (name) => `data-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** One compound selector ("button.hand-tile[data-tile='3-5']") as a test of an element. */
function matcher(selector) {
  const tests = [];
  const pattern = /([a-zA-Z][\w-]*)|#([\w-]+)|\.([\w-]+)|\[([\w-]+)(?:="?([^"\]]*)"?)?\]/g;
  let match;
  while ((match = pattern.exec(selector))) {
    const [, tag, id, cls, attr, value] = match;
    if (tag) tests.push((e) => e.tagName === tag.toLowerCase());
    else if (id) tests.push((e) => e.getAttribute("id") === id);
    else if (cls) tests.push((e) => e.classList.contains(cls));
    else if (value !== undefined) tests.push((e) => e.getAttribute(attr) === value);
    else tests.push((e) => e.hasAttribute(attr));
  }
  return (element) => tests.every((test) => test(element));
}

/** "tbody tr": the last compound matches the element, the others its ancestors, in
 * order, below `scope`. */
function descendantMatcher(selector, scope) {
  const parts = selector.split(/\s+/).map(matcher);
  return (element) => {
    if (!parts.at(-1)(element)) return false;
    let i = parts.length - 2;
    for (let node = element.parentNode; i >= 0 && node && node !== scope; node = node.parentNode) {
      if (node instanceof Element && parts[i](node)) i -= 1;
    }
    return i < 0;
  };
}

export class Element extends Node {
  constructor(tag, namespace = null) {
    super();
    this.tagName = tag.toLowerCase();
    this.namespaceURI = namespace;
    this.attributes = new Map();
    this.listeners = {};
    this.style = { props: {}, setProperty: (name, value) => (this.style.props[name] = value) };
    this.clientWidth = 0;
    this.scrollTop = 0;
    this.scrollHeight = 0;
    this.clientHeight = 0;
    this.disabled = false;
    const element = this;
    this.dataset = new Proxy(
      {},
      {
        get: (_, name) => element.getAttribute(camelToData(name)) ?? undefined,
        set: (_, name, value) => (element.setAttribute(camelToData(name), value), true),
        deleteProperty: (_, name) => (element.removeAttribute(camelToData(name)), true),
        has: (_, name) => element.hasAttribute(camelToData(name)),
      },
    );
    this.classList = {
      names: () => (element.getAttribute("class") || "").split(/\s+/).filter(Boolean),
      contains: (name) => element.classList.names().includes(name),
      add: (name) => element.classList.toggle(name, true),
      remove: (name) => element.classList.toggle(name, false),
      toggle: (name, force) => {
        const names = new Set(element.classList.names());
        const on = force === undefined ? !names.has(name) : Boolean(force);
        if (on) names.add(name);
        else names.delete(name);
        element.setAttribute("class", [...names].join(" "));
        return on;
      },
    };
  }
  get children() {
    return this.childNodes.filter((child) => child instanceof Element);
  }
  get hidden() {
    return this.hasAttribute("hidden");
  }
  set hidden(value) {
    if (value) this.setAttribute("hidden", "");
    else this.removeAttribute("hidden");
  }
  get id() {
    return this.getAttribute("id") || "";
  }
  setAttribute(name, value) {
    this.attributes.set(name, String(value));
  }
  getAttribute(name) {
    return this.attributes.has(name) ? this.attributes.get(name) : null;
  }
  hasAttribute(name) {
    return this.attributes.has(name);
  }
  removeAttribute(name) {
    this.attributes.delete(name);
  }
  addEventListener(type, listener) {
    (this.listeners[type] ||= []).push(listener);
  }
  dispatchEvent(event) {
    for (const listener of this.listeners[event.type] || []) listener(event);
    return true;
  }
  click() {
    this.dispatchEvent({ type: "click", target: this, preventDefault() {} });
  }
  focus() {
    this.ownerDocument.activeElement = this;
  }
  getBoundingClientRect() {
    return { top: 0, bottom: 0, left: 0, right: 0, width: 0, height: 0 };
  }
  *descendants() {
    for (const child of this.children) {
      yield child;
      yield* child.descendants();
    }
  }
  querySelectorAll(selectors) {
    const tests = selectors.split(",").map((s) => descendantMatcher(s.trim(), this));
    return [...this.descendants()].filter((e) => tests.some((test) => test(e)));
  }
  querySelector(selectors) {
    return this.querySelectorAll(selectors)[0] ?? null;
  }
  closest(selector) {
    const test = matcher(selector);
    for (let node = this; node instanceof Element; node = node.parentNode) if (test(node)) return node;
    return null;
  }
}

export class Document extends Element {
  constructor() {
    super("#document");
    this.documentElement = new Element("html");
    this.body = new Element("body");
    this.documentElement.append(this.body);
    this.append(this.documentElement);
    this.activeElement = null;
    this.title = "";
  }
  createElement(tag) {
    const element = new Element(tag);
    element.ownerDocument = this;
    return element;
  }
  createElementNS(namespace, tag) {
    const element = new Element(tag, namespace);
    element.ownerDocument = this;
    return element;
  }
  getElementById(id) {
    return this.querySelector(`#${id}`);
  }
}

/** A fresh document as the global one, with these ids in its body (each a <div>, or
 * `{id: tag}`); returns it. */
export function installDocument(ids = []) {
  const doc = new Document();
  for (const entry of ids) {
    const [id, tag] = typeof entry === "string" ? [entry, "div"] : entry;
    const node = doc.createElement(tag);
    node.setAttribute("id", id);
    doc.body.append(node);
  }
  globalThis.document = doc;
  return doc;
}

/** Every text of an element's subtree, one string. */
export const textOf = (node) => node.textContent;
