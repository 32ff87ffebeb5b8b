// Renders docs/configuration.md and .env.example from the table of environment variables, and
// finds the variables that source code reads. Used by environment-variables.test.ts, which writes
// the two files under UPDATE_CONFIG_DOCS=1 (`pnpm docs:config`).
import {
  ENVIRONMENT_SECTIONS,
  ENVIRONMENT_VARIABLES,
  type EnvironmentVariable,
  STANDARD_ENVIRONMENT_PREFIXES,
} from '../../src/environment-variables.js';

const SOURCE = 'packages/filing-domain/src/environment-variables.ts';

function adapters(variable: EnvironmentVariable): string {
  return variable.adapters === 'all' ? 'all' : variable.adapters.join(', ');
}

// A table cell must not break the row.
function cell(text: string): string {
  return text.replaceAll('|', '\\|').replaceAll('\n', ' ');
}

/** The text of docs/configuration.md. */
export function renderConfigurationDoc(variables = ENVIRONMENT_VARIABLES): string {
  const shared = variables.filter((variable) => variable.adapters === 'all').length;
  const lines = [
    `<!-- Generated from ${SOURCE} by \`pnpm docs:config\`; edit the table there, not this file. -->`,
    '',
    '# Configuration',
    '',
    `Everything is configured through ${variables.length} environment variables (${shared} of them read by every`,
    'adapter, the others by the adapters named). `pnpm start` needs none of them: it serves on',
    '`http://localhost:3000/mcp-server` with the embedded database in `./.data`. Each adapter reads the',
    'environment once, at start, into one settings object (`serveSettingsFromEnv` on Node,',
    '`serverlessSettingsFromEnv` of `@filing-mcp/serverless` on Vercel and Lambda; the shared part is',
    "filing-domain's `configFromEnv`), and everything else takes that object. A wrong value stops the",
    'server at start with a message naming the variable (exit code 1; on Vercel and Lambda the instance',
    'fails to start). The defaults below are the values the code applies (`CONFIG_DEFAULTS` and the',
    "others in `packages/filing-domain/src/config/defaults.ts`, the Node adapter's own in",
    '`adapters/node/src/node-defaults.ts`), and the URLs',
    '(`MCP_BASE_URL`, `APP_URL`, `ALLOWED_ORIGINS`, `TELNYX_API_BASE_URL`) are taken without trailing',
    'slashes. [`.env.example`](../.env.example) lists them all, commented out: copy it to `.env` in the',
    "repository's root, and `pnpm start` and `pnpm filing-mcp` read it with Node's own loader",
    '(`node --env-file-if-exists=.env`); a variable already set in the environment wins over the file.',
    'Nothing else reads a `.env`: the installed `filing-mcp` command, the image and the serverless',
    'adapters take the environment they are given.',
    '',
    'The command line (`filing-mcp serve`, `migrate`, `api-key`, `session-token`) is described in',
    '[command-line.md](command-line.md); deploying with these settings in [deploy-node.md](deploy-node.md),',
    '[deploy-vercel.md](deploy-vercel.md) and [deploy-lambda.md](deploy-lambda.md).',
  ];
  for (const section of ENVIRONMENT_SECTIONS) {
    const rows = variables.filter((variable) => variable.section === section);
    if (rows.length === 0) continue;
    lines.push(
      '',
      `## ${section}`,
      '',
      '| Variable | Default | Read by | Meaning |',
      '| --- | --- | --- | --- |',
    );
    for (const variable of rows) {
      lines.push(
        `| \`${variable.name}\` | ${cell(variable.default)} | ${adapters(variable)} | ${cell(variable.description)} |`,
      );
    }
  }
  lines.push(
    '',
    '## Standard variables',
    '',
    `Variables starting with ${STANDARD_ENVIRONMENT_PREFIXES.map((prefix) => `\`${prefix}\``).join(', ')} are read by the`,
    'OpenTelemetry SDK itself, as documented by OpenTelemetry',
    '(<https://opentelemetry.io/docs/specs/otel/configuration/sdk-environment-variables/>); the ones',
    'that change what filing-mcp does are in the Telemetry table above.',
    '',
  );
  return lines.join('\n');
}

// Markdown to the plain text of a comment: links keep their text and name the doc they point to.
function plain(markdown: string): string {
  return markdown
    .replace(/\[([^\]]+)\]\(([^)#]+)(#[^)]*)?\)/g, '$1 (docs/$2)')
    .replace(/\[([^\]]+)\]\(#[^)]*\)/g, '$1')
    .replaceAll('`', '');
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

