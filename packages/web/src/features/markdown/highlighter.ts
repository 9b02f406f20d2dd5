import type { HighlighterCore, ThemedToken } from 'shiki/core';

/**
 * Syntax highlighting, loaded on the first code block: shiki's core with the JavaScript regex engine
 * (no WebAssembly) and each language as its own chunk, fetched when a block of it first appears.
 */

type LanguageModule = Promise<{ default: unknown }>;

const languageLoaders: Readonly<Record<string, () => LanguageModule>> = {
  bash: () => import('shiki/langs/bash.mjs'),
  c: () => import('shiki/langs/c.mjs'),
  cpp: () => import('shiki/langs/cpp.mjs'),
  csharp: () => import('shiki/langs/csharp.mjs'),
  css: () => import('shiki/langs/css.mjs'),
  diff: () => import('shiki/langs/diff.mjs'),
  dockerfile: () => import('shiki/langs/dockerfile.mjs'),
  go: () => import('shiki/langs/go.mjs'),
  html: () => import('shiki/langs/html.mjs'),
  java: () => import('shiki/langs/java.mjs'),
  javascript: () => import('shiki/langs/javascript.mjs'),
  json: () => import('shiki/langs/json.mjs'),
  jsx: () => import('shiki/langs/jsx.mjs'),
  kotlin: () => import('shiki/langs/kotlin.mjs'),
  latex: () => import('shiki/langs/latex.mjs'),
  markdown: () => import('shiki/langs/markdown.mjs'),
  php: () => import('shiki/langs/php.mjs'),
  python: () => import('shiki/langs/python.mjs'),
  ruby: () => import('shiki/langs/ruby.mjs'),
  rust: () => import('shiki/langs/rust.mjs'),
  scss: () => import('shiki/langs/scss.mjs'),
  sql: () => import('shiki/langs/sql.mjs'),
  swift: () => import('shiki/langs/swift.mjs'),
  toml: () => import('shiki/langs/toml.mjs'),
  tsx: () => import('shiki/langs/tsx.mjs'),
  typescript: () => import('shiki/langs/typescript.mjs'),
  xml: () => import('shiki/langs/xml.mjs'),
  yaml: () => import('shiki/langs/yaml.mjs'),
};

const aliases: Readonly<Record<string, string>> = {
  sh: 'bash',
  shell: 'bash',
  zsh: 'bash',
  console: 'bash',
  'c++': 'cpp',
  'c#': 'csharp',
  cs: 'csharp',
  docker: 'dockerfile',
  golang: 'go',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  kt: 'kotlin',
  tex: 'latex',
  md: 'markdown',
  py: 'python',
  rb: 'ruby',
  rs: 'rust',
  ts: 'typescript',
  mts: 'typescript',
  yml: 'yaml',
  svg: 'xml',
};

/** The shiki language id for a fence's info string, or undefined when we do not highlight it. */
export function resolveLanguage(info: string | undefined): string | undefined {
  if (!info) return undefined;
  const name = info.trim().toLowerCase();
  const id = aliases[name] ?? name;
  return id in languageLoaders ? id : undefined;
}

let highlighter: Promise<HighlighterCore> | undefined;
const loadedLanguages = new Map<string, Promise<void>>();

function getHighlighter(): Promise<HighlighterCore> {
  highlighter ??= (async () => {
    const [{ createHighlighterCore }, { createJavaScriptRegexEngine }] = await Promise.all([
      import('shiki/core'),
      import('shiki/engine/javascript'),
    ]);
    return createHighlighterCore({
      themes: [import('shiki/themes/github-light.mjs'), import('shiki/themes/github-dark.mjs')],
      langs: [],
      engine: createJavaScriptRegexEngine(),
    });
  })();
  return highlighter;
}

async function ensureLanguage(core: HighlighterCore, language: string): Promise<void> {
  let loading = loadedLanguages.get(language);
  if (!loading) {
    const load = languageLoaders[language];
    if (!load) return;
    loading = load().then((module) =>
      core.loadLanguage(module.default as Parameters<HighlighterCore['loadLanguage']>[0]),
    );
    loadedLanguages.set(language, loading);
  }
  await loading;
}

const MAX_CACHED = 200;
const cache = new Map<string, ThemedToken[][]>();

/** Highlighted from cache, synchronously (a list item scrolled back into view shows colour at once). */
export function cachedTokens(code: string, language: string): ThemedToken[][] | undefined {
  return cache.get(`${language}\u0000${code}`);
}

/** Tokens with both themes' colours (`color` light, `--shiki-dark` dark); undefined if not highlightable. */
export async function highlightCode(code: string, language: string): Promise<ThemedToken[][] | undefined> {
  const key = `${language}\u0000${code}`;
  const hit = cache.get(key);
  if (hit) return hit;
  if (!(language in languageLoaders)) return undefined;
  const core = await getHighlighter();
  await ensureLanguage(core, language);
  const { tokens } = core.codeToTokens(code, {
    lang: language,
    themes: { light: 'github-light', dark: 'github-dark' },
  });
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
  cache.set(key, tokens);
  return tokens;
}
