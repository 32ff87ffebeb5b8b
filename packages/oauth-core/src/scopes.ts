/** One scope the server grants: its name, what it allows (shown on consent pages), what it includes. */
export interface ScopeDefinition {
  /** The scope token, e.g. `filings:read`. */
  name: string;
  /** What a credential with this scope may do, in words a user understands. */
  description: string;
  /** Narrower scopes this one satisfies (a broader scope satisfies a narrower one). */
  includes?: readonly string[];
}

/** The contract's one scope (docs/oauth.md#scopes): everything. Every current client asks for it or for nothing. */
export const DEFAULT_SCOPE = 'mcp';

/** The scopes of a server that declares none: `mcp` alone. */
export const DEFAULT_SCOPES: readonly ScopeDefinition[] = Object.freeze([
  Object.freeze({ name: DEFAULT_SCOPE, description: 'Use every tool of this server on your behalf.' }),
]);

const SCOPE_TOKEN = /^[\x21\x23-\x5b\x5d-\x7e]+$/;

/** A server's scopes with their hierarchy: parsing, normalising and checking scope strings. */
export interface ScopeSet {
  /** The definitions, in the order they were declared (the order `scopes_supported` lists). */
  readonly definitions: readonly ScopeDefinition[];
  /** The names, in declaration order. */
  readonly names: readonly string[];
  /**
   * Parses a space-separated scope string. Empty or absent means {@link DEFAULT_SCOPE}. Answers the
   * normalised scope (declaration order, duplicates and scopes implied by another one removed, so
   * `mcp filings:read` becomes `mcp`), or `{ unknown }` naming the first scope that is not defined.
   */
  parse(scope: string | undefined): { scope: string } | { unknown: string };
  /** Whether `granted` (scope names) satisfies `needed`, directly or through a broader scope. */
  satisfies(granted: readonly string[], needed: string): boolean;
}

/**
 * Builds a {@link ScopeSet}. Throws a TypeError on a malformed definition (a bad token, a duplicate,
 * an `includes` naming an undefined scope): a configuration mistake, found at start-up.
 *
 * @example
 * ```ts
 * const scopes = createScopeSet([
 *   { name: 'mcp', description: 'Everything', includes: ['notes:read'] },
 *   { name: 'notes:read', description: 'Read your notes' },
 * ]);
 * scopes.satisfies(['mcp'], 'notes:read'); // true
 * ```
 */
export function createScopeSet(definitions: readonly ScopeDefinition[] = DEFAULT_SCOPES): ScopeSet {
  const byName = new Map<string, ScopeDefinition>();
  for (const definition of definitions) {
    if (!SCOPE_TOKEN.test(definition.name))
      throw new TypeError(`scope "${definition.name}" is not a scope token`);
    if (byName.has(definition.name)) throw new TypeError(`scope "${definition.name}" is declared twice`);
    byName.set(definition.name, definition);
  }
  if (!byName.has(DEFAULT_SCOPE)) throw new TypeError(`the scopes must include ${DEFAULT_SCOPE}`);
  // Every scope a name satisfies, itself included, following `includes` transitively.
  const closure = new Map<string, Set<string>>();
  const expand = (name: string, into: Set<string>): void => {
    if (into.has(name)) return;
    into.add(name);
    for (const included of byName.get(name)?.includes ?? []) {
      if (!byName.has(included))
        throw new TypeError(`scope "${name}" includes undefined scope "${included}"`);
      expand(included, into);
    }
  };
  for (const name of byName.keys()) {
    const satisfied = new Set<string>();
    expand(name, satisfied);
    closure.set(name, satisfied);
  }
  const names = [...byName.keys()];

  function satisfies(granted: readonly string[], needed: string): boolean {
    return granted.some((name) => closure.get(name)?.has(needed) ?? false);
  }

  return {
    definitions,
    names,
    satisfies,
    parse(scope) {
      const requested = (scope ?? '').split(' ').filter((token) => token !== '');
      if (requested.length === 0) return { scope: DEFAULT_SCOPE };
      for (const token of requested) if (!byName.has(token)) return { unknown: token };
      const kept = names.filter(
        (name) =>
          requested.includes(name) &&
          !requested.some((other) => other !== name && closure.get(other)!.has(name)),
      );
      return { scope: kept.join(' ') };
    },
  };
}
