import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../lib/server';

/**
 * Real English word frequencies for the synthetic corpus, counted from the Markdown documentation
 * shipped in node_modules (technical prose, like many AI chats). Letter and trigram statistics
 * then match real text, which is what decides how selective the search filters are. Deterministic
 * for a given lockfile.
 */
export type WordCount = readonly [word: string, count: number];

function markdownFiles(dir: string, found: string[], depth = 0): void {
  if (depth > 6) return;
  let entries: string[];
  try {
    entries = readdirSync(dir).sort();
  } catch {
    return;
  }
  for (const name of entries) {
    const full = path.join(dir, name);
    let stats;
    try {
      stats = statSync(full);
    } catch {
      continue;
    }
    if (stats.isDirectory()) markdownFiles(full, found, depth + 1);
    else if (name.toLowerCase().endsWith('.md') && stats.size > 4_000) found.push(full);
  }
}

export function loadVocabulary(): WordCount[] {
  const files: string[] = [];
  markdownFiles(path.join(REPO_ROOT, 'node_modules'), files);
  const counts = new Map<string, number>();
  for (const file of files) {
    // Prose only: drop fenced code blocks and inline code.
    const prose = readFileSync(file, 'utf8')
      .replace(/```[\s\S]*?```/g, ' ')
      .replace(/`[^`]*`/g, ' ')
      .replace(/\bhttps?:\/\/\S+/g, ' ')
      .replace(/\]\([^)]*\)/g, ' ');
    for (const match of prose.toLowerCase().matchAll(/\b[a-z]{2,16}\b/g)) {
      counts.set(match[0], (counts.get(match[0]) ?? 0) + 1);
    }
  }
  const words = [...counts];
  words.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  if (words.length < 1000) throw new Error(`only ${words.length} words found under node_modules`);
  return words;
}
