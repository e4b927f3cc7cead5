import { connect } from 'node:net';

/*
 * Run in a child process under networkGuard.mjs (bundled by the test, the skills' own code as it
 * ships): click-to-segment's image work with OpenCV, or the detector (a segmenter) with
 * onnxruntime-web, on generated inputs whose answers are known. Prints what it found as JSON on
 * one line. The `-control` modes then reach for the network, so the test can show the guard
 * catches it in such a process.
 */
import { detect, openDetector } from '../../../electron/core/ml/local/detector/detectorModel.js';
import { DEFAULT_DECODE } from '../../../electron/core/ml/local/detector/yoloOutput.js';
import { loadOpenCv } from '../../../electron/core/ml/local/segment/openCv.js';
import { boxMask } from '../../../electron/core/ml/local/segment/segmentMasks.js';
import { maskResult } from '../../../electron/core/ml/local/segment/segmentResult.js';
import { generateScene, maskIou } from '../../helpers/segmentScenes.js';
import { SEGMENTED_IMAGE, testSegmenter, trueMasks } from '../detector/segmenterFixture.js';

async function segment(): Promise<Record<string, unknown>> {
  const { cv } = await loadOpenCv();
  const scene = generateScene(11, 'ellipse', 500, 400);
  const image = { width: scene.width, height: scene.height, rgb: scene.pixels };
  const mask = boxMask(cv, image, scene.box, { positive: [], negative: [] });
  const config = {
    toName: 'image',
    dataKey: 'image',
    output: { name: 'brush', type: 'brushlabels' as const, labels: ['object'] },
    promptControls: ['box'],
  };
  const result = maskResult(cv, config, mask, scene, 'object');
  return { iou: maskIou(mask, scene.truth), type: result?.type };
}

async function detectMasks(): Promise<Record<string, unknown>> {
  const opened = await openDetector(testSegmenter(), null);
  const { width, height } = SEGMENTED_IMAGE;
  const image = { width, height, rgb: new Uint8Array(width * height * 3).fill(200) };
  const { detections, maskOf } = await detect(opened, image, DEFAULT_DECODE);
  const truth = trueMasks();
  const names = opened.shape.classNames;
  await opened.session.release();
  return {
    found: detections.map((box) => names[box.classIndex]),
    ious: detections.map((box) => maskIou(maskOf!(box), truth[names[box.classIndex] as 'car' | 'person'])),
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
