// Refuses, with a message that says what to do, a Node.js older than the supported floor (22.18:
// `engines` of every package). Plain JavaScript that any Node parses, imported first by the
// `filing-mcp` command and run first by `pnpm start`, before anything that needs a newer Node loads.

/** Why `version` (such as "v20.20.2") cannot run filing-mcp, or undefined when it can. */
export function unsupportedNode(version) {
  const [major, minor] = version.replace(/^v/, '').split('.').map(Number);
  if (major > 22 || (major === 22 && minor >= 18)) return undefined;
  return (
    `filing-mcp needs Node.js 22.18 or newer (22 LTS, 24 LTS or later); this is Node.js ${version}.\n` +
    'Node.js 20 reached its end of life on 2026-04-30. Where no newer Node is installed, npm can fetch one:\n' +
    '  npm install --prefix ~/.cache/node22 node@22 && export PATH="$HOME/.cache/node22/node_modules/.bin:$PATH"\n' +
    'or, in a clone of the repository: . scripts/use-node.sh\n'
  );
}

const refusal = unsupportedNode(process.version);
if (refusal !== undefined) {
  process.stderr.write(refusal);
  process.exit(1);
}
