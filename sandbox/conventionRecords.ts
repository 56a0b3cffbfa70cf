/**
 * Records in and out of a convention: date-time fields in the convention's form (ISO variants, Unix seconds
 * or milliseconds), field names in its naming, the identity field (`id`, or `ref` where a convention hides
 * ids), JSON:API resource objects, and request bodies read back from all of those forms. Records are
 * stored canonically (camelCase, ISO `…Z`), so every form is derived here on the way out and undone on the
 * way in.
 */
import { API_PATH_PREFIX } from '../nodes/VenueBooking/endpoints';
import { dialectName, type ListResource, renderInNaming } from './dialect';
import type { Naming } from './options';
import { bodyFromForm, type IdForm, recordInForm } from './conventionIds';
import { ApiError } from './errors';
import { formatInstant } from './time';

export const TIMESTAMP_FORMS = ['iso', 'isoMillis', 'isoMicros', 'isoOffsetNoColon', 'isoShopOffset', 'sqlUtc', 'isoLocal', 'unixSeconds', 'unixSecondsFloat', 'unixMillis'] as const;
/**
 * - `iso`: "2027-03-01T09:00:00Z" · `isoMillis`: "2027-03-01T09:00:00.000Z" · `isoMicros`: "…00.000000Z" (Laravel)
 * - `isoOffsetNoColon`: "2027-03-01T09:00:00.000+0000" (Jira, Salesforce)
 * - `isoShopOffset`: "2027-03-01T04:00:00-05:00", the shop's own zone (Shopify; a fixed −05:00 here)
 * - `unixSecondsFloat`: 1803805200.25, seconds as a number with a fraction where the instant has one (AWS JSON)
 * - `sqlUtc`: "2027-03-01 09:00:00", a space and no zone, meaning UTC (Pipedrive v1)
 * - `isoLocal`: "2027-03-01T09:00:00", no zone, the site's own wall clock (Mindbody; `localZone`, UTC when unset)
 * - `unixSeconds`: 1803805200 (Stripe, OpenAI, Slack) · `unixMillis`: 1803805200000 (HubSpot legacy)
 */
export type TimestampForm = (typeof TIMESTAMP_FORMS)[number];

/** Every date-time field of the records, canonical names (slots' and bookings' start/end included). */
const TIMESTAMP_FIELDS = ['start', 'end', 'createdAt', 'updatedAt', 'cancelledAt'] as const;

export interface RecordStyle {
	naming: Naming;
	timestamps: TimestampForm;
	/** The IANA zone the zone-less forms (`sqlUtc`, `isoLocal`) are written and read in; UTC when unset (SandboxOptions.localTimeZone). */
	localZone?: string;
	/** `ref`: the record's own id is renamed (hasMoreOnly); references to other records keep their names. */
	identity: 'id' | 'ref';
	/**
	 * The record's own identity under its resource's name, in the convention's naming (Bookeo's bookings'
	 * `bookingNumber`, Planyo's `reservation_id`); references to it keep their names (`bookingId`).
	 */
	identityNames?: Partial<Record<ListResource, string>>;
	/** How ids are written, the record's own and its references (conventionIds.ts); `string` when unset. */
	ids?: IdForm;
	/** JSON:API resource objects: `{ type, id, attributes, relationships }`. */
	jsonApi: boolean;
	/**
	 * Bookings as Jira renders issues: `{ id, self, fields: {…} }`, the booking's own fields one level down and
	 * its references as small objects (`"room": {"id": …}`, with `self` where the API has the record's path).
	 * Writes are `{ "fields": {…} }` with references as `{"id": …}`, as Jira's issue writes are.
	 */
	issues?: boolean;
}

type Fields = Record<string, unknown>;

/**
 * A slot's identity. Slots are computed, not stored, so they have no id of their own; conventions that page
 * by id (Stripe, OpenAI) or need one per resource object (JSON:API) get this stable, readable one.
 */
export function slotIdentity(slot: { roomId: string; serviceId: string; start: string }): string {
	const compact = slot.start.replace(/[-:]/g, '').replace(/\.\d+/, '');
	return `slot_${slot.roomId}_${slot.serviceId}_${compact}`;
}

