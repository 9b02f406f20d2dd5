import { EXAMPLE_CHAT_TITLE_PREFIX, parseChat } from '../entities';
import type { Chat, Message } from '../entities';
import type { Clock } from '../platform';
import { isoNow } from '../platform';
import { exampleChatsSeededSetting } from './local-settings';
import type { StoragePort } from './storage-port';

/**
 * The three chats a new user finds on first run (spec section 9: models claude-2, gpt-4 and
 * gpt-3.5-turbo). Fixed ids, so seeding twice cannot duplicate them; `isExample` keeps them out of
 * sync.
 */
interface ExampleScript {
  readonly id: string;
  readonly title: string;
  readonly model: string;
  readonly turns: readonly [role: 'user' | 'assistant', text: string][];
}

const EXAMPLES: readonly ExampleScript[] = [
  {
    id: 'ch-example-claude-2',
    title: 'Write a polite follow-up email',
    model: 'claude-2',
    turns: [
      [
        'user',
        'I interviewed for a job last week and have not heard back. Write a short, polite follow-up email.',
      ],
      [
        'assistant',
        'Subject: Following up on my interview\n\nDear Ms. Rivera,\n\nThank you again for meeting with me last Tuesday about the Product Designer role. I enjoyed learning about the team’s plans for the mobile app, and I remain very interested in the position.\n\nCould you let me know if there is any update on the timeline? I am happy to provide anything else you need.\n\nBest regards,\nSam',
      ],
      ['user', 'Make it a bit shorter.'],
      [
        'assistant',
        'Subject: Interview follow-up\n\nDear Ms. Rivera,\n\nThank you for last Tuesday’s interview for the Product Designer role. I am still very interested and would appreciate any update on the timeline.\n\nBest regards,\nSam',
      ],
    ],
  },
  {
    id: 'ch-example-gpt-4',
    title: 'Explain recursion to a ten-year-old',
    model: 'gpt-4',
    turns: [
      ['user', 'How would you explain recursion to a ten-year-old?'],
      [
        'assistant',
        'Imagine you are standing at the end of a long line for ice cream and want to know your place. You ask the person in front of you: "What number are you?" They do not know either, so they ask the person in front of them, and so on. The first person in line says "I am number 1!" Then each person adds one and passes the answer back, until it reaches you.\n\nThat is recursion: solving a big problem by asking the same question of a slightly smaller problem, until you reach one so small the answer is obvious.',
      ],
    ],
  },
  {
    id: 'ch-example-gpt-3-5-turbo',
    title: 'Quick dinner ideas',
    model: 'gpt-3.5-turbo',
    turns: [
      ['user', 'I have eggs, spinach, a few tomatoes and some feta. What can I cook in 20 minutes?'],
      [
        'assistant',
        'Here are three quick options:\n\n1. **Spinach and feta omelette**: sauté the spinach, pour in beaten eggs, crumble feta on top and fold.\n2. **Shakshuka-style eggs**: simmer chopped tomatoes into a sauce, crack the eggs in, cover for 6 minutes, finish with feta.\n3. **Frittata**: mix everything, pour into an oven-safe pan and bake at 200 °C for 12 minutes.',
      ],
    ],
  },
];

export function exampleChats(clock: Clock): Chat[] {
  const now = isoNow(clock);
  return EXAMPLES.map((example) => {
    const messages: Message[] = example.turns.map(([role, content], index) => ({
      id: `${example.id}-m${index + 1}`,
      role,
      content,
      ...(role === 'assistant' ? { model: example.model } : {}),
      createdAt: now,
      updatedAt: now,
    }));
    return parseChat({
      id: example.id,
      chatTitle: `${EXAMPLE_CHAT_TITLE_PREFIX} ${example.title}`,
      model: example.model,
      messages,
      isExample: true,
      createdAt: now,
      updatedAt: now,
    });
  });
}

/**
 * Seeds the example chats on first run when the addExampleChats feature flag is on. Runs once: a
 * store that already holds chats (a returning user) only records that seeding is done. The flag
 * may still be on its way (the host's config file): it is awaited only when seeding is not done,
 * so a returning user's start does not wait for it.
 */
export async function seedExampleChats(
  store: StoragePort,
  clock: Clock,
  enabled: boolean | PromiseLike<boolean>,
): Promise<boolean> {
  if (enabled === false || (await store.settings.get(exampleChatsSeededSetting)) || !(await enabled))
    return false;
  const firstRun = (await store.chats.count({ includeDeleted: true })) === 0;
  if (firstRun) await store.chats.putMany(exampleChats(clock));
  await store.settings.set(exampleChatsSeededSetting, true);
  return firstRun;
}
