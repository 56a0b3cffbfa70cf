import { isPlainObject } from './paths';

/** A piece of output text on the work stack of canonicalJson, as opposed to a value still to write. */
class Literal {
	constructor(readonly text: string) {}
}

/**
 * JSON with object keys sorted at every level, so key order in a response does not change the hash.
 * Written with an explicit stack instead of recursion: a hostile server's deeply nested JSON must not
 * overflow the call stack (JSON.stringify itself would, past a few thousand levels).
 */
export function canonicalJson(root: unknown, maxLength = Infinity): string {
	const out: string[] = [];
	let length = 0;
	const work: unknown[] = [root];
	// maxLength lets an error message quote the start of a huge body without serialising all of it.
	while (work.length > 0 && length <= maxLength) {
		const item = work.pop();
		if (item instanceof Literal) {
			out.push(item.text);
			length += item.text.length;
		} else if (Array.isArray(item)) {
			work.push(new Literal(']'));
			for (let i = item.length - 1; i >= 0; i--) {
				work.push(item[i]);
				if (i > 0) work.push(new Literal(','));
			}
			work.push(new Literal('['));
		} else if (isPlainObject(item)) {
			const keys = Object.keys(item).sort();
			work.push(new Literal('}'));
			for (let i = keys.length - 1; i >= 0; i--) {
				work.push(item[keys[i]]);
				work.push(new Literal(`${i > 0 ? ',' : ''}${JSON.stringify(keys[i])}:`));
			}
			work.push(new Literal('{'));
		} else {
			const text = JSON.stringify(item) ?? 'null';
			out.push(text);
			length += text.length;
		}
	}
	return out.join('');
}
