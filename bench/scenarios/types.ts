/** What a scenario hands to the report: rows of medians, ratios and targets, all from the same `npm run bench`. */
import type { Metrics } from '../protocol';

export interface Column {
	key: string;
	header: string;
	/** Decimal places shown (the JSON keeps full precision). */
	digits?: number;
}

export interface Row {
	contender: string;
	label: string;
	samples: Metrics[];
	median: Metrics;
}

export interface Ratio {
	name: string;
	value: number;
}

export interface Target {
	name: string;
	goal: string;
	measured: string;
	met: boolean;
}

export interface ScenarioResult {
	id: string;
	title: string;
	/** One-line facts a reader needs to read the rows (sizes, settings, what is compared). */
	notes: string[];
	columns: Column[];
	rows: Row[];
	ratios: Ratio[];
	targets: Target[];
}

export interface BenchContext {
	/** Overrides every scenario's run count (e.g. --runs 1 for a quick check). */
	runs?: number;
	/** CPU profiles of every run go here when set (--profile). */
	profileDir?: string;
	/** The editor scenario's conventions (--conventions stripe,mindbody; `default` is the sandbox's own); all when absent. */
	conventions?: string[];
	/** The editor scenario's quota on the key, requests a minute (--quota 120); none when absent. */
	quota?: number;
	/** The editor scenario's sandbox takes the client list's text search under a convention too (--name-filter). */
	nameFilter?: boolean;
	/** The editor scenario prints where each view's requests went: path, query names, status (--request-kinds). */
	requestKinds?: boolean;
	log(line: string): void;
}
