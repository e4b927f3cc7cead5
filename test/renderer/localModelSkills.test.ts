import { describe, expect, it } from 'vitest';
import {
  hasLearningSkill,
  skillLearns,
  skillLine,
  skillName,
  SUPPORTED_CONFIGS_TEXT,
} from '../../renderer/src/features/model/localModelText.js';
import { predictionSummaries, regionCount, resultLines } from '../../renderer/src/features/model/mlText.js';

/* The built-in model's skills for a config, and its preview on one task, in words. */

describe("the built-in model's skills in words", () => {
  it('says per control what it does, naming the known kinds and showing any other by its id', () => {
    expect(skillLine({ name: 'sentiment', kind: 'classification' })).toBe(
      'sentiment: text classification (learns from your annotations)',
    );
    expect(skillLine({ name: 'ner', kind: 'spans' })).toBe('ner: text spans (learns from your annotations)');
    expect(skillLine({ name: 'transcription', kind: 'ocr' })).toBe(
      'transcription: OCR, reads text lines with Tesseract, ready now',
    );
    expect(skillLine({ name: 'label', kind: 'detection' }, { file_name: 'model.onnx' })).toBe(
      'label: object detection with your ONNX model (model.onnx)',
    );
    expect(skillLine({ name: 'label', kind: 'detection' })).toBe(
      'label: object detection with your ONNX model (the detector set for the project)',
    );
    expect(skillLine({ name: 'tag', kind: 'segmentation' })).toBe(
      'tag: click-to-segment (draw a smart box or point in the editor)',
    );
    expect(skillLine({ name: 'pose', kind: 'keypoints' })).toBe('pose: keypoints');
    expect(skillName('segmentation')).toBe('click-to-segment');
  });

  it('has training facts only where a supported skill learns', () => {
    expect(['classification', 'spans', 'ocr', 'detection', 'segmentation'].filter(skillLearns)).toEqual([
      'classification',
      'spans',
    ]);
    const ocr = [{ name: 'transcription', kind: 'ocr' }];
    expect(hasLearningSkill({ supported: true, controls: ocr })).toBe(false);
    expect(hasLearningSkill({ supported: true, controls: [...ocr, { name: 'mood', kind: 'classification' }] })).toBe(
      true,
    );
    expect(hasLearningSkill({ supported: false, controls: [{ name: 'mood', kind: 'classification' }] })).toBe(false);
    expect(SUPPORTED_CONFIGS_TEXT).toMatch(/text classification.*text spans.*OCR.*object detection/);
  });
});

describe('a preview of the built-in model on one task', () => {
  const box = { x: 10, y: 20, width: 30, height: 5, rotation: 0 };
  const ocrResult = ['r1', 'r2'].flatMap((id, index) => [
    { id, from_name: 'bbox', to_name: 'image', type: 'rectangle', value: box },
    { id, from_name: 'label', to_name: 'image', type: 'labels', value: { ...box, labels: ['Text'] } },
    { id, from_name: 'transcription', to_name: 'image', type: 'textarea', value: { ...box, text: [`line ${index}`] } },
  ]);

  it('reads an OCR answer as a region per line with its transcribed text', () => {
    expect(resultLines(ocrResult.slice(0, 3))).toEqual([
      'bbox (rectangle) → image: a region',
      'label (labels) → image: Text',
      'transcription (textarea) → image: line 0',
    ]);
    expect(regionCount(ocrResult)).toBe(2);
    expect(predictionSummaries([{ result: ocrResult, score: 0.9, model_version: 'local-ocr-tesseract' }])).toEqual([
      { modelVersion: 'local-ocr-tesseract', score: 0.9, regions: 2, lines: resultLines(ocrResult) },
    ]);
  });

  it('counts no region for a whole-task choice', () => {
    const choice = [{ from_name: 'sentiment', to_name: 'text', type: 'choices', value: { choices: ['pos'] } }];
    expect(resultLines(choice)).toEqual(['sentiment (choices) → text: pos']);
    expect(regionCount(choice)).toBe(0);
  });
});
