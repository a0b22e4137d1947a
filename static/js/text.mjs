/* The texts a page's scripts show: every one comes translated from the page (a
   <template> of [data-key] spans, or a JSON object), so that no script holds any French.
   A text's fields are written {name} (or %(name)s, gettext's own) and filled in here. */

/** The texts of a <template>: {key: text} from its [data-key] elements. */
export function readTexts(template) {
  return Object.fromEntries(
    [...template.content.querySelectorAll("[data-key]")].map((node) => [node.dataset.key, node.textContent.trim()]),
  );
}

/** `text` with its {name} and %(name)s fields replaced by `values` (a field with no value stays). */
export function format(text, values = {}) {
  return text.replace(/\{(\w+)\}|%\((\w+)\)s/g, (field, brace, percent) => {
    const name = brace ?? percent;
    return name in values ? String(values[name]) : field;
  });
}

/** The page's texts in its language: `t(key, values)`, the plural of a count, a list. */
export function translator(texts, lang = "fr") {
  const pluralRules = new Intl.PluralRules(lang);
  const andList = new Intl.ListFormat(lang, { type: "conjunction" });
  function t(key, values = {}) {
    if (!(key in texts)) throw new Error(`no text "${key}" in the page`);
    return format(texts[key], values);
  }
  return {
    lang,
    t,
    has: (key) => key in texts,
    /** The text `${key}_one` or `${key}_other` for `count`, as the language says. */
    plural: (key, count, values = {}) =>
      t(`${key}_${pluralRules.select(count) === "one" ? "one" : "other"}`, { count, ...values }),
    list: (items) => andList.format(items),
  };
}
