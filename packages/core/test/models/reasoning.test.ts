import { describe, expect, it } from 'vitest';
import { findModel, modelCatalogue } from '../../src/models/catalogue';
import type { ModelDescriptor } from '../../src/models/model-descriptor';
import {
  budgetWithin,
  hasReasoningControls,
  nearestEffort,
  reasoningControlsOf,
  samplingLeftOut,
} from '../../src/models/reasoning';
import { maxTokensRange, modelSettingRanges } from '../../src/models/setting-ranges';

function model(id: string): ModelDescriptor {
  const found = findModel(id);
  if (!found) throw new Error(`no model ${id}`);
  return found;
}

describe('Reasoning controls', () => {
  it('RC1 only models flagged as reasoning get controls; the kind follows the provider', () => {
    expect(hasReasoningControls(reasoningControlsOf(model('gpt-4.1')))).toBe(false);
    expect(hasReasoningControls(reasoningControlsOf(model('claude-3-opus')))).toBe(false);
    expect(reasoningControlsOf(model('claude-sonnet-4-5'))).toEqual({
      efforts: [],
      budget: { min: 1024, max: 63_999, canTurnOff: true },
      verbosity: false,
    });
    expect(reasoningControlsOf(model('gpt-5.1')).verbosity).toBe(true);
    expect(reasoningControlsOf(model('gpt-5.1')).budget).toBeUndefined();
    expect(reasoningControlsOf(model('openai/gpt-5.1'))).toMatchObject({
      efforts: ['none', 'minimal', 'low', 'medium', 'high', 'xhigh'],
      budget: { min: 1024, max: 127_999 },
      verbosity: false,
    });
    const setapp: ModelDescriptor = { ...model('gpt-5.1'), apiType: 'setapp' };
    expect(hasReasoningControls(reasoningControlsOf(setapp))).toBe(false);
  });

  it('RC1 the current catalogue flags every reasoning model it offers', () => {
    const reasoning = modelCatalogue.filter((m) => !m.retired && m.reasoningSupported).map((m) => m.id);
    expect(reasoning).toEqual(
      expect.arrayContaining([
        'gpt-5.2',
        'gpt-5.1',
        'gpt-5',
        'o3',
        'o4-mini',
        'claude-opus-4-5',
        'claude-sonnet-4-5',
        'claude-haiku-4-5',
        'gemini-3-pro-preview',
        'gemini-2.5-flash',
        'openai/gpt-5.1',
        'anthropic/claude-sonnet-4.5',
      ]),
    );
    expect(reasoning).not.toContain('gpt-4.1');
    expect(reasoning).not.toContain('openai/gpt-4.1-mini');
  });

  it('RC2 OpenAI effort levels per family, as the API reference lists them', () => {
    const efforts = (id: string) => reasoningControlsOf(model(id)).efforts;
    expect(efforts('gpt-5')).toEqual(['minimal', 'low', 'medium', 'high']);
    expect(efforts('gpt-5-mini')).toEqual(['minimal', 'low', 'medium', 'high']);
    expect(efforts('gpt-5.1')).toEqual(['none', 'low', 'medium', 'high']);
    expect(efforts('gpt-5.2')).toEqual(['none', 'low', 'medium', 'high', 'xhigh']);
    expect(efforts('o3')).toEqual(['low', 'medium', 'high']);
    const pro: ModelDescriptor = { ...model('gpt-5'), id: 'gpt-5-pro', modelID: 'gpt-5-pro' };
    expect(reasoningControlsOf(pro).efforts).toEqual(['high']);
    expect(reasoningControlsOf(model('o3')).verbosity).toBe(false);
  });

  it('RC2 Gemini 3 takes levels (Pro low/high, Flash four), Gemini 2.5 a budget', () => {
    expect(reasoningControlsOf(model('gemini-3-pro-preview'))).toEqual({
      efforts: ['low', 'high'],
      verbosity: false,
    });
    expect(reasoningControlsOf(model('gemini-3-flash-preview')).efforts).toEqual([
      'minimal',
      'low',
      'medium',
      'high',
    ]);
    expect(reasoningControlsOf(model('gemini-2.5-flash')).efforts).toEqual([]);
  });

  it('RC2 the nearest accepted effort; a tie goes to the higher level; none accepted, none sent', () => {
    expect(nearestEffort('high', ['low', 'medium', 'high'])).toBe('high');
    expect(nearestEffort('none', ['minimal', 'low'])).toBe('minimal');
    expect(nearestEffort('medium', ['low', 'high'])).toBe('high');
    expect(nearestEffort('xhigh', ['low', 'medium', 'high'])).toBe('high');
    expect(nearestEffort('low', [])).toBeUndefined();
  });

  it('RC3 budget ranges: Gemini 2.5 per model, Anthropic from 1024 to under the output limit', () => {
    expect(reasoningControlsOf(model('gemini-2.5-pro')).budget).toEqual({
      min: 128,
      max: 32_768,
      canTurnOff: false,
    });
    expect(reasoningControlsOf(model('gemini-2.5-flash')).budget).toEqual({
      min: 1,
      max: 24_576,
      canTurnOff: true,
    });
    expect(reasoningControlsOf(model('gemini-2.5-flash-lite')).budget).toEqual({
      min: 512,
      max: 24_576,
      canTurnOff: true,
    });
    expect(reasoningControlsOf(model('claude-opus-4-1')).budget?.max).toBe(31_999);
    const unknownLimit: ModelDescriptor = { ...model('claude-opus-4-1'), maxOutputTokens: undefined };
    expect(reasoningControlsOf(unknownLimit).budget?.max).toBe(31_999);
    const range = { min: 1024, max: 8000, canTurnOff: true };
    expect([0, 10, 5000, 9000].map((b) => budgetWithin(b, range))).toEqual([0, 1024, 5000, 8000]);
    expect(budgetWithin(0, { min: 128, max: 32_768, canTurnOff: false })).toBe(128);
  });

  it('RC4 sampling ranges per provider: Anthropic temperature 0–1 and no penalties, OpenAI no top K', () => {
    const claude = modelSettingRanges(model('claude-sonnet-4-5'));
    expect(claude.temperature).toMatchObject({ min: 0, max: 1 });
    expect(claude.presencePenalty).toBeUndefined();
    expect(claude.topK).toMatchObject({ min: 1 });
    const gpt = modelSettingRanges(model('gpt-5.1'));
    expect(gpt.temperature).toMatchObject({ min: 0, max: 2 });
    expect(gpt.topK).toBeUndefined();
    expect(gpt.frequencyPenalty).toMatchObject({ min: -2, max: 2 });
    expect(modelSettingRanges(model('gemini-2.5-pro')).temperature).toMatchObject({ max: 2 });
    expect(modelSettingRanges(model('openai/gpt-5.1')).topK).toBeDefined();
    expect(modelSettingRanges(undefined)).toMatchObject({
      temperature: { min: 0, max: 2 },
      topP: { min: 0, max: 1 },
      presencePenalty: { min: -2, max: 2 },
    });
  });

  it('RC5 max tokens from 1 to the model output limit (its hard cap first), else 128,000', () => {
    expect(maxTokensRange(model('claude-opus-4-1'))).toMatchObject({ min: 1, max: 32_000 });
    expect(maxTokensRange(model('gpt-4-vision-preview')).max).toBe(1000);
    expect(maxTokensRange(undefined).max).toBe(128_000);
  });

  it('RC6 reasoning leaves sampling out: OpenAI unless effort none, Anthropic while thinking', () => {
    const openAISampling = ['temperature', 'topP', 'presencePenalty', 'frequencyPenalty'];
    expect(samplingLeftOut(model('gpt-5.1'), {})).toEqual([]);
    expect(samplingLeftOut(model('gpt-5.1'), { reasoningEffort: 'low' })).toEqual(openAISampling);
    expect(samplingLeftOut(model('gpt-5'), {})).toEqual(openAISampling);
    expect(samplingLeftOut(model('gpt-5'), { reasoningEffort: 'none' })).toEqual(openAISampling);
    expect(samplingLeftOut(model('claude-sonnet-4-5'), { thinkingBudget: 4000 })).toEqual([
      'temperature',
      'topK',
    ]);
    expect(samplingLeftOut(model('claude-sonnet-4-5'), { thinkingBudget: 0 })).toEqual([]);
    expect(samplingLeftOut(model('gpt-4.1'), { reasoningEffort: 'high' })).toEqual([]);
    expect(samplingLeftOut(model('openai/gpt-5.1'), { reasoningEffort: 'high' })).toEqual([]);
  });
});
