import { nextTask } from './next-task';

/** How long a download's object URL lives: long enough for the browser to start saving a large file. */
const REVOKE_AFTER_MS = 60_000;

/**
 * The app's one way to save a file with the browser's own download flow. Registering the object URL
 * and starting the download each take a synchronous round trip to the browser (10-70 ms for a large
 * zip on a busy machine), so they run as two tasks, and the caller's next step as a third. The URL
 * is revoked a minute later: revoking it sooner can cut a large download short.
 */
export async function saveFile(fileName: string, file: Blob): Promise<void> {
  const url = URL.createObjectURL(file);
  await nextTask();
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  await nextTask();
}

/** A JSON text as a file to save. */
export function jsonFile(text: string): Blob {
  return new Blob([text], { type: 'application/json' });
}
