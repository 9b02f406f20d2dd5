/** Bodies in each provider's real shape (trimmed), as their documentation and servers send them. */
export const openaiBody = {
  object: 'list',
  data: [
    { id: 'gpt-5.1', object: 'model', created: 1762800000, owned_by: 'system' },
    { id: 'text-embedding-3-small', object: 'model', created: 1705948997, owned_by: 'system' },
    { id: 'whisper-1', object: 'model', created: 1677532384, owned_by: 'openai-internal' },
    { id: 'gpt-4o-mini-tts', object: 'model', created: 1742403959, owned_by: 'system' },
    { id: 'dall-e-3', object: 'model', created: 1698785189, owned_by: 'system' },
    { id: 'gpt-image-1', object: 'model', created: 1745517030, owned_by: 'system' },
    { id: 'gpt-realtime', object: 'model', created: 1756271701, owned_by: 'system' },
    { id: 'omni-moderation-latest', object: 'model', created: 1731689265, owned_by: 'system' },
    { id: 'gpt-4o-search-preview', object: 'model', created: 1741388720, owned_by: 'system' },
    { id: 'gpt-4o-transcribe', object: 'model', created: 1742068463, owned_by: 'system' },
    { id: 'gpt-4o-audio-preview', object: 'model', created: 1727460443, owned_by: 'system' },
    { id: 'o4-mini', object: 'model', created: 1744225351, owned_by: 'system' },
  ],
};

export const anthropicPage1 = {
  data: [
    {
      type: 'model',
      id: 'claude-opus-4-5-20251101',
      display_name: 'Claude Opus 4.5',
      created_at: '2025-11-24T00:00:00Z',
    },
    {
      type: 'model',
      id: 'claude-sonnet-4-5-20250929',
      display_name: 'Claude Sonnet 4.5',
      created_at: '2025-09-29T00:00:00Z',
    },
  ],
  has_more: true,
  first_id: 'claude-opus-4-5-20251101',
  last_id: 'claude-sonnet-4-5-20250929',
};
export const anthropicPage2 = {
  data: [
    {
      type: 'model',
      id: 'claude-haiku-4-5-20251001',
      display_name: 'Claude Haiku 4.5',
      created_at: '2025-10-15T00:00:00Z',
    },
  ],
  has_more: false,
  first_id: 'claude-haiku-4-5-20251001',
  last_id: 'claude-haiku-4-5-20251001',
};

export const geminiPage1 = {
  models: [
    {
      name: 'models/gemini-2.5-pro',
      version: '2.5',
      displayName: 'Gemini 2.5 Pro',
      inputTokenLimit: 1048576,
      outputTokenLimit: 65536,
      supportedGenerationMethods: [
        'generateContent',
        'countTokens',
        'createCachedContent',
        'batchGenerateContent',
      ],
      thinking: true,
    },
    {
      name: 'models/text-embedding-004',
      version: '004',
      displayName: 'Text Embedding 004',
      inputTokenLimit: 2048,
      outputTokenLimit: 1,
      supportedGenerationMethods: ['embedContent'],
    },
  ],
  nextPageToken: 'Ch5tb2RlbHMvZ2VtaW5pLTIuNS1mbGFzaA==',
};
export const geminiPage2 = {
  models: [
    {
      name: 'models/gemini-2.5-flash',
      displayName: 'Gemini 2.5 Flash',
      inputTokenLimit: 1048576,
      supportedGenerationMethods: ['generateContent', 'streamGenerateContent'],
    },
    {
      name: 'models/imagen-4.0-generate-001',
      displayName: 'Imagen 4',
      inputTokenLimit: 480,
      supportedGenerationMethods: ['predict'],
    },
    {
      name: 'models/gemini-2.5-flash-preview-tts',
      displayName: 'Gemini 2.5 Flash Preview TTS',
      inputTokenLimit: 8192,
      supportedGenerationMethods: ['countTokens', 'generateContent'],
    },
  ],
};

