import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { featureFlagDefaults, type FeatureFlag } from '@parley/core/license';
import { describe, expect, it } from 'vitest';

/**
 * Walks the spec's flag list (decisions 0126, 0138): the flags the web app reads (`flags.<name>` in
 * code, not comments, and those core's license gates read for the gates the app uses) are exactly
 * those README's `parley.config.json` section says take effect, so a
 * feature that starts honouring a flag updates the hosts' documentation, and the documentation never
 * promises a flag that does nothing.
 */
const root = path.resolve(import.meta.dirname, '../..');
const allFlags = Object.keys(featureFlagDefaults) as FeatureFlag[];

function flagsReadByTheApp(): Set<string> {
  const src = path.join(root, 'packages/web/src');
  const read = new Set<string>();
  for (const entry of readdirSync(src, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
    const text = readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
    for (const line of text.split('\n')) {
      if (/^\s*(\*|\/\/|\/\*)/.test(line)) continue;
      for (const match of line.matchAll(/\bflags\.(\w+)/g)) read.add(match[1]!);
    }
  }
  for (const flag of flagsReadByGates()) read.add(flag);
  return read;
}

/** The flags core's gates read (`canUse`: the flag that shows a feature, the members-only ones). */
function flagsReadByGates(): string[] {
  const gating = readFileSync(path.join(root, 'packages/core/src/license/gating.ts'), 'utf8');
  const tables = [...gating.matchAll(/const (?:flagShowingFeature|memberOnlyFlag)[^=]*= \{([^}]*)\}/g)];
  expect(tables).toHaveLength(2);
  return tables.flatMap((table) => [...table[1]!.matchAll(/:\s*'(\w+)'/g)].map((match) => match[1]!));
}

function flagsReadmeSaysAct(): Set<string> {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  const start = readme.indexOf('In this release these take effect:');
  const end = readme.indexOf('the others are accepted', start);
  expect(start).toBeGreaterThan(0);
  expect(end).toBeGreaterThan(start);
  return new Set([...readme.slice(start, end).matchAll(/`(\w+)`/g)].map((match) => match[1]!));
}

describe('feature flags and the hosts’ documentation', () => {
  it('every flag the app reads is a spec flag, and README lists exactly those as taking effect', () => {
    const read = flagsReadByTheApp();
    expect([...read].filter((flag) => !allFlags.includes(flag as FeatureFlag))).toEqual([]);
    expect(read.size).toBeGreaterThan(5);
    expect([...flagsReadmeSaysAct()].sort()).toEqual([...read].sort());
  });
});
