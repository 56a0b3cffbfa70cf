import type { IDataObject } from 'n8n-workflow';

import type { ParameterReader } from '../actions/common/inputError';
import type { PaginationSettings } from '../transport/pagination/settings';
import type { JournalOrder } from './order';
import { readNumberParameter } from '../actions/common/numberParameter';
import { readListOptions } from '../actions/common/options';
import { readQuery } from '../actions/common/query';
import { DEFAULT_MAX_EXISTING } from './description';

/** How the trigger reads the journal, from its parameters. */
export interface JournalSettings {
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
	return {
		order: order === 'newestFirst' || order === 'oldestFirst' ? order : 'auto',
		identityPath: identityPath || undefined,
		emitExisting: parameters.getNodeParameter('options.emitExisting', 0, false) === true,
		maxExisting,
		itemsPath: list.itemsPath,
		pagination: list.pagination,
		query: readQuery(parameters, 0),
	};
}
