/**
 * Form-encoded request bodies (`application/x-www-form-urlencoded`) read the way PHP-built platforms (Checkfront,
 * Planyo) read them: `a[b]=c` is a nested field, `a[]=c` appends to a list, a repeated plain name keeps the last
 * value. Every value is text, as in any form; the routes judge it as they judge JSON text.
 */
type Fields = Record<string, unknown>;

/** "form[customer][name]" → ["form", "customer", "name"]; "tags[]" → ["tags", ""]. */
function pathOf(name: string): string[] {
	const head = /^[^[]*/.exec(name)![0];
	const rest = [...name.slice(head.length).matchAll(/\[([^\]]*)\]/g)].map((match) => match[1]);
	return [head, ...rest];
}

function place(target: Fields | unknown[], path: string[], value: string): void {
	const [key, ...rest] = path;
	if (Array.isArray(target)) {
		if (rest.length === 0) target.push(value);
		else {
			const child: Fields = {};
			target.push(child);
			place(child, rest, value);
		}
		return;
	}
	if (rest.length === 0) {
		target[key] = value;
		return;
	}
	const existing = target[key];
	const child = existing !== null && typeof existing === 'object' ? (existing as Fields | unknown[]) : rest[0] === '' ? [] : {};
	target[key] = child;
	place(child, rest, value);
}

/** The fields of a form-encoded body, nested as its bracketed names say. */
export function parseFormBody(text: string): Fields {
	const fields: Fields = {};
	for (const [name, value] of new URLSearchParams(text)) {
		if (name !== '') place(fields, pathOf(name), value);
	}
	return fields;
}

export function isFormContentType(contentType: string | undefined): boolean {
	return contentType !== undefined && /^application\/x-www-form-urlencoded\b/i.test(contentType.trim());
}
