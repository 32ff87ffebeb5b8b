import {
  createMcpServer,
  defineTool,
  inputRequired,
  type McpServer,
  type McpServerOptions,
  McpError,
  type PromptDefinition,
  type ResourceDefinition,
  type ResourceTemplateDefinition,
  resourceNotFound,
  toolResult,
} from '@filing-mcp/protocol';
import { z } from 'zod';

/** Options of {@link createEverythingServer}: the core's transport settings, nothing else. */
export type EverythingServerOptions = Pick<
  McpServerOptions,
  'allowedHosts' | 'allowedOrigins' | 'onError'
> & {
  /** Sealing secret for `requestState`; random per process when absent. */
  requestStateSecret?: string;
};

// A 1x1 red PNG and a minimal WAV, the fixture media the suite expects.
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
const WAV_BASE64 = 'UklGRiYAAABXQVZFZm10IBAAAAABAAEAQB8AAAB9AAACABAAZGF0YQIAAAA=';

const NO_ARGUMENTS = z.object({});
const text = (value: string) => toolResult({ content: [{ type: 'text', text: value }] });
const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

/** `content.<field>` of an elicitation answer, as text. */
function elicited(response: unknown, field: string): string {
  const value = (response as { content?: Record<string, unknown> } | undefined)?.content?.[field];
  return typeof value === 'string' ? value : 'unknown';
}

function elicitation(message: string, field: string, type = 'string') {
  return {
    method: 'elicitation/create' as const,
    params: {
      message,
      requestedSchema: { type: 'object', properties: { [field]: { type } }, required: [field] },
    },
  };
}

function sampling(prompt: string, maxTokens: number) {
  return {
    method: 'sampling/createMessage' as const,
    params: { messages: [{ role: 'user', content: { type: 'text', text: prompt } }], maxTokens },
  };
}

const LIST_ROOTS = { method: 'roots/list' as const, params: {} };

// SEP-1613 / SEP-2106: listed verbatim, so every 2020-12 keyword reaches the client.
const JSON_SCHEMA_2020_12 = Object.freeze({
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  $defs: {
    address: {
      $anchor: 'addressDef',
      type: 'object',
      properties: { street: { type: 'string' }, city: { type: 'string' } },
    },
  },
  properties: {
    name: { type: 'string' },
    address: { $ref: '#/$defs/address' },
    contactMethod: { type: 'string', enum: ['phone', 'email'] },
    phone: { type: 'string' },
    email: { type: 'string' },
  },
  allOf: [{ anyOf: [{ required: ['phone'] }, { required: ['email'] }] }],
  if: { properties: { contactMethod: { const: 'phone' } }, required: ['contactMethod'] },
  // biome-ignore lint/suspicious/noThenProperty: the JSON Schema 2020-12 keyword, not a thenable
  then: { required: ['phone'] },
  else: { required: ['email'] },
  additionalProperties: false,
});

