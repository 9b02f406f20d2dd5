// Theme: light, dark or system, kept as a local setting and applied before the first paint.
export { createThemeController, type ThemeController } from './theme-controller';
export { themeModePref } from './theme-mode';
export { ThemeModeSetting } from './ThemeModeSetting';
export { ThemeProvider, useTheme } from './ThemeProvider';
