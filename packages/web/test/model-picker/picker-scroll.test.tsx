import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ModelPickerPanel from '../../src/features/model-picker/ModelPickerPanel';
import { createI18n } from '../../src/i18n';
import { giveElementsSize } from '../support/element-size';
import { keyVaultStore, WithAppState } from '../support/test-app-state';

function openPicker() {
  render(
    <I18nextProvider i18n={createI18n()}>
      <WithAppState>
        <ModelPickerPanel
          listId="models"
          currentId=""
          keepModel={undefined}
          anchorRef={{ current: document.body }}
          onChoose={() => {}}
          onClose={() => {}}
        />
      </WithAppState>
    </I18nextProvider>,
  );
}

describe('the model list scrolls for the keyboard, not for the pointer', () => {
  const scrollTo = vi.fn();
  // The picker's size, so the virtual list renders rows.
  giveElementsSize(420, 380);
  afterEach(() => {
    scrollTo.mockReset();
    keyVaultStore.getState().forgetKeys();
    localStorage.clear();
  });

  it('leaves the list where it is when an option is hovered, and follows Ctrl+End', async () => {
    await keyVaultStore.getState().setKey('openai', 'sk-test');
    await keyVaultStore.getState().setKey('anthropic', 'sk-ant-test');
    HTMLElement.prototype.scrollTo = scrollTo as unknown as typeof HTMLElement.prototype.scrollTo;
    openPicker();
    const options = await screen.findAllByRole('option');
    expect(options.length).toBeGreaterThan(3);
    scrollTo.mockReset();

    // Hovering makes an option active (it is highlighted) without scrolling the list under the
    // pointer, which would put another option there and hover it in turn.
    fireEvent.mouseMove(options[2]!);
    expect(
      screen.getByRole('searchbox', { name: 'Search models' }).getAttribute('aria-activedescendant'),
    ).toBe(options[2]!.id);
    expect(scrollTo).not.toHaveBeenCalled();

    fireEvent.keyDown(screen.getByRole('searchbox', { name: 'Search models' }), {
      key: 'End',
      ctrlKey: true,
    });
    expect(scrollTo).toHaveBeenCalled();
  });

  it('does not scroll at a keystroke while the list is at the top (a scroll would force a layout)', async () => {
    await keyVaultStore.getState().setKey('openai', 'sk-test');
    HTMLElement.prototype.scrollTo = scrollTo as unknown as typeof HTMLElement.prototype.scrollTo;
    openPicker();
    await screen.findAllByRole('option');
    scrollTo.mockReset();
    const search = screen.getByRole('searchbox', { name: 'Search models' });
    for (const query of ['g', 'gp', 'gpt', 'gpt-5']) fireEvent.change(search, { target: { value: query } });
    expect(screen.getByRole('listbox').getAttribute('data-query')).toBe('gpt-5');
    expect(screen.getAllByRole('option').length).toBeGreaterThan(0);
    expect(scrollTo).not.toHaveBeenCalled();
    // The first match is the active option.
    expect(search.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[0]!.id);
  });
});
