/** Every scenario's contenders, by the names the parent uses (see scenarios/). */
import type { Scenario } from '../child/contender';
import { exportScenario } from './export';
import { exportPagesScenario } from './exportPages';
import { fanOutScenario } from './fanOut';
import { perItemScenario } from './perItem';
import { triggerScenario } from './trigger';
import { triggerEndScenario } from './triggerEnd';

export const SCENARIOS: Record<string, Scenario> = {
	export: exportScenario,
	exportPages: exportPagesScenario,
	fanOut: fanOutScenario,
	trigger: triggerScenario,
	triggerEnd: triggerEndScenario,
	perItem: perItemScenario,
};