// A default written as one code span (`300`) is a value to put after `=`; anything else is prose.
function exampleValue(variable: EnvironmentVariable): string {
  const match = /^`([^`]*)`(?: \([^)]*\))?$/.exec(variable.default);
  return match && !match[1]!.includes('$') ? match[1]! : '';
}

/** The text of .env.example: every variable commented out, with its meaning and default. */
export function renderEnvExample(variables = ENVIRONMENT_VARIABLES): string {
  const lines = [
    `# Generated from ${SOURCE} by \`pnpm docs:config\`; do not edit.`,
    '# Every filing-mcp environment variable, commented out: `pnpm start` needs none of them.',
    '# Copy this file to .env and uncomment the lines you need: `pnpm start` and `pnpm filing-mcp` read',
    "# ./.env with Node's --env-file-if-exists (a variable already set wins). The whole story:",
    '# docs/configuration.md.',
  ];
  for (const section of ENVIRONMENT_SECTIONS) {
    const rows = variables.filter((variable) => variable.section === section);
    if (rows.length === 0) continue;
    lines.push('', `# ---- ${section} ----`);
    for (const variable of rows) {
      lines.push('');
      for (const line of wrap(plain(variable.description), 98)) lines.push(`# ${line}`);
      lines.push(`# Read by: ${adapters(variable)}. Default: ${plain(variable.default)}.`);
      lines.push(`# ${variable.name}=${exampleValue(variable)}`);
    }
  }
  lines.push('');
  return lines.join('\n');
}

/** A variable some source reads, and where. */
export interface EnvironmentRead {
  name: string;
  file: string;
}

const NAME = '[A-Z][A-Z0-9_]*';
const READS: readonly RegExp[] = [
  // env.NAME, env?.NAME, process.env.NAME, io.env.NAME
  new RegExp(`\\benv\\??\\.(${NAME})\\b`, 'g'),
  // env['NAME'], process.env["NAME"]
  new RegExp(`\\benv\\[\\s*['"\`](${NAME})['"\`]\\s*\\]`, 'g'),
  // value(env, 'NAME'), integer(env, 'NAME', ...): the helpers that take the environment first
  new RegExp(`\\(\\s*env\\s*,\\s*['"](${NAME})['"]`, 'g'),
  // { env: 'NAME' }: an entry of a settings table that names the variable it is read from
  new RegExp(`\\benv\\s*:\\s*['"](${NAME})['"]`, 'g'),
  // any SCREAMING_SNAKE string literal of a file that reads the environment: flag('NAME'),
  // lists of names (['DATABASE_URL', 'POSTGRES_URL'])
  /['"]([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)['"]/g,
];
const DESTRUCTURED = /\{([^}]*)\}\s*=\s*(?:process\.)?env\b/g;
const READS_ENVIRONMENT = /\benv\b/;

/** The environment variables a source text reads (see READS for the forms recognised). */
export function environmentReads(text: string, file: string): EnvironmentRead[] {
  if (!READS_ENVIRONMENT.test(text)) return [];
  const code = text.replace(/^\s*(\/\/|\*|\/\*).*$/gm, ''); // comments name variables without reading them
  const names = new Set<string>();
  for (const pattern of READS) for (const match of code.matchAll(pattern)) names.add(match[1]!);
  for (const match of code.matchAll(DESTRUCTURED)) {
    for (const part of match[1]!.split(',')) {
      const name = part.split(':')[0]!.trim();
      if (new RegExp(`^${NAME}$`).test(name)) names.add(name);
    }
  }
  return [...names].map((name) => ({ name, file }));
}

/** Whether a library reads the variable (OpenTelemetry's `OTEL_*`), not this project's code. */
export function isStandardVariable(name: string): boolean {
  return STANDARD_ENVIRONMENT_PREFIXES.some((prefix) => name.startsWith(prefix));
}
