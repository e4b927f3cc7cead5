import { xml, type TemplateDraft } from './template.js';

export const rankingTemplates: TemplateDraft[] = [
  {
    title: 'Compare Two Answers',
    details: 'Show two candidate answers side by side and pick the better one (pairwise preference).',
    config: xml`
      <View>
        <Header value="$question"/>
        <View style="display: flex; gap: 16px;">
          <View style="flex: 1;">
            <Header value="Answer A" size="5"/>
            <Text name="answer_a" value="$answer_a"/>
          </View>
          <View style="flex: 1;">
            <Header value="Answer B" size="5"/>
            <Text name="answer_b" value="$answer_b"/>
          </View>
        </View>
        <Pairwise name="preference" toName="answer_a,answer_b"/>
      </View>`,
    sample_data: {
      question: 'How should lithium batteries be stored over winter?',
      answer_a: 'Charge them to about half, then keep them somewhere cool and dry, away from metal objects.',
      answer_b: 'Leave them in the device and put it in the garage; cold does not matter.',
    },
  },
  {
    title: 'Rank Search Results',
    details: 'Drag results into order and sort them into buckets by relevance to a query (needs a newer editor).',
    config: xml`
      <View>
        <Header value="$query"/>
        <List name="results" value="$results" title="Results"/>
        <Ranker name="ranking" toName="results">
          <Bucket name="relevant" title="Relevant"/>
          <Bucket name="not_relevant" title="Not relevant"/>
        </Ranker>
      </View>`,
    sample_data: {
      query: 'replacement hinge for kitchen cabinet',
      results: [
        { id: 'r1', title: 'Soft-close cabinet hinge, 35 mm', body: 'Clip-on hinge for kitchen doors, pack of 2.' },
        { id: 'r2', title: 'Gate hinge, heavy duty', body: 'Galvanized strap hinge for garden gates.' },
        { id: 'r3', title: 'How to adjust cabinet hinges', body: 'A short guide to aligning kitchen cabinet doors.' },
      ],
    },
    needsNewerEditor: true,
  },
  {
    title: 'Rate with Stars',
    details: 'Give an item one to five stars on one or more criteria.',
    config: xml`
      <View>
        <Text name="recipe" value="$text"/>
        <Header value="How clear are the instructions?"/>
        <Rating name="clarity" toName="recipe" maxRating="5" icon="star" size="medium"/>
        <Header value="How complete is the ingredient list?"/>
        <Rating name="completeness" toName="recipe" maxRating="5" icon="star" size="medium"/>
      </View>`,
    sample_data: {
      text: 'Flatbread: mix 250 g flour, 150 ml warm water, a pinch of salt and a spoon of oil. Rest 20 minutes, roll thin, cook in a hot dry pan for a minute per side.',
    },
  },
  {
    title: 'Score with a Number',
    details: 'Enter a number for each task, such as an estimate, a count or a score within a range.',
    config: xml`
      <View>
        <Text name="job" value="$text"/>
        <Header value="Estimated repair time in minutes"/>
        <Number name="minutes" toName="job" min="0" max="480" step="5" required="true"/>
      </View>`,
    sample_data: { text: 'Replace the worn drive belt on conveyor 4 and check the tension on conveyors 3 and 5.' },
  },
];
