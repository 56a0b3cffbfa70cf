import { nextLinkFromHeader } from '../../../../nodes/VenueBooking/transport/pagination/linkHeader';

describe('nextLinkFromHeader', () => {
	it('finds rel="next" among several links, in any order', () => {
		const header = '<https://x/a?page=1>; rel="first", <https://x/a?page=3>; rel="next", <https://x/a?page=9>; rel="last"';
		expect(nextLinkFromHeader(header)).toBe('https://x/a?page=3');
	});

	it('reads unquoted and multi-valued rel, and commas inside the URL', () => {
		expect(nextLinkFromHeader('<https://x/a?ids=1,2>; rel=next')).toBe('https://x/a?ids=1,2');
		expect(nextLinkFromHeader('<https://x/a?p=2>; title="a, b"; rel="next last"')).toBe('https://x/a?p=2');
	});

	it('returns undefined without a next link', () => {
		expect(nextLinkFromHeader(undefined)).toBeUndefined();
		expect(nextLinkFromHeader('<https://x/a?page=1>; rel="prev"')).toBeUndefined();
		expect(nextLinkFromHeader('garbage')).toBeUndefined();
	});
});
