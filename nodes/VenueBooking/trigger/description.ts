/**
 * The trigger's parameters and their reader.
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { type Endpoint, findEndpoint } from '../endpoints';
import { queryProperties, readQuery } from '../parameters/freeForm';
import { addLocalTimesOption, addNamesOption, listOptions, paginationOption, readListOptions, timeZoneOption, transportOptions } from '../parameters/options';
import { type ParameterReader, readNumberParameter } from '../parameters/readers';
import type { PaginationSettings } from '../transport/pagination/strategies';
import type { JournalOrder } from './order';

/**
 * The journals the trigger can watch: the API document calls both `GET /webhooks/deliveries` and
 * `GET /payments` a journal. Each is read the same way; only the endpoint and the words for it differ.
 */
export const JOURNALS = {
	webhookDeliveries: { endpoint: findEndpoint('webhookDelivery', 'getAll'), label: 'webhook delivery journal', entries: 'webhook delivery journal entries' },
	payments: { endpoint: findEndpoint('payment', 'getAll'), label: 'payment journal', entries: 'payments' },
} as const satisfies Record<string, { endpoint: Endpoint; label: string; entries: string }>;

export type JournalKey = keyof typeof JOURNALS;

/** The journal watched, as settings carry it. */
export interface WatchedJournal {
	key: JournalKey;
	endpoint: Endpoint;
	/** "payment journal": how messages name it. */
	label: string;
}

const watchProperty: INodeProperties = {
	displayName: 'Watch',
	name: 'watch',
	type: 'options',
	noDataExpression: true,
	options: [
		{
			name: 'Payments',
			value: 'payments',
			description: 'New payments of the payment journal (GET /payments, scope payments.read)',
		},
		{
			name: 'Webhook Deliveries',
			value: 'webhookDeliveries',
			description: 'New entries of the webhook delivery journal (GET /webhooks/deliveries, scope webhooks.read)',
		},
	],
	default: 'webhookDeliveries',
	description: 'Which journal of the workspace starts the workflow, once for each new entry',
};

/** Entries "Fetch Test Event" shows: enough to map fields, few enough to read. */
export const MANUAL_SAMPLE_SIZE = 5;

export const DEFAULT_MAX_EXISTING = 100;

/** Entries Fetch Test Event looks through when a filter is set, so a rare kind of entry still shows. */
export const FILTERED_SAMPLE_WINDOW = 100;

/**
 * The filter's field and values, offered from one page of the workspace's own journal. `at` is where the
 * filter sits (top level, or under Options in version 1), which the Values dropdown depends on.
 */
function filterConditions(at: string): INodeProperties['options'] {
	return [
		{
			displayName: 'Condition',
			name: 'condition',
			values: [
				{
					displayName: 'Field Name or ID',
					name: 'field',
					type: 'options',
					typeOptions: { loadOptionsMethod: 'journalFields' },
					default: '',
					description:
						'The field whose value decides which entries are emitted, as seen in your journal. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
				},
				{
					displayName: 'Value Names or IDs',
					name: 'values',
					type: 'multiOptions',
					typeOptions: { loadOptionsMethod: 'journalValues', loadOptionsDependsOn: [`${at}.condition.field`] },
					default: [],
					description:
						'The values to keep, as seen in your journal in the chosen field (choose the field first). Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
				},
			],
		},
	];
}

const FILTER_DESCRIPTION =
	'Emit only the entries whose field has one of the chosen values; without a condition every new entry is emitted. Skipped entries are never emitted later, also when the condition changes.';

/** "Only entries where …": the filter in plain sight, beside Watch (version 1.1 on). */
const entryFilterProperty: INodeProperties = {
	displayName: 'Only Entries Where',
	name: 'entryFilter',
	type: 'fixedCollection',
	default: {},
	placeholder: 'Add Condition',
	description: FILTER_DESCRIPTION,
	options: filterConditions('entryFilter'),
};

/**
 * Version 1's place of the filter, under Options. Shown only on version 1 nodes: their saved workflows hold the
 * filter there, and n8n drops a collection's values that its description no longer lists when it saves.
 */
const earlierEntryFilterOption: INodeProperties = {
	displayName: 'Keep Only Entries',
	name: 'entryFilter',
	type: 'fixedCollection',
	default: {},
	placeholder: 'Add Filter',
	displayOptions: { show: { '@version': [1] } },
	description: `${FILTER_DESCRIPTION} Newer versions of this node show it as Only Entries Where, beside Watch`,
	options: filterConditions('options.entryFilter'),
};

/** The option that sets the journal's order; messages name it when the order had to be guessed. */
export const JOURNAL_ORDER_OPTION = 'Journal Order';

