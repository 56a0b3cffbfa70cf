/** The table columns several scenarios show, so that one metric is headed the same way in every table. */
import type { Column } from './types';

export const WALL_MS: Column = { key: 'ms', header: 'ms', digits: 0 };
export const CPU_MS: Column = { key: 'cpuMs', header: 'CPU ms', digits: 0 };
export const PEAK_RSS_MB: Column = { key: 'peakRssMB', header: 'peak RSS MB', digits: 0 };
export const REQUESTS: Column = { key: 'requests', header: 'requests', digits: 0 };
export const ACTIVATION_REQUESTS: Column = { key: 'activationRequests', header: 'activation requests', digits: 0 };
