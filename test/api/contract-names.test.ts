import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helper.js';

type Operation = `${'get' | 'post' | 'put' | 'patch' | 'delete'} ${string}`;

/**
 * Spec Part 2 "Request inputs known by name" and the Part 4 tables: each named input and the
 * operations that take it as their body. Operations we do not serve yet are checked once they
 * exist (`pending`), so a new route cannot take the wrong name either.
 */
const INPUTS: { name: string; operations: Operation[]; media?: string; pending?: true }[] = [
  { name: 'ExpectedDocListInput', operations: ['post /expected-doc-lists'] },
  { name: 'ExpectedDocListDuplicateInput', operations: ['post /expected-doc-lists/{expectedDocListId}/{version}/duplicate'] },
  {
    name: 'RenameInput',
    operations: [
      'post /expected-doc-lists/{expectedDocListId}/{version}/rename-as-new-version',
      'post /doc-type-extraction-schemas/{docType}/{version}/rename-as-new-version',
    ],
  },
  { name: 'CoinDocTypeInput', operations: ['post /doc-types'] },
  { name: 'DocTypeExtractionSchemaInput', operations: ['post /doc-type-extraction-schemas'] },
  { name: 'DocumentBundleInput', operations: ['post /document-bundles', 'put /document-bundles/{bundleId}'] },
  { name: 'SavedSectionInput', operations: ['post /saved-sections'] },
  { name: 'WorkflowInput', operations: ['post /workflows'] },
  { name: 'IntelTemplateInput', operations: ['post /intel-templates'] },
  { name: 'MarkedDocTypeCatalogInput', operations: ['put /organization/marked-doc-type-catalog'] },
  { name: 'CreateApiKeyInput', operations: ['post /api-keys'] },
  { name: 'CreateUserInput', operations: ['post /users'] },
  { name: 'UpdateUserInput', operations: ['patch /users/{id}'] },
  // The desktop's device sessions sign in with the same body.
  { name: 'LoginInput', operations: ['post /login', 'post /device-sessions'] },
  { name: 'SignupInput', operations: ['post /signup'] },
  { name: 'ContactInput', operations: ['post /contact'] },
  { name: 'RenameOrganizationInput', operations: ['patch /organization'] },
  { name: 'ChangePasswordInput', operations: ['post /password'] },
  { name: 'ForgotPasswordInput', operations: ['post /password/forgot'] },
  { name: 'ResetPasswordInput', operations: ['post /password/reset'] },
  { name: 'StartIntelBriefInput', operations: ['post /applications/{applicationId}/intel-briefs'], pending: true },
  { name: 'CreateWebhookInput', operations: ['post /webhooks'] },
  { name: 'WorkflowRunInput', operations: ['post /workflows/{workflowId}/runs'], media: 'multipart/form-data', pending: true },
];

