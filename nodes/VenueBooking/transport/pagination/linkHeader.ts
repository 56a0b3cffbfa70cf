/**
 * The `rel="next"` target of an RFC 8288 Link header, e.g. `<https://x/api?page=2>; rel="next"`.
 * Relations may be listed together (`rel="next last"`) and parameters may come in any order.
 */
export function nextLinkFromHeader(header: string | undefined): string | undefined {
	return linkFromHeader(header, 'next');
}

/** The target of the link with relation `rel` (e.g. "last") in an RFC 8288 Link header. */
export function linkFromHeader(header: string | undefined, rel: string): string | undefined {
	if (!header) return undefined;
	for (const part of splitLinks(header)) {
		const match = /^\s*<([^>]*)>(.*)$/s.exec(part);
		if (!match) continue;
		const relation = /;\s*rel\s*=\s*(?:"([^"]*)"|([^;,\s]+))/i.exec(match[2]);
		const relations = (relation?.[1] ?? relation?.[2] ?? '').toLowerCase().split(/\s+/);
		if (relations.includes(rel)) return match[1];
	}
	return undefined;
}

/** Splits on the commas between links, not the commas inside `<...>` or quoted parameters. */
function splitLinks(header: string): string[] {
	const parts: string[] = [];
	let depth = '';
	let start = 0;
	for (let i = 0; i < header.length; i++) {
		const char = header[i];
		if (depth === '' && (char === '<' || char === '"')) depth = char === '<' ? '>' : '"';
		else if (char === depth) depth = '';
		else if (depth === '' && char === ',') {
			parts.push(header.slice(start, i));
			start = i + 1;
		}
	}
	parts.push(header.slice(start));
	return parts;
}
