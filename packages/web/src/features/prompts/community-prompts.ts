/**
 * The bundled community prompts (spec flag `communityPrompts`): read-only, copied to "My prompts"
 * to be changed. Ids are fixed so a copy can say where it came from. Texts are English, as prompts
 * are sent to the model as written.
 */
export type CommunityPrompt = { id: string; title: string; content: string };

export const COMMUNITY_PROMPTS: readonly CommunityPrompt[] = [
  {
    id: 'community-explain-simply',
    title: 'Explain like I am new to it',
    content:
      'Explain {{topic}} to someone who is new to it. Start with a one-sentence summary, then build up step by step with a concrete everyday example. Avoid jargon; when a technical term is unavoidable, define it in plain words. End with three questions I can ask myself to check that I understood.',
  },
  {
    id: 'community-proofread',
    title: 'Proofread and improve',
    content:
      'Proofread the text below. Fix spelling, grammar and punctuation, and make it read naturally in a {{tone|neutral|friendly|formal}} tone without changing its meaning. Show the corrected text first, then a short list of the most important changes and why.\n\nText:\n{{text}}',
  },
  {
    id: 'community-summarise',
    title: 'Summarise for a busy reader',
    content:
      'Summarise the following in at most {{length:5}} bullet points for a busy reader. Lead with the conclusion, keep numbers and names exact, and flag anything that needs a decision or a reply.\n\n{{content}}',
  },
  {
    id: 'community-code-review',
    title: 'Review my code',
    content:
      'Review this {{language:TypeScript}} code as a careful senior engineer. Look for bugs, edge cases, security problems and unclear names, in that order of importance. For each finding give the line, what is wrong, and a corrected snippet. Say what is good too, briefly.\n\n```\n{{code}}\n```',
  },
  {
    id: 'community-email-reply',
    title: 'Draft an email reply',
    content:
      'Draft a reply to the email below. I want to {{goal}}. Keep it {{length|short|medium}}, polite and direct, with a clear next step. Give me a subject line too.\n\nEmail:\n{{email}}',
  },
  {
    id: 'community-translate',
    title: 'Translate with nuance',
    content:
      'Translate the text below into {{language}}. Keep the tone and register of the original, adapt idioms instead of translating them word for word, and note any phrase whose meaning could not be carried over exactly.\n\n{{text}}',
  },
  {
    id: 'community-brainstorm',
    title: 'Brainstorm ideas',
    content:
      'Give me {{count:10}} varied ideas for {{subject}}. Mix safe and bold ones, one line each, and mark the three you would try first with a short reason.',
  },
  {
    id: 'community-study-plan',
    title: 'Make a study plan',
    content:
      'Make a {{weeks:4}}-week study plan to learn {{skill}}, for someone with about {{hours:5}} hours a week. Give each week a goal, concrete exercises and a small project, and list free resources where you are confident they exist.',
  },
  {
    id: 'community-decision',
    title: 'Weigh a decision',
    content:
      'Help me decide: {{decision}}. List the options, then for each the main benefits, costs and risks, and what would have to be true for it to be the best choice. Finish with the questions I should answer before deciding. Do not decide for me.',
  },
  {
    id: 'community-regex',
    title: 'Write a regular expression',
    content:
      'Write a regular expression for {{flavour|JavaScript|Python|PCRE}} that matches {{description}}. Explain each part, give three strings it matches and three it must not match, and mention any edge case it gets wrong.',
  },
];
