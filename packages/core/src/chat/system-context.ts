import type { DynamicContextResult } from '../agent-context';
import type { Character, MemoryEntry, Project, UserProfile } from '../entities';
import { estimateTokens } from '../models';
import type { ChatMessageInput } from '../providers';

/**
 * What the model is told besides the conversation (rules SC*, chat/SPEC.md): the agent's
 * instruction, who the user is, what it remembers about them and what the agent's endpoints said,
 * in one system text; the agent's training examples as turns before the conversation.
 */

export type PersonaInput = {
  profile?: Pick<UserProfile, 'name' | 'information' | 'customInstruction'> | null | undefined;
  /** Memory entries to consider (global memory on, not deleted); SC4 picks what fits. */
  memory?: readonly Pick<MemoryEntry, 'content' | 'updatedAt'>[] | undefined;
  dynamicContext?: readonly DynamicContextResult[] | undefined;
  /** SC8: the project the chat is in (decision 0104); its instructions follow the chat's own. */
  project?: { name: string; instructions: string } | null | undefined;
  /** The knowledge base's section (KB12), already fitted to its own budget; last in the text. */
  knowledge?: string | undefined;
};

export type SystemContext = {
  systemText: string;
  /** SC5: the agent's training examples, sent before the conversation. */
  priorTurns: (ChatMessageInput & { content: string })[];
  /** How many memory entries went in (SC4). */
  memoryUsed: number;
};

export const SECTION_TITLES = {
  profile: 'About the user',
  customInstruction: 'How the user wants you to respond',
  memory: 'What you remember about the user',
  project: 'Instructions for the project',
} as const;

/** SC4: memory gets at most this share of the model's context, and never more than the cap. */
export const MEMORY_CONTEXT_SHARE = 0.1;
export const MEMORY_TOKEN_CAP = 1000;

const WORD = /[\p{L}\p{N}]{3,}/gu;

function wordsOf(text: string): Set<string> {
  return new Set((text.toLowerCase().match(WORD) ?? []) as string[]);
}

/**
 * SC4: the entries most relevant to the last user message first (shared words of three letters or
 * more), then the most recently updated, kept while they fit the budget.
 */
export function selectMemory(
  entries: readonly Pick<MemoryEntry, 'content' | 'updatedAt'>[],
  lastUserMessage: string,
  budgetTokens: number,
): string[] {
  const query = wordsOf(lastUserMessage);
  const scored = entries
    .map((entry) => entry.content.trim())
    .map((content, index) => ({
      content,
      updatedAt: entries[index]!.updatedAt,
      score: [...wordsOf(content)].filter((word) => query.has(word)).length,
    }))
    .filter((entry) => entry.content !== '');
  scored.sort((a, b) => b.score - a.score || b.updatedAt.localeCompare(a.updatedAt));
  const chosen: string[] = [];
  let used = 0;
  for (const entry of scored) {
    const cost = estimateTokens(entry.content) + 2;
    if (used + cost > budgetTokens) continue;
    chosen.push(entry.content);
    used += cost;
  }
  return chosen;
}

/**
 * SC8: what a chat's project adds to the context: its name and instructions, or null when the
 * project is not here (unknown, or deleted).
 */
export function projectContextOf(
  project: Pick<Project, 'name' | 'instructions' | 'deletedAt'> | undefined,
): PersonaInput['project'] {
  return project && project.deletedAt === null
    ? { name: project.name, instructions: project.instructions }
    : null;
}

function section(title: string, body: string): string {
  return `## ${title}\n${body.trim()}`;
}

/**
 * SC1-SC8: the system text is, in order, the agent's instruction (else the chat's own system text),
 * the project's instructions (SC8), the profile's information, its custom instruction, the chosen memory entries and each endpoint
 * that answered; empty parts are left out.
 */
export function assembleSystemContext(input: {
  baseSystemText: string;
  agent: Pick<Character, 'instruction' | 'trainingExamples'> | null | undefined;
  persona: PersonaInput | undefined;
  contextLength: number;
  lastUserMessage: string;
}): SystemContext {
  const { agent, persona } = input;
  const instruction = agent?.instruction.trim() ? agent.instruction : input.baseSystemText;
  const parts = [instruction.trim()];
  // SC8: the project's instructions come right after the chat's own (an agent's or the system text).
  const project = persona?.project;
  if (project?.instructions.trim()) {
    const name = project.name.trim();
    parts.push(
      section(name ? `${SECTION_TITLES.project} "${name}"` : SECTION_TITLES.project, project.instructions),
    );
  }
  const profile = persona?.profile;
  // SC2: the profile's name labels the profile ("Work", "Personal"): it is not the user's name.
  if (profile?.information.trim()) parts.push(section(SECTION_TITLES.profile, profile.information));
  if (profile?.customInstruction.trim()) {
    parts.push(section(SECTION_TITLES.customInstruction, profile.customInstruction));
  }
  const budget = Math.min(MEMORY_TOKEN_CAP, Math.floor(input.contextLength * MEMORY_CONTEXT_SHARE));
  const memory = selectMemory(persona?.memory ?? [], input.lastUserMessage, budget);
  if (memory.length > 0) {
    parts.push(section(SECTION_TITLES.memory, memory.map((fact) => `- ${fact}`).join('\n')));
  }
  for (const result of persona?.dynamicContext ?? []) {
    if (result.ok) parts.push(section(result.name.trim() || 'Context', result.text));
  }
  if (persona?.knowledge?.trim()) parts.push(persona.knowledge.trim());
  const priorTurns: SystemContext['priorTurns'] = (agent?.trainingExamples ?? [])
    .filter((example) => example.content.trim() !== '')
    .map((example) => ({ role: example.role, content: example.content }));
  return {
    systemText: parts.filter((part) => part !== '').join('\n\n'),
    priorTurns,
    memoryUsed: memory.length,
  };
}
