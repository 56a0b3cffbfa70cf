/** The activation baseline under n8n's durable poll cursors: where it is left, read and dropped. */
import type { IDataObject, INode } from 'n8n-workflow';

import { activationBaseline, dropActivationBaseline, leaveActivationBaseline, onDurableCursor } from '../../../nodes/VenueBooking/trigger/activationBaseline';

const node = (id: string, name = 'Venue Booking Trigger') => ({ id, name }) as INode;

describe('onDurableCursor', () => {
	it("tells a durable cursor's plain copy from n8n's own static data, which carries a hidden __dataChanged flag", () => {
		expect(onDurableCursor({})).toBe(true);
		expect(onDurableCursor(JSON.parse('{"journal":{"version":1}}') as IDataObject)).toBe(true);
		expect(onDurableCursor(Object.defineProperty({}, '__dataChanged', { value: false, writable: true }))).toBe(false);
	});
});

describe('the baseline left in global static data', () => {
	it('is a copy, kept per node, read back until dropped', () => {
		const global: IDataObject = {};
		const nodeData: IDataObject = { journal: { version: 1, recent: ['s:a'] } };
		leaveActivationBaseline(global, node('n1'), nodeData);
		(nodeData.journal as IDataObject).recent = ['changed'];
		expect(activationBaseline(global, node('n1'))).toEqual({ journal: { version: 1, recent: ['s:a'] } });
		// Global static data is the workflow's, shared by its nodes: another trigger sees none of it.
		expect(activationBaseline(global, node('n2'))).toBeUndefined();
		dropActivationBaseline(global, node('n2'));
		expect(Object.keys(global)).toHaveLength(1);
		dropActivationBaseline(global, node('n1'));
		expect(global).toEqual({});
		expect(activationBaseline(global, node('n1'))).toBeUndefined();
	});

	it('ignores a value that is no object (a hand edit)', () => {
		const global: IDataObject = {};
		leaveActivationBaseline(global, node('n1'), {});
		const [key] = Object.keys(global);
		global[key] = 'broken';
		expect(activationBaseline(global, node('n1'))).toBeUndefined();
	});
});
