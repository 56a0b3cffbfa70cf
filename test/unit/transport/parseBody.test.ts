import { parseBody } from '../../../nodes/VenueBooking/transport/parseBody';

describe('parseBody', () => {
	it('parses JSON text, including bare values, and reads a blank body as undefined', () => {
		expect(parseBody('{"a":[1]}', 'application/json')).toEqual({ ok: true, value: { a: [1] } });
		expect(parseBody('"x"', undefined)).toEqual({ ok: true, value: 'x' });
		expect(parseBody('null', 'application/json')).toEqual({ ok: true, value: null });
		expect(parseBody('  \n', 'application/json')).toEqual({ ok: true, value: undefined });
	});

	it('passes a body a helper already parsed', () => {
		const body = { already: true };
		expect(parseBody(body, undefined)).toEqual({ ok: true, value: body });
	});

	it('calls an HTML page what it is and quotes its start', () => {
		const result = parseBody('<!DOCTYPE html><html><body>Welcome to our studio</body></html>', 'text/html');
		expect(result).toMatchObject({ ok: false, problem: 'The API answered with an HTML page instead of JSON' });
		expect(!result.ok && result.hint).toContain('Welcome to our studio');
	});

	it('tells invalid JSON from text of another type', () => {
		expect(parseBody('{"a":', 'application/json')).toMatchObject({ ok: false, problem: 'The API answered with invalid JSON' });
		expect(parseBody('plain words', 'text/plain')).toMatchObject({ ok: false, problem: 'The API answered with text/plain instead of JSON' });
		expect(parseBody('plain words', undefined)).toMatchObject({ ok: false, problem: 'The API answered with text instead of JSON' });
	});

	it('shortens the quoted start of a long body to one line of 120 characters', () => {
		const result = parseBody(`oops\n${'x'.repeat(500)}`, 'text/plain');
		expect(!result.ok && result.hint).toBe(`The body starts: oops ${'x'.repeat(115)}…`);
	});

	it('refuses JSON nested more than 200 levels deep, parsed or not', () => {
		const deep = `${'['.repeat(201)}${']'.repeat(201)}`;
		expect(parseBody(deep, 'application/json')).toMatchObject({ ok: false, problem: expect.stringMatching(/nested more than 200 levels/) });
		expect(parseBody(`${'['.repeat(200)}${']'.repeat(200)}`, 'application/json').ok).toBe(true);
		expect(parseBody(JSON.parse(deep), undefined).ok).toBe(false);
	});
});
