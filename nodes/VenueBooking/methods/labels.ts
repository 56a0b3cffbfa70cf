import { isPlainObject, UNSAFE_KEYS } from '../transport/paths';

/** Text longer than this is a description or a note, not something to recognise a record by. */
const MAX_LABEL_PART = 60;
const SEPARATOR = ' · ';

/** The kinds of short text people recognise records by, in the order a label shows them. */
type TextKind = 'phrase' | 'email' | 'dateTime' | 'word';
const KIND_ORDER: TextKind[] = ['phrase', 'email', 'dateTime', 'word'];
const MAX_PARTS = 2;

const DATE_TIME = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Letters only (a state, a currency): a word, unlike tokens that mix in digits or `_`, which read as codes. */
const WORD = /^\p{L}[\p{L}'’-]*$/u;

/**
 * What kind of readable text a value is, judged from the value alone (never from its field's name):
 * a phrase has letters and a space (a name, a title), then emails, date-times and plain words. Codes and
 * identifiers (`room_a1`, `8f3c…`) are not readable and are left out.
 */
export function textKind(value: unknown): TextKind | undefined {
	if (typeof value !== 'string') return undefined;
	const text = value.trim();
	if (text === '' || text.length > MAX_LABEL_PART) return undefined;
	if (DATE_TIME.test(text)) return 'dateTime';
	if (EMAIL.test(text)) return 'email';
	if (/\s/.test(text) && /\p{L}/u.test(text)) return 'phrase';
	if (WORD.test(text)) return 'word';
	return undefined;
}

/**
 * A readable label from a record's own content: its first phrase (a name, a title), then its first email,
 * date-time or word, at most two parts, in the record's field order within each kind. A record without
 * readable text is labelled by its identity, so every entry still has a name.
 */
export function labelOf(record: unknown, identity: string): string {
	if (!isPlainObject(record)) return identity;
	const firstOfKind = new Map<TextKind, string>();
	for (const [key, value] of Object.entries(record)) {
		if (UNSAFE_KEYS.has(key)) continue;
		const kind = textKind(value);
		if (kind && !firstOfKind.has(kind) && String(value).trim() !== identity) firstOfKind.set(kind, String(value).trim());
	}
	const parts = KIND_ORDER.map((kind) => firstOfKind.get(kind)).filter((part): part is string => part !== undefined);
	return parts.length === 0 ? identity : parts.slice(0, MAX_PARTS).join(SEPARATOR);
}

/** Whether a record matches the search box: any of its top-level scalar values, or its label, contains the text. */
export function matchesSearch(record: unknown, label: string, filter: string | undefined): boolean {
	const wanted = filter?.trim().toLowerCase();
	if (!wanted) return true;
	if (label.toLowerCase().includes(wanted)) return true;
	if (!isPlainObject(record)) return false;
	return Object.entries(record).some(
		([key, value]) =>
			!UNSAFE_KEYS.has(key) &&
			(typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') &&
			String(value).toLowerCase().includes(wanted),
	);
}
