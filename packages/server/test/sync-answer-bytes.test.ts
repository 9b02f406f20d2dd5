import { ChatChunkSchema } from '@parley/core/sync';
import { describe, expect, it } from 'vitest';
import { forEachDatabase } from './db-harness';
import { chatJson, messageJson, syncTestApp } from './sync-test-kit';

/** Two-, three- and four-byte UTF-8, a line separator and escapes JSON keeps as written. */
const TEXT = 'Grüße — Καλημέρα, 你好 😀 \u2028 "quoted" \\ back';
const CONTENT = `${TEXT} `.repeat(40);

function chatsWithText(count: number) {
  return Array.from({ length: count }, (_, n) =>
    chatJson(`ch-${n}`, n, {
      chatTitle: `${TEXT} ${n}`,
      messages: [messageJson(`m-${n}`, n, { content: CONTENT })],
    }),
  );
}

describe('answers are the stored bytes (SY23, decision 0158)', () => {
  forEachDatabase((t) => {
    it('SY23 another device gets every character back as sent, inline and in response chunks', async () => {
      const kit = syncTestApp(t.database(), { maxSyncPayloadSize: 6_000 });
      const { token } = await kit.signup('bytes@example.com');
      const phone = kit.device(token);
      const laptop = kit.device(token);
      const [one, ...more] = chatsWithText(4);

      await phone.sync({ chats: [one] });
      const inline = await laptop.sync();
      expect(inline.updatedChats).toHaveLength(1);
      expect(inline.updatedChats[0]).toMatchObject({ chatTitle: one!.chatTitle });
      expect(inline.updatedChats[0]!.messages[0]).toMatchObject({ content: CONTENT });

      await phone.sync({ chats: more });
      const listed = await laptop.sync();
      expect(listed.updatedChats).toEqual([]);
      const fetched = [];
      for (const url of listed.updatedChatsChunks ?? []) {
        const res = await kit.call('GET', url, { token });
        expect(res.status).toBe(200);
        expect(res.text).toContain(JSON.stringify(TEXT).slice(1, -1));
        fetched.push(...ChatChunkSchema.parse(JSON.parse(res.text)));
      }
      expect(fetched.map((chat) => [chat.id, chat.chatTitle, chat.messages[0]!.content]).sort()).toEqual(
        more.map((chat) => [chat.id, chat.chatTitle, CONTENT]).sort(),
      );
    });
  });
});
