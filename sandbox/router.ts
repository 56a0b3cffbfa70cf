/**
 * Matching a decoded path against the 12 endpoints of `endpoints.ts`. `{id}` matches exactly one non-empty
 * segment (already decoded, so it may contain "/" or spaces). An unknown path is a 404, a known path with
 * another method a 405 with the methods that exist.
 */
import { API_PATH_PREFIX, ENDPOINTS, type Endpoint, type HttpMethod } from '../nodes/VenueBooking/endpoints';
import { ROUTES } from './routes';
import type { Route } from './routes/route';

export type EndpointMatch =
	| { kind: 'matched'; endpoint: Endpoint; route: Route; id: string | undefined }
	| { kind: 'methodNotAllowed'; allow: HttpMethod[] }
	| { kind: 'notFound' }
	/** A segment had an invalid percent-encoding. */
	| { kind: 'badPath' };

const PREFIX_SEGMENTS = API_PATH_PREFIX.split('/').slice(1);

interface CompiledEndpoint {
	endpoint: Endpoint;
	route: Route;
	template: string[];
}

function compile(): CompiledEndpoint[] {
	const compiled = ENDPOINTS.map((endpoint) => {
		const route = ROUTES[`${endpoint.method} ${endpoint.path}`];
		if (!route) throw new Error(`The sandbox has no route for ${endpoint.method} ${endpoint.path}`);
		return { endpoint, route, template: endpoint.path.split('/').slice(1) };
	});
	if (Object.keys(ROUTES).length !== ENDPOINTS.length) {
		throw new Error('The sandbox has a route that is not an endpoint of the document');
	}
	return compiled;
}

const COMPILED = compile();

/** The id segment when `segments` fits `template`, '' when it fits without an id, null when it does not fit. */
function fit(template: string[], segments: string[]): string | null {
	if (template.length !== segments.length) return null;
	let id = '';
	for (let index = 0; index < template.length; index++) {
		if (template[index] === '{id}') {
			if (segments[index] === '') return null;
			id = segments[index];
		} else if (template[index] !== segments[index]) return null;
	}
	return id;
}

export function matchEndpoint(method: string, segments: string[] | null): EndpointMatch {
	if (segments === null) return { kind: 'badPath' };
	const prefixFits = PREFIX_SEGMENTS.every((segment, index) => segments[index] === segment);
	if (!prefixFits) return { kind: 'notFound' };
	const rest = segments.slice(PREFIX_SEGMENTS.length);
	const allow: HttpMethod[] = [];
	for (const { endpoint, route, template } of COMPILED) {
		const id = fit(template, rest);
		if (id === null) continue;
		if (endpoint.method === method) return { kind: 'matched', endpoint, route, id: id === '' ? undefined : id };
		allow.push(endpoint.method);
	}
	return allow.length > 0 ? { kind: 'methodNotAllowed', allow } : { kind: 'notFound' };
}
