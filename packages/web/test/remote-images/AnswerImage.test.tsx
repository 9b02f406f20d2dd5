import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../support/memory-storage';
import { AnswerImage } from '../../src/features/remote-images/AnswerImage';
import { createImageHostList, imageHostPref } from '../../src/features/remote-images/image-hosts';
import { ImageHostsSetting } from '../../src/features/remote-images/ImageHostsSetting';
import { createI18n } from '../../src/i18n';

const ORIGIN = 'http://127.0.0.1:8788';
const LEAK = 'https://any.host/pixel.png?q=my%20secret%20plan';

function setup(initialHosts: string[] = []) {
  const storage = memoryStorage({ TM_imageHosts: JSON.stringify(initialHosts) });
  const hosts = createImageHostList(
    imageHostPref(() => storage),
    () => undefined,
  );
  const i18n = createI18n();
  const view = (ui: React.ReactNode) => render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);
  return { hosts, storage, view };
}

describe('images in answers', () => {
  it('a remote image is not in the page (nothing fetched) until the user clicks Load image', () => {
    const { hosts, view } = setup();
    const { container } = view(<AnswerImage src={LEAK} alt="chart" hosts={hosts} origin={ORIGIN} />);
    expect(container.querySelector('img')).toBeNull();
    const placeholder = screen.getByRole('group', { name: 'Image from any.host' });
    expect(placeholder.textContent).toContain('“chart”');
    fireEvent.click(screen.getByRole('button', { name: 'Load image' }));
    const image = screen.getByRole('img', { name: 'chart' });
    expect(image.getAttribute('src')).toBe(LEAK);
    expect(image.getAttribute('referrerpolicy')).toBe('no-referrer');
    expect(document.activeElement).toBe(image);
    // Loading one image does not allow its host.
    expect(hosts.allows('any.host')).toBe(false);
  });

  it('"Always load from this host" loads every image of that host, and the setting lists it', () => {
    const { hosts, storage, view } = setup();
    const { container } = view(
      <>
        <AnswerImage src={LEAK} alt="one" hosts={hosts} origin={ORIGIN} />
        <AnswerImage src="https://any.host/two.png" alt="two" hosts={hosts} origin={ORIGIN} />
        <AnswerImage src="https://other.example/three.png" alt="three" hosts={hosts} origin={ORIGIN} />
        <ImageHostsSetting hosts={hosts} />
      </>,
    );
    expect(screen.getByText(/No sites yet/)).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Always load from this host' })[0]!);
    expect([...container.querySelectorAll('img')].map((img) => img.alt)).toEqual(['one', 'two']);
    expect(JSON.parse(storage.getItem('TM_imageHosts')!)).toEqual(['any.host']);
    expect(screen.getByRole('list', { name: 'Images in answers' }).textContent).toContain('any.host');

    // Removed in Settings: the images of that host wait for a click again.
    act(() =>
      fireEvent.click(
        screen.getByRole('button', { name: 'Stop loading images from any.host automatically' }),
      ),
    );
    expect(container.querySelectorAll('img')).toHaveLength(0);
    // Focus stays in Settings (on the empty list's note), not lost to the page.
    expect(document.activeElement?.textContent).toMatch(/No sites yet/);
    expect(screen.getAllByRole('group', { name: /^Image from/ })).toHaveLength(3);
    expect(JSON.parse(storage.getItem('TM_imageHosts')!)).toEqual([]);
  });

  it('an allowed host loads at once; inline data: images show; other schemes show nothing', () => {
    const { hosts, view } = setup(['any.host']);
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    const { container } = view(
      <>
        <AnswerImage src={LEAK} alt="allowed" hosts={hosts} origin={ORIGIN} />
        <AnswerImage src={png} alt="inline" hosts={hosts} origin={ORIGIN} />
        <AnswerImage src="javascript:alert(1)" alt="bad" hosts={hosts} origin={ORIGIN} />
      </>,
    );
    expect([...container.querySelectorAll('img')].map((img) => [img.alt, img.getAttribute('src')])).toEqual([
      ['allowed', LEAK],
      ['inline', png],
    ]);
    expect(screen.queryByRole('group')).toBeNull();
  });
});