/** The identity of a canonical record (its id; a slot's synthetic one). */
export function identityOf(record: object): string {
	const fields = record as Fields;
	if (typeof fields.id === 'string') return fields.id;
	if (typeof fields.roomId === 'string' && typeof fields.serviceId === 'string' && typeof fields.start === 'string') {
		return slotIdentity(fields as { roomId: string; serviceId: string; start: string });
	}
	return '';
}

/** The zone Shopify writes a shop's times in (its own, not UTC); a fixed one keeps the sandbox deterministic. */
const SHOP_OFFSET = '-05:00';
const SHOP_OFFSET_MINUTES = -300;

/** The wall clock of an instant in a zone, as UTC milliseconds (so toISOString writes it); Intl, no library. */
function localWallClock(ms: number, zone: string): number {
	const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' })
		.formatToParts(new Date(ms));
	const part = (type: string) => Number(parts.find((entry) => entry.type === type)?.value);
	return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'), ms % 1000);
}

/** The instant of a zone-less "YYYY-MM-DD HH:MM:SS" in a zone (its offset taken twice, as a venue's server would). */
function fromLocalWallClock(text: string, zone: string): number {
	const asUtc = Date.parse(`${text.replace(' ', 'T')}Z`);
	const first = asUtc - (localWallClock(asUtc, zone) - asUtc);
	return asUtc - (localWallClock(first, zone) - first);
}

export function renderTimestamp(iso: string, form: TimestampForm, zone = 'UTC'): string | number {
	if (form === 'iso') return iso;
	const ms = Date.parse(iso);
	if (Number.isNaN(ms)) return iso;
	switch (form) {
		case 'isoMillis':
			return new Date(ms).toISOString();
		case 'isoMicros':
			return new Date(ms).toISOString().replace('Z', '000Z');
		case 'isoOffsetNoColon':
			return new Date(ms).toISOString().replace('Z', '+0000');
		case 'sqlUtc':
			return new Date(zone === 'UTC' ? ms : localWallClock(ms, zone)).toISOString().replace('T', ' ').replace(/\.\d+Z$/, '');
		case 'isoLocal':
			return new Date(zone === 'UTC' ? ms : localWallClock(ms, zone)).toISOString().replace(/\.\d+Z$/, '');
		case 'isoShopOffset':
			return new Date(ms + SHOP_OFFSET_MINUTES * 60_000).toISOString().replace(/\.\d+Z$/, SHOP_OFFSET);
		case 'unixSeconds':
			return Math.floor(ms / 1000);
		case 'unixSecondsFloat':
			return ms / 1000;
		case 'unixMillis':
			return ms;
	}
}

/** A canonical record with its slot identity added (when it has none) and its date-times in the form. */
function canonicalForm(record: object, form: TimestampForm, zone = 'UTC'): Fields {
	const fields = record as Fields;
	const rendered: Fields = typeof fields.id === 'string' || identityOf(record) === '' ? {} : { id: identityOf(record) };
	for (const [key, value] of Object.entries(fields)) {
		rendered[key] = typeof value === 'string' && (TIMESTAMP_FIELDS as readonly string[]).includes(key) ? renderTimestamp(value, form, zone) : value;
	}
	return rendered;
}

/** "room" → "rooms": the JSON:API type of a referenced record. */
function pluralOf(name: string): string {
	return name.endsWith('y') ? `${name.slice(0, -1)}ies` : `${name}s`;
}

/**
 * A JSON:API resource object: references (`roomId`, `roomIds`) become relationships with identifier
 * objects, everything else but the id sits in `attributes`.
 */
function jsonApiResource(fields: Fields, type: ListResource): Fields {
	const attributes: Fields = {};
	const relationships: Fields = {};
	for (const [key, value] of Object.entries(fields)) {
		if (key === 'id') continue;
		const single = /^(.+)Id$/.exec(key);
		const many = /^(.+)Ids$/.exec(key);
		if (single && (typeof value === 'string' || value === null)) {
			relationships[single[1]] = { data: value === null ? null : { type: pluralOf(single[1]), id: value } };
		} else if (many && Array.isArray(value)) {
			relationships[pluralOf(many[1])] = { data: value.map((id) => ({ type: pluralOf(many[1]), id: String(id) })) };
		} else attributes[key] = value;
	}
	return { type, id: fields.id, attributes, ...(Object.keys(relationships).length > 0 ? { relationships } : {}) };
}

