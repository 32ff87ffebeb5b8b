import {
  type ApiKeySummary,
  type CreatedApiKey,
  createApiKey,
  FILING_SCOPES,
  listApiKeys,
} from '@filing-mcp/filing-domain';
import type { CompanionContext } from './companion-context.js';
import { typedTextProblem } from './typed-text.js';
import { CSRF_FIELD } from './csrf.js';
import { displayTimestamp } from './filing-pages.js';
import { html, type SafeHtml } from './html.js';
import { errorPage, pageResponse } from './page.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The expiry choices the page offers, by form value. */
const EXPIRY_CHOICES: ReadonlyArray<{ value: string; label: string; days: number | null }> = [
  { value: '30d', label: '30 days', days: 30 },
  { value: '90d', label: '90 days', days: 90 },
  { value: '365d', label: '1 year', days: 365 },
  { value: 'never', label: 'Never', days: null },
];

/** Longest key name accepted. */
export const MAX_API_KEY_NAME_LENGTH = 100;

function keyStatus(key: ApiKeySummary, now: number): string {
  return key.expiresAt !== null && Date.parse(key.expiresAt) <= now ? 'expired' : 'active';
}

function keyList(context: CompanionContext, keys: ApiKeySummary[], csrfToken: string): SafeHtml {
  if (keys.length === 0) return html`<p class="muted">You have no API keys.</p>`;
  const now = Date.now();
  return html`<table>
<thead><tr><th>Name</th><th>Key</th><th>Scope</th><th>Created</th><th>Last used</th><th>Expires</th><th></th></tr></thead>
<tbody>${keys.map(
    (key) => html`<tr>
<td>${key.name ?? ''}</td>
<td><code>${key.prefix}…</code></td>
<td>${key.scope}</td>
<td>${displayTimestamp(key.createdAt)}</td>
<td>${key.lastUsedAt ? displayTimestamp(key.lastUsedAt) : html`<span class="muted">never</span>`}</td>
<td>${key.expiresAt ? displayTimestamp(key.expiresAt) : html`<span class="muted">never</span>`}${keyStatus(key, now) === 'expired' ? html` <span class="error">(expired)</span>` : ''}</td>
<td><form class="inline" method="post" action="${context.appPath}/api-keys/${key.id}/revoke"><input type="hidden" name="${CSRF_FIELD}" value="${csrfToken}"><button class="danger" type="submit">Revoke</button></form></td>
</tr>`,
  )}</tbody>
</table>`;
}

function createdNotice(created: CreatedApiKey, baseUrl: string): SafeHtml {
  return html`<div class="card notice" role="status">
<h2>Your new API key</h2>
<p>Copy it now: it is shown this once and cannot be shown again.</p>
<p class="secret" id="new-api-key">${created.key}</p>
<p class="muted">Send it as <code>Authorization: Bearer &lt;key&gt;</code> to <code>${baseUrl}</code>.</p>
</div>`;
}

async function render(
  context: CompanionContext,
  request: Request,
  options: { status?: number; created?: CreatedApiKey; message?: SafeHtml } = {},
): Promise<Response> {
  const keys = await listApiKeys(context.db, context.userId);
  const csrf = context.csrf.issue(request);
  return pageResponse(
    {
      ...context,
      status: options.status,
      title: 'API keys',
      body: html`<h1>API keys</h1>
<p class="muted">An API key lets an MCP client call the tools of <code>${context.baseUrl}</code> as you, without OAuth.</p>
${options.created ? createdNotice(options.created, context.baseUrl) : ''}
${options.message ?? ''}
<h2>Your keys</h2>
${keyList(context, keys, csrf.token)}
<h2>Create a key</h2>
<form method="post" action="${context.appPath}/api-keys">
<input type="hidden" name="${CSRF_FIELD}" value="${csrf.token}">
<label for="name">Name (optional)</label>
<input id="name" name="name" maxlength="${MAX_API_KEY_NAME_LENGTH}" placeholder="e.g. laptop">
<label for="expires_in">Expires after</label>
<select id="expires_in" name="expires_in">${EXPIRY_CHOICES.map(
        (choice) =>
          html`<option value="${choice.value}"${choice.value === '90d' ? html` selected` : ''}>${choice.label}</option>`,
      )}</select>
<label for="scope">What the key may do</label>
<select id="scope" name="scope">${FILING_SCOPES.map(
        (scope) =>
          html`<option value="${scope.name}"${scope.name === 'mcp' ? html` selected` : ''}>${scope.name}: ${scope.description}</option>`,
      )}</select>
<div class="actions"><button class="primary" type="submit">Create API key</button></div>
</form>`,
    },
    csrf.setCookie ? { 'set-cookie': csrf.setCookie } : {},
  );
}

/** GET `{app_url}/api-keys`: the local user's keys (prefix, created, last used, expiry). */
export function apiKeysPage(context: CompanionContext, request: Request): Promise<Response> {
  const revoked = new URL(request.url).searchParams.get('revoked') === '1';
  return render(context, request, {
    message: revoked ? html`<p class="notice" role="status">The key was revoked.</p>` : undefined,
  });
}

/**
 * POST `{app_url}/api-keys` (CSRF already checked): creates a key and shows its plaintext in this
 * one answer. Nothing is written when the name or expiry is not valid.
 */
export async function createApiKeyAction(
  context: CompanionContext,
  request: Request,
  form: URLSearchParams,
): Promise<Response> {
  const name = (form.get('name') ?? '').trim();
  const choice = EXPIRY_CHOICES.find((candidate) => candidate.value === (form.get('expires_in') ?? '90d'));
  const scope = FILING_SCOPES.find((candidate) => candidate.name === (form.get('scope') ?? 'mcp'));
  const nameProblem = typedTextProblem(name);
  if (name.length > MAX_API_KEY_NAME_LENGTH || nameProblem !== undefined || !choice || !scope) {
    return render(context, request, {
      status: 400,
      message: html`<p class="error" role="alert">${
        !choice
          ? 'Choose one of the offered expiry periods.'
          : !scope
            ? 'Choose one of the offered scopes.'
            : nameProblem !== undefined
              ? `The name ${nameProblem}.`
              : `The name must be at most ${MAX_API_KEY_NAME_LENGTH} characters.`
      } No key was created.</p>`,
    });
  }
  const created = await createApiKey(context.db, {
    userId: context.userId,
    name: name === '' ? null : name,
    scope: scope.name,
    expiresAt: choice.days === null ? null : new Date(Date.now() + choice.days * DAY_MS),
  });
  return render(context, request, { status: 201, created });
}

/** POST `{app_url}/api-keys/{id}/revoke` (CSRF already checked): deletes one of the user's keys. */
export async function revokeApiKeyAction(context: CompanionContext, id: string): Promise<Response> {
  // Through the server, so that its credential cache forgets the key at once.
  const revoked = await context.core.revokeApiKey(id, context.userId);
  if (!revoked) return errorPage(context, 404, 'API key not found', 'There is no such API key among yours.');
  return new Response(null, {
    status: 303,
    headers: { location: `${context.appPath}/api-keys?revoked=1`, 'cache-control': 'no-store' },
  });
}
