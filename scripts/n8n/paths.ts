/** Where things live: the repository root and its git-ignored cache folder. */
import * as path from 'node:path';

/** The repository root (this file is scripts/n8n/paths.ts). */
export const REPO_DIR = path.resolve(__dirname, '..', '..');

/** Big, reusable downloads (n8n installs, a Node 24 binary, the `npm start` user folder). Git-ignored. */
export const CACHE_DIR = path.join(REPO_DIR, '.cache');
