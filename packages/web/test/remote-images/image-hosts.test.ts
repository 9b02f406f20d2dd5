import { describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../support/memory-storage';
import {
  createImageHostList,
  IMAGE_HOSTS_KEY,
  imageHostPref,
  normaliseHost,
} from '../../src/features/remote-images/image-hosts';
import { imageSource } from '../../src/features/remote-images/image-source';

const ORIGIN = 'http://127.0.0.1:8788';

describe('image sources: only images that cost no request are inline', () => {
  it('data: raster images and this origin’s blob: URLs are inline', () => {
    expect(imageSource('data:image/png;base64,iVBORw0KGgo=', ORIGIN)).toEqual({
      kind: 'inline',
      src: 'data:image/png;base64,iVBORw0KGgo=',
    });
    const blob = `blob:${ORIGIN}/7a1c2f8e-0000-4000-8000-000000000000`;
    expect(imageSource(blob, ORIGIN)).toEqual({ kind: 'inline', src: blob });
  });

  it('http(s) and relative addresses are remote, with the host the browser would reach', () => {
    expect(imageSource('https://any.host/?q=chat%20text', ORIGIN)).toEqual({
      kind: 'remote',
      src: 'https://any.host/?q=chat%20text',
      host: 'any.host',
    });
    expect(imageSource('HTTP://Evil.Example:8080/x.png', ORIGIN)).toMatchObject({
      host: 'evil.example:8080',
    });
    expect(imageSource('/api/health', ORIGIN)).toMatchObject({ kind: 'remote', host: '127.0.0.1:8788' });
  });

  it('drops anything else: another origin’s blob, svg or html data, script', () => {
    expect(imageSource('blob:https://elsewhere.example/1', ORIGIN)).toBeUndefined();
    expect(imageSource('data:image/svg+xml,<svg/>', ORIGIN)).toBeUndefined();
    expect(imageSource('data:text/html,<script>1</script>', ORIGIN)).toBeUndefined();
    expect(imageSource('javascript:alert(1)', ORIGIN)).toBeUndefined();
  });
});

describe('allowed image hosts (TM_imageHosts, this device only)', () => {
  it('normalises hosts and refuses anything that is not one', () => {
    expect(normaliseHost(' Images.Example.COM:8443 ')).toBe('images.example.com:8443');
    expect(normaliseHost('[::1]:8080')).toBe('[::1]:8080');
    for (const bad of ['', 'https://a.example', 'a.example/path', 'a b', 42, null])
      expect(normaliseHost(bad)).toBeUndefined();
  });

  it('allow and remove persist, sorted and without duplicates; listeners hear each change', () => {
    const storage = memoryStorage();
    const list = createImageHostList(
      imageHostPref(() => storage),
      () => undefined,
    );
    const heard = vi.fn();
    const stop = list.subscribe(heard);
    list.allow('b.example');
    list.allow('A.example');
    list.allow('b.example');
    expect(list.hosts()).toEqual(['a.example', 'b.example']);
    expect(JSON.parse(storage.getItem(IMAGE_HOSTS_KEY)!)).toEqual(['a.example', 'b.example']);
    expect(list.allows('a.example')).toBe(true);
    list.remove('a.example');
    expect(list.allows('a.example')).toBe(false);
    expect(heard).toHaveBeenCalledTimes(3);
    stop();
    // A new list (the next start) reads what was kept; junk written by hand is ignored.
    storage.setItem(IMAGE_HOSTS_KEY, JSON.stringify(['b.example', 'not a host', 7]));
    expect(
      createImageHostList(
        imageHostPref(() => storage),
        () => undefined,
      ).hosts(),
    ).toEqual(['b.example']);
  });

  it('hears another tab’s change through the storage event, listening only while subscribed', () => {
    const storage = memoryStorage();
    const target = new EventTarget();
    const add = vi.spyOn(target, 'addEventListener');
    const remove = vi.spyOn(target, 'removeEventListener');
    const list = createImageHostList(
      imageHostPref(() => storage),
      () => target,
    );
    expect(list.hosts()).toEqual([]);
    expect(add).not.toHaveBeenCalled();
    const heard = vi.fn();
    const stop = list.subscribe(heard);
    storage.setItem(IMAGE_HOSTS_KEY, JSON.stringify(['other-tab.example']));
    target.dispatchEvent(Object.assign(new Event('storage'), { key: IMAGE_HOSTS_KEY }));
    expect(list.hosts()).toEqual(['other-tab.example']);
    expect(heard).toHaveBeenCalledOnce();
    stop();
    expect(remove).toHaveBeenCalledWith('storage', expect.any(Function));
  });
});
