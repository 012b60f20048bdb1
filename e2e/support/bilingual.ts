// The bilingual pass: a screen rendered in Korean and in English is compared element by element through the
// accessibility tree (what a screen reader reads, in order). Both must have the same structure, and where one
// shows a text of the catalogs the other shows the same text's other language: nothing left untranslated, nothing
// of the other language, no key shown instead of its words, no control missing in one language.
import type { Locator } from 'playwright-core';

type TextTree = { ko: unknown; en: unknown };

/** Every module holding the product's words (`defineText`), as the browser code imports them. */
const MODULES = import.meta.glob<Record<string, unknown>>(
  [
    '../../src/shared/i18n/index.ts',
    '../../src/app/copy.ts',
    '../../src/app/records/copy.ts',
    '../../src/app/modules/**/copy.ts',
    '../../src/app/modules/import/export-copy.ts',
    '../../src/site/**/copy.ts',
    '../../src/site/pages/*-copy.ts',
    '../../src/fortune/embed/copy.ts',
  ],
  { eager: true },
);

interface Words {
  key: string;
  ko: string;
  en: string;
}

function isText(value: unknown): value is TextTree {
  return typeof value === 'object' && value !== null && 'ko' in value && 'en' in value;
}

function* pairs(ko: unknown, en: unknown, key: string): Generator<Words> {
  if (typeof ko === 'string' && typeof en === 'string') {
    yield { key, ko, en };
    return;
  }
  if (typeof ko !== 'object' || ko === null || typeof en !== 'object' || en === null) return;
  for (const [name, value] of Object.entries(ko)) {
    yield* pairs(value, (en as Record<string, unknown>)[name], `${key}.${name}`);
  }
}

