import type { ToolCard, ToolOutputType, ToolResult } from '@parley/core/tools';

/**
 * A run's text as the model and the user get it, by the function's output type: `respond_to_ai`
 * goes to the model only; the others are shown too (markdown through the app's renderer, HTML in a
 * sandboxed frame, cards in a row) and the model is told what was shown.
 */

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

export function cardsOf(raw: string): ToolCard[] | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return undefined;
  }
  const list = Array.isArray(parsed)
    ? parsed
    : typeof parsed === 'object' && parsed !== null && Array.isArray((parsed as { cards?: unknown }).cards)
      ? (parsed as { cards: unknown[] }).cards
      : undefined;
  if (!list) return undefined;
  return list.flatMap((item): ToolCard[] => {
    if (typeof item !== 'object' || item === null) return [];
    const card = item as Record<string, unknown>;
    const title = text(card.title) ?? text(card.name);
    if (!title) return [];
    const out: ToolCard = { title };
    const body = text(card.text) ?? text(card.description) ?? text(card.subtitle);
    const url = text(card.url) ?? text(card.link);
    const imageUrl = text(card.imageUrl) ?? text(card.image) ?? text(card.imageURL);
    if (body) out.text = body;
    if (url && /^https?:\/\//i.test(url)) out.url = url;
    if (imageUrl && /^https?:\/\//i.test(imageUrl)) out.imageUrl = imageUrl;
    return [out];
  });
}

export function resultOfOutput(outputType: ToolOutputType, raw: string): ToolResult {
  switch (outputType) {
    case 'render_markdown':
      return { status: 'ok', forModel: raw, display: { kind: 'markdown', markdown: raw } };
    case 'render_html':
      // The HTML is for the user; the model only learns that it was shown.
      return {
        status: 'ok',
        forModel: 'The result was shown to the user as an HTML page.',
        display: { kind: 'html', html: raw },
      };
    case 'cards': {
      const cards = cardsOf(raw);
      return cards
        ? { status: 'ok', forModel: raw, display: { kind: 'cards', cards } }
        : { status: 'ok', forModel: raw };
    }
    default:
      return { status: 'ok', forModel: raw };
  }
}
