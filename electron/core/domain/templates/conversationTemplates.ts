import { xml, type TemplateDraft } from './template.js';

const radioCall = [
  { author: 'Dispatcher', text: 'Truck 12, what is your position?' },
  { author: 'Driver', text: 'Just left the north gate, about twenty minutes out.' },
  { author: 'Dispatcher', text: 'Dock 3 is blocked, please use dock 5 instead.' },
  { author: 'Driver', text: 'Copy that, dock 5. Do you need the pallet count?' },
  { author: 'Dispatcher', text: 'Yes please, and thanks for the heads-up earlier.' },
];

const supportChat = [
  { role: 'user', content: 'Hi, I ordered a desk lamp last week and it still says "processing".' },
  { role: 'assistant', content: 'Sorry about the wait! Could you share your order number?' },
  { role: 'user', content: "It's 58213. I need it before Friday." },
];

export const conversationTemplates: TemplateDraft[] = [
  {
    title: 'Label Dialogue Turns',
    details: 'Select parts of a conversation and label what each turn does, e.g. request or confirmation.',
    config: xml`
      <View>
        <ParagraphLabels name="turn_type" toName="dialogue">
          <Label value="Request" background="#3498db"/>
          <Label value="Instruction" background="#27ae60"/>
          <Label value="Confirmation" background="#f1c40f"/>
          <Label value="Small talk" background="#95a5a6"/>
        </ParagraphLabels>
        <Paragraphs name="dialogue" value="$dialogue" layout="dialogue"/>
      </View>`,
    sample_data: { dialogue: radioCall },
  },
  {
    title: "Write the Assistant's Next Reply",
    details: 'Read a chat so far and write the reply a good assistant would give next (response generation).',
    config: xml`
      <View>
        <Paragraphs name="chat" value="$chat" layout="dialogue" nameKey="role" textKey="content"/>
        <Header value="Write the assistant's next reply"/>
        <TextArea name="reply" toName="chat" rows="4" editable="true" maxSubmissions="1" required="true"/>
      </View>`,
    sample_data: { chat: supportChat },
  },
  {
    title: 'Find Intents and Slots',
    details: 'Pick the intent of a conversation and highlight the slot values it mentions, for task-oriented bots.',
    config: xml`
      <View>
        <Paragraphs name="utterances" value="$dialogue" layout="dialogue"/>
        <ParagraphLabels name="slots" toName="utterances">
          <Label value="Vehicle" background="#2980b9"/>
          <Label value="Location" background="#27ae60"/>
          <Label value="Time" background="#f39c12"/>
          <Label value="Quantity" background="#8e44ad"/>
        </ParagraphLabels>
        <Header value="What does the caller want?"/>
        <Choices name="intent" toName="utterances" choice="single" showInline="true">
          <Choice value="Change delivery dock"/>
          <Choice value="Report delay"/>
          <Choice value="Ask for directions"/>
          <Choice value="Other"/>
        </Choices>
      </View>`,
    sample_data: { dialogue: radioCall },
  },
  {
    title: 'Review an Assistant Answer',
    details: "Rate an assistant's last answer in a chat and flag any problems with it.",
    config: xml`
      <View>
        <Paragraphs name="conversation" value="$chat" layout="dialogue" nameKey="role" textKey="content"/>
        <Header value="How helpful is the last assistant message?"/>
        <Rating name="helpfulness" toName="conversation" maxRating="5"/>
        <Choices name="issues" toName="conversation" choice="multiple" showInline="true">
          <Choice value="Factually wrong"/>
          <Choice value="Ignores the question"/>
          <Choice value="Rude or unsafe"/>
          <Choice value="No issues"/>
        </Choices>
      </View>`,
    sample_data: {
      chat: [
        ...supportChat,
        { role: 'assistant', content: 'Thanks! Order 58213 ships tomorrow by express, so it should arrive Thursday.' },
      ],
    },
  },
];