/** Resources with a `GET /…/{id}` endpoint, whose records can carry a link to themselves. */
const ITEM_PATHS: Partial<Record<ListResource, string>> = { bookings: '/bookings', clients: '/clients' };

/** The record's own path, when the API has one (links in HAL, Salesforce, JSON:API and Jira). */
export function selfPathOf(record: Record<string, unknown>, resource: ListResource): string | undefined {
	const base = ITEM_PATHS[resource];
	return base && typeof record.id === 'string' ? `${API_PATH_PREFIX}${base}/${encodeURIComponent(record.id)}` : undefined;
}

/** `self` of a record: its absolute URL, where the API has a path for it. */
function selfOf(resource: ListResource, id: unknown, origin: string): Fields {
	const path = selfPathOf({ id }, resource);
	return path ? { self: `${origin}${path}` } : {};
}

/** A booking as a Jira issue (RecordStyle.issues); `fields` are the canonical ones in the convention's form. */
function issue(fields: Fields, origin: string): Fields {
	const { id, ...rest } = fields;
	const inner: Fields = {};
	for (const [key, value] of Object.entries(rest)) {
		const reference = /^(.+)Id$/.exec(key);
		if (reference && typeof value === 'string') inner[reference[1]] = { ...selfOf(pluralOf(reference[1]) as ListResource, value, origin), id: value };
		else if (reference && value === null) inner[reference[1]] = null;
		else inner[key] = value;
	}
	return { id, ...selfOf('bookings', id, origin), fields: inner };
}

/** A record as the convention renders it (entries of lists and single records alike); `origin` makes `self` links. */
export function renderRecord(record: object, resource: ListResource, style: RecordStyle, origin = ''): Fields {
	const fields = recordInForm(canonicalForm(record, style.timestamps, style.localZone), resource, style.ids ?? 'string');
	if (style.jsonApi) return jsonApiResource(fields, resource);
	if (style.issues && resource === 'bookings') return issue(renderInNaming(fields, style.naming) as Fields, origin);
	const named = renderInNaming(fields, style.naming) as Fields;
	if (style.identity === 'ref') {
		const { id, ...rest } = named;
		return { ref: id, ...rest };
	}
	const identityName = style.identityNames?.[resource];
	if (identityName === undefined || !('id' in named)) return named;
	const { id, ...rest } = named;
	return { [identityName]: id, ...rest };
}

