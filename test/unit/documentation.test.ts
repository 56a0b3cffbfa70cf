import { DOCUMENTATION_URL, documentationSection } from '../../nodes/VenueBooking/documentation';
import packageJson from '../../package.json';

describe('where the Docs links point', () => {
	it('is the npm page of this very package', () => {
		expect(DOCUMENTATION_URL).toBe(`https://www.npmjs.com/package/${packageJson.name}`);
	});

	it('a section is the page with the anchor as its fragment, nothing appended after it', () => {
		const url = new URL(documentationSection('discovering-your-workspaces-fields'));
		expect(url.origin + url.pathname).toBe(DOCUMENTATION_URL);
		expect(url.hash).toBe('#discovering-your-workspaces-fields');
		expect(url.search).toBe('');
	});
});
