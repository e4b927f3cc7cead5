import { xml, type TemplateDraft } from './template.js';

export const textTemplates: TemplateDraft[] = [
  {
    title: 'Tag Named Entities',
    details: 'Highlight people, organizations, places, dates and job roles in running text (NER).',
    config: xml`
      <View>
        <Labels name="entities" toName="text">
          <Label value="Person" background="#e74c3c"/>
          <Label value="Organization" background="#3498db"/>
          <Label value="Place" background="#27ae60"/>
          <Label value="Date" background="#f39c12"/>
          <Label value="Role" background="#8e44ad"/>
        </Labels>
        <Text name="text" value="$ner" granularity="word"/>
      </View>`,
    sample_data: {
      ner: 'Maria Okafor joined Northwind Logistics in Rotterdam on 3 June 2024 as head of fleet safety.',
    },
  },
  {
    title: 'Route Support Tickets',
    details: 'Assign each customer message to the team that should handle it (text classification).',
    config: xml`
      <View>
        <Text name="ticket" value="$text"/>
        <Header value="Which team should handle this ticket?"/>
        <Choices name="team" toName="ticket" choice="single-radio" required="true">
          <Choice value="Billing"/>
          <Choice value="Shipping"/>
          <Choice value="Product defect"/>
          <Choice value="Account access"/>
          <Choice value="Other"/>
        </Choices>
      </View>`,
    sample_data: {
      text: 'My order arrived yesterday but two of the four chairs have a cracked leg. Can you send replacements?',
    },
  },
  {
    title: 'Judge Sentiment',
    details: 'Say whether a review or comment is positive, neutral, negative or mixed.',
    config: xml`
      <View>
        <Text name="review" value="$text"/>
        <Choices name="sentiment" toName="review" choice="single" showInline="true">
          <Choice value="Positive" hotkey="1"/>
          <Choice value="Neutral" hotkey="2"/>
          <Choice value="Negative" hotkey="3"/>
          <Choice value="Mixed" hotkey="4"/>
        </Choices>
      </View>`,
    sample_data: {
      text: 'The tent kept us dry all weekend, but the zipper jammed twice and the bag is far too small.',
    },
  },
  {
    title: 'Link Entities with Relations',
    details: 'Mark entities, then connect pairs of them with a typed relation (relation extraction).',
    config: xml`
      <View>
        <Relations>
          <Relation value="works for"/>
          <Relation value="based in"/>
          <Relation value="supplies"/>
        </Relations>
        <Labels name="entities" toName="text">
          <Label value="Person" background="#e67e22"/>
          <Label value="Company" background="#2980b9"/>
          <Label value="City" background="#16a085"/>
        </Labels>
        <Text name="text" value="$text"/>
      </View>`,
    sample_data: {
      text: 'Tomas Weber, a buyer at Alder Furniture in Leipzig, signed a contract with Baltic Timber, which supplies Alder Furniture with oak.',
    },
  },
  {
    title: 'Classify with a Taxonomy',
    details: 'Place each item in a nested category tree, choosing the most specific category that fits.',
    config: xml`
      <View>
        <Text name="listing" value="$text"/>
        <Taxonomy name="category" toName="listing" leafsOnly="true" showFullPath="true">
          <Choice value="Tools">
            <Choice value="Hand tools">
              <Choice value="Hammers"/>
              <Choice value="Screwdrivers"/>
            </Choice>
            <Choice value="Power tools">
              <Choice value="Drills"/>
              <Choice value="Saws"/>
            </Choice>
          </Choice>
          <Choice value="Hardware">
            <Choice value="Fasteners"/>
            <Choice value="Hinges"/>
          </Choice>
          <Choice value="Garden supplies"/>
        </Taxonomy>
      </View>`,
    sample_data: { text: 'Cordless 18 V hammer drill with two batteries, 13 mm keyless chuck and carry case.' },
  },
  {
    title: 'Summarize a Document',
    details: 'Read a longer text and write a short summary of its main points.',
    config: xml`
      <View>
        <Header value="Read the report"/>
        <Text name="document" value="$longText"/>
        <Header value="Summarize it in at most three sentences"/>
        <TextArea name="summary" toName="document" rows="4" maxSubmissions="1" editable="true" required="true"/>
      </View>`,
    sample_data: {
      longText:
        'During the spring survey the team visited 14 of the 16 river gauges. Two gauges could not be reached ' +
        'because the access road had washed out. Readings at the upstream gauges were on average 8 cm higher ' +
        'than last year, and gauge 9 showed signs of silting that should be cleared before summer. The team ' +
        'recommends repairing the access road first and revisiting the two missed gauges in May.',
    },
  },
  {
    title: 'Highlight Answers in a Passage',
    details: 'Read a question and mark the span of the passage that answers it (extractive question answering).',
    config: xml`
      <View>
        <Header value="$question"/>
        <Text name="passage" value="$passage" granularity="word"/>
        <Labels name="answer" toName="passage">
          <Label value="Answer" background="#27ae60"/>
          <Label value="Supporting detail" background="#f1c40f"/>
        </Labels>
      </View>`,
    sample_data: {
      question: 'Which dock should truck 12 use?',
      passage:
        'Dock 3 is closed for repairs this week, so all trucks arriving from the north gate, including truck 12, unload at dock 5.',
    },
  },
  {
    title: 'Check a Translation',
    details: 'Compare a source sentence with its machine translation, fix the translation and rate it.',
    config: xml`
      <View>
        <Header value="Source (German)"/>
        <Text name="source" value="$source"/>
        <Header value="Machine translation (English)"/>
        <Text name="machine" value="$translation"/>
        <Header value="Write the corrected translation"/>
        <TextArea name="corrected" toName="machine" rows="3" editable="true" maxSubmissions="1"/>
        <Header value="How good was the machine translation?"/>
        <Rating name="quality" toName="machine" maxRating="5" icon="star"/>
      </View>`,
    sample_data: {
      source: 'Bitte lagern Sie die Kisten trocken und nicht direkt auf dem Boden.',
      translation: 'Please store the boxes dry and not direct on the floor.',
    },
  },
];
