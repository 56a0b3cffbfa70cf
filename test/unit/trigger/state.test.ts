import type { IDataObject, INode } from 'n8n-workflow';

import {
	activationBaseline,
	dropActivationBaseline,
	leaveActivationBaseline,
	onDurableCursor,
	readState,
	RECENT_LIMIT,
	remember,
	writeState,
	type JournalState,
} from '../../../nodes/VenueBooking/trigger/state';

const state = (overrides: Partial<JournalState> = {}): JournalState => ({ version: 1, identity: 'id', recent: ['a', 'b'], ...overrides });

describe('readState', () => {
	it('reads what writeState wrote', () => {
		const staticData: IDataObject = {};
		writeState(staticData, state({ order: 'newestFirst', head: 'b' }));
		expect(readState(staticData)).toEqual(state({ order: 'newestFirst', head: 'b' }));
	});

	it.each([
		['nothing', {}],
		['another version', { journal: { version: 2, identity: 'id', recent: [] } }],
		['no list of recent identities', { journal: { version: 1, identity: 'id', recent: 'a' } }],
		['an unknown identity mode', { journal: { version: 1, identity: 'path', recent: [] } }],
		['a field mode without its field', { journal: { version: 1, identity: 'field:', recent: [] } }],
		['not an object', { journal: 'x' }],
	])('takes %s as no state', (_case, staticData) => {
		expect(readState(staticData as IDataObject)).toBeUndefined();
	});
});

describe('readState across identity modes', () => {
	it('reads states stored with `id` and `hash` as before, and the `field:` mode of entries identified by `Id`', () => {
		for (const identity of ['id', 'hash', 'field:Id'] as const) {
			expect(readState({ journal: { version: 1, identity, recent: ['n:1'] } })).toEqual({ version: 1, identity, recent: ['n:1'] });
		}
	});
});

describe('readState checks what it reads back, never casting it', () => {
	const stored = (journal: IDataObject): IDataObject => ({ journal: { version: 1, identity: 'id', recent: ['a'], ...journal } });
	const tail = { pagination: { mode: 'pageNumber', pageParameter: 'page', totalPath: 'meta.total', pageLength: 20 }, request: { query: { page: 7 }, marker: '7' } };

	it('takes remembered identities that are not all text as no state (a new baseline, as on the first poll)', () => {
		expect(readState(stored({ recent: ['a', 3] }))).toBeUndefined();
	});

	it('reads back a stored position in the journal whole', () => {
		expect(readState(stored({ tail }))?.tail).toEqual(tail);
	});

	it.each([
		['an unknown mode', { ...tail, pagination: { mode: 'scroll' } }],
		['a mode without its parameter', { ...tail, pagination: { mode: 'cursor', cursorPath: 'next' } }],
		['a field of the wrong type', { ...tail, pagination: { ...tail.pagination, pageLength: '20' } }],
		['a request whose query holds an object', { ...tail, request: { query: { page: { $gt: 1 } } } }],
		['a request whose URL is not text', { ...tail, request: { url: 42 } }],
		['no request', { pagination: tail.pagination }],
		['not an object', 'page 7'],
	])('drops a stored position with %s and keeps the rest: the walk restarts from page 1, the remembered identities still mark new entries', (_case, unreadable) => {
		expect(readState(stored({ tail: unreadable, order: 'oldestFirst', head: 'a' }))).toEqual({ version: 1, identity: 'id', recent: ['a'], order: 'oldestFirst', head: 'a' });
	});

	it('leaves out an unknown order or a head that is not text, to be learned again', () => {
		expect(readState(stored({ order: 'sideways', head: 7 }))).toEqual({ version: 1, identity: 'id', recent: ['a'] });
	});

	it('keeps only the fields of the stored mode', () => {
		const mixed = { ...tail, pagination: { ...tail.pagination, offsetParameter: 'o', nextUrlPath: 'links.next' } };
		expect(readState(stored({ tail: mixed }))?.tail?.pagination).toEqual(tail.pagination);
	});
});