/** A catalog text as a pattern its filled-in form matches ({{name}} stands for anything). */
function pattern(text: string): RegExp {
  const parts = text.split(/\{\{\w+\}\}/);
  const escaped = parts.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${escaped.join('.+?')}$`, 's');
}

/**
 * A filled template tells which text it is only when its own words are a good part of what is shown: "{{browser}}
 * on {{system}}" would otherwise match any sentence with " on " in it.
 */
const TEMPLATE_SHARE = 0.4;

interface Template {
  pattern: RegExp;
  /** Its own words' length, placeholders left out. */
  length: number;
  key: string;
}

export interface Catalogs {
  /** The keys whose text in `lang` reads `shown` (filled placeholders allowed). */
  keysOf(shown: string, lang: 'ko' | 'en'): Set<string>;
  /** The keys whose text in `lang` is `shown` exactly. */
  exactKeysOf(shown: string, lang: 'ko' | 'en'): Set<string>;
  /** Whether `shown` is the path of a text (what a missing text shows instead of its words). */
  isKey(shown: string): boolean;
}

let loaded: Catalogs | undefined;

/** Every text of the product, Korean beside English, indexed both ways. */
export function catalogs(): Catalogs {
  if (loaded) return loaded;
  const words: Words[] = [];
  for (const [file, exports] of Object.entries(MODULES)) {
    for (const [name, value] of Object.entries(exports)) {
      if (isText(value)) words.push(...pairs(value.ko, value.en, `${file}:${name}`));
    }
  }
  // Texts too short or too generic to tell a language by (a lone symbol, a number) tell nothing.
  const telling = words.filter(
    (word) => /\p{L}/u.test(word.ko) && /\p{L}/u.test(word.en) && word.ko !== word.en,
  );
  const exact = { ko: new Map<string, Set<string>>(), en: new Map<string, Set<string>>() };
  const templates = { ko: [] as Template[], en: [] as Template[] };
  const paths = new Set<string>();
  for (const word of words) paths.add(word.key.split(':')[1]!.split('.').slice(1).join('.'));
  for (const word of telling) {
    for (const lang of ['ko', 'en'] as const) {
      const text = word[lang].trim();
      if (/\{\{\w+\}\}/.test(text)) {
        // A template that is nothing but placeholders matches anything: it tells nothing.
        const words = text.replace(/\{\{\w+\}\}/g, '');
        if (/\p{L}/u.test(words))
          templates[lang].push({ pattern: pattern(text), length: words.length, key: word.key });
      } else {
        const keys = exact[lang].get(text) ?? new Set<string>();
        keys.add(word.key);
        exact[lang].set(text, keys);
      }
    }
  }
  loaded = {
    keysOf(shown, lang) {
      const text = shown.trim();
      const keys = new Set(exact[lang].get(text) ?? []);
      for (const template of templates[lang]) {
        if (template.length >= TEMPLATE_SHARE * text.length && template.pattern.test(text))
          keys.add(template.key);
      }
      return keys;
    },
    exactKeysOf(shown, lang) {
      return new Set(exact[lang].get(shown.trim()) ?? []);
    },
    isKey(shown) {
      return paths.has(shown.trim());
    },
  };
  return loaded;
}

export interface Node {
  role: string;
  name: string;
}

/** The accessibility tree under `root`, as (role, name or text) in reading order. */
export async function readingOrder(root: Locator): Promise<Node[]> {
  const snapshot = await root.ariaSnapshot();
  const nodes: Node[] = [];
  for (const line of snapshot.split('\n')) {
    const listed = /^\s*- (.*)$/.exec(line)?.[1];
    if (!listed || listed.startsWith('/')) continue; // properties: /url, /placeholder
    const item = yamlKey(listed);
    const named = /^([\w-]+)(?: "((?:[^"\\]|\\.)*)")?(?: \[[^\]]*\])*:?(?: (.*))?$/.exec(item);
    if (!named) {
      nodes.push({ role: 'text', name: unquote(item) });
      continue;
    }
    const [, role = '', name, text] = named;
    if (name !== undefined) nodes.push({ role, name: unquote(`"${name}"`) });
    else if (role !== 'text') nodes.push({ role, name: '' });
    if (text !== undefined && text !== '')
      nodes.push({ role: role === 'text' ? 'text' : `${role} text`, name: unquote(text) });
  }
  return nodes;
}

/** A YAML list item whose key YAML had to quote (it holds a colon), with the quotes taken off the key. */
function yamlKey(item: string): string {
  if (!item.startsWith("'")) return item;
  let at = 1;
  let key = '';
  while (at < item.length) {
    if (item[at] === "'" && item[at + 1] === "'") {
      key += "'";
      at += 2;
    } else if (item[at] === "'") {
      break;
    } else {
      key += item[at++];
    }
  }
  return key + item.slice(at + 1);
}

function unquote(value: string): string {
  const trimmed = value.trim();
  if (trimmed.startsWith('"') && trimmed.endsWith('"')) {
    try {
      return JSON.parse(trimmed) as string;
    } catch {
      return trimmed.slice(1, -1);
    }
  }
  return trimmed;
}

const HANGUL = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/;
/** Each language's name in itself, offered as it is whatever the page's language. */
const ENDONYMS = new Set(['한국어', 'English']);

/**
 * What differs between a screen in Korean and the same screen in English, as lines a person can read; empty when
 * they agree. A language's own name ("한국어", "English") is the same on both screens.
 */
export function bilingualProblems(ko: Node[], en: Node[]): string[] {
  const problems: string[] = [];
  const shape = (nodes: Node[]) => nodes.map((node) => node.role).join(' ');
  if (shape(ko) !== shape(en)) {
    let at = 0;
    while (at < Math.min(ko.length, en.length) && ko[at]!.role === en[at]!.role) at++;
    const around = (nodes: Node[]) =>
      nodes
        .slice(Math.max(0, at - 2), at + 3)
        .map((node) => `${node.role} "${node.name}"`)
        .join(' | ');
    problems.push(`the two trees part at node ${at}: ko ${around(ko)} — en ${around(en)}`);
    return problems;
  }
  const words = catalogs();
  for (const [index, koNode] of ko.entries()) {
    const enNode = en[index]!;
    const where = `${koNode.role} ${index}`;
    if (words.isKey(koNode.name) || words.isKey(enNode.name))
      problems.push(`${where}: a key shown instead of its words: "${koNode.name}" / "${enNode.name}"`);
    if ((!koNode.name && !enNode.name) || (koNode.name === enNode.name && ENDONYMS.has(koNode.name)))
      continue;
    const koKeys = words.keysOf(koNode.name, 'ko');
    const enKeys = words.keysOf(enNode.name, 'en');
    if (koKeys.size === 0 && words.exactKeysOf(koNode.name, 'en').size > 0)
      problems.push(`${where}: English on the Korean screen: "${koNode.name}"`);
    else if (enKeys.size === 0 && words.exactKeysOf(enNode.name, 'ko').size > 0)
      problems.push(`${where}: Korean on the English screen: "${enNode.name}"`);
    else if (koKeys.size > 0 && enKeys.size > 0 && ![...koKeys].some((key) => enKeys.has(key)))
      problems.push(
        `${where}: "${koNode.name}" in Korean but "${enNode.name}" in English, not the same text`,
      );
    // A text of ours on one side only: a filled template may stand beside words of code (a count after a label),
    // so only an exact text counts, and one longer than a syllable ("일" is a day and Sunday both).
    else if (
      Math.min(koNode.name.length, enNode.name.length) > 1 &&
      ((words.exactKeysOf(koNode.name, 'ko').size > 0 && enKeys.size === 0) ||
        (words.exactKeysOf(enNode.name, 'en').size > 0 && koKeys.size === 0))
    )
      problems.push(
        `${where}: "${koNode.name}" in Korean but "${enNode.name}" in English, one of them no text of ours`,
      );
    if (HANGUL.test(enNode.name)) problems.push(`${where}: Hangul on the English screen: "${enNode.name}"`);
  }
  return problems;
}
