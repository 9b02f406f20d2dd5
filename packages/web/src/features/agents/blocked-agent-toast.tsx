import type { GateResult } from '@parley/core/license';
import { BlockedFeatureNotice } from '../license';
import { notify } from '../toasts';
import { useAgentsDialog } from './agents-dialog-store';

/**
 * A built-in agent the license does not open: the toast names the plan that does and offers
 * Upgrade, which closes the agents screen and opens the plans.
 */
export function showBlockedAgent(
  gate: Extract<GateResult, { allowed: false; reason: 'no_license' | 'plan' }>,
) {
  notify.custom(
    (toast) => (
      <BlockedFeatureNotice
        result={gate}
        className="max-w-md bg-raised shadow-popover"
        onUpgrade={() => {
          notify.dismiss(toast.id);
          useAgentsDialog.getState().close();
        }}
      />
    ),
    { id: 'agent-blocked' },
  );
}
