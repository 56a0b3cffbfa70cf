/** Shortest API key text that is masked in messages; masking 1–2 characters would garble every message. */
const MIN_MASKED_SECRET_LENGTH = 3;

/**
 * A function that masks the API key in any text, as given and trimmed (n8n may send either), for messages
 * that quote server responses or request errors.
 */
export function keyRedactor(apiKey: unknown): (text: string) => string {
	const secrets = [apiKey]
		.filter((value): value is string => typeof value === 'string')
		.flatMap((key) => [key, key.trim()])
		.filter((key) => key.length >= MIN_MASKED_SECRET_LENGTH);
	return (text) => {
		let result = text;
		for (const secret of secrets) result = result.split(secret).join('***');
		return result;
	};
}
