import {
  Client as ClientV2,
  StreamableHTTPClientTransport as TransportV2,
} from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EverythingHttpServer, startEverythingServer } from '../src/index.js';

const PNG_PREFIX = 'iVBORw0KGgo';
let server: EverythingHttpServer;

beforeAll(async () => {
  server = await startEverythingServer({ port: 0 });
});
afterAll(async () => {
  await server.close();
});

describe('SDK v1 client (2025-11-25) against the fixture server', () => {
  async function connect() {
    const client = new ClientV1({ name: 'v1-test', version: '0.0.0' });
    await client.connect(new TransportV1(server.url));
    return client;
  }

  it('lists and reads resources, text and binary, and a template', async () => {
    const client = await connect();
    try {
      const { resources } = await client.listResources();
      expect(resources.map((resource) => resource.uri)).toEqual([
        'test://static-text',
        'test://static-binary',
        'test://watched-resource',
      ]);
      const text = await client.readResource({ uri: 'test://static-text' });
      expect(text.contents).toEqual([
        {
          uri: 'test://static-text',
          mimeType: 'text/plain',
          text: 'This is the content of the static text resource.',
        },
      ]);
      const binary = await client.readResource({ uri: 'test://static-binary' });
      expect((binary.contents[0] as { blob: string }).blob.startsWith(PNG_PREFIX)).toBe(true);
      const { resourceTemplates } = await client.listResourceTemplates();
      expect(resourceTemplates[0]?.uriTemplate).toBe('test://template/{id}/data');
      const templated = await client.readResource({ uri: 'test://template/42/data' });
      expect(JSON.parse((templated.contents[0] as { text: string }).text)).toMatchObject({ id: '42' });
      await expect(client.readResource({ uri: 'test://nope' })).rejects.toMatchObject({ code: -32602 });
    } finally {
      await client.close();
    }
  });

  it('gets prompts with arguments and image content, and completes an argument', async () => {
    const client = await connect();
    try {
      const { prompts } = await client.listPrompts();
      expect(prompts.map((prompt) => prompt.name)).toContain('test_prompt_with_arguments');
      const withArgs = await client.getPrompt({
        name: 'test_prompt_with_arguments',
        arguments: { arg1: 'a', arg2: 'b' },
      });
      expect(withArgs.messages[0]?.content).toEqual({
        type: 'text',
        text: "Prompt with arguments: arg1='a', arg2='b'",
      });
      const image = await client.getPrompt({ name: 'test_prompt_with_image' });
      expect(image.messages[0]?.content.type).toBe('image');
      const completion = await client.complete({
        ref: { type: 'ref/prompt', name: 'test_prompt_with_arguments' },
        argument: { name: 'arg1', value: 'g' },
      });
      expect(completion.completion.values).toEqual(['gamma']);
    } finally {
      await client.close();
    }
  });

  it('receives progress and log notifications while a tool runs', async () => {
    const client = await connect();
    try {
      const progress: number[] = [];
      await client.callTool({ name: 'test_tool_with_progress', arguments: {} }, undefined, {
        onprogress: (step) => progress.push(step.progress),
      });
      expect(progress).toEqual([0, 50, 100]);
      const logs: unknown[] = [];
      client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
        logs.push(notification.params.data);
      });
      await client.callTool({ name: 'test_tool_with_logging', arguments: {} });
      expect(logs).toEqual(['Tool execution started', 'Tool processing data', 'Tool execution completed']);
    } finally {
      await client.close();
    }
  });
});

describe('SDK v2 client (2026-07-28) against the fixture server', () => {
  async function connect() {
    const client = new ClientV2(
      { name: 'v2-test', version: '0.0.0' },
      { capabilities: { elicitation: {} }, versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    await client.connect(new TransportV2(server.url));
    return client;
  }

  it('lists and reads resources and gets prompts on the 2026 wire', async () => {
    const client = await connect();
    try {
      const { resources } = await client.listResources();
      expect(resources).toHaveLength(3);
      const text = await client.readResource({ uri: 'test://static-text' });
      expect(text.contents[0]).toMatchObject({ text: 'This is the content of the static text resource.' });
      const prompt = await client.getPrompt({
        name: 'test_prompt_with_arguments',
        arguments: { arg1: 'x', arg2: 'y' },
      });
      expect(prompt.messages[0]?.content).toMatchObject({
        text: "Prompt with arguments: arg1='x', arg2='y'",
      });
      const completion = await client.complete({
        ref: { type: 'ref/resource', uri: 'test://template/{id}/data' },
        argument: { name: 'id', value: '4' },
      });
      expect(completion.completion.values).toEqual(['42']);
    } finally {
      await client.close();
    }
  });

  it('receives progress while a tool runs', async () => {
    const client = await connect();
    try {
      const progress: number[] = [];
      await client.callTool(
        { name: 'test_tool_with_progress', arguments: {} },
        { onprogress: (step) => progress.push(step.progress) },
      );
      expect(progress).toEqual([0, 50, 100]);
    } finally {
      await client.close();
    }
  });

  it('completes an input_required round trip with elicitation, and one with sealed state', async () => {
    const client = await connect();
    const asked: string[] = [];
    client.setRequestHandler('elicitation/create', async (request) => {
      asked.push(request.params.message);
      const content: Record<string, string | boolean> =
        request.params.message === 'Please confirm' ? { ok: true } : { name: 'Ada' };
      return { action: 'accept' as const, content };
    });
    try {
      const hello = await client.callTool({ name: 'test_input_required_result_elicitation', arguments: {} });
      expect(hello.content).toEqual([{ type: 'text', text: 'Hello, Ada!' }]);
      const sealed = await client.callTool({
        name: 'test_input_required_result_tampered_state',
        arguments: {},
      });
      expect(sealed.content).toEqual([{ type: 'text', text: 'integrity-ok: state verified' }]);
      expect(asked).toEqual(['What is your name?', 'Please confirm']);
    } finally {
      await client.close();
    }
  });
});
