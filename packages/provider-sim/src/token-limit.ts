// The request's output-token limit (OpenAI `max_tokens` / `max_completion_tokens`, Anthropic `max_tokens`,
// Gemini `generationConfig.maxOutputTokens`): real models stop generating there, wherever they are.
import type { ToolCallPlan } from './reply-plan';

/** The parts of a planned answer that cost output tokens, in the order a model generates them. */
export interface PlannedAnswer {
  reasoningDeltas: string[];
  textDeltas: string[];
  toolCalls: ToolCallPlan[];
}

/** A limit is honoured only when it is a positive integer; anything else is treated as no limit. */
export function readTokenLimit(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;
}

/** A tool call costs one token for its opening (id and name), then one per argument piece. */
export function toolCallTokens(call: ToolCallPlan): number {
  return call.argumentPieces.length + 1;
}

export function answerTokens(answer: PlannedAnswer): number {
  return (
    answer.reasoningDeltas.length +
    answer.textDeltas.length +
    answer.toolCalls.reduce((n, call) => n + toolCallTokens(call), 0)
  );
}

/**
 * Stops the answer where a model with this output-token limit would: the budget is spent in generation order
 * (reasoning, text, then each tool call's opening and argument pieces), so a cut answer costs exactly `limit`
 * tokens. A call cut inside its arguments keeps only the pieces sent, so its JSON is left unterminated.
 */
export function limitAnswer(
  answer: PlannedAnswer,
  limit: number | null,
): { answer: PlannedAnswer; cut: boolean } {
  if (limit === null || answerTokens(answer) <= limit) return { answer, cut: false };
  let budget = limit;
  const take = <T>(items: T[]): T[] => {
    const kept = items.slice(0, budget);
    budget -= kept.length;
    return kept;
  };
  const reasoningDeltas = take(answer.reasoningDeltas);
  const textDeltas = take(answer.textDeltas);
  const toolCalls: ToolCallPlan[] = [];
  for (const call of answer.toolCalls) {
    if (budget === 0) break;
    budget -= 1; // the opening: id and name
    const pieces = take(call.argumentPieces);
    toolCalls.push(
      pieces.length === call.argumentPieces.length
        ? call
        : { ...call, argumentPieces: pieces, argumentsJson: pieces.join(''), complete: false },
    );
  }
  return { answer: { reasoningDeltas, textDeltas, toolCalls }, cut: true };
}
