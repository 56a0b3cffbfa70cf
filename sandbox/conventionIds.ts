/**
 * Identities as booking platforms write them: under the resource's own name (Bookeo's `bookingNumber`,
 * Planyo's `reservation_id`) and in one of three forms — the sandbox's own strings (`bkg_0k3x9aq`), numbers
 * (Cliniko, Current RMS, Checkfront) or booking codes (`0K3X-9AQ`, as Checkfront's `PVCA-050314`). Records are
 * stored with string ids, so the form is derived on the way out and undone on the way in (paths, bodies).
 *
 * Numbers: a stored id `<prefix>_<base36>` is its base-36 number; a catalog record is its position in the
 * catalog, counted from 1, so rooms and services share the range 1…n, as numeric-id platforms' do. The seed's
 * unusual client ids (`cli_walk in`) are numbered 1, 2, 3: a numeric-id API has no other kind.
 */
import { ROOMS, SERVICES } from './catalog';
import type { ListResource } from './dialect';
import { ID_PREFIX } from './ids';
import { UNUSUAL_CLIENT_IDS } from './seed';

export const ID_FORMS = ['string', 'numeric', 'code'] as const;
export type IdForm = (typeof ID_FORMS)[number];

/** The stored id prefix of each resource with generated ids. */
const PREFIX_OF: Partial<Record<ListResource, string>> = {
	clients: ID_PREFIX.client,
	bookings: ID_PREFIX.booking,
	payments: ID_PREFIX.payment,
	deliveries: ID_PREFIX.delivery,
};

/** The catalog's fixed records and the name generated ones carry their position under (catalog.ts). */
const CATALOG: Partial<Record<ListResource, { fixed: ReadonlyArray<{ id: string }>; generated: string }>> = {
	rooms: { fixed: ROOMS, generated: 'room_x' },
	services: { fixed: SERVICES, generated: 'svc_x' },
};

/** The resource a reference field points at (`roomId`, `roomIds`, `clientId`…), or undefined for other fields. */
export function referencedResource(field: string): ListResource | undefined {
	const match = /^(room|service|client|booking|payment|delivery)Ids?$/.exec(field);
	if (!match) return undefined;
	return match[1] === 'delivery' ? 'deliveries' : (`${match[1]}s` as ListResource);
}

/** A stored id in the form; ids the form cannot express (a slot's synthetic one) stay as they are. */
export function renderId(id: string, resource: ListResource, form: IdForm): string | number {
	if (form === 'string') return id;
	const catalog = CATALOG[resource];
	if (catalog) {
		if (form === 'code') return id;
		const fixed = catalog.fixed.findIndex((record) => record.id === id);
		if (fixed >= 0) return fixed + 1;
		return id.startsWith(catalog.generated) && /^\d+$/.test(id.slice(catalog.generated.length)) ? Number(id.slice(catalog.generated.length)) : id;
	}
	const unusual = resource === 'clients' ? (UNUSUAL_CLIENT_IDS as readonly string[]).indexOf(id) : -1;
	if (unusual >= 0 && form === 'numeric') return unusual + 1;
	const prefix = PREFIX_OF[resource];
	if (!prefix || !id.startsWith(`${prefix}_`)) return id;
	const digits = id.slice(prefix.length + 1);
	if (!/^[0-9a-z]+$/.test(digits)) return id;
	if (form === 'numeric') return parseInt(digits, 36);
	const upper = digits.toUpperCase();
	return `${upper.slice(0, 4)}-${upper.slice(4)}`;
}

/** An id as a client sends it (in a path, a body or a query) turned back into the stored one. */
export function readId(value: unknown, resource: ListResource, form: IdForm): unknown {
	if (form === 'string' || (typeof value !== 'string' && typeof value !== 'number')) return value;
	const text = String(value).trim();
	const catalog = CATALOG[resource];
	if (catalog) {
		if (form === 'code' || !/^\d+$/.test(text)) return value;
		const position = Number(text);
		return catalog.fixed[position - 1]?.id ?? `${catalog.generated}${position}`;
	}
	const prefix = PREFIX_OF[resource];
	if (!prefix) return value;
	if (form === 'numeric' && resource === 'clients' && /^\d+$/.test(text) && Number(text) >= 1 && Number(text) <= UNUSUAL_CLIENT_IDS.length) return UNUSUAL_CLIENT_IDS[Number(text) - 1];
	if (form === 'numeric' && /^\d+$/.test(text)) return `${prefix}_${Number(text).toString(36).padStart(7, '0')}`;
	if (form === 'code' && /^[0-9A-Z]{4}-[0-9A-Z]+$/i.test(text)) return `${prefix}_${text.replace('-', '').toLowerCase()}`;
	return value;
}

/** A canonical record's own id and references in the form (before naming). */
export function recordInForm(fields: Record<string, unknown>, resource: ListResource, form: IdForm): Record<string, unknown> {
	if (form === 'string') return fields;
	const rendered: Record<string, unknown> = {};
	for (const [key, value] of Object.entries(fields)) {
		const target = key === 'id' ? resource : referencedResource(key);
		if (target && typeof value === 'string') rendered[key] = renderId(value, target, form);
		else if (target && Array.isArray(value)) rendered[key] = value.map((id) => (typeof id === 'string' ? renderId(id, target, form) : id));
		else rendered[key] = value;
	}
	return rendered;
}

/** A plain (canonically named) write body's references read back into stored ids. */
export function bodyFromForm(fields: Record<string, unknown>, form: IdForm): Record<string, unknown> {
	if (form === 'string') return fields;
	const read: Record<string, unknown> = {};
	for (const [key, value] of Object.entries(fields)) {
		// Bodies come in the convention's naming (`room_id`, `RoomId`); references are recognised by their canonical name.
		const canonical = key.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());
		const target = referencedResource(canonical.charAt(0).toLowerCase() + canonical.slice(1));
		if (target && Array.isArray(value)) read[key] = value.map((id) => readId(id, target, form));
		else read[key] = target ? readId(value, target, form) : value;
	}
	return read;
}
