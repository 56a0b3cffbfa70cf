/** Every scenario's contenders, by the names the parent uses (see scenarios/). */
import type { Scenario } from '../child/contender';
import { exportScenario } from './export';
import { exportPagesScenario } from './export-pages';
import { fanOutScenario } from './fan-out';
import { perItemScenario } from './per-item';
import { triggerScenario } from './trigger';
import { triggerEndScenario } from './trigger-end';

export const SCENARIOS: Record<string, Scenario> = {
	export: exportScenario,
	exportPages: exportPagesScenario,
	fanOut: fanOutScenario,
	trigger: triggerScenario,
	triggerEnd: triggerEndScenario,
	perItem: perItemScenario,
};
