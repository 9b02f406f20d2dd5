// OpenAI keys: legacy `sk-<48 alphanumerics>`, project `sk-proj-...`, service account `sk-svcacct-...`,
// admin `sk-admin-...`. License keys start with PARLEY-, so any `sk-` token with a long tail is a mix-up.
const openAIKeyPattern = /^sk-(?:proj-|svcacct-|admin-|None-)?[A-Za-z0-9_-]{20,}$/;

/** True when text pasted into the license key field is an OpenAI API key instead (spec section 5, LI8). */
export function looksLikeOpenAIKey(text: string): boolean {
  return openAIKeyPattern.test(text.trim());
}
