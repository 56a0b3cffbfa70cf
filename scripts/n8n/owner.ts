/**
 * The owner account of a local instance. n8n's editor always asks for a login, so `npm start` sets
 * this one up and prints it. Local only: the instance listens on 127.0.0.1.
 * The password meets n8n's rules (8–64 characters, a digit and an uppercase letter).
 */
export interface OwnerAccount {
	email: string;
	password: string;
	firstName: string;
	lastName: string;
}

export const LOCAL_OWNER: OwnerAccount = {
	email: 'owner@example.com',
	password: 'VenueBooking1',
	firstName: 'Local',
	lastName: 'Owner',
};
