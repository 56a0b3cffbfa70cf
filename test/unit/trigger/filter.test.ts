import type { INode } from 'n8n-workflow';

import type { ParameterReader } from '../../../nodes/VenueBooking/parameters/readers';
import { describeFilter, isKept, keepEntries, readEntryFilter, valuesAt } from '../../../nodes/VenueBooking/trigger/filter';

const NODE = { name: 'Venue Booking Trigger' } as INode;

/**
 * Parameters as n8n hands them to poll(): dot paths into the node's parameters. The condition sits at the
 * top level (version 1.1) or under Options (version 1); `earlier` sets the one under Options besides.
 */
function reader(condition: Record<string, unknown> | undefined, place: 'top' | 'options' = 'top', earlier?: Record<string, unknown>): ParameterReader {
	const at: Record<string, Record<string, unknown> | undefined> = {
		'entryFilter.condition.': place === 'top' ? condition : undefined,
		'options.entryFilter.condition.': place === 'options' ? condition : earlier,
	};
	return {
		getNode: () => NODE,
		getNodeParameter: (name, _itemIndex, fallback) => {
			const prefix = Object.keys(at).find((candidate) => name.startsWith(candidate));
			const values = prefix ? at[prefix] : undefined;
			if (!prefix || !values) return fallback;
			const key = name.slice(prefix.length);
			return key in values ? values[key] : fallback;
		},
	};
}

describe('readEntryFilter', () => {
	it('no option, or an empty one, is no filter', () => {
		expect(readEntryFilter(reader(undefined))).toBeUndefined();
		expect(readEntryFilter(reader({ field: '  ', values: [] }))).toBeUndefined();
	});

	it('reads a list, a comma-separated text or a single number; trims and drops empty values', () => {
		expect(readEntryFilter(reader({ field: ' event ', values: ['a', ' b ', ''] }))).toEqual({ field: 'event', values: new Set(['a', 'b']) });
		expect(readEntryFilter(reader({ field: 'event', values: 'a, b,,c' }))?.values).toEqual(new Set(['a', 'b', 'c']));
		expect(readEntryFilter(reader({ field: 'status_code', values: 200 }))?.values).toEqual(new Set(['200']));
	});

	it('a field without values, or values without a field, is an error naming the parameter where it is set', () => {
		expect(() => readEntryFilter(reader({ field: 'event', values: [] }))).toThrow('Only Entries Where: no value chosen for "event"');
		expect(() => readEntryFilter(reader({ field: '', values: ['a'] }))).toThrow('Only Entries Where: no field chosen');
		expect(() => readEntryFilter(reader({ field: 'event', values: [] }, 'options'))).toThrow('Options > Keep Only Entries: no value chosen for "event"');
	});

	it('reads the filter a version 1 workflow saved under Options when the top-level one is unset, and prefers the top-level one', () => {
		expect(readEntryFilter(reader({ field: 'event', values: ['a'] }, 'options'))).toEqual({ field: 'event', values: new Set(['a']) });
		expect(readEntryFilter(reader({ field: 'status', values: ['b'] }, 'top', { field: 'event', values: ['a'] }))).toEqual({ field: 'status', values: new Set(['b']) });
	});
});

describe('keeping entries', () => {
	const filter = { field: 'payload.kind', values: new Set(['cancelled', '7', 'true']) };

	it('reads nested paths and compares as text, so a typed 7 matches the number 7', () => {
		expect(isKept({ payload: { kind: 'cancelled' } }, filter)).toBe(true);
		expect(isKept({ payload: { kind: 7 } }, filter)).toBe(true);
		expect(isKept({ payload: { kind: true } }, filter)).toBe(true);
		expect(isKept({ payload: { kind: 'created' } }, filter)).toBe(false);
		expect(isKept({ kind: 'cancelled' }, filter)).toBe(false);
	});

	it('a list field is kept when any of its values is chosen; objects, null and missing fields never match', () => {
		expect(isKept({ payload: { kind: ['created', 'cancelled'] } }, filter)).toBe(true);
		expect(isKept({ payload: { kind: ['created'] } }, filter)).toBe(false);
		expect(isKept({ payload: { kind: { value: 'cancelled' } } }, filter)).toBe(false);
		expect(isKept({ payload: { kind: null } }, filter)).toBe(false);
		expect(isKept('cancelled', filter)).toBe(false);
	});

	it('never follows __proto__ or constructor', () => {
		const hostile = JSON.parse('{"__proto__": {"kind": "cancelled"}}') as unknown;
		expect(valuesAt(hostile, '__proto__.kind')).toEqual([]);
		expect(valuesAt({}, 'constructor.name')).toEqual([]);
	});

	it('keeps order, and keeps everything without a filter', () => {
		const entries = [{ payload: { kind: 'cancelled' }, n: 1 }, { payload: { kind: 'x' }, n: 2 }, { payload: { kind: 7 }, n: 3 }];
		expect(keepEntries(entries, filter)).toEqual([entries[0], entries[2]]);
		expect(keepEntries(entries, undefined)).toBe(entries);
	});

	it('describes itself for messages', () => {
		expect(describeFilter({ field: 'event', values: new Set(['a', 'b']) })).toBe('event is a or b');
	});
});
