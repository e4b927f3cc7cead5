import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isChromiumAvailable, launchChromium } from '../helpers/chromium.js';
import { importFile, makePng, makeWav } from '../helpers/labelingMedia.js';
import { spawnCli, type SpawnedCli } from '../helpers/spawnCli.js';

const SCREENSHOTS = fileURLToPath(new URL('../../test-results/screenshots/', import.meta.url));

/** The in-page checks run where no DOM types exist for the test's tsconfig: elements as plain shapes. */
type MediaElement = { readyState: number; naturalWidth: number };

describe.skipIf(!isChromiumAvailable())('every data type renders in the labeling editor', () => {
  let dataDir: string;
  let cli: SpawnedCli;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let origin: string;
  const requests: string[] = [];
  const errors: string[] = [];

  async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${cli.url}${path}`, {
      method,
      headers: { Authorization: `Token ${cli.token}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(response.status, `${method} ${path}`).toBeLessThan(300);
    return (await response.json()) as T;
  }

  async function project(title: string, config: string): Promise<number> {
    return (await api<{ id: number }>('POST', '/api/projects/', { title, label_config: config })).id;
  }

  async function jsonTask(projectId: number, data: Record<string, unknown>): Promise<number> {
    await api('POST', `/api/projects/${projectId}/import`, [data]);
    const [task] = await api<{ id: number }[]>('GET', `/api/projects/${projectId}/tasks/`);
    return task!.id;
  }

  const editor = (target: Page = page): FrameLocator => target.frameLocator('iframe[title^="Labeling editor"]');

  async function open(projectId: number, taskId: number): Promise<void> {
    await page.goto(`${cli.url}/#/projects/${projectId}/tasks/${taskId}`);
    await editor().locator('.lsf-topbar').getByText('Submit', { exact: true }).waitFor({ timeout: 15_000 });
  }

  async function shoot(name: string): Promise<void> {
    await page.screenshot({ path: join(SCREENSHOTS, `labeling-${name}-light.png`) });
    const dark = await browser.newContext({ viewport: { width: 1280, height: 720 }, colorScheme: 'dark' });
    await dark.addCookies(await context.cookies());
    const darkPage = await dark.newPage();
    darkPage.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
    await darkPage.goto(page.url());
    await editor(darkPage).locator('.lsf-topbar').getByText('Submit', { exact: true }).waitFor({ timeout: 15_000 });
    await darkPage.screenshot({ path: join(SCREENSHOTS, `labeling-${name}-dark.png`) });
    await dark.close();
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'outpost-e2e-datatypes-'));
    mkdirSync(SCREENSHOTS, { recursive: true });
    cli = await spawnCli(['serve', '--data', dataDir, '--port', '0']);
    origin = new URL(cli.url).origin;
    browser = await launchChromium({ args: ['--autoplay-policy=no-user-gesture-required'] });
    context = await browser.newContext({ viewport: { width: 1280, height: 720 }, colorScheme: 'light' });
    page = await context.newPage();
    page.on('request', (request) => requests.push(request.url()));
    page.on('response', (response) => {
      if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
    });
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`console: ${message.text().slice(0, 300)}`);
    });
    page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
    await page.goto(cli.login, { waitUntil: 'load' });
  });

  afterAll(async () => {
    await browser?.close();
    await cli?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('image', async () => {
    const id = await project(
      'Images',
      '<View><Image name="img" value="$image"/><RectangleLabels name="box" toName="img"><Label value="Thing"/></RectangleLabels></View>',
    );
    const [task] = await importFile(cli.url, cli.token, id, 'picture.png', makePng(64, 48));
    await open(id, task!);
    const image = editor().locator('img[src*="/data/upload/"]');
    await expect.poll(() => image.evaluate((element) => (element as unknown as MediaElement).naturalWidth)).toBe(64);
  });

  it('text', async () => {
    const id = await project(
      'Texts',
      '<View><Text name="text" value="$text"/><Choices name="c" toName="text"><Choice value="Yes"/></Choices></View>',
    );
    await open(id, await jsonTask(id, { text: 'A short sentence to read.' }));
    await editor().getByText('A short sentence to read.').first().waitFor();
  });

  it('audio', async () => {
    const id = await project(
      'Sounds',
      '<View><Audio name="audio" value="$audio"/><Labels name="l" toName="audio"><Label value="Tone"/></Labels></View>',
    );
    const [task] = await importFile(cli.url, cli.token, id, 'tone.wav', makeWav(1));
    await open(id, task!);
    // The waveform is drawn once the file was fetched and decoded.
    await editor().locator('wave canvas').first().waitFor();
    await shoot('audio');
  });

  it('video', async () => {
    // A real WebM clip, recorded from a canvas by the browser itself.
    const base64 = await page.evaluate(async () => {
      // Typed by hand: the test's tsconfig has no DOM library.
      type Canvas = {
        width: number;
        height: number;
        getContext(kind: '2d'): { fillStyle: string; fillRect(x: number, y: number, w: number, h: number): void };
        captureStream(fps: number): unknown;
      };
      type Recorder = {
        ondataavailable: (event: { data: Blob }) => void;
        onstop: (value: unknown) => void;
        start(): void;
        stop(): void;
      };
      const page = globalThis as unknown as {
        document: { createElement(name: 'canvas'): Canvas };
        MediaRecorder: new (stream: unknown, options: { mimeType: string }) => Recorder;
      };
      const canvas = page.document.createElement('canvas');
      canvas.width = 64;
      canvas.height = 48;
      const paint = canvas.getContext('2d');
      const stream = canvas.captureStream(10);
      const recorder = new page.MediaRecorder(stream, { mimeType: 'video/webm' });
      const chunks: Blob[] = [];
      recorder.ondataavailable = (event) => chunks.push(event.data);
      const stopped = new Promise((resolve) => (recorder.onstop = resolve));
      recorder.start();
      for (let frame = 0; frame < 8; frame++) {
        paint.fillStyle = `rgb(${frame * 30}, 80, 160)`;
        paint.fillRect(0, 0, 64, 48);
        await new Promise((resolve) => setTimeout(resolve, 60));
      }
      recorder.stop();
      await stopped;
      const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return btoa(binary);
    });
    const id = await project(
      'Videos',
      '<View><Video name="video" value="$video"/><Choices name="c" toName="video"><Choice value="Calm"/></Choices></View>',
    );
    const [task] = await importFile(cli.url, cli.token, id, 'clip.webm', Buffer.from(base64, 'base64'));
    await open(id, task!);
    const video = editor().locator('video');
    await expect
      .poll(() => video.evaluate((element) => (element as unknown as MediaElement).readyState))
      .toBeGreaterThan(0);
    await shoot('video');
  });

  it('time series from a CSV file', async () => {
    const id = await project(
      'Sensors',
      '<View><TimeSeries name="ts" value="$csv" valueType="url" timeColumn="time"><Channel column="value"/></TimeSeries><TimeSeriesLabels name="l" toName="ts"><Label value="Peak"/></TimeSeriesLabels></View>',
    );
    const rows = [
      'time,value',
      ...Array.from({ length: 40 }, (_, i) => `${i},${Math.round(Math.sin(i / 4) * 100) / 10}`),
    ];
    const form = new FormData();
    form.append('file', new Blob([rows.join('\n') + '\n']), 'sensor.csv');
    // Uploaded first, then imported as one file per task: the task points at the CSV by URL.
    const uploaded = await fetch(`${cli.url}/api/projects/${id}/import?commit_to_project=false`, {
      method: 'POST',
      headers: { Authorization: `Token ${cli.token}` },
      body: form,
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const { file_upload_ids } = (await uploaded.json()) as { file_upload_ids: number[] };
    await api('POST', `/api/projects/${id}/reimport`, { file_upload_ids, files_as_tasks_list: false });
    const [task] = await api<{ id: number; data: { csv: string } }[]>('GET', `/api/projects/${id}/tasks/`);
    expect(task!.data.csv).toMatch(/^\/data\/upload\//);
    await open(id, task!.id);
    await editor().locator('.htx-timeseries-channel path').first().waitFor();
    await shoot('timeseries');
  });

  it('HTML (HyperText)', async () => {
    const id = await project(
      'Pages',
      '<View><HyperText name="page" value="$html"/><HyperTextLabels name="l" toName="page"><Label value="Key"/></HyperTextLabels></View>',
    );
    await open(
      id,
      await jsonTask(id, { html: '<h2>Return policy</h2><p>Items can be returned within <b>30 days</b>.</p>' }),
    );
    // The editor shows task HTML in a sandboxed srcdoc frame of its own.
    await editor().frameLocator('iframe.lsf-richtext__iframe').getByText('30 days').waitFor();
    await shoot('html');
  });

  it('paragraphs', async () => {
    const id = await project(
      'Chats',
      '<View><Paragraphs name="chat" value="$dialogue" layout="dialogue"/><ParagraphLabels name="l" toName="chat"><Label value="Question"/></ParagraphLabels></View>',
    );
    const dialogue = [
      { author: 'Ana', text: 'Is the shop open on Sunday?' },
      { author: 'Bot', text: 'Yes, from ten to four.' },
    ];
    await open(id, await jsonTask(id, { dialogue }));
    await editor().getByText('Yes, from ten to four.').first().waitFor();
    await shoot('paragraphs');
  });

  it('made no request outside its origin, and logged no errors', () => {
    expect(requests.length).toBeGreaterThan(10);
    expect(requests.filter((url) => !url.startsWith('blob:') && new URL(url).origin !== origin)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
