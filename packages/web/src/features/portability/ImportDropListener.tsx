import { useEffect } from 'react';
import { useSettingsDialog } from '../settings';
import { usePendingImport } from './pending-import';

const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes('Files');

/**
 * Dropping an export file anywhere on the app opens the import preview (nothing is written until
 * the user confirms). Drops on a place that takes files itself (the composer) are left to it.
 */
export function ImportDropListener() {
  useEffect(() => {
    const over = (event: DragEvent) => {
      if (hasFiles(event) && !event.defaultPrevented) event.preventDefault();
    };
    const drop = (event: DragEvent) => {
      if (!hasFiles(event) || event.defaultPrevented) return;
      const file = event.dataTransfer?.files[0];
      if (!file) return;
      event.preventDefault();
      usePendingImport.getState().set(file);
      useSettingsDialog.getState().open('importExport');
    };
    window.addEventListener('dragover', over);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragover', over);
      window.removeEventListener('drop', drop);
    };
  }, []);
  return null;
}