describe('writeState', () => {
	it('keeps only the newest RECENT_LIMIT identities', () => {
		const staticData: IDataObject = {};
		const recent = Array.from({ length: RECENT_LIMIT + 10 }, (_, i) => `e${i}`);
		writeState(staticData, state({ recent }));
		expect(readState(staticData)?.recent).toEqual(recent.slice(10));
	});

	it('drops a stored next-page URL longer than 2,048 characters, keeping a short one', () => {
		const tail = (url: string): JournalState['tail'] => ({ pagination: { mode: 'nextUrl' }, request: { url } });
		const staticData: IDataObject = {};
		writeState(staticData, state({ tail: tail(`https://x.example/?c=${'a'.repeat(2100)}`) }));
		expect(readState(staticData)?.tail).toBeUndefined();
		writeState(staticData, state({ tail: tail('https://x.example/?c=2') }));
		expect(readState(staticData)?.tail).toEqual(tail('https://x.example/?c=2'));
	});

	it('stores a copy: later changes to the poll\'s objects do not reach the static data', () => {
		const staticData: IDataObject = {};
		const written = state();
		writeState(staticData, written);
		written.recent.push('c');
		expect(readState(staticData)?.recent).toEqual(['a', 'b']);
	});
});

describe('remember', () => {
	it('appends new identities, newest last, bounded to RECENT_LIMIT', () => {
		expect(remember(['a'], ['b', 'c'])).toEqual(['a', 'b', 'c']);
		const full = Array.from({ length: RECENT_LIMIT }, (_, i) => `e${i}`);
		const merged = remember(full, ['new']);
		expect(merged).toHaveLength(RECENT_LIMIT);
		expect(merged[0]).toBe('e1');
		expect(merged.at(-1)).toBe('new');
	});
});

describe('the position of one journal is not taken for another', () => {
	const position: JournalState = { version: 1, identity: 'id', recent: ['s:p1'] };

	it('reads a state only for the journal it was written for; states from before Watch are the deliveries\'', () => {
		const staticData: IDataObject = {};
		writeState(staticData, { ...position, journal: 'payments' });
		expect(readState(staticData, 'payments')).toMatchObject({ recent: ['s:p1'], journal: 'payments' });
		expect(readState(staticData, 'webhookDeliveries')).toBeUndefined();
		const older: IDataObject = {};
		writeState(older, position);
		expect(readState(older, 'webhookDeliveries')).toMatchObject({ recent: ['s:p1'] });
		expect(readState(older)).toMatchObject({ recent: ['s:p1'] });
		expect(readState(older, 'payments')).toBeUndefined();
	});
});

// The activation baseline under n8n's durable poll cursors: where it is left, read and dropped.
const node = (id: string, name = 'Venue Booking Trigger') => ({ id, name }) as INode;

describe('onDurableCursor', () => {
	it("tells a durable cursor's plain copy from n8n's own static data, which carries a hidden __dataChanged flag", () => {
		expect(onDurableCursor({})).toBe(true);
		expect(onDurableCursor(JSON.parse('{"journal":{"version":1}}') as IDataObject)).toBe(true);
		expect(onDurableCursor(Object.defineProperty({}, '__dataChanged', { value: false, writable: true }))).toBe(false);
	});
});

describe('the baseline left in global static data', () => {
	it('is a copy, kept per node, read back until dropped', () => {
		const global: IDataObject = {};
		const nodeData: IDataObject = { journal: { version: 1, recent: ['s:a'] } };
		leaveActivationBaseline(global, node('n1'), nodeData);
		(nodeData.journal as IDataObject).recent = ['changed'];
		expect(activationBaseline(global, node('n1'))).toEqual({ journal: { version: 1, recent: ['s:a'] } });
		// Global static data is the workflow's, shared by its nodes: another trigger sees none of it.
		expect(activationBaseline(global, node('n2'))).toBeUndefined();
		dropActivationBaseline(global, node('n2'));
		expect(Object.keys(global)).toHaveLength(1);
		dropActivationBaseline(global, node('n1'));
		expect(global).toEqual({});
		expect(activationBaseline(global, node('n1'))).toBeUndefined();
	});

	it('ignores a value that is no object (a hand edit)', () => {
		const global: IDataObject = {};
		leaveActivationBaseline(global, node('n1'), {});
		const [key] = Object.keys(global);
		global[key] = 'broken';
		expect(activationBaseline(global, node('n1'))).toBeUndefined();
	});
});
