import { describe, expect, it } from 'vitest';
import { listTemplates } from '../../electron/core/domain/templates/listTemplates.js';
import { miniatureKey, miniatureOf } from '../../renderer/src/features/createProject/miniatureOf.js';

/** What each gallery template's miniature draws: its data, the marks on it | the controls beside it. */
const EXPECTED: Record<string, string> = {
  'Sort Photos into Categories': 'image|choices',
  'Box Objects in Images': 'image+boxes',
  'Outline Areas with Polygons': 'image+polygon',
  'Mark Body Keypoints': 'image+keypoints',
  'Paint Defect Masks': 'image+brush',
  'Read Text in Images (OCR)': 'image+boxes|textarea',
  'Describe an Image': 'image|textarea',
  'Count Cells with Ellipses': 'image+ellipses',
  'Review a Set of Photos': 'images|choices',
  'Tag Named Entities': 'text+spans',
  'Route Support Tickets': 'text|choices',
  'Judge Sentiment': 'text|choices',
  'Link Entities with Relations': 'text+spans+relations',
  'Classify with a Taxonomy': 'text|taxonomy',
  'Summarize a Document': 'text|textarea',
  'Highlight Answers in a Passage': 'text+spans',
  'Check a Translation': 'text|textarea+rating',
  'Transcribe Recordings': 'audio|textarea',
  'Classify Sounds': 'audio|choices',
  'Segment Speakers': 'audio+regions',
  'Transcribe Speech Segments': 'audio+regions|textarea',
  'Detect Sound Events': 'audio+regions',
  'Classify Video Clips': 'video|choices',
  'Track Objects in Video': 'video+boxes',
  'Mark Moments on a Video Timeline': 'video+timeline',
  'Label Dialogue Turns': 'dialogue+spans',
  "Write the Assistant's Next Reply": 'dialogue|textarea',
  'Find Intents and Slots': 'dialogue+spans|choices',
  'Review an Assistant Answer': 'dialogue|choices+rating',
  'Tag Entities in Web Pages': 'webpage+spans',
  'Classify Web Pages': 'webpage|choices',
  'Classify PDF Documents': 'webpage|choices',
  'Review Table Records': 'table|choices+textarea',
  'Extract Dates and Times': 'text|datetime',
  'Label Activity in Sensor Data': 'series+regions',
  'Flag Anomalies in Metrics': 'series+regions|choices',
  'Compare Two Answers': 'pair',
  'Rank Search Results': 'list',
  'Rate with Stars': 'text|rating',
  'Score with a Number': 'text|number',
};

describe('template miniatures', () => {
  it('draws every gallery template as what it labels, from its config', () => {
    const drawn = Object.fromEntries(
      listTemplates().map((template) => [template.title, miniatureKey(miniatureOf(template.config))]),
    );
    expect(drawn).toEqual(EXPECTED);
  });

  it('reads any config, not only the gallery’s: shapes on a video, labels on a time series, nothing known', () => {
    const video =
      '<View><Video name="v" value="$video"/><VideoRectangle name="box" toName="v"/>' +
      '<Labels name="l" toName="v"><Label value="Car"/></Labels></View>';
    expect(miniatureKey(miniatureOf(video))).toBe('video+boxes');
    const series =
      '<View><TimeSeriesLabels name="l" toName="ts"><Label value="Run"/></TimeSeriesLabels>' +
      '<TimeSeries name="ts" value="$csv"><Channel column="x"/></TimeSeries></View>';
    expect(miniatureKey(miniatureOf(series))).toBe('series+regions');
    expect(miniatureKey(miniatureOf('<View></View>'))).toBe('blank');
    // A tag name inside an attribute or text is not a tag.
    expect(
      miniatureKey(miniatureOf('<View><Header value="Image and Choices"/><Text name="t" value="$t"/></View>')),
    ).toBe('text');
  });
});
