/** `npx tsx scripts/n8n/ensure.ts [version]`: install n8n into .cache now (otherwise done on first use). */
import { ensureN8n } from './install';

void (async () => {
	const started = Date.now();
	const runtime = await ensureN8n(process.argv[2]);
	console.log(`n8n ${runtime.version}: ${runtime.n8nBin} (node ${runtime.node.nodeBin}), ready after ${((Date.now() - started) / 1000).toFixed(1)} s`);
})();
