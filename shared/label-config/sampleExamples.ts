import {
  pdfEmbedHtml,
  SAMPLE_AUDIO_URI,
  SAMPLE_IMAGE_URI,
  SAMPLE_RECEIPT_URI,
  SAMPLE_VIDEO,
  textDataUri,
} from './sampleMedia.js';

/**
 * Outpost's own example values for generated sample tasks. The lookup rules are Label Studio's
 * (`data_examples.json`: by variable name first, then by tag type); the values are ours and offline.
 */

const SAMPLE_TEXT =
  'The night shift logged two forklift inspections, one late delivery and a leaking roof panel in aisle 7.';

const SAMPLE_DIALOGUE = [
  { author: 'Dispatcher', text: 'Truck 12, what is your position?' },
  { author: 'Driver', text: 'Just left the north gate, about twenty minutes out.' },
  { author: 'Dispatcher', text: 'Dock 3 is blocked, please use dock 5 instead.' },
  { author: 'Driver', text: 'Copy that, dock 5.' },
  { author: 'Dispatcher', text: 'Thanks, drive safe.' },
];

const SAMPLE_HTML =
  '<article><h2>Field notes, 14 March</h2><p>Crew <b>Birch</b> inspected the pump station on ' +
  '<i>Harbor Road</i> and replaced a worn valve.</p><p>Next visit: <b>2 April</b>.</p></article>';

/** Examples chosen by the task data key, e.g. `$ocr`. Keys keep the `$` as Label Studio's file does. */
export const EXAMPLES_BY_NAME: Record<string, unknown> = {
  $longText:
    'Outpost keeps every project in a single local database file. Annotators can work for days without a ' +
    'connection; when the network returns, their annotations are pushed to the team server and any ' +
    'conflicting edits are kept side by side instead of being overwritten.',
  $ner: 'Maria Okafor joined Northwind Logistics in Rotterdam on 3 June 2024 as head of fleet safety.',
  $ocr: SAMPLE_RECEIPT_URI,
  $captioning: SAMPLE_IMAGE_URI,
  $pdf: pdfEmbedHtml(['Invoice 0042', 'Corner Hardware', 'Total due: 19.25', 'Due date: 30 April']),
  $html: SAMPLE_HTML,
  $dialogue: SAMPLE_DIALOGUE,
  $headlessCsv: textDataUri('text/csv', '0,0.5\n1,0.8\n2,0.3\n3,0.9\n'),
  $question: 'Which dock should truck 12 use?',
  $prompt: 'Write a short, friendly reply confirming the new delivery time.',
};

/** Examples chosen by object tag, the fallback when no name matches. */
export const EXAMPLES_BY_TAG: Record<string, unknown> = {
  TextRaw: SAMPLE_TEXT,
  TextUrl: textDataUri('text/plain', SAMPLE_TEXT),
  HyperText: SAMPLE_HTML,
  HyperTextUrl: textDataUri('text/html', SAMPLE_HTML),
  Image: SAMPLE_IMAGE_URI,
  Audio: SAMPLE_AUDIO_URI,
  AudioPlus: SAMPLE_AUDIO_URI,
  Header: 'Sample header',
  Video: SAMPLE_VIDEO,
  VideoHack: `<video src="${SAMPLE_VIDEO}" width="100%" controls></video>`,
  Table: { 'Item code': 'HX-2231', Description: 'Steel hinge, 75 mm', Quantity: 40, Location: 'Aisle 7, bay C' },
  Labels: [
    { value: 'Task label A', background: '#e4572e' },
    { value: 'Task label B', background: '#3066be' },
  ],
  Choices: [{ value: 'Task choice A' }, { value: 'Task choice B' }, { value: 'Task choice C' }],
  NestedChoices: [
    { value: 'Task group 1', children: [{ value: 'Task option 1.1' }, { value: 'Task option 1.2' }] },
    {
      value: 'Task group 2',
      children: [{ value: 'Task option 2.1' }, { value: 'Task option 2.2' }, { value: 'Task option 2.3' }],
    },
  ],
  List: [
    { id: 1, title: 'Answer from model A', body: 'Store lithium batteries at 40-60% charge in a cool, dry room.' },
    { id: 2, title: 'Answer from model B', body: 'Keep batteries fully charged and near a heater so they stay warm.' },
    {
      id: 3,
      title: 'Answer from model C',
      body: 'Check the manufacturer sheet; most ask for 15-25 °C and partial charge.',
    },
  ],
};

/** Paragraph examples; the caller renames `author`/`text` to the config's nameKey/textKey. */
export const EXAMPLE_PARAGRAPHS: { author: string; text: string }[] = SAMPLE_DIALOGUE;
