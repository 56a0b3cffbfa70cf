/**
 * Runs on Node 24 (puppeteer-core needs Node >= 22.12): `node capture.mjs <job.json>`, started by
 * scripts/screenshot.ts. The job (CaptureJob there): the DevTools endpoint of a Chromium that script
 * started, where puppeteer-core is installed, the editor URL, the owner's `n8n-auth` cookie, and the shots:
 * `{ file, workflowId, openNode?, openDropdown?, open? }` — a workflow's canvas, or with `openNode` that node's parameter
 * panel, with `openDropdown` (a parameter name) that parameter's dropdown opened, its options loaded, and with
 * `open` a list of the panel opened: `bookingList` (the Booking ID picker), `roomDropdown` (the room field of the
 * fields seen in the workspace), or `fields` (those fields in view, nothing opened).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';

const job = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const require = createRequire(path.join(job.puppeteerDir, 'package.json'));
const puppeteer = require('puppeteer-core');

const VIEWPORT = { width: 1440, height: 900, deviceScaleFactor: 1.5 };
/** Taller for the parameter panel, so that every parameter fits without scrolling. */
const NDV_VIEWPORT = { ...VIEWPORT, height: 1080 };
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Hide what is not the product: toasts and the "n8n is ready" kind of banners. */
const CLEANUP_CSS = `
	.el-notification, .el-message, [data-test-id="banners"], [data-test-id="toast"] { display: none !important; }
	*, *::before, *::after { transition: none !important; animation: none !important; caret-color: transparent !important; }
`;

async function openWorkflow(page, workflowId) {
	await page.goto(`${job.editorUrl}/workflow/${workflowId}`, { waitUntil: 'networkidle2', timeout: 180_000 });
	await page.waitForSelector('[data-test-id="canvas-node"]', { timeout: 60_000 });
	await page.addStyleTag({ content: CLEANUP_CSS });
	// Let the canvas fit the view and the node icons load.
	await sleep(1500);
}

async function fitView(page) {
	const button = await page.$('[data-test-id="zoom-to-fit"]');
	if (button) {
		await button.click();
		// Away from the button, or its tooltip ends up in the picture.
		await page.mouse.move(VIEWPORT.width / 2, 140);
		await sleep(800);
	}
}

async function openNode(page, nodeName) {
	const selector = `[data-test-id="canvas-node"][data-node-name="${nodeName}"]`;
	const node = await page.waitForSelector(selector, { timeout: 30_000 });
	await node.click({ count: 2 });
	await page.waitForSelector('[data-test-id="ndv"], .ndv-wrapper, [data-test-id="ndv-dialog"]', { timeout: 30_000 });
	await sleep(1200);
}

/** Scroll the parameter list back to its top (opening a node may leave it scrolled). */
async function scrollParametersToTop(page) {
	await page.$eval('[data-test-id="node-parameters"]', (element) => {
		for (let current = element; current; current = current.parentElement) current.scrollTop = 0;
	});
	await page.mouse.move(VIEWPORT.width - 20, NDV_VIEWPORT.height - 20);
	await sleep(300);
}

/** Open a dropdown parameter and wait for its options (a load-options method answers them from the workspace). */
async function openDropdown(page, parameterName) {
	const input = await page.waitForSelector(`[data-test-id="parameter-input-${parameterName}"]`, { timeout: 30_000 }).catch(async (error) => {
		if (process.env.CAPTURE_DEBUG) {
			await page.screenshot({ path: '/tmp/capture-debug.png' });
			const ids = await page.$$eval('[data-test-id]', (elements) => [...new Set(elements.map((e) => e.getAttribute('data-test-id')))]);
			console.log(`data-test-ids on the page: ${ids.join(' ')}`);
		}
		throw error;
	});
	await input.evaluate((element) => element.scrollIntoView({ block: 'center' }));
	await sleep(300);
	// The select opens on a click on its inner wrapper, not on the parameter's outer element.
	const target = (await input.$('.el-select__wrapper, .el-input__wrapper, input')) ?? input;
	await target.click();
	// Every select of the panel keeps its (hidden) items in the page: wait for a visible one, i.e. this dropdown's.
	await page
		.waitForFunction(
			() => [...document.querySelectorAll('.el-select-dropdown__item')].some((item) => item.getBoundingClientRect().height > 0),
			{ timeout: 60_000 },
		)
		.catch(async (error) => {
			if (process.env.CAPTURE_DEBUG) await page.screenshot({ path: '/tmp/capture-debug.png' });
			throw error;
		});
	await sleep(1500);
}

