import { describe, expect, it } from 'vitest';
import { htmlColorScheme } from '../../src/features/tools/html-color-scheme';

describe('the colour scheme of a render_html result', () => {
  it('is dark on the dark theme for a page without colours of its own', () => {
    expect(htmlColorScheme('<h1>Hi</h1><table><tr><td>1</td></tr></table>', 'dark')).toBe('dark');
    expect(htmlColorScheme('<p style="height:400px">tall</p>', 'dark')).toBe('dark');
  });

  it('stays light on the light theme, and for pages that bring colours, styles or stylesheets', () => {
    expect(htmlColorScheme('<h1>Hi</h1>', 'light')).toBe('light');
    for (const html of [
      '<p style="color:#333">x</p>',
      '<div style="background: white">x</div>',
      '<style>p { margin: 0 }</style><p>x</p>',
      '<link rel="stylesheet" href="https://example.com/a.css"><p>x</p>',
      '<table bgcolor="#fff"><tr><td>x</td></tr></table>',
      '<svg><rect fill="black" width="4" height="4"/></svg>',
    ]) {
      expect(htmlColorScheme(html, 'dark')).toBe('light');
    }
  });
});
