import { jsonFile, saveFile } from '../../lib/save-file';

/** Saves text as a .json download (the browser's own save flow). */
export function downloadJson(json: string, baseName: string): void {
  const safe =
    baseName
      .replace(/[^\p{L}\p{N} _.-]+/gu, '')
      .trim()
      .slice(0, 80) || 'chat';
  void saveFile(`${safe}.json`, jsonFile(json));
}
