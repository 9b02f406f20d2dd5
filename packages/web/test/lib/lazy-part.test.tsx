import { act, fireEvent, render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../src/i18n';
import en from '../../src/i18n/locales/en.json';
import { lazyPart } from '../../src/lib/lazy-part';

const i18n = createI18n();
const view = (ui: ReactNode) => render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);

function Settings({ title }: { title: string }) {
  return <p>{title} content</p>;
}
type SettingsModule = { default: typeof Settings };
const chunkGone = () => new TypeError('Failed to fetch dynamically imported module');

/** A loader that fails `failures` times, then gives the module. */
function flakyLoader(failures: number) {
  let left = failures;
  return vi.fn(async (): Promise<SettingsModule> => {
    if (left > 0) {
      left -= 1;
      throw chunkGone();
    }
    return { default: Settings };
  });
}

/** Lets the retry waits (1 s each, lib/retrying-import.ts) pass and React settle. */
async function passRetryWaits(count: number) {
  for (let i = 0; i < count; i += 1) await act(() => vi.advanceTimersByTimeAsync(1000));
  await act(() => vi.advanceTimersByTimeAsync(0));
}

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('lazyPart: the one way to load a part lazily (decision 0100)', () => {
  it('a chunk that fails once is fetched again, and the part shows without the user doing anything', async () => {
    vi.useFakeTimers();
    const load = flakyLoader(1);
    const Part = lazyPart(load);
    view(<Part title="Settings" />);
    expect(screen.queryByText('Settings content')).toBeNull();
    await passRetryWaits(1);
    expect(screen.getByText('Settings content')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a chunk that keeps failing says so in place with Retry, and Retry loads it', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = flakyLoader(4); // the first try and its three retries
    const Part = lazyPart(load);
    view(
      <div>
        <p>The rest of the app</p>
        <Part title="Usage" />
      </div>,
    );
    await passRetryWaits(3);
    expect(screen.getByRole('alert').textContent).toContain(en.errors.partFailed);
    expect(screen.getByText('The rest of the app')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: en.errors.retry }));
    await passRetryWaits(0);
    expect(screen.getByText('Usage content')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(5);
  });

  it('offline, the part says it is offline at once, and loads by itself when the browser is back online', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    setOnline(false);
    const load = flakyLoader(1);
    const Part = lazyPart(load);
    view(<Part title="Data" />);
    expect((await screen.findByRole('alert')).textContent).toContain(en.errors.partOffline);
    expect(load).toHaveBeenCalledTimes(1);

    setOnline(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByText('Data content')).toBeTruthy();
  });

  it('an overlay that could not load tells its caller and shows nothing; opened again, it loads afresh', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    setOnline(false);
    const load = flakyLoader(1);
    const Part = lazyPart(load);
    const failed = vi.fn();
    const first = view(<Part title="Palette" onLoadFailed={failed} />);
    await vi.waitFor(() => expect(failed).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alert')).toBeNull();
    first.unmount();

    setOnline(true);
    view(<Part title="Palette" onLoadFailed={failed} />);
    expect(await screen.findByText('Palette content')).toBeTruthy();
    expect(failed).toHaveBeenCalledTimes(1);
  });

  it('a part shown again is there at once: its chunk is not asked for a second time', async () => {
    const load = flakyLoader(0);
    const Part = lazyPart(load);
    const first = view(<Part title="Agents" />);
    expect(await screen.findByText('Agents content')).toBeTruthy();
    first.unmount();
    view(<Part title="Agents" />);
    expect(screen.getByText('Agents content')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a part preloaded before it is first shown renders in that first render, its fallback never shown', async () => {
    const load = flakyLoader(0);
    const Part = lazyPart(load, { fallback: <p>Loading…</p> });
    await Part.preload();
    // Shown in the same synchronous render: no suspension, so React has nothing to reveal later.
    view(<Part title="Messages" />);
    expect(screen.getByText('Messages content')).toBeTruthy();
    expect(screen.queryByText('Loading…')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('picks a named export, shows the fallback while loading, and preload fetches the same module', async () => {
    // Like import(): every call gets the one module promise.
    let arrive: (module: { Named: typeof Settings }) => void = () => {};
    const module = new Promise<{ Named: typeof Settings }>((resolve) => (arrive = resolve));
    const load = vi.fn(() => module);
    const Part = lazyPart(load, { pick: (module) => module.Named, fallback: ({ title }) => <p>{title}…</p> });
    const preloaded = Part.preload();
    view(<Part title="Memory" />);
    expect(screen.getByText('Memory…')).toBeTruthy();
    arrive({ Named: Settings });
    await preloaded;
    expect(await screen.findByText('Memory content')).toBeTruthy();
  });

  it('an error the loaded part throws while rendering is not a load failure: it reaches the next boundary', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Broken(): ReactNode {
      throw new Error('render bug');
    }
    const Part = lazyPart(async () => ({ default: Broken }));
    class Outer extends Component<{ children: ReactNode }, { caught?: string }> {
      override state: { caught?: string } = {};
      static getDerivedStateFromError(error: Error) {
        return { caught: error.message };
      }
      override render() {
        return this.state.caught ? <p>outer caught {this.state.caught}</p> : this.props.children;
      }
    }
    view(
      <Outer>
        <Part />
      </Outer>,
    );
    expect(await screen.findByText('outer caught render bug')).toBeTruthy();
    expect(screen.queryByRole('button', { name: en.errors.retry })).toBeNull();
  });
});
