import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SegmentedControl } from '../../ui/SegmentedControl';
import { useOrg } from '../cloud-sync';
import { HostedModelsAdmin, HostedUsageAdmin } from '../hosted-models';
import { adminTabsFor, type AdminTab } from './admin-access';
import { AuditTab } from './AuditTab';
import { MembersTab } from './MembersTab';
import { SharedTab } from './SharedTab';

/** The organisation's admin panel: the tabs the caller's role may use (AD4-AD10). */
export default function AdminPanel() {
  const { t } = useTranslation();
  const tabs = adminTabsFor(useOrg().role);
  const [chosen, setChosen] = useState<AdminTab>(tabs[0] ?? 'shared');
  const tab = tabs.includes(chosen) ? chosen : tabs[0];
  if (!tab) return <p className="text-sm text-fg-subtle">{t('admin.notAllowed')}</p>;
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <p className="text-[13px] text-fg-subtle">{t('admin.intro')}</p>
      {tabs.length > 1 && (
        <SegmentedControl
          label={t('admin.tabsLabel')}
          value={tab}
          options={tabs.map((value) => ({ value, label: t(`admin.tabs.${value}`) }))}
          onValueChange={setChosen}
        />
      )}
      <Suspense fallback={<p className="text-sm text-fg-subtle">{t('admin.loading')}</p>}>
        {tab === 'members' && <MembersTab />}
        {tab === 'shared' && <SharedTab />}
        {tab === 'models' && <HostedModelsAdmin />}
        {tab === 'usage' && <HostedUsageAdmin />}
        {tab === 'audit' && <AuditTab />}
      </Suspense>
    </div>
  );
}
