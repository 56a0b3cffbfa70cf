/**
 * Options > Body Encoding > Form URL-Encoded: bodies written as PHP-built platforms read forms, and read back
 * by the sandbox's form reader (Checkfront's convention) into the same nesting.
 */
import { encodeFormBody } from '../../../nodes/VenueBooking/transport/request';
import { parseFormBody } from '../../../sandbox/formBody';

describe('form-encoded bodies', () => {
	it('writes nested objects as a[b]=c and lists as a[0]=c, booleans as 1/0 and null as empty', () => {
		const body = { form: { customer_name: 'Ann Lee', guests: 2 }, tags: ['a', 'b'], paid: true, waived: false, note: null };
		const text = encodeFormBody(body);
		expect(decodeURIComponent(text.replace(/\+/g, ' ')).split('&')).toEqual([
			'form[customer_name]=Ann Lee',
			'form[guests]=2',
			'tags[0]=a',
			'tags[1]=b',
			'paid=1',
			'waived=0',
			'note=',
		]);
	});

	it('percent-encodes names and values, so "&" and "=" in a value stay in it', () => {
		const text = encodeFormBody({ note: 'a&b=c', 'x y': 'ü' });
		expect(new URLSearchParams(text).get('note')).toBe('a&b=c');
		expect(new URLSearchParams(text).get('x y')).toBe('ü');
	});

	it('reads back into the same nesting, every value as text', () => {
		const body = { form: { customer: { name: 'Ann', email: 'ann@example.invalid' } }, items: [{ id: 7, qty: 1 }, { id: 9, qty: 3 }], start: '2027-03-01T09:00:00Z' };
		expect(parseFormBody(encodeFormBody(body))).toEqual({
			form: { customer: { name: 'Ann', email: 'ann@example.invalid' } },
			items: { 0: { id: '7', qty: '1' }, 1: { id: '9', qty: '3' } },
			start: '2027-03-01T09:00:00Z',
		});
		expect(parseFormBody('tags[]=a&tags[]=b')).toEqual({ tags: ['a', 'b'] });
	});
});
