import type { ConformanceTarget } from '../conformance-target.js';

/** What a scenario module receives: the target, available once `beforeAll` has created it. */
export interface ScenarioContext {
  readonly target: ConformanceTarget;
  /**
   * True in the target's first database block. Scenarios that prove what a transport does with a
   * request (its body bytes) and not what storage does register there only: the storage itself is
   * tested on both databases in filing-domain.
   */
  readonly firstDatabase: boolean;
}

/** A scenario module: registers its `describe`/`it` blocks for the target of the context. */
export type Scenarios = (context: ScenarioContext) => void;
