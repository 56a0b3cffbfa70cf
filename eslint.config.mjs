// ESLint flat config: n8n's own community-node rules on what the package ships.
//
// It mirrors `buildScanConfig()` of @n8n/scan-community-package 0.32.0 (the gate for verified community nodes):
// @n8n/eslint-plugin-community-nodes `recommended` + `no-console`, and eslint-plugin-n8n-nodes-base's `community`
// (package.json), `credentials` and `nodes` rule sets, with the same few rules turned off and the same reasons.
// It uses community-nodes 0.32.0 where the scanner pins 0.29.0; 0.32.0 has every 0.29.0 rule plus
// `no-unsafe-connection-type-cast`. `npm run scan` runs the scanner's own config; docs/LINT.md lists what both demand.
//
// The tools live in tools/lint (own package.json and lock): community-nodes declares the peer dependency
// `n8n-workflow >=2`, while the package pins an n8n-workflow 1.x for its tests (scripts/n8n/versions.ts). They are resolved from there.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const toolsRequire = createRequire(new URL('./tools/lint/package.json', import.meta.url));
const tool = async (name) => {
	let resolved;
	try {
		resolved = toolsRequire.resolve(name);
	} catch {
		throw new Error(`${name} is not installed in tools/lint: run \`npm run lint:tools\``);
	}
	return import(pathToFileURL(resolved).href);
};

const { defineConfig, globalIgnores } = await tool('eslint/config');
const { n8nCommunityNodesPlugin } = await tool('@n8n/eslint-plugin-community-nodes');
const n8nNodesBase = (await tool('eslint-plugin-n8n-nodes-base')).default;
const tsParser = (await tool('@typescript-eslint/parser')).default;

// What the scanner lints in a source tree (its SOURCE_FILE_PATTERNS): what ships, plus package.json.
const SHIPPED = ['{nodes,credentials}/**/*.{js,ts,json}', 'package.json'];

export default defineConfig(
	// Everything else (sandbox, tests, scripts, gulpfile, dist, tools) is not the shipped source: not linted here.
	globalIgnores(['**/*', '!nodes/', '!nodes/**', '!credentials/', '!credentials/**', '!package.json']),
	globalIgnores(['**/node_modules/']),

	{
		files: SHIPPED,
		// The scanner lints with inline config disabled, so an `eslint-disable` comment would hide an error here
		// that still fails the scan. Each such comment is reported instead.
		linterOptions: { noInlineConfig: true },
	},

	{ ...n8nCommunityNodesPlugin.configs.recommended, files: SHIPPED },
	{ files: SHIPPED, rules: { 'no-console': 'error' } },

	{ plugins: { 'n8n-nodes-base': n8nNodesBase } },
	{
		files: ['package.json'],
		rules: { ...n8nNodesBase.configs.community.rules },
	},
	{
		files: ['credentials/**/*.ts'],
		rules: {
			...n8nNodesBase.configs.credentials.rules,
			// Off as in the scanner: it demands n8n's own doc slugs (camelCase); community-nodes'
			// credential-documentation-url demands a full URL instead, which community credentials need.
			'n8n-nodes-base/cred-class-field-documentation-url-miscased': 'off',
			// Off as in the scanner: community-nodes' credential-password-field checks the same thing by field
			// name, with fewer false positives.
			'n8n-nodes-base/cred-class-field-type-options-password-missing': 'off',
		},
	},
	{
		files: ['nodes/**/*.ts'],
		rules: {
			...n8nNodesBase.configs.nodes.rules,
			// Off as in the scanner: it only accepts the string 'main', but community-nodes'
			// node-connection-type-literal demands NodeConnectionTypes.Main; the two cannot both pass.
			'n8n-nodes-base/node-class-description-inputs-wrong-regular-node': 'off',
			'n8n-nodes-base/node-class-description-outputs-wrong': 'off',
			// Off as in the scanner: a documented maximum of the API is a valid maxValue.
			'n8n-nodes-base/node-param-type-options-max-value-present': 'off',
		},
	},

	// JSON (package.json, *.node.json codex files) and TypeScript both go through the TypeScript parser: the
	// package.json rules walk the ObjectExpression it produces for a JSON file.
	{ files: ['**/*.json', '**/*.ts'], languageOptions: { parser: tsParser } },

	// Project rules (docs/ARCHITECTURE.md, "Transport"), beyond n8n's: node and credential code imports only n8n-workflow,
	// relative paths and node:crypto. (n8n's no-restricted-imports lets any devDependency through, e.g. axios.)
	{
		files: ['{nodes,credentials}/**/*.ts'],
		rules: {
			'no-restricted-imports': [
				'error',
				{
					patterns: [
						{
							regex: '^(?!n8n-workflow$|\\.{1,2}/|node:crypto$|crypto$)',
							message:
								'Node and credential code imports only n8n-workflow, relative paths and node:crypto (docs/ARCHITECTURE.md).',
						},
					],
				},
			],
			'no-restricted-globals': [
				'error',
				{ name: 'fetch', message: 'Use this.helpers.httpRequestWithAuthentication (docs/ARCHITECTURE.md).' },
			],
		},
	},
);
