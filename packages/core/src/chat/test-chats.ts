import { type Chat, defaultSyncedSettings, type Message, newChat } from '../entities';
import { FakeClock, SequentialIdGenerator } from '../platform';
import type { ChatRequestSettings } from './chat-request-builder';
import { newMessage } from './chat-messages';
import type { MessageDeps } from './chat-messages';

/** Test helpers for this folder's tests (not exported from the package). */

export function testDeps(): MessageDeps & { clock: FakeClock } {
  return { clock: new FakeClock('2024-05-03T12:05:00.000Z'), ids: new SequentialIdGenerator('t') };
}

export function message(
  role: Message['role'],
  content: string | null,
  deps: MessageDeps,
  extra: Partial<Message> = {},
): Message {
  return newMessage({ role, content, ...extra }, deps);
}

export function chatWith(messages: Message[], deps: MessageDeps, fields: Partial<Chat> = {}): Chat {
  return newChat({ messages, ...fields }, deps);
}

export function requestSettings(change: Partial<ChatRequestSettings> = {}): ChatRequestSettings {
  return { ...defaultSyncedSettings(), ...change };
}
