import { describe, expect, it } from 'vitest';
import {
  classRows,
  configCanDetect,
  detectorKindText,
  mappingSummary,
  uploadProgressText,
} from '../../renderer/src/features/model/detectorText.js';

describe('the detector panel in words', () => {
  it('lists the classes with their labels, the unmapped ones last', () => {
    const rows = classRows({ class_names: ['tree', 'Car', 'dog'], class_labels: [null, 'car', null] });
    expect(rows).toEqual([
      { name: 'Car', label: 'car' },
      { name: 'tree', label: null },
      { name: 'dog', label: null },
    ]);
    expect(mappingSummary(rows)).toBe('1 of 3 classes have a label of this config; 2 are never predicted.');
    expect(mappingSummary(rows.slice(0, 1))).toBe('1 of 1 class has a label of this config.');
  });

  it('says what the model is and how far the upload is', () => {
    expect(detectorKindText({ segmenter: false, layout: 'yolov5' })).toBe(
      'Detector (YOLOv5): boxes for RectangleLabels',
    );
    expect(detectorKindText({ segmenter: true, layout: 'yolov8' })).toMatch(/^Segmenter \(YOLOv8\/v11\): masks/);
    expect(uploadProgressText({ loaded: 40, total: 100, sent: false })).toBe('Sending the file, 40%');
    expect(uploadProgressText({ loaded: 100, total: 100, sent: true })).toBe('Checking the model…');
  });

  it('offers the detector only to configs it can answer', () => {
    const boxes = '<View><Image name="i" value="$image"/><RectangleLabels name="b" toName="i"/></View>';
    expect(configCanDetect(boxes)).toBe(true);
    expect(configCanDetect(boxes.replaceAll('RectangleLabels', 'BrushLabels'))).toBe(true);
    // OCR draws with Rectangle and Labels: the detector would not be used there.
    expect(configCanDetect('<View><Image name="i" value="$image"/><Rectangle name="b" toName="i"/></View>')).toBe(
      false,
    );
    expect(configCanDetect('<View><Text name="t" value="$text"/><Choices name="c" toName="t"/></View>')).toBe(false);
  });
});
