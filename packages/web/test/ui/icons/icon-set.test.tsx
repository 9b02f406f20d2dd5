import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { IconProps } from '../../../src/ui/icons/icon';
import * as chat from '../../../src/ui/icons/chat';
import * as message from '../../../src/ui/icons/message';
import * as settings from '../../../src/ui/icons/settings';
import * as shell from '../../../src/ui/icons/shell';
import * as sidebar from '../../../src/ui/icons/sidebar';

// Each module with the size its icons take when none is asked for.
const modules = [
  { name: 'shell', exports: shell, defaultSize: 18 },
  { name: 'settings', exports: settings, defaultSize: 18 },
  { name: 'sidebar', exports: sidebar, defaultSize: 16 },
  { name: 'chat', exports: chat, defaultSize: 16 },
  { name: 'message', exports: message, defaultSize: 16 },
];

const icons = modules.flatMap(({ name, exports, defaultSize }) =>
  Object.entries(exports).map(([exportName, value]) => ({
    id: `${name}/${exportName}`,
    exportName,
    value,
    defaultSize,
  })),
);

function renderSvg(Glyph: ComponentType<IconProps>, props: IconProps = {}): SVGSVGElement {
  const markup = renderToStaticMarkup(createElement(Glyph, props));
  const root = new DOMParser().parseFromString(markup, 'image/svg+xml').documentElement;
  expect(root.tagName).toBe('svg');
  return root as unknown as SVGSVGElement;
}

describe('the icon set', () => {
  it('exports only icon components, each by its own name (no barrel object, so unused icons tree-shake)', () => {
    expect(icons.length).toBeGreaterThan(60);
    for (const { id, exportName, value } of icons) {
      expect(exportName, id).toMatch(/^[A-Z][A-Za-z]*Icon$/);
      expect(typeof value, id).toBe('function');
    }
  });

  it.each(icons)('$id renders a decorative svg of the size asked for', ({ value }) => {
    const svg = renderSvg(value as ComponentType<IconProps>, { size: 20 });
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect(svg.getAttribute('focusable')).toBe('false');
    expect(svg.getAttribute('width')).toBe('20');
    expect(svg.getAttribute('height')).toBe('20');
    expect(svg.getAttribute('viewBox')).toBe('0 0 24 24');
    expect(svg.children.length).toBeGreaterThan(0);
  });

  it.each(icons)('$id takes its module default size when none is asked for', ({ value, defaultSize }) => {
    const svg = renderSvg(value as ComponentType<IconProps>);
    expect(svg.getAttribute('width')).toBe(String(defaultSize));
    expect(svg.getAttribute('height')).toBe(String(defaultSize));
  });

  it('passes other svg props through (a caller can add a class)', () => {
    const svg = renderSvg(shell.PlusIcon, { className: 'text-accent' });
    expect(svg.getAttribute('class')).toBe('text-accent');
    expect(svg.getAttribute('aria-hidden')).toBe('true');
  });

  it('draws each glyph once: no two icons render the same shapes', () => {
    const byDrawing = new Map<string, string>();
    for (const { id, value } of icons) {
      const drawing = renderSvg(value as ComponentType<IconProps>, { size: 24 }).innerHTML;
      expect(
        byDrawing.get(drawing),
        `${id} draws the same shapes as ${byDrawing.get(drawing)}`,
      ).toBeUndefined();
      byDrawing.set(drawing, id);
    }
  });
});
