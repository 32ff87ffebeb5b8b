// The entry of `@filing-mcp/companion/rules`: the companion's rules on its settings, without the pages.
export { checkCompanionHost, companionSessionSecret } from './companion-rules.js';
