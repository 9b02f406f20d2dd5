import { describeEndpoint } from '../agent-context';
import type { Chat } from '../entities';
import { ChatTally } from './chat-tally';
import { PackedChats } from './packed-chats';
import type { ImportResult, SkipCounts } from './types';

/** IM6: what the preview shows before anything is written. */
export interface ImportSummary {
  readonly format: ImportResult['format'];
  readonly chats: number;
  readonly messages: number;
  readonly branchedChats: number;
  readonly folders: number;
  readonly projects: number;
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

/** A result's chats as a list, or packed by the streaming reader with their tally. */
export type ImportedChats = readonly Chat[] | PackedChats;
/** An import whose chats are packed (decision 0077); everything else as in ImportResult. */
export type PackedImport = Omit<ImportResult, 'chats'> & { readonly chats: PackedChats };

export function summarizeImport(result: ImportResult | PackedImport): ImportSummary {
  let tally: ChatTally;
  if (result.chats instanceof PackedChats) tally = result.chats.tally;
  else {
    tally = new ChatTally();
    for (const chat of result.chats) tally.add(chat);
  }
  const hosts = new Set(tally.endpointHosts);
  for (const agent of result.characters)
    for (const endpoint of agent.dynamicContextEndpoints) hosts.add(describeEndpoint(endpoint).host);
  return {
    format: result.format,
    chats: tally.chats,
    messages: tally.messages,
    branchedChats: tally.branchedChats,
    folders: result.folders.length,
    projects: result.projects?.length ?? 0,
    prompts: result.prompts.length,
    agents: result.characters.length,
    plugins: result.plugins.length,
    profiles: result.profiles?.length ?? 0,
    memory: result.memory?.length ?? 0,
    usage: result.usage?.length ?? 0,
    hasSettings: result.settings !== null,
    attachments: (result.attachments?.length ?? 0) + tally.inlinePictures,
    from: tally.from,
    to: tally.to,
    skipped: result.skipped,
    problems: result.problems,
    endpointHosts: [...hosts].sort(),
  };
}
