import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';

/** A labelled progress bar; without a total it is indeterminate. */
export function Progress({
  label,
  done,
  total,
  onCancel,
}: {
  label: string;
  done?: number;
  total?: number;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const known = done !== undefined && total !== undefined && total > 0;
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-line p-4">
      <div className="flex items-center justify-between gap-3">
        <p className="text-[13px] text-fg" aria-live="polite">
          {label}
        </p>
        {onCancel && (
          <Button size="sm" variant="ghost" onClick={onCancel}>
            {t('portability.cancel')}
          </Button>
        )}
      </div>
      <progress
        className="h-1.5 w-full overflow-hidden rounded-full accent-accent"
        aria-label={label}
        {...(known ? { value: done, max: total } : {})}
      />
    </div>
  );
}
