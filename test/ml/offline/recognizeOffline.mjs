/*
 * Reads one image with tesseract.js and the worker options and parameters given as JSON in argv
 * (the OCR skill's own, from the test), printing the text. Run under networkGuard.mjs.
 */
import { readFileSync } from 'node:fs';
import Tesseract from 'tesseract.js';

const { createWorker, OEM } = Tesseract;

async function main() {
  const [imagePath, optionsJson, parametersJson] = process.argv.slice(2);
  // tesseract.js never settles a worker whose language failed to load; its error handler hears it.
  const options = { ...JSON.parse(optionsJson), errorHandler: fail, logger: () => {} };
  const worker = await createWorker('eng', OEM.LSTM_ONLY, options);
  await worker.setParameters(JSON.parse(parametersJson));
  const { data } = await worker.recognize(readFileSync(imagePath));
  process.stdout.write(data.text);
  await worker.terminate();
}

function fail(error) {
  process.stderr.write(`FAILED: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}

main().catch(fail);
