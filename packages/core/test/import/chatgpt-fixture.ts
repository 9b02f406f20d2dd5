/** A ChatGPT conversation written from the format description, shared by the import tests. */
export type Node = { id: string; parent: string | null; children: string[]; message: unknown };
export const msg = (role: string, content: unknown, extra: Record<string, unknown> = {}) => ({
  id: `m-${Math.random()}`,
  author: { role },
  content,
  create_time: null,
  recipient: 'all',
  metadata: {},
  ...extra,
});
export const text = (...parts: unknown[]) => ({ content_type: 'text', parts });

/**
 * A ChatGPT tree written from the format description: a null root, a hidden system node, custom
 * instructions, a user question edited once (two user siblings), the second answered twice
 * (regenerated), thoughts before the visible answer, a multimodal message and both citation kinds.
 * Mapping keys are deliberately not in tree order.
 */
export function chatGPTTree(): Record<string, unknown> {
  const nodes: Node[] = [
    {
      id: 'a2',
      parent: 'u2',
      children: [],
      message: msg('assistant', text('Regenerated answer'), {
        create_time: 1700000040.5,
        metadata: { model_slug: 'gpt-4o' },
      }),
    },
    { id: 'root', parent: null, children: ['sys'], message: null },
    {
      id: 'sys',
      parent: 'root',
      children: ['ctx'],
      message: msg('system', text(''), { metadata: { is_visually_hidden_from_conversation: true } }),
    },
    {
      id: 'ctx',
      parent: 'sys',
      children: ['u1', 'u2'],
      message: msg('user', {
        content_type: 'user_editable_context',
        user_profile: 'I am a cook.',
        user_instructions: 'Be brief.',
      }),
    },
    {
      id: 'u1',
      parent: 'ctx',
      children: ['a0'],
      message: msg('user', text('First wording'), { create_time: 1700000000 }),
    },
    {
      id: 'a0',
      parent: 'u1',
      children: [],
      message: msg('assistant', text('Answer to the first wording'), {
        create_time: 1700000001,
        metadata: { model_slug: 'gpt-4' },
      }),
    },
    {
      id: 'u2',
      parent: 'ctx',
      children: ['a1', 'th'],
      message: msg(
        'user',
        {
          content_type: 'multimodal_text',
          parts: [
            {
              content_type: 'image_asset_pointer',
              asset_pointer: 'file-service://file-abc',
              width: 10,
              height: 10,
            },
            'What is in this picture?',
          ],
        },
        { create_time: 1700000010 },
      ),
    },
    {
      id: 'a1',
      parent: 'u2',
      children: [],
      message: msg('assistant', text('Old answer 【3†source】'), {
        create_time: 1700000020,
        metadata: {
          model_slug: 'gpt-4o',
          citations: [
            {
              start_ix: 11,
              end_ix: 22,
              metadata: { type: 'webpage', title: 'Soup', url: 'https://soup.example' },
            },
          ],
        },
      }),
    },
    {
      id: 'th',
      parent: 'u2',
      children: ['call'],
      message: msg(
        'assistant',
        { content_type: 'thoughts', thoughts: [{ summary: 'Looking', content: 'It is a bowl.' }] },
        { create_time: 1700000030 },
      ),
    },
    {
      id: 'call',
      parent: 'th',
      children: ['tool'],
      message: msg(
        'assistant',
        { content_type: 'code', language: 'json', text: '{"q":"bowl"}' },
        { recipient: 'browser', create_time: 1700000031 },
      ),
    },
    {
      id: 'tool',
      parent: 'call',
      children: ['recap'],
      message: msg('tool', text('results'), {
        author: { role: 'tool', name: 'browser' },
        create_time: 1700000032,
      }),
    },
    {
      id: 'recap',
      parent: 'tool',
      children: ['a3'],
      message: msg('assistant', { content_type: 'reasoning_recap', content: 'Thought for 4s' }),
    },
    {
      id: 'a3',
      parent: 'recap',
      children: [],
      message: msg('assistant', text('A bowl of soup \uE200cite\uE202turn0search1\uE201.'), {
        create_time: 1700000035,
        metadata: {
          model_slug: 'o4-mini',
          content_references: [
            {
              matched_text: '\uE200cite\uE202turn0search1\uE201',
              alt: '([Soup](https://soup.example))',
              type: 'grouped_webpages',
              items: [],
            },
          ],
        },
      }),
    },
  ];
  return {
    title: 'Soup picture',
    create_time: 1699999999.25,
    update_time: 1700000050,
    conversation_id: 'conv-1',
    id: 'conv-1',
    current_node: 'a3',
    default_model_slug: 'gpt-4o',
    mapping: Object.fromEntries(nodes.map((n) => [n.id, n])),
  };
}
