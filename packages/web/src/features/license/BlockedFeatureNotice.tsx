import type { GateResult } from '@parley/core/license';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { cn } from '../../ui/cn';
import { LicenseLockIcon as LockIcon } from '../../ui/icons/shell';
import { openUpgradeScreen } from './license-view-store';

export type BlockedGateResult = Extract<GateResult, { allowed: false; reason: 'no_license' | 'plan' }>;

/**
 * What a blocked feature shows (spec section 6): without a license, 'You need to buy a license key
 * to use this feature.'; on a smaller plan, that it is not available for the current plan. Either
 * way "Upgrade" opens the plans.
 */
export function BlockedFeatureNotice({
  result,
  className,
  onUpgrade,
  message: ownMessage,
  planMessage,
}: {
  result: BlockedGateResult;
  /** The feature's own wording without a license (spec section 5, e.g. uploading documents). */
  message?: string | undefined;
  /** The feature's own wording on a plan without it (what exactly the plan lacks). */
  planMessage?: string | undefined;
  className?: string;
  /** Called after "Upgrade" opened the plans (a popover closes itself). */
  onUpgrade?: () => void;
}) {
  const { t } = useTranslation();
  const message =
    result.reason === 'no_license'
      ? (ownMessage ?? t('license.gate.needLicense'))
      : (planMessage ?? t('license.gate.notInPlan'));
  return (
    <div
      role="status"
      className={cn(
        // Wraps: where the words run long, Upgrade goes under the message instead of squeezing it.
        'flex flex-wrap items-start gap-3 rounded-xl border border-line bg-sunken px-3.5 py-3 text-sm',
        className,
      )}
    >
      <span aria-hidden="true" className="mt-0.5 text-fg-subtle">
        <LockIcon size={16} />
      </span>
      <div className="min-w-[10rem] flex-1 basis-0">
        <p className="text-fg">{message}</p>
        <p className="mt-0.5 text-[13px] text-fg-subtle">
          {t('license.gate.requiresPlan', { plan: t(`license.plans.${result.requiredPlan}`) })}
        </p>
      </div>
      <Button
        size="sm"
        variant="primary"
        wrap
        className="ml-auto"
        onClick={() => {
          openUpgradeScreen();
          onUpgrade?.();
        }}
      >
        {t('license.gate.upgrade')}
      </Button>
    </div>
  );
}
