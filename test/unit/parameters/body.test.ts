import { findEndpoint } from '../../../nodes/VenueBooking/endpoints';
import { NodeApiError } from 'n8n-workflow';
import { bodyProperties, explainRefusedFields, mergeBody, readBody, readSeenFields, seenFieldsProperties } from '../../../nodes/VenueBooking/parameters/body';
import { readId } from '../../../nodes/VenueBooking/parameters/readers';
import { mockContext, parameterReader, thrownBy } from '../mockContext';

describe('bodyProperties', () => {
	it('adds a Send Body switch only when the body is optional, and shows the rest only when it is on', () => {
		expect(bodyProperties(false).map((p) => p.name)).toEqual(['specifyBody', 'bodyParameters', 'jsonBody']);
		const optional = bodyProperties(true);
		expect(optional.map((p) => p.name)).toEqual(['sendBody', 'specifyBody', 'bodyParameters', 'jsonBody']);
		expect(optional.slice(1).every((p) => p.displayOptions?.show?.sendBody?.[0] === true)).toBe(true);
	});
});

describe('readBody', () => {
	it('sends nothing when an optional body is switched off', () => {
		expect(readBody(parameterReader({ jsonBody: '{"a":1}', specifyBody: 'json' }), 0, true)).toBeUndefined();
	});

	it('reads rows into an object by default', () => {
		const parameters = { bodyParameters: { parameters: [{ name: 'room', value: 'loft' }] } };
		expect(readBody(parameterReader(parameters), 0, false)).toEqual({ room: 'loft' });
	});

	it('refuses a row name given twice', () => {
		const parameters = { bodyParameters: { parameters: [{ name: 'a', value: '1' }, { name: 'a', value: '2' }] } };
		expect(thrownBy(() => readBody(parameterReader(parameters), 3, false)).message).toBe('Body Parameters: "a" is given more than once (item 3)');
	});

	it('takes a JSON object or array, an empty object for blank JSON, and refuses a bare value', () => {
		expect(readBody(parameterReader({ specifyBody: 'json', jsonBody: '[1,2]' }), 0, false)).toEqual([1, 2]);
		expect(readBody(parameterReader({ specifyBody: 'json', jsonBody: '' }), 0, false)).toEqual({});
		expect(thrownBy(() => readBody(parameterReader({ specifyBody: 'json', jsonBody: '"x"' }), 0, false)).message).toBe(
			'Body (JSON): must be a JSON object or array, but it is a string (item 0)',
		);
	});
});

const reader = (parameters: Record<string, unknown>) => mockContext({ parameters: parameters as never }).context;

describe('the offered fields and the free-form body', () => {
	it('sends the filled fields as entered and leaves empty ones out', () => {
		const context = reader({ fields: { mappingMode: 'defineBelow', value: { a: 'x', b: null, c: '', d: 0, e: false } } });
		expect(readSeenFields(context, 0)).toEqual({ a: 'x', d: 0, e: false });
		expect(readSeenFields(reader({}), 0)).toEqual({});
	});

	it('merges both, and a name given in both is an error naming it and the item', () => {
		const context = reader({});
		expect(mergeBody(context, 0, { a: 1 }, { b: 2 })).toEqual({ a: 1, b: 2 });
		expect(mergeBody(context, 0, {}, [1])).toEqual([1]);
		expect(mergeBody(context, 0, { a: 1 }, undefined)).toEqual({ a: 1 });
		expect(() => mergeBody(context, 3, { a: 1 }, { a: 2 })).toThrow('Fields Seen in Your Workspace: "a" is also given in the body (item 3)');
		expect(() => mergeBody(context, 0, { a: 1 }, [1])).toThrow('cannot be combined with a body that is not a JSON object');
	});
});

const ISO_Z = { kind: 'iso', separator: 'T', seconds: true, fraction: 0, zone: 'Z' };
const inZone = (parameters: Record<string, unknown>, zone: string) => ({ ...reader(parameters), getTimezone: () => zone });
const mapper = (value: Record<string, unknown>, schema: Array<Record<string, unknown>>) => ({ mappingMode: 'defineBelow', value, schema });

