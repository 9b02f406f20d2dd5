import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { ImportSummary } from '@parley/core/import';
import { createI18n } from '../../src/i18n';
import { ImportPreview } from '../../src/features/portability/ImportPreview';

const summary: ImportSummary = {
  format: 'parley',
  chats: 12,
  messages: 340,
  branchedChats: 2,
  folders: 1,
  projects: 0,
  prompts: 0,
  agents: 0,
  plugins: 0,
  profiles: 0,
  memory: 0,
  usage: 0,
  hasSettings: false,
  attachments: 7,
  from: '2024-02-03T10:00:00.000Z',
  to: '2026-05-06T10:00:00.000Z',
  skipped: {},
  problems: [],
  endpointHosts: [],
};

describe('the import preview', () => {
  it('IM6 says how many chats, messages and attachments the file holds', () => {
    render(
      <I18nextProvider i18n={createI18n()}>
        <ImportPreview fileName="export.zip" summary={summary} onConfirm={() => {}} onCancel={() => {}} />
      </I18nextProvider>,
    );
    const counts = screen.getByTestId('import-counts');
    const countOf = (label: string) =>
      [...counts.children].find((cell) => cell.lastElementChild?.textContent === label)?.firstElementChild
        ?.textContent;
    expect(countOf('chats')).toBe('12');
    expect(countOf('messages')).toBe('340');
    expect(countOf('attachments')).toBe('7');
    expect(screen.getByText(/^From .*2024.* to .*2026/)).toBeTruthy();
  });

  it('DC7 names every host the file’s agent endpoints send to, and that they arrive off', () => {
    const { rerender } = render(
      <I18nextProvider i18n={createI18n()}>
        <ImportPreview fileName="export.zip" summary={summary} onConfirm={() => {}} onCancel={() => {}} />
      </I18nextProvider>,
    );
    expect(screen.queryByTestId('import-endpoint-hosts')).toBeNull();
    rerender(
      <I18nextProvider i18n={createI18n()}>
        <ImportPreview
          fileName="export.zip"
          summary={{ ...summary, endpointHosts: ['api.shop.example', 'collect.evil.example'] }}
          onConfirm={() => {}}
          onCancel={() => {}}
        />
      </I18nextProvider>,
    );
    const line = screen.getByTestId('import-endpoint-hosts').textContent ?? '';
    expect(line).toContain('api.shop.example, collect.evil.example');
    expect(line).toContain('stay off on this device');
  });
});
