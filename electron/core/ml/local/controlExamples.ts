import type { TrainingAnnotation } from '../../domain/ml/trainingAnnotations.js';
import type { ChoicesExample } from './choicesModel.js';
import type { LearnableControl } from './learnableControls.js';
import type { GoldSpan, SpanExample } from './spansModel.js';
import type { TimeSlicer } from './timeSlicer.js';

/*
 * What each control learns from the annotations: the task's text (under the control's data key)
 * with the choices or spans the annotation gave for that control.
 */

export type ControlExamples =
  | { kind: 'classification'; control: LearnableControl; examples: ChoicesExample[] }
  | { kind: 'spans'; control: LearnableControl; examples: SpanExample[] };

/** Tokens of a task's text, computed once per training run even when several controls read it. */
export type TokensOf = (task: number, text: string) => string[];

type Region = { from_name?: unknown; to_name?: unknown; type?: unknown; value?: unknown };

function regionsOf(control: LearnableControl, result: readonly unknown[], type: string): Record<string, unknown>[] {
  return result
    .filter((item): item is Region => typeof item === 'object' && item !== null)
    .filter((region) => region.from_name === control.name && String(region.type).toLowerCase() === type)
    .filter((region) => region.to_name === undefined || region.to_name === control.toName)
    .map((region) => region.value)
    .filter((value): value is Record<string, unknown> => typeof value === 'object' && value !== null);
}

function choicesOf(control: LearnableControl, result: readonly unknown[]): string[] {
  const chosen = regionsOf(control, result, 'choices').flatMap((value) =>
    Array.isArray(value.choices) ? value.choices.filter((choice): choice is string => typeof choice === 'string') : [],
  );
  return [...new Set(chosen)];
}

/** UTF-16 offsets of a span given in code points (as Python tools count), or null past the text's end. */
function fromCodePoints(text: string, start: number, end: number): { start: number; end: number } | null {
  let units = 0;
  let points = 0;
  let from = start === 0 ? 0 : -1;
  for (const character of text) {
    units += character.length;
    points += 1;
    if (points === start) from = units;
    if (points === end) return from < 0 ? null : { start: from, end: units };
  }
  return null;
}

/**
 * The annotation's spans for the control, in UTF-16 offsets (the editor's). Offsets that count
 * code points are converted when that is what makes them point at the region's text. Null when
 * a span points at no text of its own (the text changed since): such a task would teach wrong
 * offsets, so it is left out.
 */
function spansOf(control: LearnableControl, result: readonly unknown[], text: string): GoldSpan[] | null {
  const spans: GoldSpan[] = [];
  for (const value of regionsOf(control, result, 'labels')) {
    const { start, end, labels } = value;
    const label = Array.isArray(labels) ? labels[0] : undefined;
    if (typeof label !== 'string' || !Number.isInteger(start) || !Number.isInteger(end)) return null;
    let span: { start: number; end: number } | null = { start: start as number, end: end as number };
    if (span.start < 0 || span.end <= span.start) return null;
    const expected = typeof value.text === 'string' ? value.text : null;
    if (expected !== null && text.slice(span.start, span.end) !== expected) {
      span = fromCodePoints(text, span.start, span.end);
      if (!span || text.slice(span.start, span.end) !== expected) return null;
    }
    if (span.end > text.length) return null;
    spans.push({ ...span, label });
  }
  return spans;
}

export function textOf(data: Record<string, unknown>, control: LearnableControl): string | null {
  const text = data[control.dataKey];
  return typeof text === 'string' && text.trim() !== '' ? text : null;
}

export async function examplesOfControl(
  control: LearnableControl,
  annotations: readonly TrainingAnnotation[],
  tokensOf: TokensOf,
  slicer: TimeSlicer,
): Promise<ControlExamples> {
  if (control.kind === 'classification') {
    const examples: ChoicesExample[] = [];
    for (const annotation of annotations) {
      const text = textOf(annotation.data, control);
      const choices = choicesOf(control, annotation.result);
      if (text === null || choices.length === 0) continue;
      examples.push({ task: annotation.task, tokens: tokensOf(annotation.task, text), choices });
      await slicer.pause();
    }
    return { kind: 'classification', control, examples };
  }
  const examples: SpanExample[] = [];
  for (const annotation of annotations) {
    const text = textOf(annotation.data, control);
    const spans = text === null ? null : spansOf(control, annotation.result, text);
    if (text !== null && spans !== null) examples.push({ task: annotation.task, text, spans });
    await slicer.pause();
  }
  return { kind: 'spans', control, examples };
}
