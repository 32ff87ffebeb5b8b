import type { FilingDatabase } from '@filing-mcp/filing-domain';
import { withoutTrailingSlash } from '@filing-mcp/protocol/internal';
import {
  createFilingPackets,
  FILING_KINDS,
  type FilingServer,
  forbiddenResponse,
  type PacketBuilder,
} from '@filing-mcp/filing-domain';
import { createAllowListCheck, type RequestContext } from '@filing-mcp/protocol';
import type { Kysely } from 'kysely';
import { apiKeysPage, createApiKeyAction, revokeApiKeyAction } from './api-keys-page.js';
import { billingCancelPage, billingPage, billingSuccessPage, checkoutAction } from './billing-page.js';
import type { CompanionContext } from './companion-context.js';
import { CompanionSignIn } from './companion-sign-in.js';
import { consentDecision, consentPage } from './consent-page.js';
import { CsrfGuard } from './csrf.js';
import {
  filingKindOfPage,
  filingPacket,
  filingPage,
  filingPrintPage,
  filingsIndexPage,
  kindViewUrl,
  takesSignedCopy,
} from './filing-pages.js';
import { readFormBody } from './form-body.js';
import { uploadSignedCopyAction } from './signed-copy-page.js';
import { errorPageOf } from './error-pages.js';
import { errorPage } from './page.js';
import type { SessionJwtSignIn } from './session-jwt-sign-in.js';
import { isSessionRevoked } from './session-revocations.js';
import { signOutAction, signOutPage } from './sign-out-page.js';
import {
  sessionSignInAction,
  sessionSignInPage,
  signInAction,
  signInPage,
  signInRequired,
} from './sign-in-page.js';

/** Options of {@link createCompanionApp}. */
export interface CompanionAppOptions {
  /** The server's database (migrated), shared with the filing server. */
  db: Kysely<FilingDatabase>;
  /** `{app_url}`, e.g. `http://localhost:3000/app`: the pages live under its path. */
  appUrl: string;
  /** `{base_url}`, e.g. `http://localhost:3000/mcp-server`: the OAuth issuer the pages talk to. */
  baseUrl: string;
  /**
   * The one local user every page acts for; with a {@link SessionJwtSignIn}, the pages act for
   * the signed-in session's user instead.
   */
  userId: string;
  /** The HS256 secret the filing server verifies session JWTs with (also keys the CSRF tokens). */
  sessionSecret: string;
  /**
   * The composed filing server. The consent page issues codes with its `completeAuthorization`
   * (`/approve` in process), and every request the pages do not own (outside `{app_url}`'s path,
   * or at the root any other path) is answered by its `fetch`, with the caller's context.
   */
  core: Pick<FilingServer, 'fetch' | 'revokeApiKey' | 'resolveOAuthClient' | 'completeAuthorization'> &
    Partial<Pick<FilingServer, 'packets' | 'billing'>>;
  /**
   * A packet builder for the PDF links when `core` has no `packets` (they use the core's cache and
   * queue when it has). Required then.
   */
  packets?: PacketBuilder;
  /**
   * The server's Host allow-list (DNS-rebinding protection), e.g. `loopbackAllowList(...)`'s hosts:
   * a request under the pages' path naming any other `Host` is refused 403 before any page runs.
   * The pages check `Host` against `{app_url}` themselves too; this list covers the root mount,
   * where every path is under the pages' path.
   */
  allowedHosts?: readonly string[];
  /**
   * Require a sign-in for every page: pages served beyond loopback must not act for a user on the
   * word of a `Host` header. A {@link CompanionSignIn} (the one-time link's session, one process)
   * or a {@link SessionJwtSignIn} (a session JWT, any number of instances; the pages act for its `sub`).
   */
  signIn?: CompanionSignIn | SessionJwtSignIn;
}

/** The companion pages in front of the filing server, as one fetch handler. */
export interface CompanionApp {
  /**
   * Answers a page, or passes the request on to `core.fetch(request, context)` when the pages do
   * not own it.
   */
  fetch(request: Request, context?: RequestContext): Promise<Response>;
}

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/**
 * Paths of the pages (below the app's path), each needing the sign-in when one is required: the
 * fixed pages, and each kind's filing pages under `/{page}/` (`/filings/`, `/partnership/`).
 */
