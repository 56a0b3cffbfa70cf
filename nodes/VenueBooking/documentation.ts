/**
 * Where the nodes' Docs links point. Set as `documentationUrl`, which n8n's editor (1.x and 2.x) opens as
 * given; a codex `primaryDocumentation` URL instead gets `?utm_source=…` appended, which lands after a
 * `#fragment` and breaks it. One place to change when the documentation moves.
 */
export const DOCUMENTATION_URL = 'https://www.npmjs.com/package/n8n-nodes-venue-booking';

export function documentationSection(anchor: string): string {
	return `${DOCUMENTATION_URL}#${anchor}`;
}
