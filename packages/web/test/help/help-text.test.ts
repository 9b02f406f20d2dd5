// The README as written; the app bundles it at build time.
// eslint-disable-next-line no-restricted-imports
import { readFileSync } from 'node:fs';
// eslint-disable-next-line no-restricted-imports
import path from 'node:path';
// eslint-disable-next-line no-restricted-imports
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cutUnderHeading, filterSections, slugify, splitSections } from '../../src/features/help/help-text';

const sample = [
  '# Parley',
  'Intro.',
  '## Using Parley',
  'Lead-in text.',
  '### Chat with a model',
  'Pick a model.',
  '```sh',
  '# not a heading',
  '## not either',
  '```',
  '### Voice',
  'Talk to it.',
  '### Voice',
  'Again.',
  '## Development',
  '### Tests',
  'npm test',
].join('\n');

describe('help texts', () => {
  it('cuts the part under a heading up to the next heading of its level, ignoring code blocks', () => {
    const guide = cutUnderHeading(sample, 'Using Parley');
    expect(guide.startsWith('Lead-in text.')).toBe(true);
    expect(guide).toContain('## not either');
    expect(guide).toContain('Again.');
    expect(guide).not.toContain('Development');
    expect(guide).not.toContain('npm test');
    expect(cutUnderHeading(sample, 'Missing')).toBe('');
  });

  it('splits into sections with unique anchor ids', () => {
    const sections = splitSections(cutUnderHeading(sample, 'Using Parley'));
    expect(sections.map((s) => s.id)).toEqual(['chat-with-a-model', 'voice', 'voice-2']);
    expect(sections[0]?.body).toContain('# not a heading');
    expect(slugify('Prompts, profiles and memory')).toBe('prompts-profiles-and-memory');
  });

  it('filters sections by every word of the query, in titles and text', () => {
    const sections = splitSections(cutUnderHeading(sample, 'Using Parley'));
    expect(filterSections(sections, 'TALK').map((s) => s.id)).toEqual(['voice']);
    expect(filterSections(sections, 'model pick').map((s) => s.id)).toEqual(['chat-with-a-model']);
    expect(filterSections(sections, '  ')).toHaveLength(3);
    expect(filterSections(sections, 'nothing-like-this')).toEqual([]);
  });

  it("finds the README's user guide sections", () => {
    const readme = readFileSync(
      path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../README.md'),
      'utf8',
    );
    const sections = splitSections(cutUnderHeading(readme, 'Using Parley'));
    expect(sections.length).toBeGreaterThan(10);
    expect(sections.map((s) => s.id)).toContain('voice');
    expect(sections.some((s) => s.title.includes('Host Parley'))).toBe(false);
  });
});