export const openRouterBody = {
  data: [
    {
      id: 'openai/gpt-5',
      canonical_slug: 'openai/gpt-5-2025-08-07',
      name: 'OpenAI: GPT-5',
      created: 1754587413,
      context_length: 400000,
      architecture: {
        modality: 'text+image->text',
        input_modalities: ['text', 'image', 'file'],
        output_modalities: ['text'],
        tokenizer: 'GPT',
      },
      pricing: { prompt: '0.00000125', completion: '0.00001', request: '0', image: '0' },
      top_provider: { context_length: 400000, max_completion_tokens: 128000, is_moderated: true },
      supported_parameters: [
        'include_reasoning',
        'max_tokens',
        'reasoning',
        'response_format',
        'seed',
        'tool_choice',
        'tools',
      ],
    },
    {
      id: 'anthropic/claude-sonnet-4.5',
      name: 'Anthropic: Claude Sonnet 4.5',
      created: 1759161676,
      context_length: 1000000,
      architecture: { input_modalities: ['text', 'image', 'file'], output_modalities: ['text'] },
      pricing: { prompt: '0.000003', completion: '0.000015' },
      supported_parameters: ['max_tokens', 'tools', 'reasoning'],
    },
    {
      id: 'google/gemini-2.5-pro',
      name: 'Google: Gemini 2.5 Pro',
      context_length: 1048576,
      architecture: { input_modalities: ['file', 'image', 'text', 'audio'], output_modalities: ['text'] },
      pricing: { prompt: '0.00000125', completion: '0.00001' },
      supported_parameters: ['tools'],
    },
    {
      id: 'openrouter/auto',
      name: 'Auto Router',
      context_length: 2000000,
      architecture: { input_modalities: ['text', 'image'], output_modalities: ['text'] },
      pricing: { prompt: '-1', completion: '-1' },
    },
    {
      id: 'meta-llama/llama-3.3-70b-instruct:free',
      name: 'Meta: Llama 3.3 70B Instruct (free)',
      context_length: 131072,
      architecture: { input_modalities: ['text'], output_modalities: ['text'] },
      pricing: { prompt: '0', completion: '0' },
      supported_parameters: ['max_tokens'],
    },
    {
      id: 'google/gemini-2.5-flash-image',
      name: 'Google: Nano Banana',
      context_length: 32768,
      architecture: { input_modalities: ['image', 'text'], output_modalities: ['image', 'text'] },
      pricing: { prompt: '0.0000003', completion: '0.0000025' },
    },
  ],
};

/** vLLM: OpenAI's shape plus the served context length. */
export const vllmBody = {
  object: 'list',
  data: [
    {
      id: 'Qwen/Qwen3-8B',
      object: 'model',
      created: 1763000000,
      owned_by: 'vllm',
      root: 'Qwen/Qwen3-8B',
      parent: null,
      max_model_len: 32768,
      permission: [{ id: 'modelperm-1', object: 'model_permission', allow_sampling: true }],
    },
  ],
};

/** llama.cpp's llama-server: the loaded model with its training context under `meta`. */
export const llamaCppBody = {
  object: 'list',
  data: [
    {
      id: 'gpt-oss-20b-mxfp4.gguf',
      object: 'model',
      created: 1763000000,
      owned_by: 'llamacpp',
      meta: {
        vocab_type: 2,
        n_vocab: 201088,
        n_ctx_train: 131072,
        n_embd: 2880,
        n_params: 20914757184,
        size: 12109565952,
      },
    },
  ],
};

/** Ollama's /v1/models: no context length. */
export const ollamaBody = {
  object: 'list',
  data: [
    { id: 'llama3.2:latest', object: 'model', created: 1763000000, owned_by: 'library' },
    { id: 'nomic-embed-text:latest', object: 'model', created: 1763000000, owned_by: 'library' },
  ],
};

/** LM Studio's /api/v0/models (its richer list): kind and context length. */
export const lmStudioBody = {
  object: 'list',
  data: [
    {
      id: 'qwen2-vl-7b-instruct',
      object: 'model',
      type: 'vlm',
      publisher: 'mlx-community',
      arch: 'qwen2_vl',
      state: 'loaded',
      max_context_length: 32768,
    },
    {
      id: 'text-embedding-nomic-embed-text-v1.5',
      object: 'model',
      type: 'embeddings',
      publisher: 'nomic-ai',
      state: 'not-loaded',
      max_context_length: 2048,
    },
  ],
};
