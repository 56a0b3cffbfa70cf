/** Whether a value can be a next-page marker (a cursor, a page, an offset): non-empty text or a finite number. */
export function isScalarMarker(value: unknown): value is string | number {
	return (typeof value === 'string' && value !== '') || (typeof value === 'number' && Number.isFinite(value));
}