describe('date-times in the user\'s zone, sent as the workspace writes them', () => {
	it('reads a time without offset in the workflow\'s zone and sends the instant in the workspace\'s form', () => {
		const fields = mapper({ start: '2026-11-26T15:00:00', later: '2026-11-26T15:00' }, [
			{ id: 'start', momentForm: ISO_Z },
			{ id: 'later', momentForm: { kind: 'unixSeconds', text: false } },
		]);
		expect(readSeenFields(inZone({ fields }, 'America/New_York'), 0)).toEqual({ start: '2026-11-26T20:00:00Z', later: 1795723200 });
		// Summer time: four hours behind UTC.
		const summer = mapper({ start: '2026-07-01T15:00:00' }, [{ id: 'start', momentForm: { ...ISO_Z, fraction: 3, zone: '+0000' } }]);
		expect(readSeenFields(inZone({ fields: summer }, 'America/New_York'), 0)).toEqual({ start: '2026-07-01T19:00:00.000+0000' });
	});

	it('sends a time that has an offset as the same instant, in the workspace\'s form', () => {
		const fields = mapper({ start: '2026-11-26T15:00:00+01:00' }, [{ id: 'start', momentForm: ISO_Z }]);
		expect(readSeenFields(inZone({ fields }, 'America/New_York'), 0)).toEqual({ start: '2026-11-26T14:00:00Z' });
	});

	it('sends fields without a saved form as entered, and reads UTC where n8n gives no zone', () => {
		const fields = mapper({ start: '2026-11-26T15:00:00', note: 'hi' }, [{ id: 'start' }, { id: 'note' }]);
		expect(readSeenFields(inZone({ fields }, 'America/New_York'), 0)).toEqual({ start: '2026-11-26T15:00:00', note: 'hi' });
		const formed = mapper({ start: '2026-11-26T15:00:00' }, [{ id: 'start', momentForm: ISO_Z }]);
		expect(readSeenFields(reader({ fields: formed }), 0)).toEqual({ start: '2026-11-26T15:00:00Z' });
	});

	it('refuses a value that is no date-time, naming the field, the item and the zone it would be read in', () => {
		const fields = mapper({ start: 'tomorrow' }, [{ id: 'start', momentForm: ISO_Z }]);
		const error = thrownBy(() => readSeenFields(inZone({ fields }, 'Europe/Berlin'), 2));
		expect(error.message).toBe('Fields Seen in Your Workspace: "start" is not a date-time: a string "tomorrow" (item 2)');
		expect(error.description).toContain('read in Europe/Berlin');
	});
});

describe('date-times read in the zone their saved label names', () => {
	const fields = mapper({ start: '2026-11-26T15:00', fixed: '2026-11-26T15:00:00+01:00' }, [
		{ id: 'start', momentForm: ISO_Z, zone: 'America/New_York' },
		{ id: 'fixed', momentForm: ISO_Z, zone: 'America/New_York' },
	]);

	it('reads a time without offset in the label\'s zone, not the run\'s, and says so once per field in the hint', () => {
		const hints: string[] = [];
		// 15:00 in New York is 20:00Z, though the run is in Berlin (where it would be 14:00Z).
		expect(readSeenFields(inZone({ fields }, 'Europe/Berlin'), 0, false, undefined, undefined, (message) => hints.push(message)))
			.toEqual({ start: '2026-11-26T20:00:00Z', fixed: '2026-11-26T14:00:00Z' });
		expect(hints).toEqual([
			'Fields Seen in Your Workspace: "start" was read in America/New_York, the zone its label names, not in Europe/Berlin, this run\'s zone (n8n\'s editor sees the instance\'s zone, not Workflow Settings > Timezone). To have Europe/Berlin in the form and the picker too, set Options > Time Zone to it and refresh the fields.',
		]);
	});

	it('gives no hint where the label\'s zone is the run\'s, and Options > Time Zone is the zone in force for a field saved without one', () => {
		const hints: string[] = [];
		readSeenFields(inZone({ fields }, 'America/New_York'), 0, false, undefined, undefined, (message) => hints.push(message));
		expect(hints).toEqual([]);
		const older = mapper({ start: '2026-11-26T15:00' }, [{ id: 'start', momentForm: ISO_Z }]);
		expect(readSeenFields(inZone({ fields: older, options: { timeZone: 'Asia/Tokyo' } }, 'Europe/Berlin'), 0)).toEqual({ start: '2026-11-26T06:00:00Z' });
	});

	it('ignores a saved zone that is no zone (a hand-edited workflow) and reads in the zone in force', () => {
		const edited = mapper({ start: '2026-11-26T15:00' }, [{ id: 'start', momentForm: ISO_Z, zone: 'Mars/Olympus' }]);
		expect(readSeenFields(inZone({ fields: edited }, 'Europe/Berlin'), 0)).toEqual({ start: '2026-11-26T14:00:00Z' });
	});
});