/** Opens the Booking ID picker and waits for the workspace's bookings in it. */
async function openBookingList(page) {
	await page.click('[data-test-id="rlc-input"]');
	await page.waitForSelector('[data-test-id="rlc-item"]', { timeout: 30_000 });
	await sleep(800);
}

/** Waits for the fields seen in the workspace, then opens the dropdown of the field whose label names a room. */
async function openRoomDropdown(page) {
	await page.waitForSelector('[data-test-id="mapping-fields-container"]', { timeout: 30_000 });
	await sleep(1000);
	const opened = await page.$$eval('[data-test-id="mapping-fields-container"] label, [data-test-id="mapping-fields-container"] [class*="label"]', (labels) => {
		const label = labels.find((element) => /\(a room/.test(element.textContent ?? ''));
		if (!label) return false;
		let box = label;
		while (box && !box.querySelector('input')) box = box.parentElement;
		const input = box?.querySelector('input');
		input?.scrollIntoView({ block: 'center' });
		input?.click();
		return Boolean(input);
	});
	if (!opened) throw new Error('no field labelled as a room among the fields seen in the workspace');
	await sleep(1000);
}

/** The Create form as it opens: the fields seen in the workspace, scrolled into view, nothing opened. */
async function showFields(page) {
	await page.waitForSelector('[data-test-id="mapping-fields-container"]', { timeout: 30_000 });
	await sleep(1000);
	await page.$eval('[data-test-id="mapping-fields-container"]', (container) => container.scrollIntoView({ block: 'center' }));
	await sleep(500);
}

async function main() {
	const browser = await puppeteer.connect({ browserWSEndpoint: job.wsEndpoint, defaultViewport: VIEWPORT });
	try {
		await browser.setCookie({ name: 'n8n-auth', value: job.authCookie, domain: '127.0.0.1', path: '/', httpOnly: true });
		const page = await browser.newPage();
		await page.setViewport(VIEWPORT);
		// Leaving an editor with an open list may ask to confirm; the pictures change nothing worth keeping.
		page.on('dialog', (dialog) => dialog.accept().catch(() => undefined));
		for (const shot of job.shots) {
			// A fresh load each time: the same workflow twice in a row would otherwise be no navigation at all.
			await page.goto('about:blank');
			await page.setViewport(shot.openNode ? NDV_VIEWPORT : VIEWPORT);
			await openWorkflow(page, shot.workflowId);
			await fitView(page);
			if (shot.openNode) {
				await openNode(page, shot.openNode);
				await scrollParametersToTop(page);
				if (shot.openDropdown) await openDropdown(page, shot.openDropdown);
				if (shot.open === 'bookingList') await openBookingList(page);
				if (shot.open === 'roomDropdown') await openRoomDropdown(page);
				if (shot.open === 'fields') await showFields(page);
			}
			if (process.env.CAPTURE_DEBUG) {
				const ids = await page.$$eval('[data-test-id]', (elements) => [...new Set(elements.map((e) => e.getAttribute('data-test-id')))]);
				console.log(`${shot.file}: data-test-ids on the page: ${ids.join(' ')}`);
			}
			await page.screenshot({ path: shot.file });
			console.log(`saved ${path.basename(shot.file)}`);
		}
		await page.close();
	} finally {
		await browser.disconnect();
	}
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
