// The test reads the app's source files; the app itself never imports Node.
// eslint-disable-next-line no-restricted-imports
import { readdirSync, readFileSync } from 'node:fs';
// eslint-disable-next-line no-restricted-imports
import path from 'node:path';
// eslint-disable-next-line no-restricted-imports
import { fileURLToPath } from 'node:url';
import { planFeatures } from '@parley/core/license';
import { describe, expect, it } from 'vitest';
import { enforcedFeatures } from '../../src/features/license/enforced-features';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/**
 * The plan features the app's gates name: the first argument of every `useFeatureAccess(…)` and
 * `canUse(…)` call outside the license feature itself (which lists every feature to show them).
 */
function gatedInSource(): Set<string> {
  const named = new Set<string>();
  for (const file of sourceFiles(SRC)) {
    if (file.includes(`${path.sep}features${path.sep}license${path.sep}`)) continue;
    const text = readFileSync(file, 'utf8');
    for (const call of text.matchAll(/\b(?:useFeatureAccess|canUse)\(\s*([^,)]+)/g)) {
      for (const word of call[1]!.matchAll(/'(\w+)'/g)) named.add(word[1]!);
    }
  }
  return new Set([...named].filter((feature) => (planFeatures as readonly string[]).includes(feature)));
}

describe('the plans are derived from the gates the app enforces', () => {
  it('every gate in the code names a feature of the list, and every feature of the list has a gate', () => {
    const gated = gatedInSource();
    expect([...gated].sort()).toEqual([...enforcedFeatures].sort());
  });
});
