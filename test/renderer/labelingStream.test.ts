import { describe, expect, it } from 'vitest';
import {
  arrive,
  back,
  canGoBack,
  canGoForward,
  currentTask,
  EMPTY_TRAIL,
  forward,
  parseTrail,
  serializeTrail,
} from '../../renderer/src/features/labeling/streamHistory.js';

describe('the label stream trail', () => {
  it('walks back and forward through the tasks the stream gave', () => {
    let trail = arrive(arrive(arrive(EMPTY_TRAIL, 3), 5), 8);
    expect(currentTask(trail)).toBe(8);
    expect(canGoForward(trail)).toBe(false);
    trail = back(back(trail));
    expect(currentTask(trail)).toBe(3);
    expect(canGoBack(trail)).toBe(false);
    trail = forward(trail);
    expect(currentTask(trail)).toBe(5);
  });

  it('keeps a task once, at the front, when the stream gives it again', () => {
    expect(arrive(arrive(arrive(EMPTY_TRAIL, 3), 5), 3)).toEqual({ visited: [5, 3], position: 1 });
  });

  it('survives storage, and damaged storage gives an empty trail', () => {
    const trail = back(arrive(arrive(EMPTY_TRAIL, 1), 2));
    expect(parseTrail(serializeTrail(trail))).toEqual(trail);
    expect(parseTrail('{not json')).toEqual(EMPTY_TRAIL);
    expect(parseTrail(null)).toEqual(EMPTY_TRAIL);
    expect(parseTrail('{"visited":[1,"x",-2,4],"position":9}')).toEqual({ visited: [1, 4], position: 1 });
  });
});
