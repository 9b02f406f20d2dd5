import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import toast, { ToastBar, Toaster, useToasterStore } from 'react-hot-toast';
import { CloseIcon } from '../../ui/icons/shell';
import { toastsBeyondLimit, TOAST_DURATION_MS } from './toast-rules';

const baseStyle = {
  background: 'var(--raised-bg)',
  color: 'var(--fg)',
  border: '1px solid var(--line)',
  borderRadius: '10px',
  boxShadow: '0 8px 24px -8px var(--shadow-color)',
  fontSize: '14px',
  maxWidth: '420px',
};

/** Green success and red error (spec section 9), tinted to sit well in both themes. */
const toastOptions = {
  style: baseStyle,
  blank: { duration: TOAST_DURATION_MS.blank },
  custom: { duration: TOAST_DURATION_MS.custom },
  loading: {
    duration: TOAST_DURATION_MS.loading,
    iconTheme: { primary: 'var(--accent)', secondary: 'var(--line)' },
  },
  success: {
    duration: TOAST_DURATION_MS.success,
    style: {
      background: 'var(--toast-success-bg)',
      color: 'var(--toast-success-fg)',
      border: '1px solid var(--success)',
    },
    iconTheme: { primary: 'var(--success)', secondary: '#fff' },
  },
  error: {
    duration: TOAST_DURATION_MS.error,
    style: {
      background: 'var(--toast-error-bg)',
      color: 'var(--toast-error-fg)',
      border: '1px solid var(--danger)',
    },
    iconTheme: { primary: 'var(--danger)', secondary: '#fff' },
  },
};

/** Dismisses the oldest visible toasts beyond the spec's limit of 20. */
function useToastLimit() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    toastsBeyondLimit(toasts).forEach((id) => toast.dismiss(id));
  }, [toasts]);
}

export function AppToaster() {
  const { t } = useTranslation();
  useToastLimit();
  return (
    <Toaster
      position="top-center"
      gutter={8}
      toastOptions={toastOptions}
      // The toasts hang from the container's top edge, so it needs no height: by default it is an
      // empty box over the whole window, on top of every dialog, where checkers (axe) cannot see
      // past it to the colours beneath (decision 0072).
      containerStyle={{ bottom: 'auto' }}
    >
      {(current) => (
        <ToastBar toast={current}>
          {({ icon, message }) => (
            <>
              {icon}
              {message}
              {current.type !== 'loading' && (
                <button
                  type="button"
                  aria-label={t('toasts.dismiss')}
                  onClick={() => toast.dismiss(current.id)}
                  className="-mr-1 inline-flex size-6 shrink-0 items-center justify-center rounded-md opacity-60 hover:bg-hover hover:opacity-100"
                >
                  <CloseIcon size={14} />
                </button>
              )}
            </>
          )}
        </ToastBar>
      )}
    </Toaster>
  );
}
