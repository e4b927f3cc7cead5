import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEventually } from '../helpers/eventually.js';
import { createProject, importTasks, openLabelingSession, type LabelingSession } from '../helpers/labelingPage.js';
import { OCR_TEMPLATE } from '../ml/ocrCorpus.js';
import { renderTextImages, type TextImage } from '../ml/ocrImages.js';
import {
  CLASSIFY_CONFIG,
  ML_EXPECTED_FAILURES,
  modelCard,
  modelSection,
  notification,
  openModelSettings,
  screenshotModelSection,
} from './mlPage.js';

/*
 * The built-in model says what it does for the project's config, in the project settings: one line
 * per control, training facts only for skills that learn, why a config it cannot work with is
 * refused, and a preview of its prediction on one task, for a text classification and an OCR project.
 */

const AUDIO_CONFIG = `<View>
  <Audio name="audio" value="$audio"/>
  <Choices name="sound" toName="audio"><Choice value="speech"/><Choice value="music"/></Choices>
</View>`;

const LINES = ['Receipt number 4417', 'Paid with card'];
const POSITIVE = 'great love excellent perfect happy wonderful recommend amazing fantastic best'.split(' ');
const NEGATIVE = 'terrible broke awful hate worst refund poor disappointing useless bad'.split(' ');
const FACTS = ['Training', 'Learned from', 'Measured accuracy'];

describe('the built-in model’s skills and preview, in the project settings', () => {
  let session: LabelingSession;
  let page: Page;
  let image: TextImage;
  let textProject: number;
  let ocrProject: number;
  let audioProject: number;

  const section = () => modelSection(page);
  const builtIn = () => modelCard(page, 'Built-in model');
  const factNames = (card: Locator) => card.locator('dt').allTextContents();
  const connectBuiltIn = async () => {
    await section().getByRole('button', { name: 'Use the built-in offline model' }).click();
    await builtIn().waitFor();
  };
  const preview = async () => {
    await builtIn().getByRole('button', { name: 'Test Built-in model' }).click();
    return page.getByRole('dialog', { name: 'Test of Built-in model' });
  };

  beforeAll(async () => {
    [image] = (await renderTextImages([
      { width: 420, height: 120, lines: LINES, font: 'Liberation Sans', sizePx: 22 },
    ])) as [TextImage];
    session = await openLabelingSession('mlSkills', {
      expected: ML_EXPECTED_FAILURES,
      async setup(started) {
        textProject = await createProject(started, 'Reviews', CLASSIFY_CONFIG);
        const reviews = Array.from({ length: 24 }, (_, index) => {
          const words = index % 2 ? POSITIVE : NEGATIVE;
          return { text: `${words[index % 10]} and ${words[(index + 3) % 10]} product` };
        });
        for (const [index, task] of (await importTasks(started, textProject, reviews)).entries()) {
          const result = [
            { from_name: 'label', to_name: 'text', type: 'choices', value: { choices: [index % 2 ? 'pos' : 'neg'] } },
          ];
          await started.api('POST', `/api/tasks/${task}/annotations/`, { result });
        }
        ocrProject = await createProject(started, 'Receipts', OCR_TEMPLATE);
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(image.png)]), 'receipt.png');
        await started.api('POST', `/api/projects/${ocrProject}/import`, form);
        audioProject = await createProject(started, 'Recordings', AUDIO_CONFIG);
      },
    });
    page = session.page;
    page.setDefaultTimeout(15_000);
  }, 120_000);

  afterAll(async () => {
    await session?.close();
  });

  it('a text classification: its skill before and after connecting, its training facts, a predicted choice', async () => {
    await openModelSettings(page, session.server, textProject);
    const skill = 'label: text classification (learns from your annotations)';
    await section().getByTestId('local-model-offer').getByText(skill, { exact: true }).waitFor();
    await connectBuiltIn();
    await builtIn().getByTestId('local-model-skills').getByText(skill, { exact: true }).waitFor();
    await expectEventually(() => factNames(builtIn())).toEqual(expect.arrayContaining(FACTS));
    // Trained on the 24 annotations, it answers the preview with one of the choices.
    await builtIn()
      .getByTestId('model-version')
      .getByText(/^local-v\d+$/)
      .waitFor({ timeout: 30_000 });
    const dialog = await preview();
    await dialog.getByText(/^label \(choices\) → text: (pos|neg)$/).waitFor({ timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  it('an OCR project: ready at once with no training facts, its preview lists the transcribed lines', async () => {
    await openModelSettings(page, session.server, ocrProject);
    const skill = 'transcription: OCR, reads text lines with Tesseract, ready now';
    await section().getByTestId('local-model-offer').getByText(skill, { exact: true }).waitFor();
    await connectBuiltIn();
    await builtIn().getByTestId('local-model-skills').getByText(skill, { exact: true }).waitFor();
    await expectEventually(() => factNames(builtIn())).toEqual(['Runs', 'Model version']);
    await screenshotModelSection(page, 'ml-local-skills-ocr-light.png');
    const dialog = await preview();
    for (const line of LINES) {
      await dialog.getByText(`transcription (textarea) → image: ${line}`, { exact: true }).waitFor({ timeout: 60_000 });
    }
    await dialog.getByText(/, 2 regions$/).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  it('an audio project: says why the built-in model cannot work with it, and which configs it can', async () => {
    await openModelSettings(page, session.server, audioProject);
    const refusal = section().getByTestId('local-model-unsupported');
    await refusal.getByText(/cannot work with this project: .*this labeling config has none of these/).waitFor();
    await refusal.getByText(/^It works with text classification .* OCR .* object detection/).waitFor();
    await screenshotModelSection(page, 'ml-local-skills-unsupported-light.png');
    await section().getByRole('button', { name: 'Use the built-in offline model' }).click();
    await notification(page, /The built-in model could not be connected: .*has none of these/).waitFor();
  });
});