export function companionPagePath(kinds: readonly { page: string }[] = FILING_KINDS): RegExp {
  const pages = kinds.map(({ page }) => `\\/${page.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\/`);
  return new RegExp(
    `^(?:\\/?$|\\/oauth\\/authorize$|\\/sign-out$|\\/api-keys(?:\\/|$)|\\/billing(?:\\/|$)|${pages.join('|')})`,
  );
}

const PAGE_PATH = companionPagePath();

/**
 * Hosts the pages answer on. Checking `Host` defeats DNS rebinding, which would otherwise let any
 * web page read the local user's filings through a name that resolves to 127.0.0.1. The loopback
 * names are interchangeable, since a user may type any of them.
 */
function allowedHosts(appUrl: URL): Set<string> {
  const hosts = new Set([appUrl.host.toLowerCase()]);
  if (LOOPBACK_NAMES.includes(appUrl.hostname.toLowerCase())) {
    for (const name of LOOPBACK_NAMES) hosts.add(appUrl.port ? `${name}:${appUrl.port}` : name);
  }
  return hosts;
}

function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

function packetBuilder(options: CompanionAppOptions): PacketBuilder {
  if (options.packets === undefined) {
    throw new TypeError('the companion pages need packets: a core that builds them, or the packets option');
  }
  return options.packets;
}

/**
 * The local companion pages (what a server with no product app of its own serves, see docs/companion.md): the OAuth consent page at
 * `{app_url}/oauth/authorize`, the filing pages the tools link to (`/filings/{id}`,
 * `/partnership/{id}`, their `/pdf` packets of the official IRS forms and `/print` views), an index of the local user's filings at
 * `{app_url}/`, and the API-keys page at `{app_url}/api-keys`. Plain server-rendered HTML with
 * CSRF-protected forms and a strict Content-Security-Policy; every page acts for `userId` alone.
 *
 * @example
 * ```ts
 * const core = createFilingServer({ db, packets, config }); // packets: a PacketBuilder
 * const companion = createCompanionApp({ db, appUrl, baseUrl, userId: 'local-user', sessionSecret, core });
 * const response = await companion.fetch(request); // a page, or the core's answer
 * ```
 */
export function createCompanionApp(options: CompanionAppOptions): CompanionApp {
  const app = companionSetup(options);
  return { fetch: (request, requestContext) => answer(app, request, requestContext) };
}

/** What the pages are built from once: their address, the hosts they answer on, the local user's context. */
interface CompanionSetup {
  options: CompanionAppOptions;
  appPath: string;
  hosts: Set<string>;
  hostCheck: ReturnType<typeof createAllowListCheck> | undefined;
  /** The context of the local user (`options.userId`): every page's without a sign-in. */
  context: CompanionContext;
  /** What the pages need to act for one user. */
  contextFor(userId: string): CompanionContext;
}

/** Setup: the address, the Host and Origin checks, and what every page shares. */
function companionSetup(options: CompanionAppOptions): CompanionSetup {
  const appUrl = new URL(withoutTrailingSlash(options.appUrl));
  const appPath = withoutTrailingSlash(appUrl.pathname);
  const hosts = allowedHosts(appUrl);
  const origins = new Set([...hosts].map((host) => `${appUrl.protocol}//${host}`));
  const hostCheck = options.allowedHosts && createAllowListCheck({ allowedHosts: [...options.allowedHosts] });
  options.signIn?.bind(appUrl);

  const shared = {
    db: options.db,
    appUrl: withoutTrailingSlash(appUrl.href),
    appPath,
    baseUrl: withoutTrailingSlash(options.baseUrl),
    core: options.core,
    csrf: new CsrfGuard({ sessionSecret: options.sessionSecret, appUrl, allowedOrigins: origins }),
    // The filing server's cache and build queue when it has them, so a packet is built once
    // whoever asks; else a cache and queue of the pages' own around the builder.
    packets: options.core.packets ?? createFilingPackets(packetBuilder(options)),
    billing: options.core.billing,
  };
  const contextFor = (userId: string): CompanionContext => ({
    ...shared,
    userId,
    signOut: options.signIn !== undefined,
  });
  return { options, appPath, hosts, hostCheck, context: contextFor(options.userId), contextFor };
}

/**
 * One request: passed on to the core outside the pages' path or on a host the pages do not
 * answer at the root, refused on a host they do not answer elsewhere, else a page (a HEAD without
 * its body).
 */
