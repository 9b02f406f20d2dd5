import type { SnapshotInfo, StorageIssue } from '@parley/core/storage';
import type { i18n } from 'i18next';
import type { StartupProblem } from '../../adapters/storage';
import { formatFor } from '../../i18n';
import { notify } from '../toasts';

type NoticeKey =
  | 'data.notices.restoredAfterUpgrade'
  | 'data.notices.damaged'
  | 'data.notices.open-indexeddb'
  | 'data.notices.open-localstorage'
  | 'data.notices.legacy-migration';
type Notice = {
  key: NoticeKey;
  id: string;
  /** A moment shown as {{date}}, formatted in the language shown once translations exist. */
  dateAt?: number;
  tone?: 'error' | 'success';
};

/**
 * Tells the user about storage trouble with a toast: a damaged stored value (read with defaults in
 * its place) and a start that had to fall back (localStorage holds only a few MB; memory keeps
 * nothing). The store opens before translations exist, so toasts wait until `attach` gives them.
 * Each kind of notice is one toast (a stable id), however many records are damaged.
 */
export function createStorageNotices() {
  let translations: Pick<i18n, 't' | 'language'> | undefined;
  const pending: Notice[] = [];
  const show = (notice: Notice) => {
    if (!translations) {
      pending.push(notice);
      return;
    }
    const values =
      notice.dateAt === undefined ? {} : { date: formatFor(translations.language).dateTime(notice.dateAt) };
    const text = translations.t(notice.key, values);
    // Long enough to read a sentence about the user's data.
    if (notice.tone === 'success') notify.success(text, { id: notice.id, duration: 15_000 });
    else notify.error(text, { id: notice.id });
  };

  return {
    onIssue(issue: StorageIssue): void {
      console.warn(`damaged ${issue.table} record ${issue.id}: defaults used`, issue.issues);
      // Write issues are the app's own bugs (strict writes); reads are what the user should hear about.
      if (issue.operation !== 'read') return;
      show({ key: 'data.notices.damaged', id: 'storage-damaged' });
    },
    onStartupProblem(problem: StartupProblem): void {
      console.error(`storage start: ${problem.step} failed`, problem.error);
      const { step } = problem;
      if (step === 'example-chats') return;
      show({ key: `data.notices.${step}`, id: `storage-${step}` });
    },
    /** SN5: an unfinished upgrade was rolled back from its snapshot. */
    onSnapshotRestored(snapshot: SnapshotInfo): void {
      show({
        key: 'data.notices.restoredAfterUpgrade',
        id: 'storage-restored',
        dateAt: Date.parse(snapshot.takenAt),
        tone: 'success',
      });
    },
    /** Shows what was held back, and from now on shows at once. */
    attach(i18n: Pick<i18n, 't' | 'language'>): void {
      translations = i18n;
      for (const notice of pending.splice(0)) show(notice);
    },
  };
}
