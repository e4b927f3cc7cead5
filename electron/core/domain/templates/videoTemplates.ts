import { SAMPLE_VIDEO } from '../../../../shared/label-config/sampleMedia.js';
import { xml, type TemplateDraft } from './template.js';

export const videoTemplates: TemplateDraft[] = [
  {
    title: 'Classify Video Clips',
    details: 'Watch a clip and tag what happens in it; several tags may apply.',
    config: xml`
      <View>
        <Video name="clip" value="$video"/>
        <Choices name="activity" toName="clip" choice="multiple" showInline="true">
          <Choice value="Loading"/>
          <Choice value="Unloading"/>
          <Choice value="Idle"/>
          <Choice value="Unsafe behavior"/>
        </Choices>
      </View>`,
    sample_data: { video: SAMPLE_VIDEO },
  },
  {
    title: 'Track Objects in Video',
    details: 'Draw a box around each object and follow it across frames with keyframes (needs a newer editor).',
    config: xml`
      <View>
        <Labels name="tracked" toName="video" allowEmpty="true">
          <Label value="Forklift" background="#f2b705"/>
          <Label value="Person" background="#d7263d"/>
          <Label value="Pallet" background="#8c5a2b"/>
        </Labels>
        <Video name="video" value="$video" framerate="25.0"/>
        <VideoRectangle name="box" toName="video"/>
      </View>`,
    sample_data: { video: SAMPLE_VIDEO },
    needsNewerEditor: true,
  },
  {
    title: 'Mark Moments on a Video Timeline',
    details: 'Select time spans on the video timeline and label what happens in each (needs a newer editor).',
    config: xml`
      <View>
        <Video name="video" value="$video" timelineHeight="120"/>
        <TimelineLabels name="moments" toName="video">
          <Label value="Vehicle enters" background="#2980b9"/>
          <Label value="Loading" background="#27ae60"/>
          <Label value="Door left open" background="#c0392b"/>
        </TimelineLabels>
      </View>`,
    sample_data: { video: SAMPLE_VIDEO },
    needsNewerEditor: true,
  },
];
