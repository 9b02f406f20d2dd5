import { estimateTokens, type ModelDescriptor } from '../models';
import type { ChatRequest } from '../providers';
import type { ProviderAccessInput } from './chat-request-builder';
import { tokenBudget } from './context-window';

/** One part of Parley's own help (a user guide section or a FAQ answer) the help question may use. */
export type HelpTextSection = { id: string; title: string; body: string };

/** Room kept for the answer to a help question. */
const HELP_ANSWER_TOKENS = 1024;

const HELP_INSTRUCTION =
  "You answer questions about Parley, a chat app for AI models, using only Parley's help below. Answer " +
  'briefly, in the language of the question. After the answer, on a last line, write "Sections:" and the ' +
  'ids in square brackets of the sections you used, e.g. "Sections: [voice] [faq-how-do-i-sync]". If the ' +
  "help does not say, answer that Parley's help does not cover it.";

/**
 * The request that asks a model about Parley with its help in the system message: every section that
 * fits the model's context (after the question and the answer's room), in the order given, each
 * headed by its id. Undefined when not even one section fits.
 */
export function buildHelpRequest(
  question: string,
  sections: readonly HelpTextSection[],
  model: ModelDescriptor,
  access: ProviderAccessInput,
): { request: ChatRequest; used: HelpTextSection[] } | undefined {
  let room =
    tokenBudget(model, HELP_ANSWER_TOKENS) - estimateTokens(HELP_INSTRUCTION) - estimateTokens(question) - 16;
  const used: HelpTextSection[] = [];
  const parts: string[] = [];
  for (const section of sections) {
    const part = `## [${section.id}] ${section.title}\n\n${section.body}`;
    const cost = estimateTokens(part) + 4;
    if (cost > room) continue;
    room -= cost;
    used.push(section);
    parts.push(part);
  }
  if (used.length === 0) return undefined;
  return {
    used,
    request: {
      model,
      messages: [
        { role: 'system', content: `${HELP_INSTRUCTION}\n\n# Parley's help\n\n${parts.join('\n\n')}` },
        { role: 'user', content: question },
      ],
      settings: { stream: false, temperature: 0.2, maxTokens: HELP_ANSWER_TOKENS },
      apiKey: access.apiKey,
      endpoint: access.endpoint,
    },
  };
}

/** The answer without its "Sections:" line, and the ids it names that were in the help sent. */
export function readHelpAnswer(
  text: string,
  sent: readonly HelpTextSection[],
): { answer: string; sectionIds: string[] } {
  const lines = text.trimEnd().split(/\r?\n/);
  const last = lines.at(-1) ?? '';
  const known = new Set(sent.map((section) => section.id));
  if (!/^\s*\**sections\**\s*:/i.test(last)) return { answer: text.trim(), sectionIds: [] };
  const ids = [...last.matchAll(/\[([a-z0-9-]+)\]/g)].map((match) => match[1] ?? '');
  return {
    answer: lines.slice(0, -1).join('\n').trim(),
    sectionIds: [...new Set(ids)].filter((id) => known.has(id)),
  };
}