const tools = [
  defineTool({
    name: 'test_simple_text',
    description: 'Tests simple text content response',
    inputSchema: NO_ARGUMENTS,
    handler: () => text('This is a simple text response for testing.'),
  }),
  defineTool({
    name: 'test_image_content',
    description: 'Tests image content response',
    inputSchema: NO_ARGUMENTS,
    handler: () => toolResult({ content: [{ type: 'image', data: PNG_BASE64, mimeType: 'image/png' }] }),
  }),
  defineTool({
    name: 'test_audio_content',
    description: 'Tests audio content response',
    inputSchema: NO_ARGUMENTS,
    handler: () => toolResult({ content: [{ type: 'audio', data: WAV_BASE64, mimeType: 'audio/wav' }] }),
  }),
  defineTool({
    name: 'test_embedded_resource',
    description: 'Tests embedded resource content response',
    inputSchema: NO_ARGUMENTS,
    handler: () =>
      toolResult({
        content: [
          {
            type: 'resource',
            resource: {
              uri: 'test://embedded-resource',
              mimeType: 'text/plain',
              text: 'This is an embedded resource content.',
            },
          },
        ],
      }),
  }),
  defineTool({
    name: 'test_multiple_content_types',
    description: 'Tests response with multiple content types (text, image, resource)',
    inputSchema: NO_ARGUMENTS,
    handler: () =>
      toolResult({
        content: [
          { type: 'text', text: 'Multiple content types test:' },
          { type: 'image', data: PNG_BASE64, mimeType: 'image/png' },
          {
            type: 'resource',
            resource: {
              uri: 'test://mixed-content-resource',
              mimeType: 'application/json',
              text: JSON.stringify({ test: 'data', value: 123 }),
            },
          },
        ],
      }),
  }),
  defineTool({
    name: 'test_resource_link',
    description: 'Tests a resource link in a tool result',
    inputSchema: NO_ARGUMENTS,
    handler: () =>
      toolResult({
        content: [
          { type: 'resource_link', uri: 'test://static-text', name: 'static-text', mimeType: 'text/plain' },
        ],
      }),
  }),
  defineTool({
    name: 'test_structured_content',
    description: 'Tests structuredContent checked against an outputSchema',
    inputSchema: z.object({ a: z.number(), b: z.number() }),
    outputSchema: z.object({ sum: z.number() }),
    handler: ({ a, b }) => ({ sum: a + b }),
  }),
  defineTool({
    name: 'test_tool_with_logging',
    description: 'Tests tool that emits log messages during execution',
    inputSchema: NO_ARGUMENTS,
    handler: async (_args, { log, signal }) => {
      log('info', 'Tool execution started');
      await pause(50, signal);
      log('info', 'Tool processing data');
      await pause(50, signal);
      log('info', 'Tool execution completed');
      return text('Tool with logging executed successfully');
    },
  }),
  defineTool({
    name: 'test_tool_with_progress',
    description: 'Tests tool that reports progress notifications',
    inputSchema: NO_ARGUMENTS,
    handler: async (_args, { progress, request, signal }) => {
      for (const step of [0, 50, 100]) {
        progress(step, 100, `Completed step ${step} of 100`);
        if (step < 100) await pause(50, signal);
      }
      return text(`Progress reported (${new URL(request.url).pathname})`);
    },
  }),
  defineTool({
    name: 'test_error_handling',
    description: 'Tests error response handling',
    inputSchema: NO_ARGUMENTS,
    handler: () =>
      toolResult({
        content: [{ type: 'text', text: 'This tool intentionally returns an error for testing' }],
        isError: true,
      }),
  }),
  defineTool({
    name: 'json_schema_2020_12_tool',
    description: 'Tool with JSON Schema 2020-12 features for conformance testing (SEP-1613)',
    inputSchema: z.object({
      name: z.string().optional(),
      address: z.object({ street: z.string().optional(), city: z.string().optional() }).optional(),
      contactMethod: z.enum(['phone', 'email']).optional(),
      phone: z.string().optional(),
      email: z.string().optional(),
    }),
    inputJsonSchema: JSON_SCHEMA_2020_12,
    handler: (args) => text(`JSON Schema 2020-12 tool called with: ${JSON.stringify(args)}`),
  }),
  defineTool({
    name: 'test_custom_headers',
    description: 'Tests x-mcp-header: the region argument is mirrored in the Mcp-Param-Region header',
    inputSchema: z.object({
      region: z.string().meta({ 'x-mcp-header': 'Region' }),
      priority: z.number().int().optional().meta({ 'x-mcp-header': 'Priority' }),
    }),
    handler: ({ region, priority }) => text(`region=${region} priority=${priority ?? 'none'}`),
  }),
  // --- MCP 2026-07-28 fixtures ---
  defineTool({
    name: 'test_missing_capability',
    description: 'Test tool requiring sampling',
    inputSchema: NO_ARGUMENTS,
    handler: (_args, { clientCapabilities }) => {
      if (typeof clientCapabilities.sampling !== 'object') {
        throw new McpError(-32021, 'Missing required client capability: sampling', {
          requiredCapabilities: { sampling: {} },
        });
      }
      return text('Success');
    },
  }),
  defineTool({
    name: 'test_input_required_result_elicitation',
    description: 'MRTR: returns InputRequiredResult with elicitation request',
    inputSchema: NO_ARGUMENTS,
    handler: (_args, { inputResponses }) => {
      if (inputResponses?.user_name !== undefined)
        return text(`Hello, ${elicited(inputResponses.user_name, 'name')}!`);
      return inputRequired({ inputRequests: { user_name: elicitation('What is your name?', 'name') } });
    },
  }),
  defineTool({
    name: 'test_input_required_result_sampling',
    description: 'MRTR: returns InputRequiredResult with sampling request',
    inputSchema: NO_ARGUMENTS,
    handler: (_args, { inputResponses }) => {
      const sample = inputResponses?.sample_request as { content?: { text?: unknown } } | undefined;
      if (sample !== undefined) {
        const answer = typeof sample.content?.text === 'string' ? sample.content.text : 'no response';
        return text(`Sampling result: ${answer}`);
      }
      return inputRequired({
        inputRequests: { sample_request: sampling('What is the capital of France?', 100) },
      });
    },
  }),
  defineTool({
    name: 'test_input_required_result_list_roots',
    description: 'MRTR: returns InputRequiredResult with roots/list request',
    inputSchema: NO_ARGUMENTS,
    handler: (_args, { inputResponses }) => {
      const answer = inputResponses?.roots_request as { roots?: unknown } | undefined;
      if (answer !== undefined) {
        return text(`Found ${Array.isArray(answer.roots) ? answer.roots.length : 0} root(s)`);
      }
      return inputRequired({ inputRequests: { roots_request: LIST_ROOTS } });
    },
  }),
  defineTool({
    name: 'test_input_required_result_request_state',
    description: 'MRTR: returns InputRequiredResult with requestState',
    inputSchema: NO_ARGUMENTS,
    handler: (_args, { inputResponses, state }) => {
      const confirmed = (inputResponses?.confirm as { content?: { ok?: unknown } } | undefined)?.content?.ok;
      if ((state as { kind?: string } | undefined)?.kind === 'request-state' && confirmed === true) {
        return text('state-ok: requestState validated');
      }
      return inputRequired({
        inputRequests: { confirm: elicitation('Please confirm', 'ok', 'boolean') },
        state: { kind: 'request-state' },
      });
    },
  }),
  defineTool({
    name: 'test_input_required_result_multiple_inputs',
    description: 'MRTR: returns InputRequiredResult with multiple input requests',
    inputSchema: NO_ARGUMENTS,
    handler: (_args, { inputResponses, state }) => {
      const responses = inputResponses ?? {};
      if (
        (state as { kind?: string } | undefined)?.kind === 'multiple-inputs' &&
        responses.user_name !== undefined &&
        responses.greeting !== undefined &&
        responses.client_roots !== undefined
      ) {
        const greeting = (responses.greeting as { content?: { text?: unknown } }).content?.text;
        const roots = (responses.client_roots as { roots?: unknown }).roots;
        return text(
          `Name: ${elicited(responses.user_name, 'name')}; Greeting: ${typeof greeting === 'string' ? greeting : 'Hello there!'}; Roots: ${Array.isArray(roots) ? roots.length : 0}`,
        );
      }
      return inputRequired({
        inputRequests: {
          user_name: elicitation('What is your name?', 'name'),
          greeting: sampling('Generate a greeting', 50),
          client_roots: LIST_ROOTS,
        },
        state: { kind: 'multiple-inputs' },
      });
    },
  }),
  defineTool({
    name: 'test_input_required_result_multi_round',
    description: 'MRTR: multi-round InputRequiredResult workflow',
    inputSchema: NO_ARGUMENTS,
    handler: (_args, { inputResponses, state }) => {
      const round = state as { round?: number; name?: string } | undefined;
      if (round?.round === 1 && inputResponses?.step1 !== undefined) {
        return inputRequired({
          inputRequests: { step2: elicitation('Step 2: What is your favorite color?', 'color') },
          state: { round: 2, name: elicited(inputResponses.step1, 'name') },
        });
      }
      if (round?.round === 2 && inputResponses?.step2 !== undefined) {
        return text(
          `Multi-round complete for ${round.name ?? 'friend'} who likes ${elicited(inputResponses.step2, 'color')}`,
        );
      }
      return inputRequired({
        inputRequests: { step1: elicitation('Step 1: What is your name?', 'name') },
        state: { round: 1 },
      });
    },
  }),
  defineTool({
    name: 'test_input_required_result_tampered_state',
    description: 'MRTR: sealed requestState integrity test',
    inputSchema: NO_ARGUMENTS,
    // A tampered state never reaches the handler: the core refuses it with -32602.
    handler: (_args, { inputResponses, state }) => {
      if (
        (state as { kind?: string } | undefined)?.kind === 'tamper-test' &&
        inputResponses?.confirm !== undefined
      ) {
        return text('integrity-ok: state verified');
      }
      return inputRequired({
        inputRequests: { confirm: elicitation('Please confirm', 'ok', 'boolean') },
        state: { kind: 'tamper-test' },
      });
    },
  }),
  defineTool({
    name: 'test_input_required_result_capabilities',
    description: 'MRTR: respects client capabilities in inputRequests',
    inputSchema: NO_ARGUMENTS,
    handler: (_args, { clientCapabilities, inputResponses }) => {
      if (inputResponses !== undefined && Object.keys(inputResponses).length > 0) {
        return text(`capabilities-ok: received ${Object.keys(inputResponses).join(',')}`);
      }
      const inputRequests: Record<string, ReturnType<typeof elicitation> | ReturnType<typeof sampling>> = {};
      if (typeof clientCapabilities.elicitation === 'object') {
        inputRequests.elicit_input = elicitation('Elicitation input', 'value');
      }
      if (typeof clientCapabilities.sampling === 'object') {
        inputRequests.sample_input = sampling('Sample request', 50);
      }
      if (Object.keys(inputRequests).length === 0) return text('No supported capabilities declared');
      return inputRequired({ inputRequests, state: { kind: 'capabilities-test' } });
    },
  }),
  defineTool({
    name: 'test_streaming_elicitation',
    description: 'Diagnostic tool validating response progress streams',
    inputSchema: NO_ARGUMENTS,
    handler: (_args, { progress }) => {
      progress(50, 100);
      return text('Streaming complete');
    },
  }),
  defineTool({
    name: 'test_logging_tool',
    description: 'Diagnostic logging validator tool',
    inputSchema: NO_ARGUMENTS,
    handler: (_args, { log }) => {
      log('info', 'Diagnostic trace logging activated');
      return text('Logging evaluated');
    },
  }),
];

