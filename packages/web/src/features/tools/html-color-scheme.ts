/**
 * The colour scheme a `render_html` result is shown in. Plugin pages are written for a light page;
 * on the dark theme, a page that sets no colours of its own (plain headings, lists, tables) is shown
 * dark so it does not glare, while a page with its own colours, styles or stylesheets keeps the light
 * canvas it was designed on (dark text on a dark canvas would be unreadable).
 */
const OWN_COLOURS = /color|background|<style|<link|\bfill\s*=|\bstroke\s*=/i;

export function htmlColorScheme(html: string, appTheme: 'light' | 'dark'): 'light' | 'dark' {
  return appTheme === 'dark' && !OWN_COLOURS.test(html) ? 'dark' : 'light';
}
