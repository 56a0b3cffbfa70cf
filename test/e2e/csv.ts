/** Reading the CSV files the example workflows write (n8n's Convert to File): RFC 4180, header row first. */

/** Rows of fields; quoted fields may hold commas, doubled quotes and line breaks. */
export function parseCsv(text: string): string[][] {
	const rows: string[][] = [];
	let row: string[] = [];
	let field = '';
	let quoted = false;
	for (let i = 0; i < text.length; i++) {
		const char = text[i];
		if (quoted) {
			if (char === '"' && text[i + 1] === '"') {
				field += '"';
				i++;
			} else if (char === '"') quoted = false;
			else field += char;
		} else if (char === '"') quoted = true;
		else if (char === ',') {
			row.push(field);
			field = '';
		} else if (char === '\n' || char === '\r') {
			if (char === '\r' && text[i + 1] === '\n') i++;
			row.push(field);
			rows.push(row);
			row = [];
			field = '';
		} else field += char;
	}
	if (field !== '' || row.length > 0) {
		row.push(field);
		rows.push(row);
	}
	return rows;
}

/** The records of a CSV with a header row, as objects keyed by the header's names. */
export function csvRecords(text: string): Array<Record<string, string>> {
	// n8n starts its CSV files with a byte order mark (for spreadsheet programs).
	const [header, ...rows] = parseCsv(text.replace(/^\uFEFF/, ''));
	if (!header) return [];
	return rows
		.filter((row) => !(row.length === 1 && row[0] === ''))
		.map((row) => Object.fromEntries(header.map((name, index) => [name, row[index] ?? ''])));
}
