// @n8n/node-cli's ready-made ESLint config (what `n8n-node lint` runs in a project made from n8n-nodes-starter),
// applied as it is to what the package ships: nodes/, credentials/ and package.json. Run by `npm run lint`
// after the project's own config (eslint.config.mjs); docs/LINT.md says how the two differ.
//
// The CLI lives in tools/lint (its own package.json and lock; see docs/LINT.md) and is resolved from there.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const toolsRequire = createRequire(new URL('./tools/lint/package.json', import.meta.url));
let resolved;
try {
	resolved = toolsRequire.resolve('@n8n/node-cli/eslint');
} catch {
	throw new Error('@n8n/node-cli is not installed in tools/lint: run `npm run lint:tools`');
}
const { config } = await import(pathToFileURL(resolved).href);

export default [
	// The starter's tree holds nothing but the shipped code; here sandbox, tests, scripts and tools sit beside it.
	{ ignores: ['**/*', '!nodes/', '!nodes/**', '!credentials/', '!credentials/**', '!package.json'] },
	...config,
];
