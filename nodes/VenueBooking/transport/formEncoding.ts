/**
 * Bodies sent as `application/x-www-form-urlencoded` (Options > Body Encoding), for APIs that read writes as
 * forms (Checkfront, Planyo). Nested values are written the way PHP and Rails read them back: `a[b]=c` for an
 * object's field, `a[0]=c` for a list's entry; `true`/`false` as `1`/`0` (as PHP's http_build_query writes
 * them) and `null` as an empty value. Names and values come from the user's body only.
 */
import { isPlainObject } from './json';

export const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

/** How a write's body is sent: `json` (the default) or `form`. */
export type BodyEncoding = 'json' | 'form';

function scalarText(value: unknown): string {
	if (value === null || value === undefined) return '';
	if (typeof value === 'boolean') return value ? '1' : '0';
	return String(value);
}

function appendValue(form: URLSearchParams, name: string, value: unknown): void {
	if (Array.isArray(value)) {
		value.forEach((entry, index) => appendValue(form, `${name}[${index}]`, entry));
	} else if (isPlainObject(value)) {
		for (const [key, entry] of Object.entries(value)) appendValue(form, `${name}[${key}]`, entry);
	} else form.append(name, scalarText(value));
}

/** A body as form fields: an object's fields at the top, nested values in brackets. */
export function encodeFormBody(body: unknown): string {
	const form = new URLSearchParams();
	if (Array.isArray(body)) body.forEach((entry, index) => appendValue(form, String(index), entry));
	else if (isPlainObject(body)) for (const [key, value] of Object.entries(body)) appendValue(form, key, value);
	return form.toString();
}
