import type { HighlighterCore, ThemedToken } from 'shiki/core';
import { languageLoaders } from './highlight-languages';
import type { HighlightRequest, HighlightResponse } from './highlight-protocol';

/**
 * shiki's core with the JavaScript regex engine (no WebAssembly, no eval). It runs in the
 * highlighting worker: compiling a grammar and tokenizing a long block take hundreds of ms, which the
 * page must not spend while an answer streams.
 */

/**
 * GitHub's own light and dark themes, whose colours read at 4.5:1 or more on the code block's
 * background (bg-sunken) in both themes but one: the light comment grey, replaced by a darker one.
 */
export const CODE_THEMES = { light: 'github-light-default', dark: 'github-dark-default' } as const;
export const CODE_COLOR_REPLACEMENTS = { 'github-light-default': { '#6e7781': '#59636e' } };

let highlighter: Promise<HighlighterCore> | undefined;
const loadedLanguages = new Map<string, Promise<void>>();

function getHighlighter(): Promise<HighlighterCore> {
  highlighter ??= (async () => {
    const [{ createHighlighterCore }, { createJavaScriptRegexEngine }] = await Promise.all([
      import('shiki/core'),
      import('shiki/engine/javascript'),
    ]);
    return createHighlighterCore({
      themes: [
        import('shiki/themes/github-light-default.mjs'),
        import('shiki/themes/github-dark-default.mjs'),
      ],
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

/** Tokens with both themes' colours (`color` light, `--shiki-dark` dark); undefined if not highlightable. */
export async function tokenize(code: string, language: string): Promise<ThemedToken[][] | undefined> {
  if (!(language in languageLoaders)) return undefined;
  const core = await getHighlighter();
  await ensureLanguage(core, language);
  return core.codeToTokens(code, {
    lang: language,
    themes: CODE_THEMES,
    colorReplacements: CODE_COLOR_REPLACEMENTS,
  }).tokens;
}

/** The worker's answer to one request; a failure is reported in it (the block stays plain). */
export async function answer(request: HighlightRequest): Promise<HighlightResponse> {
  try {
    return { id: request.id, tokens: await tokenize(request.code, request.language) };
  } catch (error) {
    return { id: request.id, tokens: undefined, error: String(error) };
  }
}
