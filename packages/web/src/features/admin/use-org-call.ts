import { OrgRequestError } from '@parley/core/sync-client';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCloudSync } from '../cloud-sync';
import { notify } from '../toasts';

/** The organisation's client of this account's session (cloud sync's). */
export function useOrgClient() {
  return useCloudSync().org;
}

/** The server's sentence for a failed call, or the panel's own when it gave none (offline). */
export function useOrgErrorText() {
  const { t } = useTranslation();
  return useCallback(
    (error: unknown) =>
      error instanceof OrgRequestError && error.userMessage
        ? error.userMessage
        : error instanceof OrgRequestError && error.code === 'network'
          ? t('admin.errors.offline')
          : t('admin.errors.generic'),
    [t],
  );
}

/** Loads `load` when shown and on `reload()`; a failure is shown in place (and can be retried). */
export function useOrgData<T>(load: () => Promise<T>) {
  const errorText = useOrgErrorText();
  const [state, setState] = useState<{ data: T | null; error: string | null; version: number }>({
    data: null,
    error: null,
    version: -1,
  });
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    load().then(
      (data) => live && setState({ data, error: null, version }),
      (error: unknown) => live && setState((current) => ({ ...current, error: errorText(error), version })),
    );
    return () => {
      live = false;
    };
    // `load` is a new function each render; `version` says when to load again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [version, errorText]);
  return {
    data: state.data,
    error: state.error,
    loading: state.version !== version,
    reload: () => setVersion((value) => value + 1),
  };
}

/** Runs one change; its failure becomes an error toast with the server's sentence. */
export function useOrgAction() {
  const errorText = useOrgErrorText();
  return useCallback(
    async <T>(action: () => Promise<T>, done?: string): Promise<T | undefined> => {
      try {
        const result = await action();
        if (done) notify.success(done);
        return result;
      } catch (error) {
        notify.error(errorText(error));
        return undefined;
      }
    },
    [errorText],
  );
}
