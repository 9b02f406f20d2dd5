import { describeEndpoint } from '../agent-context';
import type { DynamicContextEndpoint, MessagePart } from '../entities';
import type { ImportResult, SkipCounts } from './types';

/** IM6: what the preview shows before anything is written. */
export interface ImportSummary {
  readonly format: ImportResult['format'];
  readonly chats: number;
  readonly messages: number;
  readonly branchedChats: number;
  readonly folders: number;
  readonly prompts: number;
  readonly agents: number;
  readonly plugins: number;
  /** IM33: Parley's own export: profiles, memory entries and usage records. */
  readonly profiles: number;
  readonly memory: number;
  readonly usage: number;
  readonly hasSettings: boolean;
  /**
   * Pictures whose bytes the file holds: a Parley zip's `attachments/<id>` entries, and images
   * other apps embed in a message (data URLs) that the importer keeps. Links to pictures elsewhere
   * are not counted.
   */
  readonly attachments: number;
  /** ISO times of the oldest and newest chat; null when there are no chats. */
  readonly from: string | null;
  readonly to: string | null;
  readonly skipped: SkipCounts;
  readonly problems: ImportResult['problems'];
  /**
   * DC7: the hosts the file's agent endpoints (in its agents and in its chats' copies of agents) would
   * send to, sorted; they arrive off on this device.
   */
  readonly endpointHosts: string[];
}

function endpointHostsOf(result: ImportResult): string[] {
  const endpoints: DynamicContextEndpoint[] = [
    ...result.characters.flatMap((agent) => agent.dynamicContextEndpoints),
    ...result.chats.flatMap((chat) => chat.character?.dynamicContextEndpoints ?? []),
  ];
  return [...new Set(endpoints.map((endpoint) => describeEndpoint(endpoint).host))].sort();
}

export function summarizeImport(result: ImportResult): ImportSummary {
  let messages = 0;
  let branchedChats = 0;
  let inlinePictures = 0;
  let from: string | null = null;
  let to: string | null = null;
  for (const chat of result.chats) {
    const live = chat.messages.filter((m) => !m.deletedAt);
    messages += live.length;
    for (const message of live)
      if (Array.isArray(message.content))
        for (const part of message.content as MessagePart[])
          if (part.type === 'image_url' && part.image_url.url.startsWith('data:')) inlinePictures++;
    const parents = new Set<string | null | undefined>();
    if (live.some((m) => (parents.has(m.parentId) ? true : (parents.add(m.parentId), false))))
      branchedChats++;
    if (from === null || chat.createdAt < from) from = chat.createdAt;
    if (to === null || chat.updatedAt > to) to = chat.updatedAt;
  }
  return {
    format: result.format,
    chats: result.chats.length,
    messages,
    branchedChats,
    folders: result.folders.length,
    prompts: result.prompts.length,
    agents: result.characters.length,
    plugins: result.plugins.length,
    profiles: result.profiles?.length ?? 0,
    memory: result.memory?.length ?? 0,
    usage: result.usage?.length ?? 0,
    hasSettings: result.settings !== null,
    attachments: (result.attachments?.length ?? 0) + inlinePictures,
    from,
    to,
    skipped: result.skipped,
    problems: result.problems,
    endpointHosts: endpointHostsOf(result),
  };
}
