import { mkdtempSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/*
 * Run in a child process under networkGuard.mjs (bundled by the test with the image worker's
 * thread beside it, the skills' own code as it ships): click-to-segment, and a segmenter set and
 * run, through the image worker as the server runs them, on generated inputs whose answers are
 * known. Prints what it found as JSON on one line. The `-control` modes then reach for the
 * network, so the test can show the guard catches it in such a process.
 */
import { runImageJob } from '../../../electron/core/ml/local/imageWorker/imageWorker.js';
import { decodeRleAlpha, rleBytes } from '../../../shared/brush/rleDecode.js';
import { boxRegion, encodeRgbPng, generateScene, maskIou } from '../../helpers/segmentScenes.js';
import { SEGMENTED_IMAGE, testSegmenter, trueMasks } from '../detector/segmenterFixture.js';

const folder = mkdtempSync(join(tmpdir(), 'outpost-offline-'));

function file(name: string, bytes: Uint8Array): string {
  writeFileSync(join(folder, name), bytes);
  return join(folder, name);
}

function brushMask(region: Record<string, unknown>, width: number, height: number): Uint8Array {
  const alpha = decodeRleAlpha(rleBytes((region.value as { rle: unknown }).rle), width, height);
  return alpha.map((value) => (value > 0 ? 1 : 0));
}

async function segment(): Promise<Record<string, unknown>> {
  const scene = generateScene(11, 'ellipse', 500, 400);
  const job = {
    path: file('scene.png', encodeRgbPng(scene.width, scene.height, scene.pixels)),
    config: {
      toName: 'image',
      dataKey: 'image',
      output: { name: 'brush', type: 'brushlabels' as const, labels: ['Fruit'] },
      promptControls: ['box'],
    },
    context: { result: [boxRegion(scene)] },
  };
  const answer = await runImageJob({ kind: 'segment', job });
  if ('refusal' in answer) throw new Error(answer.refusal);
  return { iou: maskIou(brushMask(answer.item, scene.width, scene.height), scene.truth), type: answer.item.type };
}

async function detectMasks(): Promise<Record<string, unknown>> {
  const bytes = testSegmenter();
  const inspected = await runImageJob({ kind: 'inspect', job: { bytes, classNames: null } });
  if ('error' in inspected) throw new Error(inspected.error);
  const { width, height } = SEGMENTED_IMAGE;
  const job = {
    modelPath: file('segmenter.onnx', bytes),
    classNames: inspected.shape.classNames,
    scoreThreshold: 0.25,
    targets: [{ name: 'brush', type: 'brushlabels' as const, toName: 'image', dataKey: 'image', labels: [] }],
    imagePaths: { image: file('gray.png', encodeRgbPng(width, height, new Uint8Array(width * height * 3).fill(200))) },
  };
  const answer = await runImageJob({ kind: 'detect', job });
  if ('error' in answer) throw new Error(answer.error);
  const truth = trueMasks();
  const found = answer.result.map((region) => (region.value as { brushlabels: string[] }).brushlabels[0]!);
  return {
    found,
    ious: answer.result.map((region, index) =>
      maskIou(brushMask(region, width, height), truth[found[index] as 'car' | 'person']),
    ),
  };
}

/**
 * The detector's work, then a connection to another machine, as a detector that sent its image
 * somewhere would. (The runtime itself has no such path in Node: its WebAssembly and any external
 * weights are read with fs, so a CDN address fails as a missing file, not as a download.)
 */
async function detectThenConnect(): Promise<Record<string, unknown>> {
  const answer = await detectMasks();
  await new Promise((resolve, reject) => {
    const socket = connect({ host: '93.184.216.34', port: 443 }, () => resolve(socket.end()));
    socket.on('error', reject);
  });
  return answer;
}

/** Click-to-segment's work, then a download of the task's image, as a skill that fetched it would. */
async function segmentThenDownload(): Promise<Record<string, unknown>> {
  const answer = await segment();
  await fetch('https://example.com/photo.png');
  return answer;
}

const MODES: Record<string, () => Promise<Record<string, unknown>>> = {
  segment,
  detect: detectMasks,
  'segment-control': segmentThenDownload,
  'detect-control': detectThenConnect,
};

async function main(): Promise<void> {
  const work = MODES[process.argv[2] ?? ''];
  if (!work) throw new Error(`unknown mode ${process.argv[2]}`);
  process.stdout.write(`${JSON.stringify(await work())}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`FAILED: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
