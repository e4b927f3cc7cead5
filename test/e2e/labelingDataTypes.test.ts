import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOTS, type E2eServer } from '../helpers/e2eServer.js';
import { importMedia, makePng, makeWav } from '../helpers/labelingMedia.js';
import {
  createProject,
  importTasks,
  inDarkTheme,
  labelingEditor,
  openLabelingSession,
  waitForEditor,
  type LabelingSession,
} from '../helpers/labelingPage.js';
import { expectEventually } from '../helpers/eventually.js';

/** The labeling config of each data type's project. */
const CONFIGS = {
  image:
    '<View><Image name="img" value="$image"/><RectangleLabels name="box" toName="img"><Label value="Thing"/></RectangleLabels></View>',
  text: '<View><Text name="text" value="$text"/><Choices name="c" toName="text"><Choice value="Yes"/></Choices></View>',
  audio:
    '<View><Audio name="audio" value="$audio"/><Labels name="l" toName="audio"><Label value="Tone"/></Labels></View>',
  video:
    '<View><Video name="video" value="$video"/><Choices name="c" toName="video"><Choice value="Calm"/></Choices></View>',
  timeSeries:
    '<View><TimeSeries name="ts" value="$csv" valueType="url" timeColumn="time"><Channel column="value"/></TimeSeries><TimeSeriesLabels name="l" toName="ts"><Label value="Peak"/></TimeSeriesLabels></View>',
  html: '<View><HyperText name="page" value="$html"/><HyperTextLabels name="l" toName="page"><Label value="Key"/></HyperTextLabels></View>',
  paragraphs:
    '<View><Paragraphs name="chat" value="$dialogue" layout="dialogue"/><ParagraphLabels name="l" toName="chat"><Label value="Question"/></ParagraphLabels></View>',
};

/** The in-page checks run where no DOM types exist for the test's tsconfig: elements as plain shapes. */
type MediaElement = { readyState: number; naturalWidth: number };

describe('every data type renders in the labeling editor', () => {
  let session: LabelingSession;
  let server: E2eServer;
  let page: Page;

  const project = (title: string, config: string) => createProject(server, title, config);
  const jsonTask = async (projectId: number, data: Record<string, unknown>) =>
    (await importTasks(server, projectId, [data]))[0]!;
  const editor = () => labelingEditor(page);

  async function open(projectId: number, taskId: number): Promise<void> {
    await page.goto(`${server.cli.url}/#/projects/${projectId}/tasks/${taskId}`);
    await waitForEditor(page, 'Submit', { timeout: 15_000 });
  }

  async function shoot(name: string): Promise<void> {
    await page.screenshot({ path: join(SCREENSHOTS, `labeling-${name}-light.png`) });
    await inDarkTheme(session, async (darkPage) => {
      await darkPage.goto(page.url());
      await waitForEditor(darkPage, 'Submit', { timeout: 15_000 });
      await darkPage.screenshot({ path: join(SCREENSHOTS, `labeling-${name}-dark.png`) });
    });
  }

  beforeAll(async () => {
    session = await openLabelingSession('datatypes', {
      launch: { args: ['--autoplay-policy=no-user-gesture-required'] },
    });
    ({ server, page } = session);
  });

  afterAll(async () => {
    await session?.close();
  });

  it('image', async () => {
    const id = await project('Images', CONFIGS.image);
    const [task] = await importMedia(server, id, 'picture.png', makePng(64, 48));
    await open(id, task!);
    // The sandboxed frame shows the upload from the bytes the page fetched for it.
    const image = editor().locator('img[src^="blob:"]');
    await expectEventually(() => image.evaluate((element) => (element as unknown as MediaElement).naturalWidth)).toBe(
      64,
    );
  });

  it('text', async () => {
    const id = await project('Texts', CONFIGS.text);
    await open(id, await jsonTask(id, { text: 'A short sentence to read.' }));
    await editor().getByText('A short sentence to read.').first().waitFor();
  });

  it('audio', async () => {
    const id = await project('Sounds', CONFIGS.audio);
    const [task] = await importMedia(server, id, 'tone.wav', makeWav(1));
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
        // The clip is made in real time: its frames are what the recorder sees 60 ms apart (no wait for a condition).
        // eslint-disable-next-line no-restricted-syntax
        await new Promise((resolve) => setTimeout(resolve, 60));
      }
      recorder.stop();
      await stopped;
      const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return btoa(binary);
    });
    const id = await project('Videos', CONFIGS.video);
    const [task] = await importMedia(server, id, 'clip.webm', Buffer.from(base64, 'base64'));
    await open(id, task!);
    const video = editor().locator('video');
    await expectEventually(() =>
      video.evaluate((element) => (element as unknown as MediaElement).readyState),
    ).toBeGreaterThan(0);
    await shoot('video');
  });

  it('time series from a CSV file', async () => {
    const id = await project('Sensors', CONFIGS.timeSeries);
    const rows = [
      'time,value',
      ...Array.from({ length: 40 }, (_, i) => `${i},${Math.round(Math.sin(i / 4) * 100) / 10}`),
    ];
    const form = new FormData();
    form.append('file', new Blob([rows.join('\n') + '\n']), 'sensor.csv');
    // Uploaded first, then imported as one file per task: the task points at the CSV by URL.
    const uploaded = await server.request('POST', `/api/projects/${id}/import?commit_to_project=false`, form);
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const { file_upload_ids } = (await uploaded.json()) as { file_upload_ids: number[] };
    await server.api('POST', `/api/projects/${id}/reimport`, { file_upload_ids, files_as_tasks_list: false });
    const [task] = await server.api<{ id: number; data: { csv: string } }[]>('GET', `/api/projects/${id}/tasks/`);
    expect(task!.data.csv).toMatch(/^\/data\/upload\//);
    await open(id, task!.id);
    await editor().locator('.htx-timeseries-channel path').first().waitFor();
    await shoot('timeseries');
  });

  it('HTML (HyperText)', async () => {
    const id = await project('Pages', CONFIGS.html);
    await open(
      id,
      await jsonTask(id, { html: '<h2>Return policy</h2><p>Items can be returned within <b>30 days</b>.</p>' }),
    );
    // The editor shows task HTML in a sandboxed srcdoc frame of its own.
    await editor().frameLocator('iframe.lsf-richtext__iframe').getByText('30 days').waitFor();
    await shoot('html');
  });

  it('paragraphs', async () => {
    const id = await project('Chats', CONFIGS.paragraphs);
    const dialogue = [
      { author: 'Ana', text: 'Is the shop open on Sunday?' },
      { author: 'Bot', text: 'Yes, from ten to four.' },
    ];
    await open(id, await jsonTask(id, { dialogue }));
    await editor().getByText('Yes, from ten to four.').first().waitFor();
    await shoot('paragraphs');
  });

  it('made no request outside its origin, and logged no errors', () => {
    session.expectClean(server.origin, { moreThan: 10, allowDataUrls: false, allowBlobUrls: true });
  });
});
