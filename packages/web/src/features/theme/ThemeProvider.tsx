import { createContext, use, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import type { ThemeController, ThemeSnapshot } from './theme-controller';
import type { ThemeMode } from './theme-mode';

const ThemeContext = createContext<ThemeController | null>(null);

export function ThemeProvider({
  controller,
  children,
}: {
  controller: ThemeController;
  children: ReactNode;
}) {
  useEffect(() => controller.start(), [controller]);
  return <ThemeContext value={controller}>{children}</ThemeContext>;
}

export function useTheme(): ThemeSnapshot & { setMode: (mode: ThemeMode) => void } {
  const controller = use(ThemeContext);
  if (!controller) throw new Error('useTheme must be used inside <ThemeProvider>');
  const snapshot = useSyncExternalStore(controller.subscribe, controller.getSnapshot);
  return { ...snapshot, setMode: controller.setMode };
}