async function answer(
  app: CompanionSetup,
  request: Request,
  requestContext: RequestContext | undefined,
): Promise<Response> {
  const { appPath, context } = app;
  const core = app.options.core;
  const url = new URL(request.url);
  const path = url.pathname;
  if (appPath !== '' && path !== appPath && !path.startsWith(`${appPath}/`)) {
    return core.fetch(request, requestContext);
  }
  // The pages act for the signed-in local user without a password, so a page reached through
  // a rebinding DNS name must not load.
  const violation = app.hostCheck?.(request);
  if (violation) return forbiddenResponse(violation);
  const rest = path.slice(appPath.length);

  const host = (request.headers.get('host') ?? url.host).toLowerCase();
  if (!app.hosts.has(host)) {
    // At the root every path is "under" the app; leave unknown hosts to the server behind it.
    if (appPath === '') return core.fetch(request, requestContext);
    return errorPage(context, 403, 'Unknown host', 'These pages answer only on their configured address.');
  }

  let response = await pageOrError(app, request, rest);
  if (response === undefined) {
    // At the root the server behind the app owns every other path (the MCP endpoint, OAuth).
    if (appPath === '') return core.fetch(request, requestContext);
    response = errorPage(context, 404, 'Page not found', 'There is no such page.');
  }
  if (request.method === 'HEAD') {
    return new Response(null, { status: response.status, headers: response.headers });
  }
  return response;
}

/** The page of `rest`, undefined when none is there, or the error page of what it threw. */
async function pageOrError(
  app: CompanionSetup,
  request: Request,
  rest: string,
): Promise<Response | undefined> {
  try {
    return await route(app, request, rest);
  } catch (error) {
    // A known error as every surface answers it (a packet too large 413, the database 503...);
    // anything else without details: database errors can quote stored values.
    return (
      errorPageOf(app.context, error) ??
      errorPage(app.context, 500, 'Something went wrong', 'The page could not be shown. Try again.')
    );
  }
}

/** A POST form: read (urlencoded, bounded) and CSRF-checked before `action` sees it. */
async function post(
  app: CompanionSetup,
  request: Request,
  action: (form: URLSearchParams) => Promise<Response>,
): Promise<Response> {
  const { context } = app;
  const form = await readFormBody(request);
  if (form === 'unsupported content type') {
    return errorPage(
      context,
      415,
      'Unsupported form',
      'Forms must be sent as application/x-www-form-urlencoded.',
    );
  }
  if (form === 'body too large') return errorPage(context, 413, 'Form too large', 'The form is too large.');
  const failure = context.csrf.check(request, form);
  if (failure) {
    return errorPage(
      context,
      403,
      'Request refused',
      `This form submission was refused (${failure}). Reload the page and try again.`,
    );
  }
  return action(form);
}

/**
 * The context a page acts in: the signed-in user's, the sign-in page's answer for `/sign-in`, or
 * the "sign in first" answer for a page without a session.
 */
async function pageContext(
  app: CompanionSetup,
  request: Request,
  rest: string,
): Promise<CompanionContext | Response> {
  const { context, options } = app;
  const signIn = options.signIn;
  if (!signIn) return context;
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  if (rest === '/sign-in') {
    if (method === 'GET') {
      return signIn instanceof CompanionSignIn
        ? signInPage(context, request)
        : sessionSignInPage(context, request);
    }
    if (method === 'POST') {
      return post(app, request, async (form) =>
        signIn instanceof CompanionSignIn
          ? signInAction(context, signIn, form)
          : sessionSignInAction(context, signIn, form),
      );
    }
    return errorPage(context, 405, 'Method not allowed', 'Use GET, POST.', { allow: 'GET, POST' });
  }
  // At the root, only the pages' own paths: the server behind the app owns the others.
  if (app.appPath === '' && !PAGE_PATH.test(rest)) return context;
  if (signIn instanceof CompanionSignIn) {
    return signIn.signedIn(request) ? context : signInRequired(context, 'link');
  }
  const session = await signIn.session(request);
  // A signed-out cookie stays valid to the eye: the record every instance reads refuses it.
  if (session === undefined || (await isSessionRevoked(options.db, session.cookie))) {
    return signInRequired(context, 'session');
  }
  return app.contextFor(session.userId);
}