const journalOptions: INodeProperties[] = [
	earlierEntryFilterOption,
	{
		displayName: 'Emit Existing Entries',
		name: 'emitExisting',
		type: 'boolean',
		default: false,
		description:
			'Whether the first poll after activation emits the entries already in the journal (up to Max Existing Entries) instead of only recording where the journal stands',
	},
	{
		displayName: 'Max Existing Entries',
		name: 'maxExisting',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: DEFAULT_MAX_EXISTING,
		description: 'With Emit Existing Entries: how many of the newest existing entries to emit on the first poll',
	},
	{
		displayName: 'Identity Field',
		name: 'identityPath',
		type: 'string',
		default: '',
		placeholder: 'e.g. delivery_id',
		description:
			"Dot path of the field that identifies an entry. Leave empty to use the entries' ID when all have one, else a hash of the whole entry.",
	},
	{
		displayName: JOURNAL_ORDER_OPTION,
		name: 'journalOrder',
		type: 'options',
		options: [
			{
				name: 'Automatic',
				value: 'auto',
				description:
					'Detect from timestamps in the entries (date-times, Unix seconds or milliseconds), or from where new entries appear; without timestamps the journal is taken as oldest first until then',
			},
			{ name: 'Newest First', value: 'newestFirst' },
			{ name: 'Oldest First', value: 'oldestFirst' },
		],
		default: 'auto',
		description: 'Which end of the journal the API lists its newest entries at',
	},
];

/** Add Names, Add Local Times and the zone they use, as on the action node; shown from version 1.2, which has them. */
const additionOptions: INodeProperties[] = [addNamesOption, addLocalTimesOption, timeZoneOption].map((option) => ({
	...option,
	displayOptions: { show: { '@version': [{ _cnd: { gte: 1.2 } }] } },
}));

/** Journal reading shares the list options of Get Many, but a raw page is no journal entry. */
const readingOptions = listOptions.filter((option) => option.name !== 'rawResponse' && option.name !== paginationOption.name);

export const triggerProperties: INodeProperties[] = [
	watchProperty,
	entryFilterProperty,
	{
		displayName:
			'Emits each new journal entry once, oldest first. Activation only records where the journal stands; each poll then emits all that arrived since the last.',
		name: 'notice',
		type: 'notice',
		default: '',
	},
	...queryProperties,
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [...journalOptions, ...readingOptions, paginationOption, ...transportOptions, ...additionOptions].sort((a, b) =>
			a.displayName.localeCompare(b.displayName),
		),
	},
];

/** How the trigger reads the journal, from its parameters. */
export interface JournalSettings {
	journal: WatchedJournal;
	order: 'auto' | JournalOrder;
	/** Dot path of a field that identifies an entry, when the user names one. */
	identityPath?: string;
	/** Emit entries that exist at the first poll (up to maxExisting) instead of only recording them. */
	emitExisting: boolean;
	maxExisting: number;
	itemsPath?: string;
	pagination: PaginationSettings;
	query: IDataObject;
}

export function readJournalSettings(parameters: ParameterReader): JournalSettings {
	const list = readListOptions(parameters, 0);
	const order = parameters.getNodeParameter('options.journalOrder', 0, 'auto');
	const identityPath = String(parameters.getNodeParameter('options.identityPath', 0, '') ?? '').trim();
	const maxExisting = readNumberParameter(parameters, 0, {
		name: 'options.maxExisting',
		label: 'Max Existing Entries',
		fallback: DEFAULT_MAX_EXISTING,
		minimum: 1,
		whole: true,
	});
	const watched = parameters.getNodeParameter('watch', 0, 'webhookDeliveries');
	const key: JournalKey = watched === 'payments' ? 'payments' : 'webhookDeliveries';
	return {
		journal: { key, endpoint: JOURNALS[key].endpoint, label: JOURNALS[key].label },
		order: order === 'newestFirst' || order === 'oldestFirst' ? order : 'auto',
		identityPath: identityPath || undefined,
		emitExisting: parameters.getNodeParameter('options.emitExisting', 0, false) === true,
		maxExisting,
		itemsPath: list.itemsPath,
		pagination: list.pagination,
		query: readQuery(parameters, 0),
	};
}

/**
 * The query parameters as a person reads them in a message: `event=booking.created&status=failed`, a list
 * value once per element as it is sent; empty when none. Not percent-encoded: it is for reading, not a URL.
 */
export function describeQuery(query: IDataObject): string {
	return Object.entries(query)
		.flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((one) => `${name}=${typeof one === 'object' && one !== null ? JSON.stringify(one) : String(one)}`))
		.join('&');
}
