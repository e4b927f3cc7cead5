import { pdfEmbedHtml } from '../../../../shared/label-config/sampleMedia.js';
import { xml, type TemplateDraft } from './template.js';

const fieldReport =
  '<article><h2>Field report, 14 March</h2><p>Crew <b>Birch</b> inspected the pump station on ' +
  '<i>Harbor Road</i> and replaced a worn <b>gate valve</b>.</p><p>Next visit planned for <b>2 April</b>.</p></article>';

export const documentTemplates: TemplateDraft[] = [
  {
    title: 'Tag Entities in Web Pages',
    details: 'Highlight entities inside HTML content while keeping its formatting (HTML NER).',
    config: xml`
      <View>
        <HyperTextLabels name="entities" toName="page">
          <Label value="Crew" background="#e67e22"/>
          <Label value="Location" background="#27ae60"/>
          <Label value="Date" background="#f39c12"/>
          <Label value="Equipment" background="#2980b9"/>
        </HyperTextLabels>
        <HyperText name="page" value="$html"/>
      </View>`,
    sample_data: { html: fieldReport },
  },
  {
    title: 'Classify Web Pages',
    details: 'Look at an HTML page or snippet and choose what kind of page it is.',
    config: xml`
      <View>
        <HyperText name="page" value="$page"/>
        <Choices name="page_type" toName="page" choice="single-radio" showInline="true">
          <Choice value="Report"/>
          <Choice value="Product page"/>
          <Choice value="News"/>
          <Choice value="Form"/>
          <Choice value="Other"/>
        </Choices>
      </View>`,
    sample_data: { page: fieldReport },
  },
  {
    title: 'Classify PDF Documents',
    details: 'Open a PDF shown inline and choose its document type; the task data holds an embed tag.',
    config: xml`
      <View>
        <Choices name="doc_type" toName="pdf" choice="single-radio" showInline="true" required="true">
          <Choice value="Invoice"/>
          <Choice value="Receipt"/>
          <Choice value="Contract"/>
          <Choice value="Letter"/>
          <Choice value="Other"/>
        </Choices>
        <HyperText name="pdf" value="$pdf" inline="true"/>
      </View>`,
    sample_data: { pdf: pdfEmbedHtml(['Invoice 0042', 'Corner Hardware', 'Total due: 19.25', 'Due date: 30 April']) },
  },
  {
    title: 'Review Table Records',
    details: 'Check a structured record shown as a table and decide whether it is correct, with a note if not.',
    config: xml`
      <View>
        <Table name="record" value="$record"/>
        <Choices name="verdict" toName="record" choice="single" showInline="true">
          <Choice value="Correct"/>
          <Choice value="Needs a fix"/>
          <Choice value="Duplicate"/>
        </Choices>
        <TextArea name="note" toName="record" rows="2" placeholder="What is wrong with this record?"/>
      </View>`,
    sample_data: {
      record: { 'Item code': 'HX-2231', Description: 'Steel hinge, 75 mm', Quantity: 40, Location: 'Aisle 7, bay C' },
    },
  },
  {
    title: 'Extract Dates and Times',
    details: 'Read a message and record the date and time it refers to in a date picker (needs a newer editor).',
    config: xml`
      <View>
        <Text name="message" value="$text"/>
        <Header value="When is the delivery due?"/>
        <DateTime name="due" toName="message" required="true"/>
      </View>`,
    sample_data: {
      text: 'Hi team, the replacement chairs will be delivered next Tuesday, 14 May, at 9:30 in the morning.',
    },
    needsNewerEditor: true,
  },
];