describe('date-times to a workspace that writes them without a zone', () => {
	const SQL = { kind: 'iso', separator: ' ', seconds: true, fraction: 0, zone: '' };
	const fields = mapper({ start: '2026-11-26T14:00', stamp: '2026-11-26T14:00' }, [{ id: 'start', momentForm: SQL }, { id: 'stamp', momentForm: ISO_Z }]);

	it('sends the time picked in the workflow\'s zone as the wall clock of the workspace\'s zone', () => {
		// 14:00 in New York is 19:00Z, 20:00 in Paris; a form with a zone is unaffected.
		expect(readSeenFields(inZone({ fields }, 'America/New_York'), 0, false, undefined, () => 'Europe/Paris'))
			.toEqual({ start: '2026-11-26 20:00:00', stamp: '2026-11-26T19:00:00Z' });
	});

	it('sends it as UTC when the workspace\'s zone is unset, as before', () => {
		expect(readSeenFields(inZone({ fields }, 'America/New_York'), 0)).toEqual({ start: '2026-11-26 19:00:00', stamp: '2026-11-26T19:00:00Z' });
	});

	it('asks for the workspace\'s zone only when a zone-less form is sent', () => {
		const zone = jest.fn(() => 'Europe/Paris');
		const zoned = mapper({ stamp: '2026-11-26T14:00' }, [{ id: 'stamp', momentForm: ISO_Z }]);
		readSeenFields(inZone({ fields: zoned }, 'America/New_York'), 0, false, undefined, zone);
		expect(zone).not.toHaveBeenCalled();
	});
});

describe('the client chosen by name', () => {
	const schema = [{ id: 'client_ref', pickedIn: 'client' }, { id: 'note' }];
	it('is shown for Create only, before the fields', () => {
		expect(seenFieldsProperties(true).map((property) => property.name)).toEqual(['seenFieldsNotice', 'seenFieldsToolNotice', 'bookingClient', 'fields']);
		expect(seenFieldsProperties(false).map((property) => property.name)).toEqual(['seenFieldsNotice', 'seenFieldsToolNotice', 'fields']);
	});

	it('is sent in the field the bookings hold clients in, trimmed', () => {
		const context = reader({ fields: mapper({ note: 'x' }, schema), bookingClient: { __rl: true, mode: 'list', value: ' cli_7 ', cachedResultName: 'Ada Jones' } });
		expect(readSeenFields(context, 0, true)).toEqual({ note: 'x', client_ref: 'cli_7' });
		expect(readSeenFields(context, 0, false)).toEqual({ note: 'x' });
	});

	it('is an error when given twice, or when no field of the bookings holds clients', () => {
		const twice = reader({ fields: mapper({ client_ref: 'cli_1' }, schema), bookingClient: { __rl: true, mode: 'id', value: 'cli_7' } });
		expect(thrownBy(() => readSeenFields(twice, 1, true)).message).toBe('Client: the client is also given in the field "client_ref" (item 1)');
		const nowhere = reader({ fields: mapper({}, [{ id: 'note' }]), bookingClient: { __rl: true, mode: 'id', value: 'cli_7' } });
		expect(thrownBy(() => readSeenFields(nowhere, 0, true)).message).toMatch(/^Client: no field of your bookings was seen holding clients/);
		const none = reader({ fields: mapper({}, [{ id: 'note' }]), bookingClient: { __rl: true, mode: 'list', value: '' } });
		expect(readSeenFields(none, 0, true)).toEqual({});
	});
});

