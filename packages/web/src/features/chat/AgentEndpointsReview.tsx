import { describeEndpoint, endpointFingerprint, type EndpointSummary } from '@parley/core/agent-context';
import { isoNow } from '@parley/core/platform';
import type { DynamicContextEndpoint } from '@parley/core/entities';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Switch } from '../../ui/Switch';
import { useEndpointApprovals } from '../../state';
import { notify } from '../toasts';
import { useAgentEndpointsDialog } from './agent-endpoints-dialog-store';
import { chatCommands } from './chat-commands';
import { Notice } from './ChatNotices';
import type { EndpointOff } from '@parley/core/chat';
import { useActiveChat, useChatRuntime } from './chat-runtime';

/**
 * DC7 for a chat's own copy of an agent (a chat imported, synced or shared without its agent, or one
 * whose agent is gone): its endpoints are named above the composer while any is off on this device,
 * and this review shows each one (where it sends, how, which values) to turn on or remove from the
 * chat. Loaded only for chats whose agent has endpoints.
 */

const NO_ENDPOINTS: readonly DynamicContextEndpoint[] = [];

function useChatEndpoints() {
  const chat = useActiveChat((state) => state.chat);
  return { chat, endpoints: chat?.character?.dynamicContextEndpoints ?? NO_ENDPOINTS };
}

/** Above the composer: which endpoints are off (after a send: that they were not called), and Review. */
export function AgentEndpointsNotice({ notCalled }: { notCalled: readonly EndpointOff[] | null }) {
  const { t } = useTranslation();
  const approvals = useEndpointApprovals();
  const { endpoints } = useChatEndpoints();
  const open = useAgentEndpointsDialog((state) => state.setOpen);
  const off = endpoints.filter((endpoint) => !approvals.isApproved(endpointFingerprint(endpoint)));
  if (off.length === 0) return null;
  const named = notCalled ?? off.map((endpoint) => describeEndpoint(endpoint));
  const list = named
    .map((endpoint) => t('chat.contextOff.item', { name: endpoint.name, host: endpoint.host }))
    .join(t('chat.contextFailed.separator'));
  return (
    <Notice
      tone="accent"
      title={notCalled ? t('chat.contextOff.message', { list }) : t('chat.contextOff.before', { list })}
      action={
        <Button size="sm" variant="secondary" onClick={() => open(true)}>
          {t('chat.contextOff.review')}
        </Button>
      }
    />
  );
}

/** Every endpoint of the open chat's agent: where it sends what, on or off here, and Remove. */
export function AgentEndpointsDialog() {
  const { t } = useTranslation();
  const runtime = useChatRuntime();
  const approvals = useEndpointApprovals();
  const { chat, endpoints } = useChatEndpoints();
  const { open, setOpen } = useAgentEndpointsDialog();
  const close = () => setOpen(false);

  const remove = async (index: number) => {
    if (!chat) return;
    const target = endpointFingerprint(endpoints[index]!);
    try {
      await chatCommands.edit(runtime, chat.id, (stored) => {
        if (!stored.character) return stored;
        const kept = stored.character.dynamicContextEndpoints.filter(
          (endpoint) => endpointFingerprint(endpoint) !== target,
        );
        return {
          ...stored,
          character: { ...stored.character, dynamicContextEndpoints: kept },
          updatedAt: isoNow(runtime.services.clock),
        };
      });
      if (endpoints.length === 1) close();
    } catch (error) {
      notify.error(
        t('chat.toasts.actionFailed', { message: error instanceof Error ? error.message : String(error) }),
      );
    }
  };

  return (
    <Dialog
      open={open && endpoints.length > 0}
      onClose={close}
      title={t('chat.agentEndpoints.title')}
      description={t('chat.agentEndpoints.intro', {
        agent: chat?.character?.title || t('chat.agentEndpoints.untitled'),
      })}
      closeLabel={t('chat.agentEndpoints.close')}
    >
      <ul className="flex flex-col gap-3">
        {endpoints.map((endpoint, index) => {
          const fingerprint = endpointFingerprint(endpoint);
          const on = approvals.isApproved(fingerprint);
          const summary = describeEndpoint(endpoint);
          return (
            <li
              // Endpoints have no stable id of their own in older data: the position is the identity.
              key={`${index}:${fingerprint}`}
              aria-label={summary.name || t('chat.agentEndpoints.unnamed')}
              className="flex flex-col gap-2 rounded-lg border border-line p-3"
            >
              <p className="text-sm font-medium text-fg">
                {summary.name || t('chat.agentEndpoints.unnamed')}
              </p>
              <p className="text-[13px] text-fg-muted">{sendsText(t, summary)}</p>
              <p className="text-[12px] break-all text-fg-subtle">{endpoint.url}</p>
              <Switch
                label={t('chat.agentEndpoints.on')}
                hint={on ? t('chat.agentEndpoints.isOn') : t('chat.agentEndpoints.isOff')}
                checked={on}
                onCheckedChange={(checked) =>
                  checked ? approvals.approve([fingerprint]) : approvals.revoke([fingerprint])
                }
              />
              <Button size="sm" variant="ghost" className="self-start" onClick={() => void remove(index)}>
                {t('chat.agentEndpoints.remove')}
              </Button>
            </li>
          );
        })}
      </ul>
    </Dialog>
  );
}

function sendsText(t: TFunction, summary: EndpointSummary) {
  const { host, method, placeholders } = summary;
  return placeholders.length
    ? t('chat.agentEndpoints.sends', { host, method, values: placeholders.map((p) => `{${p}}`).join(', ') })
    : t('chat.agentEndpoints.calls', { host, method });
}
