import { SAMPLE_AUDIO_URI } from '../../../../shared/label-config/sampleMedia.js';
import { xml, type TemplateDraft } from './template.js';

export const audioTemplates: TemplateDraft[] = [
  {
    title: 'Transcribe Recordings',
    details: 'Listen to a whole recording and type out what is said, for speech recognition training.',
    config: xml`
      <View>
        <Header value="Listen, then type exactly what is said"/>
        <Audio name="audio" value="$audio" zoom="true" volume="true" speed="true"/>
        <TextArea name="transcript" toName="audio" rows="4" editable="true" maxSubmissions="1" transcription="true"/>
      </View>`,
    sample_data: { audio: SAMPLE_AUDIO_URI },
  },
  {
    title: 'Classify Sounds',
    details: 'Listen to a short clip and pick what kind of sound it is, e.g. for machine condition monitoring.',
    config: xml`
      <View>
        <Audio name="clip" value="$audio"/>
        <Choices name="condition" toName="clip" choice="single-radio" showInline="true" required="true">
          <Choice value="Normal hum"/>
          <Choice value="Grinding"/>
          <Choice value="Clicking"/>
          <Choice value="Silence"/>
        </Choices>
      </View>`,
    sample_data: { audio: SAMPLE_AUDIO_URI },
  },
  {
    title: 'Segment Speakers',
    details: 'Mark who speaks when on the waveform, including overlapping speech (speaker diarization).',
    config: xml`
      <View>
        <Labels name="speaker" toName="audio">
          <Label value="Speaker 1" background="#2980b9"/>
          <Label value="Speaker 2" background="#e67e22"/>
          <Label value="Overlap" background="#8e44ad"/>
        </Labels>
        <AudioPlus name="audio" value="$audio" zoom="true" volume="true" speed="true"/>
      </View>`,
    sample_data: { audio: SAMPLE_AUDIO_URI },
  },
  {
    title: 'Transcribe Speech Segments',
    details: 'Cut a recording into segments, label each one and type its transcript.',
    config: xml`
      <View>
        <Labels name="segment" toName="audio">
          <Label value="Speech" background="#27ae60"/>
          <Label value="Noise" background="#95a5a6"/>
        </Labels>
        <AudioPlus name="audio" value="$audio"/>
        <TextArea name="transcript" toName="audio" perRegion="true" whenLabelValue="Speech"
                  editable="true" rows="2" placeholder="What is said in this segment?" displayMode="region-list"/>
      </View>`,
    sample_data: { audio: SAMPLE_AUDIO_URI },
  },
  {
    title: 'Detect Sound Events',
    details: 'Mark the start and end of every sound event in a field recording.',
    config: xml`
      <View>
        <Labels name="event" toName="recording" choice="multiple">
          <Label value="Bird call" background="#16a085"/>
          <Label value="Vehicle" background="#c0392b"/>
          <Label value="Footsteps" background="#d35400"/>
          <Label value="Rain" background="#2980b9"/>
        </Labels>
        <AudioPlus name="recording" value="$audio" zoom="true"/>
      </View>`,
    sample_data: { audio: SAMPLE_AUDIO_URI },
  },
];
