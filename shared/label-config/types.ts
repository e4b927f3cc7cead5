/** One element of a parsed XML document, in document order. Text is entity-decoded. */
export interface XmlElement {
  tag: string;
  /** Attributes in document order. */
  attributes: Record<string, string>;
  children: XmlElement[];
  /** Text between the start tag and the first child (ElementTree's `text`). */
  text: string;
  /** Text between this element's end tag and the next sibling (ElementTree's `tail`). */
  tail: string;
  line: number;
  column: number;
}

/** One entry of `parsed_label_config.<control>.inputs`. */
export interface ParsedInput {
  type: string;
  valueType: string | null;
  /** The data key, for an object tag with `value`; one with `valueList` has that key instead. */
  value?: string;
  valueList?: string;
}

/**
 * One control tag of `parsed_label_config`, keyed by the control's name
 * (docs/label-studio-compatibility.md#parsed-label-config).
 */
export interface ParsedControl {
  type: string;
  to_name: string[];
  regex?: Record<string, string>;
  conditionals?: { type: 'tag' | 'label' | 'choice'; name: string };
  dynamic_labels?: true;
  inputs: ParsedInput[];
  labels: string[];
  labels_attrs: Record<string, Record<string, string>>;
}

export type ParsedLabelConfig = Record<string, ParsedControl>;

export interface ControlWeight {
  overall: number;
  type: string;
  labels: Record<string, number>;
}

export type ControlWeights = Record<string, ControlWeight>;

/** Everything a project stores about its config, computed from one parse. */
export interface LabelConfigAnalysis {
  parsed_label_config: ParsedLabelConfig;
  data_types: Record<string, string>;
  config_has_control_tags: boolean;
  config_suitable_for_bulk_annotation: boolean;
}