/** Tools that announce a list change on the server `announcer` names (known once it is built). */
function listChangeTriggers(announcer: () => McpServer | undefined) {
  return [
    defineTool({
      name: 'test_trigger_tool_change',
      description: 'Announces a tools list change to open subscriptions/listen streams',
      inputSchema: NO_ARGUMENTS,
      handler: () => {
        announcer()?.notifyListChanged('tools');
        return text('Mutation triggered');
      },
    }),
    defineTool({
      name: 'test_trigger_prompt_change',
      description: 'Announces a prompts list change to open subscriptions/listen streams',
      inputSchema: NO_ARGUMENTS,
      handler: () => {
        announcer()?.notifyListChanged('prompts');
        return text('Mutation triggered');
      },
    }),
  ];
}

const resources: ResourceDefinition[] = [
  {
    uri: 'test://static-text',
    name: 'static-text',
    title: 'Static Text Resource',
    description: 'A static text resource for testing',
    mimeType: 'text/plain',
    read: (uri) => ({
      uri,
      mimeType: 'text/plain',
      text: 'This is the content of the static text resource.',
    }),
  },
  {
    uri: 'test://static-binary',
    name: 'static-binary',
    title: 'Static Binary Resource',
    description: 'A static binary resource (image) for testing',
    mimeType: 'image/png',
    read: (uri) => ({ uri, mimeType: 'image/png', blob: PNG_BASE64 }),
  },
  {
    uri: 'test://watched-resource',
    name: 'watched-resource',
    title: 'Watched Resource',
    description: 'A resource clients may subscribe to',
    mimeType: 'text/plain',
    read: (uri) => ({ uri, mimeType: 'text/plain', text: 'Watched resource content' }),
  },
];