/** One page request, once its context is known: what the routes below answer it with. */
interface PageRequest {
  app: CompanionSetup;
  request: Request;
  rest: string;
  segments: string[];
  context: CompanionContext;
  /** The handler of the request's method (HEAD as GET), or the 405 page naming `allowed`. */
  allow(allowed: string, handlers: Record<string, () => Promise<Response>>): Promise<Response>;
}

/** The page at `rest` (below the app's path), or undefined when there is none. */
async function route(app: CompanionSetup, request: Request, rest: string): Promise<Response | undefined> {
  const context = await pageContext(app, request, rest);
  if (context instanceof Response) return context;
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  const page: PageRequest = {
    app,
    request,
    rest,
    segments: rest.split('/').slice(1),
    context,
    allow: (allowed, handlers) => {
      // An own-property check: a method name such as `constructor` is no handler.
      if (Object.hasOwn(handlers, method)) return handlers[method]!();
      return Promise.resolve(
        errorPage(context, 405, 'Method not allowed', `Use ${allowed}.`, { allow: allowed }),
      );
    },
  };
  if (rest === '/billing' || rest.startsWith('/billing/')) return billingRoute(page);
  return (await accountRoute(page)) ?? filingRoute(page);
}

/** The index, sign-out, the consent page and the API keys. */
async function accountRoute({
  app,
  request,
  rest,
  segments,
  context,
  allow,
}: PageRequest): Promise<Response | undefined> {
  if (rest === '/' || rest === '') return allow('GET', { GET: () => filingsIndexPage(context) });
  const signIn = app.options.signIn;
  if (rest === '/sign-out' && signIn !== undefined) {
    return allow('GET, POST', {
      GET: async () => signOutPage(context, request),
      POST: () => post(app, request, () => signOutAction(context, request, signIn)),
    });
  }
  if (rest === '/oauth/authorize') {
    return allow('GET, POST', {
      GET: () => consentPage(context, request),
      POST: () => post(app, request, (form) => consentDecision(context, form)),
    });
  }
  if (rest === '/api-keys') {
    return allow('GET, POST', {
      GET: () => apiKeysPage(context, request),
      POST: () => post(app, request, (form) => createApiKeyAction(context, request, form)),
    });
  }
  if (segments.length === 3 && segments[0] === 'api-keys' && segments[2] === 'revoke') {
    const id = decodeSegment(segments[1]!);
    if (id === undefined) return undefined;
    return allow('POST', { POST: () => post(app, request, () => revokeApiKeyAction(context, id)) });
  }
  return undefined;
}

/** The billing pages, when the server bills. */
async function billingRoute({
  app,
  request,
  rest,
  context,
  allow,
}: PageRequest): Promise<Response | undefined> {
  const billing = context.billing;
  if (billing === undefined) return undefined;
  const at = { ...context, billing };
  if (rest === '/billing') return allow('GET', { GET: () => billingPage(at, request) });
  if (rest === '/billing/checkout') {
    return allow('POST', { POST: () => post(app, request, (form) => checkoutAction(at, request, form)) });
  }
  if (rest === '/billing/success') return allow('GET', { GET: () => billingSuccessPage(at, request) });
  if (rest === '/billing/cancel') return allow('GET', { GET: async () => billingCancelPage(at) });
  return undefined;
}

/** A filing's pages: its view, its signed-copy upload, its PDF packet and its print view. */
async function filingRoute({
  request,
  segments,
  context,
  allow,
}: PageRequest): Promise<Response | undefined> {
  const kind = filingKindOfPage(segments[0]);
  if (kind === undefined || segments.length < 2) return undefined;
  const id = decodeSegment(segments[1]!);
  if (id === undefined) return undefined;
  if (segments.length === 2) {
    return allow('GET', { GET: () => filingPage(context, kind, id, request) });
  }
  if (segments.length === 3 && segments[2] === 'signed-copy' && takesSignedCopy(kind)) {
    const filingPath = kindViewUrl(kind, context.appPath, id);
    return allow('POST', { POST: () => uploadSignedCopyAction(context, request, id, filingPath) });
  }
  if (segments.length === 3 && segments[2] === 'pdf') {
    const format = new URL(request.url).searchParams.get('format');
    return allow('GET', { GET: () => filingPacket(context, kind, id, format, request.signal) });
  }
  if (segments.length === 3 && segments[2] === 'print') {
    return allow('GET', { GET: () => filingPrintPage(context, kind, id) });
  }
  return undefined;
}
