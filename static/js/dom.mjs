/* Building the page's elements: HTML and SVG, attributes and listeners, children where
   null and false stand for "nothing here". */

const SVG_NS = "http://www.w3.org/2000/svg";

export const present = (child) => child !== null && child !== undefined && child !== false;

export const classes = (...names) => names.filter(Boolean).join(" ");

export function setAttributes(node, attrs) {
  for (const [name, value] of Object.entries(attrs)) {
    if (!present(value)) continue;
    if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? "" : String(value));
  }
}

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  setAttributes(node, attrs);
  node.append(...children.flat(Infinity).filter(present));
  return node;
}

export function svgEl(tag, attrs = {}) {
  const node = document.createElementNS(SVG_NS, tag);
  setAttributes(node, attrs);
  return node;
}

/** Replace a node's children. */
export function fill(node, ...children) {
  node.replaceChildren(...children.flat(Infinity).filter(present));
}