const TEMPLATE_IDS = ['1', '2', '3', '42', '100'];

const resourceTemplates: ResourceTemplateDefinition[] = [
  {
    uriTemplate: 'test://template/{id}/data',
    name: 'template',
    title: 'Resource Template',
    description: 'A resource template with parameter substitution',
    mimeType: 'application/json',
    complete: { id: (value) => TEMPLATE_IDS.filter((id) => id.startsWith(value)) },
    read: (uri, { id }) => {
      if (id === undefined) throw resourceNotFound(uri);
      return {
        uri,
        mimeType: 'application/json',
        text: JSON.stringify({ id, templateTest: true, data: `Data for ID: ${id}` }),
      };
    },
  },
];

const ARGUMENT_VALUES = ['alpha', 'beta', 'gamma', 'delta'];

const prompts: PromptDefinition[] = [
  {
    name: 'test_simple_prompt',
    title: 'Simple Test Prompt',
    description: 'A simple prompt without arguments',
    get: () => ({
      messages: [{ role: 'user', content: { type: 'text', text: 'This is a simple prompt for testing.' } }],
    }),
  },
  {
    name: 'test_prompt_with_arguments',
    title: 'Prompt With Arguments',
    description: 'A prompt with required arguments',
    arguments: [
      {
        name: 'arg1',
        description: 'First test argument',
        required: true,
        complete: (value) => ARGUMENT_VALUES.filter((candidate) => candidate.startsWith(value)),
      },
      {
        name: 'arg2',
        description: 'Second test argument',
        required: true,
        complete: (value, { arguments: chosen }) =>
          ARGUMENT_VALUES.filter((candidate) => candidate.startsWith(value) && candidate !== chosen.arg1),
      },
    ],
    get: ({ arg1, arg2 }) => ({
      messages: [
        {
          role: 'user',
          content: { type: 'text', text: `Prompt with arguments: arg1='${arg1}', arg2='${arg2}'` },
        },
      ],
    }),
  },
  {
    name: 'test_prompt_with_embedded_resource',
    title: 'Prompt With Embedded Resource',
    description: 'A prompt that includes an embedded resource',
    arguments: [{ name: 'resourceUri', description: 'URI of the resource to embed', required: true }],
    get: ({ resourceUri }) => ({
      messages: [
        {
          role: 'user',
          content: {
            type: 'resource',
            resource: {
              uri: resourceUri!,
              mimeType: 'text/plain',
              text: 'Embedded resource content for testing.',
            },
          },
        },
        { role: 'user', content: { type: 'text', text: 'Please process the embedded resource above.' } },
      ],
    }),
  },
  {
    name: 'test_prompt_with_image',
    title: 'Prompt With Image',
    description: 'A prompt that includes image content',
    get: () => ({
      messages: [
        { role: 'user', content: { type: 'image', data: PNG_BASE64, mimeType: 'image/png' } },
        { role: 'user', content: { type: 'text', text: 'Please analyze the image above.' } },
      ],
    }),
  },
  {
    name: 'test_input_required_result_prompt',
    description: 'MRTR: prompt that requires elicitation input',
    get: (_args, { inputResponses }) => {
      if (inputResponses?.user_context !== undefined) {
        return {
          messages: [
            {
              role: 'user',
              content: {
                type: 'text',
                text: `Prompt with context: ${elicited(inputResponses.user_context, 'context')}`,
              },
            },
          ],
        };
      }
      return inputRequired({
        inputRequests: { user_context: elicitation('What context should the prompt use?', 'context') },
      });
    },
  },
];

/**
 * The fixture definitions as plain data (tools, resources, templates, prompts), for benchmarks that
 * serve the same definitions on another implementation. The list-change trigger tools are not in it.
 */
export const everythingDefinitions = Object.freeze({ tools, resources, resourceTemplates, prompts });

/**
 * The official MCP conformance suite's fixture server ("everything server"): the tools, resources,
 * prompts and completions the suite calls, with the names and behaviour it expects, built only on
 * `@filing-mcp/protocol`. Public (no credential), stateless, logging declared.
 */
export function createEverythingServer(
  options: EverythingServerOptions = {},
): ReturnType<typeof createMcpServer> {
  let server: McpServer | undefined;
  const created = createMcpServer({
    serverInfo: { name: 'filing-mcp-everything-server', version: '1.1.0' },
    tools: [...tools, ...listChangeTriggers(() => server)],
    resources,
    resourceTemplates,
    prompts,
    logging: true,
    listChanged: true,
    requireAuth: 'none',
    cacheHints: { ttlMs: 300_000, cacheScope: 'public' },
    ...options,
  });
  server = created;
  return created;
}
