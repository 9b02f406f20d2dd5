import { describe, expect, it } from 'vitest';
import {
  buildElevenLabsSpeechRequest,
  buildOpenAISpeechRequest,
  cutAudio,
  openAIVoicesFor,
  providerErrorMessage,
  speechAnswerProblem,
} from '../../src/voice';

describe('OpenAI speech request', () => {
  it('asks gpt-4o-mini-tts for MP3 with the voice, speed and instructions', () => {
    const request = buildOpenAISpeechRequest({
      apiKey: 'sk',
      model: 'gpt-4o-mini-tts',
      voice: 'coral',
      text: 'Hello.',
      speed: 1.25,
      instructions: 'Calm and warm.',
    });
    expect(request.url).toBe('https://api.openai.com/v1/audio/speech');
    expect(request.init.headers).toMatchObject({
      Authorization: 'Bearer sk',
      'Content-Type': 'application/json',
    });
    expect(JSON.parse(request.init.body as string)).toEqual({
      model: 'gpt-4o-mini-tts',
      voice: 'coral',
      input: 'Hello.',
      response_format: 'mp3',
      speed: 1.25,
      instructions: 'Calm and warm.',
    });
  });

  it('sends no instructions to tts-1, clamps the speed and leaves speed 1 out', () => {
    const fast = JSON.parse(
      buildOpenAISpeechRequest({
        apiKey: 'k',
        model: 'tts-1',
        voice: 'alloy',
        text: 'x',
        speed: 9,
        instructions: 'Loud',
      }).init.body as string,
    ) as Record<string, unknown>;
    expect(fast.speed).toBe(4);
    expect(fast).not.toHaveProperty('instructions');
    const plain = JSON.parse(
      buildOpenAISpeechRequest({
        endpoint: 'http://127.0.0.1:1/v1/',
        apiKey: 'k',
        model: 'tts-1-hd',
        voice: 'nova',
        text: 'x',
        speed: 1,
      }).init.body as string,
    ) as Record<string, unknown>;
    expect(plain).not.toHaveProperty('speed');
  });

  it('offers the newer voices only where the model has them', () => {
    expect(openAIVoicesFor('tts-1')).not.toContain('ballad');
    expect(openAIVoicesFor('tts-1')).toContain('coral');
    expect(openAIVoicesFor('gpt-4o-mini-tts')).toEqual(
      expect.arrayContaining(['ballad', 'verse', 'marin', 'alloy']),
    );
  });
});

describe('ElevenLabs speech request', () => {
  it('streams from the voice with xi-api-key and voice settings', () => {
    const request = buildElevenLabsSpeechRequest({
      apiKey: 'xi',
      voiceId: '21m00Tcm4TlvDq8ikWAM',
      model: 'eleven_flash_v2_5',
      text: 'Hi.',
      stability: 0.5,
      clarity: 1.5,
    });
    expect(request.url).toBe('https://api.elevenlabs.io/v1/text-to-speech/21m00Tcm4TlvDq8ikWAM/stream');
    expect(request.init.headers['xi-api-key']).toBe('xi');
    expect(request.init.headers).not.toHaveProperty('Authorization');
    expect(JSON.parse(request.init.body as string)).toEqual({
      text: 'Hi.',
      model_id: 'eleven_flash_v2_5',
      voice_settings: { stability: 0.5, similarity_boost: 1 },
    });
  });
});

describe('speech answers', () => {
  it('accepts audio and reads failures from the body', () => {
    expect(speechAnswerProblem(200, 'audio/mpeg')).toBeUndefined();
    expect(
      speechAnswerProblem(
        401,
        'application/json',
        '{"detail":{"status":"invalid_api_key","message":"Invalid API key"}}',
      ),
    ).toEqual({ code: 'invalid_key', status: 401, detail: 'Invalid API key' });
    expect(
      speechAnswerProblem(
        429,
        'application/json',
        '{"detail":{"status":"too_many_concurrent_requests","message":"Too many"}}',
      ),
    ).toMatchObject({ code: 'rate_limited' });
    expect(speechAnswerProblem(200, 'text/html', '<html><body>proxy</body></html>')).toMatchObject({
      code: 'not_audio',
    });
    expect(speechAnswerProblem(200, 'application/json', '{}')).toMatchObject({ code: 'not_audio' });
  });

  it('reads the error shapes of OpenAI, ElevenLabs and FastAPI, and plain text', () => {
    expect(providerErrorMessage('{"error":{"message":"Bad voice"}}')).toBe('Bad voice');
    expect(providerErrorMessage('{"detail":"Not found"}')).toBe('Not found');
    expect(providerErrorMessage('{"detail":[{"loc":["body","text"],"msg":"field required"}]}')).toBe(
      'field required',
    );
    expect(providerErrorMessage('upstream timed out')).toBe('upstream timed out');
  });

  it('notices a cut audio stream', () => {
    expect(cutAudio(0, null)).toMatchObject({ code: 'cut_stream' });
    expect(cutAudio(500, '1000')).toEqual({ code: 'cut_stream', detail: '500 of 1000 bytes' });
    expect(cutAudio(1000, '1000')).toBeUndefined();
    expect(cutAudio(1000, null)).toBeUndefined();
  });
});
