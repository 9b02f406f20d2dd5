import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAgentsDialog } from '../../src/features/agents';
import PalettePanel from '../../src/features/command-palette/PalettePanel';
import { useFeatureFlags } from '../../src/features/license/feature-flags-store';
import { usePluginsDialog } from '../../src/features/plugins';
import { ThemeProvider } from '../../src/features/theme';
import en from '../../src/i18n/locales/en.json';
import { renderWithChat } from '../chat/render-chat';
import { testServices } from '../support/test-services';

/**
 * The palette leads to the AI agents and Plugins screens, so they stay reachable when the host
 * turns the sidebar's links off (navBar), and it offers neither when its own flag is off.
 */
describe('the command palette opens the AI agents and Plugins screens', () => {
  afterEach(() => {
    useFeatureFlags.getState().setFlags({});
    useAgentsDialog.setState({ isOpen: false });
    usePluginsDialog.setState({ isOpen: false });
  });

  const palette = (onClose = vi.fn()) =>
    renderWithChat(
      <ThemeProvider controller={testServices().services.theme}>
        <PalettePanel onClose={onClose} />
      </ThemeProvider>,
    );

  it('opens each screen from its command', async () => {
    useFeatureFlags.getState().setFlags({ navBar: false });
    const user = userEvent.setup();
    const onClose = vi.fn();
    palette(onClose);
    await user.click(await screen.findByRole('option', { name: en.palette.commands.openAgents }));
    expect(useAgentsDialog.getState().isOpen).toBe(true);
    await user.click(screen.getByRole('option', { name: en.palette.commands.openPlugins }));
    expect(usePluginsDialog.getState().isOpen).toBe(true);
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('offers neither while pickCharacters and usePlugins are off', async () => {
    useFeatureFlags.getState().setFlags({ pickCharacters: false, usePlugins: false });
    palette();
    expect(await screen.findByRole('option', { name: en.palette.commands.settings })).toBeTruthy();
    expect(screen.queryByRole('option', { name: en.palette.commands.openAgents })).toBeNull();
    expect(screen.queryByRole('option', { name: en.palette.commands.openPlugins })).toBeNull();
  });
});