/** Spec Part 4: each named resource and the successful answers that carry it (alone or as an array). */
const RESOURCES: { name: string; responses: [Operation, ...string[]][]; pending?: true }[] = [
  { name: 'HealthStatus', responses: [['get /healthz', '200', '503']] },
  {
    name: 'ExpectedDocListListing',
    responses: [
      ['get /expected-doc-lists', '200'],
      ['post /expected-doc-lists/{expectedDocListId}/{version}/activate', '200'],
      ['post /expected-doc-lists/{expectedDocListId}/{version}/set-default', '200'],
    ],
  },
  {
    name: 'ExpectedDocListRef',
    responses: [
      ['post /expected-doc-lists', '201'],
      ['post /expected-doc-lists/{expectedDocListId}/{version}/new-version', '201'],
      ['post /expected-doc-lists/{expectedDocListId}/{version}/rename-as-new-version', '201'],
      ['post /expected-doc-lists/{expectedDocListId}/{version}/duplicate', '201'],
    ],
  },
  {
    name: 'ExpectedDocList',
    responses: [
      ['get /expected-doc-lists/{expectedDocListId}/{version}', '200'],
      ['put /expected-doc-lists/{expectedDocListId}/{version}', '200'],
    ],
  },
  { name: 'MarkedDocTypeCatalog', responses: [['get /doc-type-catalog/marked', '200']] },
  { name: 'ExpectedDoc', responses: [['post /doc-types', '200', '201']] },
  { name: 'DocumentTypeListing', responses: [['get /document-types', '200']] },
  {
    name: 'DocTypeExtractionSchemaRef',
    responses: [
      ['post /doc-type-extraction-schemas', '200', '201'],
      ['post /doc-type-extraction-schemas/{docType}/{version}/new-version', '201'],
      ['post /doc-type-extraction-schemas/{docType}/{version}/rename-as-new-version', '201'],
    ],
  },
  {
    name: 'DocTypeExtractionSchema',
    responses: [
      ['get /doc-type-extraction-schemas/{docType}/{version}', '200'],
      ['put /doc-type-extraction-schemas/{docType}/{version}', '200'],
      ['post /doc-type-extraction-schemas/{docType}/{version}/activate', '200'],
    ],
  },
  { name: 'WorkflowToolOption', responses: [['get /workflow-tools', '200']] },
  { name: 'WorkflowListing', responses: [['get /workflows', '200'], ['post /workflows/{workflowId}/set-default', '200']] },
  { name: 'WorkflowRef', responses: [['post /workflows', '201'], ['post /workflows/{workflowId}/{version}/new-version', '201']] },
  {
    name: 'Workflow',
    responses: [
      ['get /workflows/{workflowId}/{version}', '200'],
      ['put /workflows/{workflowId}/{version}', '200'],
      ['post /workflows/{workflowId}/{version}/activate', '200'],
    ],
  },
  { name: 'IntelTemplateListing', responses: [['get /intel-templates', '200']] },
  { name: 'IntelTemplateRef', responses: [['post /intel-templates', '201'], ['post /intel-templates/{templateId}/{version}/new-version', '201']] },
  {
    name: 'IntelTemplate',
    responses: [
      ['get /intel-templates/{templateId}/{version}', '200'],
      ['put /intel-templates/{templateId}/{version}', '200'],
      ['post /intel-templates/{templateId}/{version}/activate', '200'],
    ],
  },
  { name: 'SavedSection', responses: [['get /saved-sections', '200'], ['post /saved-sections', '201']] },
  {
    name: 'DocumentBundle',
    responses: [
      ['get /document-bundles', '200'],
      ['post /document-bundles', '201'],
      ['put /document-bundles/{bundleId}', '200'],
    ],
  },
  { name: 'AccessMatrix', responses: [['get /access-matrix', '200']] },
  { name: 'ApiKey', responses: [['get /api-keys', '200']] },
  { name: 'CreatedApiKey', responses: [['post /api-keys', '201']] },
  {
    name: 'User',
    responses: [
      ['get /users', '200'],
      ['post /users', '201'],
      ['patch /users/{id}', '200'],
      ['post /login', '200'],
      ['post /signup', '201'],
      ['get /me', '200'],
    ],
  },
  {
    name: 'Organization',
    responses: [
      ['get /organization', '200'],
      ['patch /organization', '200'],
      ['put /organization/marked-doc-type-catalog', '200'],
    ],
  },
  { name: 'ContactAck', responses: [['post /contact', '200']] },
  { name: 'IntelBriefListing', responses: [['get /applications/{applicationId}/intel-briefs', '200']], pending: true },
  { name: 'IntelBrief', responses: [['post /applications/{applicationId}/intel-briefs', '202']], pending: true },
  { name: 'Application', responses: [['post /workflows/{workflowId}/runs', '201']], pending: true },
  { name: 'WebhookEndpoint', responses: [['get /webhooks', '200']] },
  { name: 'CreatedWebhookEndpoint', responses: [['post /webhooks', '201']] },
  { name: 'WebhookTestResult', responses: [['post /webhooks/{id}/test', '200']] },
];

const REF = '#/components/schemas/';

/** The components a schema names at its top: itself, the items of an array, or a branch of an `anyOf` (an optional body). */
function namedIn(schema: Record<string, any> | undefined): string[] {
  if (schema === undefined) return [];
  if (typeof schema.$ref === 'string') return [schema.$ref.slice(REF.length)];
  if (schema.type === 'array') return namedIn(schema.items);
  return [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].flatMap((s: Record<string, any>) => namedIn(s));
}

