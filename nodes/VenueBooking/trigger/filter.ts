/**
 * Only Entries Where: the trigger's filter on a field's values, a top-level parameter beside Watch (version 1.1);
 * version 1 kept it under Options as Keep Only Entries, which is still read.
 */
import { NodeOperationError } from 'n8n-workflow';

import type { ParameterReader } from '../parameters/readers';
import { isScalar, readPath, type Scalar } from '../transport/json';

/**
 * "Keep only entries whose field has one of the chosen values". Applied to what the journal reader
 * returns, after it has advanced its position over every entry: a skipped entry is still behind the
 * position, so it is never read again, and an emitted one is never emitted again whatever the filter
 * becomes later. An entry is judged by the filter in force when the trigger first reads it.
 */
export interface EntryFilter {
	/** Dot path of the field, e.g. `event` or `payload.status`. */
	field: string;
	/** The chosen values, compared as text: `200` typed in the editor matches the number 200. */
	values: Set<string>;
}

/** Where the filter's field and values sit: beside Watch since version 1.1. */
export const FILTER_PARAMETER = 'entryFilter.condition';
/**
 * Where version 1 kept them, under Options. Workflows saved then still hold the filter there and n8n keeps
 * showing it there for them (the node's version 1 description), so it is read when the top-level one is unset.
 */
export const EARLIER_FILTER_PARAMETER = 'options.entryFilter.condition';
export const FILTER_LABEL = 'Only Entries Where';

/** The values an entry holds at a path: one scalar, or each scalar of a list (an entry with tags). */
export function valuesAt(entry: unknown, path: string): Scalar[] {
	const value = readPath(entry, path);
	if (isScalar(value)) return [value];
	if (Array.isArray(value)) return value.filter(isScalar);
	return [];
}

/**
 * The chosen values as the parameter holds them: a list from the dropdown or an expression, or one
 * text from an expression or a typed value, where commas separate several (`booking.created, webhook.test`).
 */
function chosenValues(raw: unknown): string[] {
	const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : raw === undefined || raw === null ? [] : [raw];
	return list.filter(isScalar).map((value) => String(value).trim()).filter((value) => value !== '');
}

/** The field and values set at one of the filter's places, and how messages name that place. */
interface FilterSetting {
	field: string;
	values: string[];
	label: string;
}

function readFilterAt(parameters: ParameterReader, prefix: string, label: string): FilterSetting {
	const rawField = parameters.getNodeParameter(`${prefix}.field`, 0, '');
	const field = typeof rawField === 'string' ? rawField.trim() : '';
	return { field, values: chosenValues(parameters.getNodeParameter(`${prefix}.values`, 0, [])), label };
}

/**
 * The filter's setting: the top-level one when anything is set there, else the one a version 1 workflow
 * saved under Options (Keep Only Entries).
 */
function readFilterSetting(parameters: ParameterReader): FilterSetting {
	const current = readFilterAt(parameters, FILTER_PARAMETER, FILTER_LABEL);
	if (current.field !== '' || current.values.length > 0) return current;
	return readFilterAt(parameters, EARLIER_FILTER_PARAMETER, 'Options > Keep Only Entries');
}

/** The field the filter is set on (top level, else the earlier place), for the Values dropdown; '' when none. */
export function readFilterField(parameters: ParameterReader): string {
	return readFilterSetting(parameters).field;
}

/** The filter the node's parameters ask for; undefined when none is set (every entry is kept). */
export function readEntryFilter(parameters: ParameterReader): EntryFilter | undefined {
	const { field, values, label } = readFilterSetting(parameters);
	if (field === '' && values.length === 0) return undefined;
	const problem = (text: string, description: string) => new NodeOperationError(parameters.getNode(), `${label}: ${text}`, { description });
	if (field === '') {
		throw problem('no field chosen', `Choose the field whose value decides which entries are kept, or remove the filter (${label}).`);
	}
	if (values.length === 0) {
		throw problem(`no value chosen for "${field}"`, `Choose at least one value to keep, or remove the filter (${label}): as it is, no entry would ever be kept.`);
	}
	return { field, values: new Set(values) };
}

export function isKept(entry: unknown, filter: EntryFilter): boolean {
	return valuesAt(entry, filter.field).some((value) => filter.values.has(String(value)));
}

/** The entries the filter keeps, in their order; all of them without a filter. */
export function keepEntries(entries: unknown[], filter: EntryFilter | undefined): unknown[] {
	return filter ? entries.filter((entry) => isKept(entry, filter)) : entries;
}

/** How a filter reads in messages: `event is booking.created or webhook.test`. */
export function describeFilter(filter: EntryFilter): string {
	return `${filter.field} is ${[...filter.values].join(' or ')}`;
}
