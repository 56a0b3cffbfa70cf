/**
 * n8n stores an execution's data as a `flatted` string (JSON with shared references). flatted is a
 * dependency of the n8n install in .cache, so it is loaded from there instead of becoming a
 * dependency of this project.
 */
import { createRequire } from 'node:module';
import * as path from 'node:path';
import type { N8nRuntime } from './install';

interface Flatted {
	parse(text: string): unknown;
}

export function loadFlatted(runtime: N8nRuntime): Flatted {
	// Resolve as n8n itself would, from its own package folder.
	const requireFromN8n = createRequire(path.join(runtime.installDir, 'node_modules', 'n8n', 'package.json'));
	return requireFromN8n('flatted') as Flatted;
}