function isObject(value: unknown): value is Fields {
	return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** What a write is aimed at: the collection's resource type, and the record's id for a change. */
export interface WriteTarget {
	resource: ListResource;
	id?: string;
}

/**
 * A JSON:API document `{ data: { type, id?, attributes, relationships } }` flattened to plain fields, held
 * to the standard as JSON:API servers hold it: `data.type` must name the collection (409 otherwise, 400
 * when missing), a change must carry `data.id` equal to the URL's (409 when it differs), and every
 * relationship names its record as `{type, id}` of the right type. Undefined for a body of another shape.
 */
function flattenJsonApi(body: Fields, target: WriteTarget): Fields | undefined {
	if (!isObject(body.data) || Object.keys(body).some((key) => !['data', 'meta', 'jsonapi'].includes(key))) return undefined;
	const data = body.data;
	if (!isObject(data.attributes) && !isObject(data.relationships)) return undefined;
	if (typeof data.type !== 'string') throw new ApiError(400, 'missing_type', 'A resource object must have a "type" member (/data/type).');
	if (data.type !== target.resource) throw new ApiError(409, 'type_conflict', `The resource object's type "${data.type}" is not "${target.resource}" (/data/type).`);
	if (target.id !== undefined) {
		if (data.id === undefined) throw new ApiError(400, 'missing_id', 'A resource object sent to change a record must have an "id" member (/data/id).');
		if (String(data.id) !== target.id) throw new ApiError(409, 'id_conflict', `The resource object's id "${String(data.id)}" is not the one in the URL, "${target.id}" (/data/id).`);
	}
	const fields: Fields = { ...(isObject(data.attributes) ? data.attributes : {}) };
	for (const [name, relationship] of Object.entries(isObject(data.relationships) ? data.relationships : {})) {
		const linkage = isObject(relationship) ? relationship.data : undefined;
		if (isObject(linkage)) {
			if (linkage.type !== pluralOf(name) || linkage.id === undefined) {
				throw new ApiError(linkage.type === undefined || linkage.id === undefined ? 400 : 409, 'bad_linkage',
					`The relationship "${name}" must name its record as {"type": "${pluralOf(name)}", "id": …} (/data/relationships/${name}/data).`);
			}
			fields[`${name}Id`] = linkage.id;
		} else if (linkage === null) fields[`${name}Id`] = null;
	}
	return fields;
}

/**
 * A date-time sent in the convention's form, as the ISO text the routes read: numbers (seconds or
 * milliseconds as the convention outputs them; digit strings too) and "+0000" offsets. Anything else is
 * passed on unchanged for the route to judge, so ISO input works in every convention.
 */
function readTimestamp(value: unknown, form: TimestampForm, zone = 'UTC'): unknown {
	const numeric = typeof value === 'number' ? value : typeof value === 'string' && /^\d{9,14}(\.\d+)?$/.test(value) ? Number(value) : undefined;
	if (numeric !== undefined && Number.isFinite(numeric) && (form === 'unixSeconds' || form === 'unixSecondsFloat' || form === 'unixMillis')) {
		return formatInstant(form === 'unixMillis' ? numeric : Math.round(numeric * 1000));
	}
	// Shopify's offset (the shop's zone) names the same instant the routes read in UTC.
	if (typeof value === 'string' && form === 'isoShopOffset' && /[+-]\d{2}:\d{2}$/.test(value) && !Number.isNaN(Date.parse(value))) {
		return formatInstant(Date.parse(value));
	}
	// Pipedrive's zone-less UTC form; an offset-less value in another form is left for the route to judge.
	if (typeof value === 'string' && form === 'sqlUtc' && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value)) {
		return zone === 'UTC' ? `${value.replace(' ', 'T')}Z` : formatInstant(fromLocalWallClock(value, zone));
	}
	// Mindbody's zone-less site time, with a `T`.
	if (typeof value === 'string' && form === 'isoLocal' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(value)) {
		return zone === 'UTC' ? `${value}Z` : formatInstant(fromLocalWallClock(value.replace('T', ' '), zone));
	}
	if (typeof value === 'string') return value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
	return value;
}

/**
 * A Jira issue write `{ "fields": {…} }` made plain: a reference written as `{"id": …}` becomes `roomId`. A
 * reference object without an id is refused, as Jira refuses one it cannot resolve. Undefined for a body of
 * another shape.
 */
function flattenIssue(body: Fields): Fields | undefined {
	if (!isObject(body.fields) || Object.keys(body).some((key) => key !== 'fields')) return undefined;
	const fields: Fields = {};
	for (const [key, value] of Object.entries(body.fields)) {
		if (!isObject(value)) {
			fields[key] = value;
			continue;
		}
		if (typeof value.id !== 'string' && typeof value.id !== 'number') {
			throw new ApiError(400, 'bad_reference', `Field '${key}' must name its record as {"id": …}.`, [{ field: key, message: `Field '${key}' must name its record as {"id": …}.` }]);
		}
		fields[`${key}Id`] = String(value.id);
	}
	return fields;
}

/** A request body in the convention's forms turned into the plain form the routes read. */
export function plainBody(body: unknown, style: RecordStyle, target: WriteTarget): unknown {
	if (!isObject(body)) return body;
	const nested = style.jsonApi ? flattenJsonApi(body, target) : style.issues && target.resource === 'bookings' ? flattenIssue(body) : undefined;
	const plain = nested ?? body;
	const fields: Fields = bodyFromForm({ ...plain }, style.ids ?? 'string');
	for (const canonical of TIMESTAMP_FIELDS) {
		const name = style.jsonApi ? canonical : dialectName(canonical, style.naming);
		if (name in fields) fields[name] = readTimestamp(fields[name], style.timestamps, style.localZone);
	}
	return fields;
}

/**
 * A page's records as PHP-built platforms (Checkfront) write a list: an object keyed by each record's `id`,
 * in the page's order; an empty one is `[]`, as PHP's json_encode writes an empty array.
 */
export function keyedByIdentity(items: unknown[]): Record<string, unknown> | [] {
	if (items.length === 0) return [];
	const keyed: Record<string, unknown> = {};
	for (const item of items) keyed[String((item as Fields).id)] = item;
	return keyed;
}
