import { chooseIdentity, identityOf } from '../../../nodes/VenueBooking/methods/identity';
import { TEST_NODE } from '../mockContext';

describe('record identity in the editor (the trigger\'s rule)', () => {
	it('uses id when every record has a scalar one', () => {
		const rule = chooseIdentity(TEST_NODE, [{ id: 1 }, { id: 'b' }], '', 'booking');
		expect(rule).toEqual({ path: 'id', named: false });
		expect(identityOf({ id: 1 }, rule)).toBe('1');
	});

	it('uses the field the user names, as a dot path, over any id', () => {
		const rule = chooseIdentity(TEST_NODE, [{ id: 1, meta: { ref: 'R-1' } }], ' meta.ref ', 'booking');
		expect(identityOf({ id: 1, meta: { ref: 'R-1' } }, rule)).toBe('R-1');
		expect(identityOf({ id: 1 }, rule)).toBeUndefined();
	});

	it('without an id and without a named field: an error that points at the option', () => {
		expect(() => chooseIdentity(TEST_NODE, [{ ref: 'a' }, { id: { nested: true } }], '', 'client')).toThrow(
			'The client records in your workspace have no "id" field to pick them by',
		);
	});
});
