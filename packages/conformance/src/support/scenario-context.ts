import type { ConformanceTarget } from '../conformance-target.js';

/** What a scenario module receives: the target, available once `beforeAll` has created it. */
export interface ScenarioContext {
  readonly target: ConformanceTarget;
}

/** A scenario module: registers its `describe`/`it` blocks for the target of the context. */
export type Scenarios = (context: ScenarioContext) => void;
