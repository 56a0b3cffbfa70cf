import { canonicalJson } from '../../../nodes/VenueBooking/transport/canonicalJson';
import { chooseIdentityMode, hashText, identityOf } from '../../../nodes/VenueBooking/trigger/identity';

describe('entry identity', () => {
	it('uses ids only when every entry has a scalar one', () => {
		expect(chooseIdentityMode([{ id: 1 }, { id: 'b' }])).toBe('id');
		expect(chooseIdentityMode([{ id: 1 }, { other: 2 }])).toBe('hash');
		expect(chooseIdentityMode([{ id: { nested: 1 } }])).toBe('hash');
		expect(chooseIdentityMode([])).toBe('hash');
	});

	it('tells a numeric id from the same text, and hashes long ids to a bounded length', () => {
		expect(identityOf({ id: 1 }, 'id')).not.toBe(identityOf({ id: '1' }, 'id'));
		expect(identityOf({ id: 'x'.repeat(500) }, 'id').length).toBeLessThanOrEqual(64);
	});

	it('hashes content independently of key order, and differently for different content', () => {
		const a = identityOf({ event: 'booking.created', at: 1, payload: { x: 1, y: [1, 2] } }, 'hash');
		const b = identityOf({ payload: { y: [1, 2], x: 1 }, at: 1, event: 'booking.created' }, 'hash');
		expect(a).toBe(b);
		expect(identityOf({ event: 'booking.created', at: 2 }, 'hash')).not.toBe(a);
	});

	it('reads a field the user names, falling back to the hash where it is missing', () => {
		expect(identityOf({ meta: { key: 'k1' } }, 'hash', 'meta.key')).toBe('s:k1');
		expect(identityOf({ other: 1 }, 'id', 'meta.key')).toMatch(/^h:[0-9a-f]{16}$/);
	});

	it('is safe with __proto__ keys and deep nesting', () => {
		const hostile = JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}');
		expect(canonicalJson(hostile)).toContain('"__proto__"');
		expect(({} as Record<string, unknown>).polluted).toBeUndefined();
		let deep: unknown = 1;
		for (let i = 0; i < 5000; i++) deep = { d: deep };
		expect(identityOf(deep, 'hash')).toMatch(/^h:/);
	});

	it('spreads similar inputs over different hashes', () => {
		const hashes = new Set(Array.from({ length: 20_000 }, (_, i) => hashText(`{"id":${i}}`)));
		expect(hashes.size).toBe(20_000);
	});
});
