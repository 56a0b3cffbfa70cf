/** Every scenario's contenders, by the names the parent uses (see scenarios/). */
import type { Scenario } from '../child/contender';
import { exportScenario } from './export';
import { fanOutScenario } from './fan-out';
import { perItemScenario } from './per-item';
import { triggerScenario } from './trigger';

export const SCENARIOS: Record<string, Scenario> = {
	export: exportScenario,
	fanOut: fanOutScenario,
	trigger: triggerScenario,
	perItem: perItemScenario,
};
