import { writeFileSync } from 'node:fs';

/**
 * A ChatGPT-format `conversations.json` of `chats` conversations at about `bytes` in total: each a
 * tree with a hidden root, a question, an answer, and every tenth one an edited question with its
 * own answer (a branch). Deterministic, so runs compare.
 */
export function writeChatGPTFile(file: string, chats: number, bytes: number): number {
  const perChat = Math.max(200, Math.floor(bytes / chats) - 900);
  const filler = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. ';
  const body = (seed: number, size: number) => {
    const text = filler.repeat(Math.ceil(size / filler.length)).slice(0, size);
    return `${seed}: ${text}`;
  };
  const parts: string[] = [];
  for (let i = 0; i < chats; i++) {
    const t = 1_600_000_000 + i * 60;
    const node = (
      id: string,
      parent: string | null,
      children: string[],
      role: string | null,
      text: string,
      at: number,
    ) => ({
      id,
      parent,
      children,
      message:
        role === null
          ? null
          : {
              id,
              author: { role },
              content: { content_type: 'text', parts: [text] },
              create_time: at,
              recipient: 'all',
              metadata: role === 'assistant' ? { model_slug: 'gpt-4o' } : {},
            },
    });
    const branched = i % 10 === 0;
    const nodes = [
      node('root', null, branched ? ['q', 'q2'] : ['q'], null, '', t),
      node('q', 'root', ['a'], 'user', body(i, Math.floor(perChat / 4)), t + 1),
      node('a', 'q', [], 'assistant', body(i, Math.floor((perChat * 3) / 4)), t + 2),
      ...(branched
        ? [
            node('q2', 'root', ['a2'], 'user', 'Edited question', t + 3),
            node('a2', 'q2', [], 'assistant', 'Second answer', t + 4),
          ]
        : []),
    ];
    parts.push(
      JSON.stringify({
        id: `conv-${i}`,
        conversation_id: `conv-${i}`,
        title: `Chat ${i}`,
        create_time: t,
        update_time: t + 4,
        current_node: branched ? 'a2' : 'a',
        mapping: Object.fromEntries(nodes.map((n) => [n.id, n])),
      }),
    );
  }
  const text = `[${parts.join(',')}]`;
  writeFileSync(file, text);
  return Buffer.byteLength(text);
}
