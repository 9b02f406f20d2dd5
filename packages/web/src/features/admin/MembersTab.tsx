import { INVITE_QUERY_PARAM, ORG_ROLES, type AdminMember, type OrgRole } from '@parley/core/sync-client';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n';
import { Button } from '../../ui/Button';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { useCloudSyncState } from '../cloud-sync';
import { useOrgAction, useOrgClient, useOrgData } from './use-org-call';

/** Members (AD4-AD6): who is in the organisation, their role and state, seats, and invitations. */
export function MembersTab() {
  const { t } = useTranslation();
  const format = useFormat();
  const org = useOrgClient();
  const act = useOrgAction();
  const serverUrl = useCloudSyncState((state) => state.serverUrl);
  const { data, error, loading, reload } = useOrgData(() => org.members());
  const [email, setEmail] = useState('');
  const [inviteRole, setInviteRole] = useState<OrgRole>('member');
  const [link, setLink] = useState<string | null>(null);
  const roleOptions = ORG_ROLES.map((value) => ({ value, label: t(`admin.roles.${value}`) }));

  const change = async (member: AdminMember, update: { role?: OrgRole; deactivated?: boolean }) => {
    const done =
      update.deactivated === true
        ? t('admin.members.deactivated', { email: member.email })
        : update.deactivated === false
          ? t('admin.members.reactivated', { email: member.email })
          : t('admin.members.roleChanged', { email: member.email });
    if ((await act(() => org.changeMember(member.id, update), done)) !== undefined) reload();
  };
  const invite = async (event: FormEvent) => {
    event.preventDefault();
    const made = await act(() => org.invite(email.trim(), inviteRole));
    if (!made) return;
    const url = new URL(serverUrl);
    url.searchParams.set(INVITE_QUERY_PARAM, made.token);
    setLink(url.href);
    setEmail('');
    reload();
  };

  if (!data) return <p className="text-sm text-fg-subtle">{error ?? (loading ? t('admin.loading') : '')}</p>;
  const seats =
    data.seats.licensed === null
      ? t('admin.members.seatsNoLicense', { count: data.seats.used })
      : t('admin.members.seats', { used: data.seats.used, licensed: data.seats.licensed });
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm font-medium text-fg">{seats}</p>
      <ul className="flex flex-col gap-2" aria-label={t('admin.tabs.members')}>
        {data.members.map((member) => (
          <li
            key={member.id}
            className="flex flex-col gap-3 rounded-xl border border-line bg-raised p-3 shadow-xs"
          >
            <div className="min-w-0">
              <p className="truncate text-sm font-semibold text-fg">{member.name ?? member.email}</p>
              {member.name && <p className="truncate text-[13px] text-fg-subtle">{member.email}</p>}
              <p className="text-[12px] text-fg-muted">
                {member.deactivatedAt
                  ? t('admin.members.deactivatedOn', { date: format.date(Date.parse(member.deactivatedAt)) })
                  : t('admin.members.activity', {
                      count: member.sessions,
                      last: member.lastActiveAt
                        ? format.date(Date.parse(member.lastActiveAt))
                        : t('admin.members.never'),
                    })}
              </p>
            </div>
            <div className="flex flex-wrap items-start gap-2">
              <Select
                label={t('admin.members.roleOf', { email: member.email })}
                hideLabel
                value={member.role}
                options={roleOptions}
                disabled={member.adminByServerSetting}
                hint={member.adminByServerSetting ? t('admin.members.adminBySetting') : undefined}
                onValueChange={(role) => void change(member, { role })}
                className="min-w-44 flex-1"
              />
              <Button
                variant={member.deactivatedAt ? 'secondary' : 'danger'}
                onClick={() => void change(member, { deactivated: !member.deactivatedAt })}
              >
                {member.deactivatedAt
                  ? t('admin.members.reactivate', { email: member.email })
                  : t('admin.members.deactivate', { email: member.email })}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <form
        onSubmit={(event) => void invite(event)}
        className="flex flex-col gap-3 rounded-xl border border-line p-3"
      >
        <h3 className="text-sm font-semibold text-fg">{t('admin.members.inviteTitle')}</h3>
        <p className="text-[13px] text-fg-subtle">
          {data.inviteOnly ? t('admin.members.inviteOnly') : t('admin.members.inviteHint')}
        </p>
        <TextField
          label={t('admin.members.inviteEmail')}
          type="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <div className="flex flex-wrap items-end gap-2">
          <Select
            label={t('admin.members.inviteRole')}
            value={inviteRole}
            options={roleOptions}
            onValueChange={setInviteRole}
          />
          <Button type="submit" variant="primary">
            {t('admin.members.invite')}
          </Button>
        </div>
        {link && (
          <TextField
            label={t('admin.members.inviteLink')}
            readOnly
            value={link}
            onFocus={(event) => event.target.select()}
          />
        )}
        {data.invites.length > 0 && (
          <ul className="flex flex-col gap-1" aria-label={t('admin.members.pending')}>
            {data.invites.map((pending) => (
              <li key={pending.id} className="flex flex-wrap items-center gap-2 text-[13px] text-fg">
                <span className="min-w-0 flex-1 truncate">
                  {t('admin.members.pendingRow', {
                    email: pending.email,
                    role: t(`admin.roles.${pending.role}`),
                    date: format.date(Date.parse(pending.expiresAt)),
                  })}
                </span>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() =>
                    void act(() => org.revokeInvite(pending.id), t('admin.members.revoked')).then(reload)
                  }
                >
                  {t('admin.members.revoke', { email: pending.email })}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </form>
    </div>
  );
}
