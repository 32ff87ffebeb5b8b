import { createCoreTarget, defineConformanceSuite } from '../src/index.js';

defineConformanceSuite('core', createCoreTarget);
