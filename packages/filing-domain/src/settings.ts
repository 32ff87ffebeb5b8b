// The entry of `@filing-mcp/filing-domain/settings`: the one settings kit (the readers and the
// error they throw), without the rest of the package, so that an adapter's settings module and
// the companion's rules load it alone at a cold start.
export { SettingError } from './config/setting-error.js';
export {
  booleanSetting,
  choiceSetting,
  type Environment,
  integerSetting,
  postgresUrlSetting,
  requiredSetting,
  switchSetting,
  textSetting,
} from './config/setting-readers.js';
