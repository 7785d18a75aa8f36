import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODEL_STAGES } from '@portal/shared';
import { ConfigError, loadConfig } from '../../sync-server/src/config.js';
import { modelFor, organizationModels } from '../../sync-server/src/models/options.js';
import { addColleague, apiKeySession, buildTestApp, DRIVER, signUp, type Session, type TestApp } from '../helper.js';

const OPENAI = { baseUrl: 'http://127.0.0.1:11434/v1', apiKey: 'sk-test-never-shown', models: ['gpt-4.1-mini', 'llama3.1:8b'] };

describe(`model options per stage on ${DRIVER}`, () => {
  let t: TestApp;
  let manager: Session;
  let originator: Session;
  let key: Session;
  let other: Session;
  beforeAll(async () => {
    t = await buildTestApp({ config: { openai: OPENAI } });
    manager = await signUp(t.app, { orgName: 'Harbour Lending' });
    originator = await addColleague(t.app, manager, 'Originator');
    key = await apiKeySession(t.app, manager, 'Loan system');
    other = await signUp(t.app, { orgName: 'Elsewhere Ltd' });
  });
  afterAll(() => t?.close());
  const as = (s: Session, method: InjectOptions['method'], url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: s.headers, ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }) });

  it('lists every stage with the local engine first, configured models after, and local selected until chosen', async () => {
    for (const s of [manager, originator, key]) {
      const res = await as(s, 'GET', '/api/models');
      expect(res.statusCode).toBe(200);
      expect(res.json().map((m: { stage: string }) => m.stage)).toEqual([...MODEL_STAGES]);
    }
    const stages = (await as(manager, 'GET', '/api/models')).json();
    for (const s of stages) {
      expect(s).toMatchObject({ selected: 'local', chosen: null, chosenBy: null, chosenAt: null });
      expect(s.options[0]).toMatchObject({ id: 'local', provider: 'local' });
    }
    const byStage = Object.fromEntries(stages.map((s: { stage: string }) => [s.stage, s]));
    // Rendering pages is not a language model's work; parse runs on the built-in engines alone,
    // so a model is not offered where it would not be used.
    for (const stage of ['preview', 'parse']) {
      expect(byStage[stage].options.map((o: { id: string }) => o.id)).toEqual(['local']);
      expect(byStage[stage].options[0]).toMatchObject({ provider: 'local' });
    }
    for (const stage of ['classify', 'extract', 'intel', 'assistant']) {
      expect(byStage[stage].options.map((o: { id: string }) => o.id)).toEqual(['local', 'openai:gpt-4.1-mini', 'openai:llama3.1:8b']);
      expect(byStage[stage].options[1]).toMatchObject({ provider: 'openai', description: expect.stringContaining('127.0.0.1:11434') });
    }
    // The API key of the model server never leaves the server.
    expect((await as(manager, 'GET', '/api/models')).body).not.toContain(OPENAI.apiKey);
    expect((await t.app.inject({ method: 'GET', url: '/api/models' })).statusCode).toBe(401);
  });

  it('lets only a Manager choose: 403 for an Originator and an API key', async () => {
    const originatorTry = await as(originator, 'PUT', '/api/models/intel', { option: 'openai:gpt-4.1-mini' });
    expect(originatorTry.statusCode).toBe(403);
    expect(originatorTry.json().error).toMatch(/models\.manage/);
    expect((await as(key, 'PUT', '/api/models/intel', { option: 'openai:gpt-4.1-mini' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: '/api/models/intel', payload: { option: 'local' } })).statusCode).toBe(401);

    const res = await as(manager, 'PUT', '/api/models/intel', { option: 'openai:gpt-4.1-mini' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ stage: 'intel', selected: 'openai:gpt-4.1-mini', chosen: 'openai:gpt-4.1-mini', chosenBy: manager.user!.name });
    expect(res.json().chosenAt).toEqual(expect.any(String));

    // Everyone in the organization reads the choice; other organizations keep theirs.
    for (const s of [originator, key]) {
      const intel = (await as(s, 'GET', '/api/models')).json().find((m: { stage: string }) => m.stage === 'intel');
      expect(intel.selected).toBe('openai:gpt-4.1-mini');
    }
    const theirs = (await as(other, 'GET', '/api/models')).json().find((m: { stage: string }) => m.stage === 'intel');
    expect(theirs).toMatchObject({ selected: 'local', chosen: null });

    // Choosing again replaces the choice; back to local is a choice too.
    expect((await as(manager, 'PUT', '/api/models/intel', { option: 'openai:llama3.1:8b' })).json().selected).toBe('openai:llama3.1:8b');
    expect((await as(manager, 'PUT', '/api/models/classify', { option: 'local' })).json()).toMatchObject({ selected: 'local', chosen: 'local' });
    expect(await modelFor(t.app.db, t.app.config, manager.organizationId, 'intel')).toMatchObject({ id: 'openai:llama3.1:8b', provider: 'openai' });
  });

  it('answers 400 for an option the stage does not offer and for an unknown stage', async () => {
    const unknown = await as(manager, 'PUT', '/api/models/extract', { option: 'openai:gpt-5-ultra' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatch(/body\.option: "openai:gpt-5-ultra" is not an option of the extract stage; choose one of local, openai:gpt-4.1-mini/);
    for (const stage of ['preview', 'parse']) {
      const model = await as(manager, 'PUT', `/api/models/${stage}`, { option: 'openai:gpt-4.1-mini' });
      expect(model.statusCode).toBe(400);
      expect(model.json().error).toMatch(new RegExp(`not an option of the ${stage} stage; choose one of local$`));
    }
    expect((await as(manager, 'PUT', '/api/models/preview', { option: 'local' })).statusCode).toBe(200);
    const stage = await as(manager, 'PUT', '/api/models/translate', { option: 'local' });
    expect(stage.statusCode).toBe(400);
    expect(stage.json().error).toMatch(/path\.stage/);
    expect((await as(manager, 'PUT', '/api/models/intel', { option: '' })).statusCode).toBe(400);
    expect((await as(manager, 'PUT', '/api/models/intel', {})).statusCode).toBe(400);
  });

  it('falls back to local, keeping the choice, when the chosen model is no longer configured', async () => {
    expect((await as(manager, 'PUT', '/api/models/extract', { option: 'openai:gpt-4.1-mini' })).statusCode).toBe(200);
    // The same database read by a server configured without that model (after a restart with other settings).
    const narrower = { ...t.app.config, openai: { ...OPENAI, models: ['llama3.1:8b'] } };
    const extract = (await organizationModels(t.app.db, narrower, manager.organizationId)).find((m) => m.stage === 'extract')!;
    expect(extract).toMatchObject({ selected: 'local', chosen: 'openai:gpt-4.1-mini' });
    expect(extract.options.map((o) => o.id)).toEqual(['local', 'openai:llama3.1:8b']);
    const none = { ...t.app.config, openai: undefined };
    expect(await modelFor(t.app.db, none, manager.organizationId, 'extract')).toMatchObject({ id: 'local', provider: 'local' });
    expect((await organizationModels(t.app.db, none, manager.organizationId)).every((m) => m.options.length === 1)).toBe(true);
  });
});

