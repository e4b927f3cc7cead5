import { parseXml, XmlDtdForbiddenError, XmlSyntaxError } from '../../shared/label-config/xml.js';

/** What Outpost's parser says of a document in Label Studio's words: 'ok', or the refusal's message. */
export function ourXmlVerdict(xml: string): string {
  try {
    parseXml(xml);
    return 'ok';
  } catch (error) {
    if (error instanceof XmlSyntaxError || error instanceof XmlDtdForbiddenError) return error.message;
    throw error;
  }
}
