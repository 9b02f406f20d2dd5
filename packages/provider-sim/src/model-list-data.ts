// What each simulated provider lists: current models, plus the non-chat ones real lists carry
// (embeddings, speech, images, moderation, realtime), so clients must filter as they would for real.

/** 2025-11-13: fixed so lists are stable across runs. */
export const LIST_CREATED = 1_763_000_000;

export const OPENAI_LIST = [
  'gpt-5.2-pro',
  'gpt-5.1',
  'gpt-5',
  'gpt-5-mini',
  'gpt-5-nano',
  'gpt-4.1',
  'gpt-4.1-mini',
  'gpt-4o',
  'gpt-4o-mini',
  'o4-mini',
  'text-embedding-3-small',
  'text-embedding-3-large',
  'whisper-1',
  'tts-1',
  'gpt-4o-mini-tts',
  'gpt-4o-transcribe',
  'dall-e-3',
  'gpt-image-1',
  'omni-moderation-latest',
  'gpt-realtime',
];

/** Anthropic lists newest first, with display names and release dates. */
export const ANTHROPIC_LIST: [id: string, name: string, created: string][] = [
  ['claude-opus-4-5-20251101', 'Claude Opus 4.5', '2025-11-24T00:00:00Z'],
  ['claude-haiku-4-5-20251001', 'Claude Haiku 4.5', '2025-10-15T00:00:00Z'],
  ['claude-sonnet-4-5-20250929', 'Claude Sonnet 4.5', '2025-09-29T00:00:00Z'],
  ['claude-opus-4-1-20250805', 'Claude Opus 4.1', '2025-08-05T00:00:00Z'],
  ['claude-sonnet-4-20250514', 'Claude Sonnet 4', '2025-05-22T00:00:00Z'],
];

export const GEMINI_LIST: [id: string, name: string, inputTokenLimit: number, methods: string[]][] = [
  [
    'gemini-3-pro-preview',
    'Gemini 3 Pro Preview',
    1_048_576,
    ['generateContent', 'countTokens', 'createCachedContent', 'batchGenerateContent'],
  ],
  [
    'gemini-2.5-pro',
    'Gemini 2.5 Pro',
    1_048_576,
    ['generateContent', 'countTokens', 'createCachedContent', 'batchGenerateContent'],
  ],
  [
    'gemini-2.5-flash',
    'Gemini 2.5 Flash',
    1_048_576,
    ['generateContent', 'countTokens', 'createCachedContent', 'batchGenerateContent'],
  ],
  [
    'gemini-2.5-flash-lite',
    'Gemini 2.5 Flash-Lite',
    1_048_576,
    ['generateContent', 'countTokens', 'createCachedContent', 'batchGenerateContent'],
  ],
  ['gemini-2.5-flash-preview-tts', 'Gemini 2.5 Flash Preview TTS', 8_192, ['countTokens', 'generateContent']],
  ['gemini-embedding-001', 'Gemini Embedding 001', 2_048, ['embedContent', 'countTextTokens', 'countTokens']],
  ['imagen-4.0-generate-001', 'Imagen 4', 480, ['predict']],
];

/** OpenRouter: id, name, context, USD per token (strings, as OpenRouter sends them), inputs, tools. */
export const OPENROUTER_LIST: [
  id: string,
  name: string,
  context: number,
  prompt: string,
  completion: string,
  inputs: string[],
  tools: boolean,
][] = [
  [
    'openai/gpt-5.2-pro',
    'OpenAI: GPT-5.2 Pro',
    400_000,
    '0.000021',
    '0.000168',
    ['text', 'image', 'file'],
    true,
  ],
  ['openai/gpt-5.1', 'OpenAI: GPT-5.1', 400_000, '0.00000125', '0.00001', ['text', 'image', 'file'], true],
  [
    'openai/gpt-5-mini',
    'OpenAI: GPT-5 Mini',
    400_000,
    '0.00000025',
    '0.000002',
    ['text', 'image', 'file'],
    true,
  ],
  [
    'openai/gpt-4o-mini',
    'OpenAI: GPT-4o-mini',
    128_000,
    '0.00000015',
    '0.0000006',
    ['text', 'image', 'file'],
    true,
  ],
  [
    'openai/gpt-4.1-mini',
    'OpenAI: GPT-4.1 Mini',
    1_047_576,
    '0.0000004',
    '0.0000016',
    ['text', 'image', 'file'],
    true,
  ],
  [
    'anthropic/claude-opus-4.5',
    'Anthropic: Claude Opus 4.5',
    200_000,
    '0.000005',
    '0.000025',
    ['text', 'image', 'file'],
    true,
  ],
  [
    'anthropic/claude-sonnet-4.5',
    'Anthropic: Claude Sonnet 4.5',
    1_000_000,
    '0.000003',
    '0.000015',
    ['text', 'image', 'file'],
    true,
  ],
  [
    'anthropic/claude-haiku-4.5',
    'Anthropic: Claude Haiku 4.5',
    200_000,
    '0.000001',
    '0.000005',
    ['text', 'image'],
    true,
  ],
  [
    'google/gemini-3-pro-preview',
    'Google: Gemini 3 Pro Preview',
    1_048_576,
    '0.000002',
    '0.000012',
    ['text', 'image', 'file', 'audio', 'video'],
    true,
  ],
  [
    'google/gemini-2.5-flash',
    'Google: Gemini 2.5 Flash',
    1_048_576,
    '0.0000003',
    '0.0000025',
    ['text', 'image', 'file', 'audio', 'video'],
    true,
  ],
  [
    'meta-llama/llama-3.3-70b-instruct',
    'Meta: Llama 3.3 70B Instruct',
    131_072,
    '0.00000013',
    '0.0000004',
    ['text'],
    true,
  ],
  [
    'mistralai/mistral-small-3.2-24b-instruct',
    'Mistral: Mistral Small 3.2 24B',
    131_072,
    '0.00000005',
    '0.0000001',
    ['text', 'image'],
    true,
  ],
  ['openrouter/auto', 'Auto Router', 2_000_000, '-1', '-1', ['text', 'image'], true],
];

/** The local servers' own lists under /compat/{flavour}/v1/models. */
export const COMPAT_MODELS = ['llama3.2:3b', 'qwen3:8b', 'nomic-embed-text'];
