// static/js/text.mjs: the pages' texts, their fields, plurals and lists.
import assert from "node:assert/strict";
import { test } from "node:test";

import { format, readTexts, translator } from "../../static/js/text.mjs";
import { installDocument } from "./fake-dom.mjs";

test("both field styles are filled in; a field with no value stays as it is", () => {
  assert.equal(format("Manche {round} : {name}", { round: 2, name: "alice" }), "Manche 2 : alice");
  assert.equal(format("Objectif : %(target)s points", { target: 100 }), "Objectif : 100 points");
  assert.equal(format("{a} et {b}", { a: 0 }), "0 et {b}");
});

test("a template's [data-key] texts are read, trimmed", () => {
  const doc = installDocument([["texts", "template"]]);
  const template = doc.getElementById("texts");
  template.content = doc.createElement("div");
  const span = doc.createElement("span");
  span.dataset.key = "hello";
  span.textContent = "  Bonjour {name} ";
  template.content.append(span);
  assert.deepEqual(readTexts(template), { hello: "Bonjour {name}" });
});

test("the translator: a missing text is an error, plurals and lists follow the language", () => {
  const text = translator({ tiles_one: "{count} domino", tiles_other: "{count} dominos", hi: "Salut {name}" }, "fr");
  assert.equal(text.t("hi", { name: "bob" }), "Salut bob");
  assert.throws(() => text.t("nope"), /no text "nope"/);
  assert.equal(text.plural("tiles", 1), "1 domino");
  assert.equal(text.plural("tiles", 0), "0 domino"); // French: zero is singular
  assert.equal(text.plural("tiles", 7), "7 dominos");
  assert.equal(text.list(["alice", "bob", "carol"]), "alice, bob et carol");
  assert.equal(translator({}, "en").list(["alice", "bob"]), "alice and bob");
});
