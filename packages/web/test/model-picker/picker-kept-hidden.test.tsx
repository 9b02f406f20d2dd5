import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { modelCatalogue } from '@parley/core/models';
import { afterEach, describe, expect, it } from 'vitest';
import ModelPickerPanel from '../../src/features/model-picker/ModelPickerPanel';
import { createI18n } from '../../src/i18n';
import { giveElementsSize } from '../support/element-size';
import { keyVaultStore, WithAppState } from '../support/test-app-state';

const i18n = createI18n();

function panel(shown: boolean, currentId = '') {
  return (
    <I18nextProvider i18n={i18n}>
      <WithAppState>
        <ModelPickerPanel
          listId="models"
          currentId={currentId}
          keepModel={undefined}
          anchorRef={{ current: document.body }}
          shown={shown}
          onChoose={() => {}}
          onClose={() => {}}
        />
      </WithAppState>
    </I18nextProvider>
  );
}

const search = () => screen.getByRole('searchbox', { name: 'Search models' });

// Decision 0157: the top bar's picker keeps its popup after the first opening, hidden while closed,
// so that opening again only shows it. Hidden, it must be gone for the user and for assistive tech,
// and each opening must find it as a fresh one would be.
describe('a kept model picker popup', () => {
  // The picker's size, so the virtual list renders rows.
  giveElementsSize(420, 380);
  afterEach(() => {
    keyVaultStore.getState().forgetKeys();
    localStorage.clear();
  });

  it('is invisible and out of the accessibility tree while closed, and focuses its search when shown', async () => {
    await keyVaultStore.getState().setKey('openai', 'sk-test');
    const view = render(panel(true));
    await screen.findAllByRole('option');
    expect(document.activeElement).toBe(search());

    view.rerender(panel(false));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.queryByRole('searchbox')).toBeNull();
    const popup = document.getElementById('models')!.closest('[aria-hidden="true"]') as HTMLElement | null;
    expect(popup).not.toBeNull();
    // Not seen, hence neither clicked nor reached with Tab.
    expect(popup!.style.visibility).toBe('hidden');

    (document.activeElement as HTMLElement).blur();
    view.rerender(panel(true));
    expect(screen.getByRole('listbox', { name: 'Models' })).toBeTruthy();
    expect(document.activeElement).toBe(search());
    expect(document.getElementById('models')!.closest('[aria-hidden]')).toBeNull();
  });

  it('opens again with an empty search and the chosen model active, as a first opening does', async () => {
    await keyVaultStore.getState().setKey('openai', 'sk-test');
    const chosen = modelCatalogue.filter((model) => model.provider === 'openai' && !model.retired)[3]!;
    const view = render(panel(true));
    await screen.findAllByRole('option');
    fireEvent.change(search(), { target: { value: 'zzz-no-such-model' } });
    expect(screen.queryAllByRole('option')).toHaveLength(0);

    // Closed (the search is cleared while hidden), the chat's model changes, and it opens again.
    view.rerender(panel(false));
    view.rerender(panel(false, chosen.id));
    view.rerender(panel(true, chosen.id));
    expect((search() as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('listbox').getAttribute('data-query')).toBe('');
    const active = document.getElementById(search().getAttribute('aria-activedescendant')!)!;
    expect(active.getAttribute('aria-selected')).toBe('true');
    expect(active.textContent).toContain(chosen.title);
  });
});
