/** GET /services and GET /rooms: the venue's catalog. */
import { readEnum, readString } from '../query';
import type { RoomKind } from '../model';
import { collectionList, type Route } from './route';

const ROOM_KINDS: readonly RoomKind[] = ['studio', 'loft', 'rehearsal', 'equipment'];

export const listServices: Route = {
	filters: ['roomId'],
	handle({ store, query }) {
		const roomId = readString(query, 'roomId');
		const services = store.services.filter((s) => roomId === undefined || s.roomIds.includes(roomId));
		return { kind: 'list', resource: 'services', source: collectionList(services, (id) => store.positionOf('services', id)) };
	},
};

export const listRooms: Route = {
	filters: ['kind'],
	handle({ store, query }) {
		const kind = readEnum(query, 'kind', ROOM_KINDS);
		const rooms = store.rooms.filter((r) => kind === undefined || r.kind === kind);
		return { kind: 'list', resource: 'rooms', source: collectionList(rooms, (id) => store.positionOf('rooms', id)) };
	},
};
