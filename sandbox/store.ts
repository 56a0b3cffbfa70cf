/**
 * The in-memory venue workspace: the catalog, the activity seeded by `seed.ts`, lookups by id, and the
 * few mutations the routes and tests need. Collections only grow (bookings change in place, nothing is
 * deleted), so a record's position in its collection is a stable anchor for cursors.
 */
import { OPENING_HOURS } from './catalog';
import { ID_PREFIX, makeId } from './ids';
import type { Booking, Client, Delivery, DeliveryEvent, OpeningHours, Payment, Room, Service } from './model';
import type { JournalOrder, ScaleOptions } from './options';
import { WEBHOOK_URL, seedWorkspace } from './seed';
import { reversed, type Sequence } from './sequence';
import { WorkspaceClock, formatInstant } from './time';

interface Identified {
	id: string;
}

/**
 * A growing collection with an id → position index. The index is built on first use, so a benchmark-scale
 * workspace starts fast and pays only for the collections it looks up.
 */
class Collection<T extends Identified> {
	private index: Map<string, number> | undefined;

	constructor(readonly items: T[]) {}

	private positions(): Map<string, number> {
		if (!this.index) {
			this.index = new Map();
			for (let position = 0; position < this.items.length; position++) this.index.set(this.items[position].id, position);
		}
		return this.index;
	}

	find(id: string): T | undefined {
		const position = this.positions().get(id);
		return position === undefined ? undefined : this.items[position];
	}

	positionOf(id: string): number {
		return this.positions().get(id) ?? -1;
	}

	add(item: T): T {
		this.index?.set(item.id, this.items.length);
		this.items.push(item);
		return item;
	}
}

export interface StoreOptions {
	seed: number;
	/** The workspace clock's starting instant. */
	startMs: number;
	scale?: ScaleOptions;
}

export class Store {
	readonly clock: WorkspaceClock;
	readonly openingHours: readonly OpeningHours[] = OPENING_HOURS;
	private readonly roomCollection: Collection<Room>;
	private readonly serviceCollection: Collection<Service>;
	private readonly clientCollection: Collection<Client>;
	private readonly bookingCollection: Collection<Booking>;
	private readonly paymentCollection: Collection<Payment>;
	private readonly deliveryCollection: Collection<Delivery>;

	constructor(options: StoreOptions) {
		this.clock = new WorkspaceClock(options.startMs);
		const data = seedWorkspace(options.seed, options.startMs, options.scale);
		this.roomCollection = new Collection(data.rooms);
		this.serviceCollection = new Collection(data.services);
		this.clientCollection = new Collection(data.clients);
		this.bookingCollection = new Collection(data.bookings);
		this.paymentCollection = new Collection(data.payments);
		this.deliveryCollection = new Collection(data.deliveries);
	}

	get rooms(): readonly Room[] {
		return this.roomCollection.items;
	}
	get services(): readonly Service[] {
		return this.serviceCollection.items;
	}
	get clients(): readonly Client[] {
		return this.clientCollection.items;
	}
	get bookings(): readonly Booking[] {
		return this.bookingCollection.items;
	}
	get payments(): readonly Payment[] {
		return this.paymentCollection.items;
	}
	/** The webhook delivery journal in its natural order, oldest first. */
	get deliveries(): readonly Delivery[] {
		return this.deliveryCollection.items;
	}

	findRoom(id: string): Room | undefined {
		return this.roomCollection.find(id);
	}
	findService(id: string): Service | undefined {
		return this.serviceCollection.find(id);
	}
	findClient(id: string): Client | undefined {
		return this.clientCollection.find(id);
	}
	findBooking(id: string): Booking | undefined {
		return this.bookingCollection.find(id);
	}

	/** Position of a record in its collection (creation order), used as a cursor anchor. */
	positionOf(collection: 'rooms' | 'services' | 'clients' | 'bookings' | 'payments' | 'deliveries', id: string): number {
		const byName = {
			rooms: this.roomCollection,
			services: this.serviceCollection,
			clients: this.clientCollection,
			bookings: this.bookingCollection,
			payments: this.paymentCollection,
			deliveries: this.deliveryCollection,
		};
		return byName[collection].positionOf(id);
	}

	nowIso(): string {
		return formatInstant(this.clock.now());
	}

	addClient(fields: Omit<Client, 'id' | 'createdAt'>): Client {
		const id = makeId(ID_PREFIX.client, this.clients.length + 1);
		return this.clientCollection.add({ id, ...fields, createdAt: this.nowIso() });
	}

	addBooking(fields: Omit<Booking, 'id' | 'createdAt' | 'updatedAt'>): Booking {
		const now = this.nowIso();
		const id = makeId(ID_PREFIX.booking, this.bookings.length + 1);
		return this.bookingCollection.add({ id, ...fields, createdAt: now, updatedAt: now });
	}

	addPayment(fields: Omit<Payment, 'id' | 'createdAt'>): Payment {
		const id = makeId(ID_PREFIX.payment, this.payments.length + 1);
		return this.paymentCollection.add({ id, ...fields, createdAt: this.nowIso() });
	}

	addDelivery(event: DeliveryEvent, bookingId: string | null, url = WEBHOOK_URL): Delivery {
		const id = makeId(ID_PREFIX.delivery, this.deliveries.length + 1);
		return this.deliveryCollection.add({
			id,
			event,
			bookingId,
			url,
			status: 'delivered',
			responseStatus: 200,
			attempts: 1,
			createdAt: this.nowIso(),
		});
	}

	/**
	 * Appends `count` journal entries at once, as if bookings had changed (tests of pagination stability and
	 * of the polling trigger). Entries refer to existing bookings in turn.
	 */
	appendDeliveries(count: number, event: DeliveryEvent = 'booking.created'): Delivery[] {
		const added: Delivery[] = [];
		for (let index = 0; index < count; index++) {
			const booking = this.bookings.length > 0 ? this.bookings[(this.deliveries.length + index) % this.bookings.length] : undefined;
			added.push(this.addDelivery(event, event === 'webhook.test' ? null : (booking?.id ?? null)));
		}
		return added;
	}

	/** The journal in its natural order, oldest first (a copy, safe to keep). */
	journalOldestFirst(): Delivery[] {
		return [...this.deliveries];
	}

	/** The journal as GET /webhooks/deliveries lists it. */
	journal(order: JournalOrder): Sequence<Delivery> {
		return order === 'oldestFirst' ? this.deliveries : reversed(this.deliveries);
	}
}
