import type { INodeProperties, INodePropertyCollection, INodePropertyOptions } from 'n8n-workflow';

import { paginationOption } from '../../../../nodes/VenueBooking/actions/common/paginationOption';

const values = (paginationOption.options as INodePropertyCollection[])[0].values;
const field = (name: string) => values.find((value: INodeProperties) => value.name === name)!;

describe('the Pagination option', () => {
	it('offers Automatic (the default) and the five explicit modes, sorted by name', () => {
		const modes = (field('mode').options as INodePropertyOptions[]).map((option) => option.value);
		expect(field('mode').default).toBe('auto');
		expect(modes).toEqual(['auto', 'cursor', 'nextUrl', 'off', 'offset', 'pageNumber']);
	});

	it('shows each setting only for the modes that use it', () => {
		expect(field('cursorParameter').displayOptions?.show?.mode).toEqual(['cursor']);
		expect(field('nextUrlPath').displayOptions?.show?.mode).toEqual(['nextUrl']);
		expect(field('pageParameter').displayOptions?.show?.mode).toEqual(['pageNumber']);
		expect(field('offsetParameter').displayOptions?.show?.mode).toEqual(['offset']);
		expect(field('pageSize').displayOptions?.show?.mode).toEqual(['cursor', 'pageNumber', 'offset']);
	});

	it('names no parameter of the API: every parameter-name setting is empty until the user fills it', () => {
		for (const name of ['cursorParameter', 'cursorPath', 'nextUrlPath', 'pageParameter', 'offsetParameter', 'limitParameter', 'pageSizeParameter']) {
			expect(field(name).default).toBe('');
		}
	});
});