describe('fields that sit one level down (JSON:API, references as small objects)', () => {
	const type = { path: ['data', 'type'], value: 'bookings' };
	const schema = [
		{ id: 'attributes.start', sentAt: { path: ['data', 'attributes', 'start'], with: [type, { path: ['data', 'id'], recordId: true }] }, momentForm: ISO_Z },
		{ id: 'attributes.note', sentAt: { path: ['data', 'attributes', 'note'], with: [type, { path: ['data', 'id'], recordId: true }] } },
		{ id: 'relationships.room.data.id', sentAt: { path: ['data', 'relationships', 'room', 'data', 'id'], with: [type, { path: ['data', 'relationships', 'room', 'data', 'type'], value: 'rooms' }] } },
		{ id: 'relationships.client.data.id', pickedIn: 'client', sentAt: { path: ['data', 'relationships', 'client', 'data', 'id'], with: [type, { path: ['data', 'relationships', 'client', 'data', 'type'], value: 'clients' }] } },
	];

	it('sends each value at its path, with the members that go with it, the changed record\'s ID when there is one', () => {
		const values = { 'attributes.start': '2026-11-26T15:00:00', 'attributes.note': 'hi', 'relationships.room.data.id': 'room_a' };
		const context = inZone({ fields: mapper(values, schema), bookingClient: { __rl: true, mode: 'id', value: 'cli_7' } }, 'America/New_York');
		expect(readSeenFields(context, 0, true)).toEqual({
			data: {
				type: 'bookings',
				attributes: { start: '2026-11-26T20:00:00Z', note: 'hi' },
				relationships: { room: { data: { type: 'rooms', id: 'room_a' } }, client: { data: { type: 'clients', id: 'cli_7' } } },
			},
		});
		const change = reader({ fields: mapper({ 'attributes.note': 'moved' }, schema) });
		expect(readSeenFields(change, 0, false, 'bkg_1')).toEqual({ data: { type: 'bookings', id: 'bkg_1', attributes: { note: 'moved' } } });
	});

	it('sends a field saved without a path (before this release) at the top, and never writes an object\'s machinery', () => {
		expect(readSeenFields(reader({ fields: mapper({ 'a.b': 1 }, [{ id: 'a.b' }]) }), 0)).toEqual({ 'a.b': 1 });
		const hostile = reader({ fields: mapper({ x: 1 }, [{ id: 'x', sentAt: { path: ['__proto__', 'polluted'] } }]) });
		expect(thrownBy(() => readSeenFields(hostile, 2)).message).toMatch(/^Fields Seen in Your Workspace: "x" cannot be sent at __proto__\.polluted.*\(item 2\)$/);
		expect(({} as Record<string, unknown>).polluted).toBeUndefined();
	});

	it('merges the body member by member, and a value given in both is named by its path', () => {
		const context = reader({});
		const fields = { data: { type: 'bookings', attributes: { note: 'hi' } } };
		expect(mergeBody(context, 0, fields, { data: { attributes: { guests: 3 } }, meta: { x: 1 } })).toEqual({
			data: { type: 'bookings', attributes: { note: 'hi', guests: 3 } }, meta: { x: 1 },
		});
		expect(() => mergeBody(context, 4, fields, { data: { attributes: { note: 'other' } } })).toThrow(
			'Fields Seen in Your Workspace: "data.attributes.note" is also given in the body (item 4)',
		);
		const merged = mergeBody(context, 0, fields, JSON.parse('{"__proto__": {"polluted": 1}}')) as Record<string, unknown>;
		expect(Object.prototype.hasOwnProperty.call(merged, '__proto__')).toBe(true);
		expect(({} as Record<string, unknown>).polluted).toBeUndefined();
	});

	it('names the offered field a JSON:API pointer points at (`/data/attributes/end`, `/data/relationships/room`)', () => {
		const refused = (named: string[]) => {
			const error = new NodeApiError({ id: '1', name: 'Venue Booking', type: 't', typeVersion: 1, position: [0, 0], parameters: {} }, { message: 'x' }, {
				message: 'The API could not process the values (422)', description: 'The server said: invalid', httpCode: '422',
			});
			error.context.namedFields = named;
			return error;
		};
		const values = { 'attributes.note': 'hi', 'relationships.room.data.id': 'room_a' };
		const context = reader({ fields: mapper(values, schema) });
		const sent = readSeenFields(context, 0);
		expect((explainRefusedFields(refused(['room']), context, 0, sent) as NodeApiError).description).toMatch(/^The server said: invalid\nThe server's reason is about the value of "relationships\.room\.data\.id"/);
		expect((explainRefusedFields(refused(['note']), context, 0, sent) as NodeApiError).description).toMatch(/^The server said: invalid\nThe server's reason is about the value of "attributes\.note"/);
		// `data` is in every path: it names none of them.
		expect((explainRefusedFields(refused(['data']), context, 0, sent) as NodeApiError).description).toBe('The server said: invalid');
	});
});

describe('a refused field the form offered', () => {
	const refusal = (fields: string[], status = '400') => {
		const error = new NodeApiError({ id: '1', name: 'Venue Booking', type: 't', typeVersion: 1, position: [0, 0], parameters: {} }, { message: 'x' }, {
			message: 'The API rejected the request as malformed (400)', description: 'The server said: unknown field(s) end', httpCode: status,
		});
		error.context.namedFields = fields;
		return error;
	};
	const context = reader({ fields: mapper({ end: '2026-11-26T16:00:00' }, [{ id: 'end', displayName: 'end (date-time; follows from start)' }, { id: 'start' }]) });

	it('after the server\'s words, says which offered field it is and, where the server says the field is unknown, how to take it out of the form', () => {
		const unknown = refusal(['end']);
		unknown.context.fieldMessages = [{ field: 'end', text: 'unknown field' }];
		const error = explainRefusedFields(unknown, context, 0, { end: '2026-11-26T21:00:00Z' }) as NodeApiError;
		expect(error.description).toBe(
			'The server said: unknown field(s) end\n"end" (end (date-time; follows from start)) is a field of Fields Seen in Your Workspace: your bookings hold it, but the API does not take it here. Remove it from the form (the bin icon beside the field) or leave it empty.',
		);
	});

	it.each([
		['Joi', '"end" is not allowed'],
		['pydantic', 'Extra inputs are not permitted'],
		['Stripe', 'Received unknown parameter: end'],
		['a field the API sets', 'end is read-only'],
	])('reads %s words as a field not taken', (_who, text) => {
		const error = refusal(['end'], '422');
		error.context.fieldMessages = [{ field: 'end', text }];
		expect((explainRefusedFields(error, context, 0, { end: 'x' }) as NodeApiError).description).toMatch(/Remove it from the form/);
	});

	it('a value the server refuses (a service not offered in the chosen room): the server\'s reason first, then the field, and no advice to remove it', () => {
		const roomContext = reader({ fields: mapper({ room_id: 'room_studio_a' }, [{ id: 'room_id', displayName: 'room_id (room)' }, { id: 'service_id' }]) });
		const error = new NodeApiError({ id: '1', name: 'Venue Booking', type: 't', typeVersion: 1, position: [0, 0], parameters: {} }, { message: 'x' }, {
			message: 'The API could not accept the values sent (422)', httpCode: '422',
			description: 'The server said: Service svc_rehearsal_2h cannot be booked in room_studio_a (room_id: service not offered in this room)\nResponse body: {…}',
		});
		error.context.namedFields = ['room_id'];
		error.context.fieldMessages = [{ field: 'room_id', text: 'service not offered in this room' }];
		const explained = explainRefusedFields(error, roomContext, 0, { room_id: 'room_studio_a', service_id: 'svc_rehearsal_2h' }) as NodeApiError;
		expect(explained.description).toBe([
			'The server said: Service svc_rehearsal_2h cannot be booked in room_studio_a (room_id: service not offered in this room)',
			'The server\'s reason is about the value of "room_id" (room_id (room)) in Fields Seen in Your Workspace: check the value given (or the values it must go with).',
			'Response body: {…}',
		].join('\n'));
		expect(explained.description).not.toMatch(/Remove|did not take|does not take/);
	});

	it('where the body names no field, names the aside fields its message mentions (not the inputs it lists as accepted)', () => {
		const schema = [{ id: 'end', displayName: 'end (date-time)', likelyInput: false }, { id: 'start', likelyInput: true }, { id: 'weekend', likelyInput: false }];
		const error = refusal([]);
		error.context.namedFields = undefined;
		error.context.serverMessage = 'The request body has unknown field(s) end; accepted: start, note.';
		const explained = explainRefusedFields(error, reader({ fields: mapper({}, schema) }), 0, { end: 'x', start: 'y', weekend: 'z' }) as NodeApiError;
		expect(explained.description).toMatch(/^The server said: unknown field\(s\) end\n"end" \(end \(date-time\)\) is a field of Fields Seen in Your Workspace: .*Remove it/);
		expect(explained.description).not.toMatch(/"start"|"weekend"/);
	});

	// Issue 42: a field of the form left empty (so not sent) that the server names is named as the 422's are.
	it('names a field of the form left empty that the server names (a 400 "start is required"), in the headline too', () => {
		const error = explainRefusedFields(refusal(['start']), context, 0, { end: 'x' }, 'fields', true) as NodeApiError;
		expect(error.description).toBe('The server said: unknown field(s) end\n"start" is empty in Fields Seen in Your Workspace, and the API needs it: fill it in.');
		const headline = new NodeApiError({ id: '1', name: 'Venue Booking', type: 't', typeVersion: 1, position: [0, 0], parameters: {} }, { message: 'x' }, {
			message: 'The API rejected the request as malformed (400): check the query parameters and body you sent', httpCode: '400',
		});
		headline.context.namedFields = ['start'];
		expect((explainRefusedFields(headline, context, 0, { end: 'x' }) as NodeApiError).message).toBe('The API rejected the request as malformed (400): check "start" in Fields Seen in Your Workspace');
	});

	it('points the headline at the form where only the form was filled and the server names no field of it', () => {
		const make = () => {
			const error = new NodeApiError({ id: '1', name: 'Venue Booking', type: 't', typeVersion: 1, position: [0, 0], parameters: {} }, { message: 'x' }, {
				message: 'The API could not accept the values sent (422): check the body and query parameters', httpCode: '422',
			});
			error.context.namedFields = ['elsewhere'];
			return error;
		};
		expect((explainRefusedFields(make(), context, 0, { end: 'x' }, 'fields', true) as NodeApiError).message).toBe('The API could not accept the values sent (422): check the fields set in Fields Seen in Your Workspace');
		// With query parameters or a body of its own sent too, the headline stays as the transport wrote it.
		expect((explainRefusedFields(make(), context, 0, { end: 'x' }, 'fields', false) as NodeApiError).message).toBe('The API could not accept the values sent (422): check the body and query parameters');
	});

	it('leaves errors alone that name no field of the form, and server errors', () => {
		expect((explainRefusedFields(refusal(['elsewhere']), context, 0, { end: 'x' }) as NodeApiError).description).toBe('The server said: unknown field(s) end');
		expect((explainRefusedFields(refusal(['end'], '500'), context, 0, { end: 'x' }) as NodeApiError).description).toBe('The server said: unknown field(s) end');
		const plain = new Error('boom');
		expect(explainRefusedFields(plain, context, 0, { end: 'x' })).toBe(plain);
	});
});

describe('Booking ID as a resource locator', () => {
	const id = findEndpoint('booking', 'get').id!;

	it('reads a picked value, a typed value and a plain string of a saved workflow alike', () => {
		expect(readId(reader({ bookingId: { __rl: true, mode: 'list', value: 'b 1' } }), 0, id)).toBe('b 1');
		expect(readId(reader({ bookingId: { __rl: true, mode: 'id', value: ' 42 ' } }), 0, id)).toBe('42');
		expect(readId(reader({ bookingId: 'bkg_7' }), 0, id)).toBe('bkg_7');
	});

	it('refuses an empty pick before any request', () => {
		expect(() => readId(reader({ bookingId: { __rl: true, mode: 'list', value: '' } }), 2, id)).toThrow('Booking ID: is empty (item 2)');
	});
});