describe('OpenAI-compatible models in the configuration', () => {
  it('offers none by default', () => {
    expect(loadConfig({}).openai).toBeUndefined();
    expect(loadConfig({ OPENAI_API_KEY: 'sk-x' }).openai).toBeUndefined();
  });

  it('reads the models, the key, and the base URL with its default', () => {
    expect(loadConfig({ OPENAI_API_KEY: 'sk-x', OPENAI_MODELS: ' gpt-4.1-mini , gpt-4.1,gpt-4.1-mini,' }).openai).toEqual({
      baseUrl: 'https://api.openai.com/v1',
      apiKey: 'sk-x',
      models: ['gpt-4.1-mini', 'gpt-4.1'],
    });
    expect(loadConfig({ OPENAI_BASE_URL: 'http://localhost:8000/v1/', OPENAI_MODELS: 'meta-llama/Llama-3.1-8B-Instruct' }).openai).toEqual({
      baseUrl: 'http://localhost:8000/v1',
      apiKey: undefined,
      models: ['meta-llama/Llama-3.1-8B-Instruct'],
    });
  });

  it('refuses models with nowhere to send them, malformed names and a malformed URL', () => {
    expect(() => loadConfig({ OPENAI_MODELS: 'gpt-4.1' })).toThrow(ConfigError);
    expect(() => loadConfig({ OPENAI_MODELS: 'gpt-4.1' })).toThrow(/OPENAI_MODELS: needs OPENAI_API_KEY/);
    expect(() => loadConfig({ OPENAI_API_KEY: 'k', OPENAI_MODELS: 'gpt 4' })).toThrow(/OPENAI_MODELS: "gpt 4" is not a model name/);
    expect(() => loadConfig({ OPENAI_BASE_URL: 'not a url', OPENAI_MODELS: 'm' })).toThrow(/OPENAI_BASE_URL/);
  });
});
