import { isScalarMarker } from '../../../../nodes/VenueBooking/transport/pagination/markers';

describe('isScalarMarker', () => {
	it.each([['abc', true], [0, true], [2.5, true], ['', false], [Number.NaN, false], [Infinity, false], [null, false], [undefined, false], [{}, false], [[1], false], [true, false]])(
		'%p → %p',
		(value, expected) => expect(isScalarMarker(value)).toBe(expected),
	);
});