describe('OpenAPI component names', () => {
  let t: TestApp;
  let doc: Record<string, any>;
  const operation = (op: Operation) => {
    const [method, path] = op.split(' ') as [string, string];
    return doc.paths[path]?.[method] as Record<string, any> | undefined;
  };
  /** Every request body and response of the document, by the component it names. */
  const uses = () => {
    const bodies = new Map<string, string[]>();
    const answers = new Map<string, string[]>();
    const add = (to: Map<string, string[]>, name: string, where: string) => to.set(name, [...(to.get(name) ?? []), where]);
    for (const [path, methods] of Object.entries<Record<string, any>>(doc.paths)) {
      for (const [method, op] of Object.entries<Record<string, any>>(methods)) {
        for (const media of Object.values<Record<string, any>>(op.requestBody?.content ?? {})) {
          for (const name of namedIn(media.schema)) add(bodies, name, `${method} ${path}`);
        }
        for (const [status, response] of Object.entries<Record<string, any>>(op.responses ?? {})) {
          for (const media of Object.values<Record<string, any>>(response.content ?? {})) {
            for (const name of namedIn(media.schema)) add(answers, name, `${method} ${path} ${status}`);
          }
        }
      }
    }
    return { bodies, answers };
  };

  beforeAll(async () => {
    t = await buildTestApp();
    doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  });
  afterAll(() => t?.close());

  it('has no component named twice over (`…InputInput`), and every reference resolves', () => {
    const names = Object.keys(doc.components.schemas);
    expect(names.filter((n) => /InputInput$/.test(n))).toEqual([]);
    const refs = new Set([...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!));
    expect([...refs].filter((r) => !names.includes(r))).toEqual([]);
  });

  it('takes each named input as the body of the operations the spec gives it', () => {
    for (const { name, operations, media = 'application/json', pending } of INPUTS) {
      for (const op of operations) {
        const found = operation(op);
        if (found === undefined && pending) continue;
        expect(found, op).toBeDefined();
        expect(namedIn(found!.requestBody?.content?.[media]?.schema), `the body of ${op}`).toEqual([name]);
      }
      if (!pending) expect(doc.components.schemas[name], name).toBeDefined();
    }
  });

  it('answers with each named resource where the spec says', () => {
    for (const { name, responses, pending } of RESOURCES) {
      for (const [op, ...statuses] of responses) {
        const found = operation(op);
        if (found === undefined && pending) continue;
        expect(found, op).toBeDefined();
        for (const status of statuses) {
          expect(namedIn(found!.responses[status]?.content?.['application/json']?.schema), `${op} ${status}`).toEqual([name]);
        }
      }
      if (!pending) expect(doc.components.schemas[name], name).toBeDefined();
    }
  });

  it('labels no other schema with a spec name: inputs are never answered, resources never sent', () => {
    const { bodies, answers } = uses();
    for (const { name } of INPUTS) expect(answers.get(name) ?? [], `${name} in a response`).toEqual([]);
    // The spec writes the resource as the body of a PUT; ours is `<Resource>Edit`, its editable part.
    for (const { name } of RESOURCES) expect(bodies.get(name) ?? [], `${name} as a request body`).toEqual([]);
    for (const [name, where] of bodies) {
      if (INPUTS.some((i) => i.name === name)) {
        const expected = INPUTS.find((i) => i.name === name)!.operations;
        expect(where.filter((w) => !expected.includes(w as Operation)), `${name} as a body`).toEqual([]);
      }
    }
  });

  it('sends every error as ApiMessage', () => {
    const { answers } = uses();
    const errors = [...answers].flatMap(([name, where]) => where.filter((w) => /\s4\d\d$/.test(w)).map((w) => `${w} → ${name}`));
    // Refusals of their own: the gate's (spec Part 2) and a push to a read-only sync collection (it carries the conflicts).
    expect(errors.filter((e) => !e.endsWith('→ ApiMessage') && !e.endsWith('→ GateRefused'))).toEqual([]);
    expect(doc.components.schemas.ApiMessage.required).toEqual(['error']);
  });
});
