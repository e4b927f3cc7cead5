import { describe, expect, it } from 'vitest';
import { inNaturalOrder } from '../../renderer/src/features/import/fileKinds';

/* A picked or dropped folder is imported (and so labeled) in the order people read names: img2 before img10. */

const picked = (paths: string[]) => paths.map((path) => ({ file: { name: path.split('/').at(-1)! }, path }));

describe('files in natural name order', () => {
  it('orders a picked folder img1, img2, img10, folder by folder', () => {
    const list = picked([
      'shots/img10.png',
      'shots/img2.png',
      'shots/day 2/img1.png',
      'shots/img1.png',
      'shots/day 10/img1.png',
      'shots/IMG3.png',
    ]);
    expect(inNaturalOrder(list).map((item) => item.path)).toEqual([
      'shots/day 2/img1.png',
      'shots/day 10/img1.png',
      'shots/img1.png',
      'shots/img2.png',
      'shots/IMG3.png',
      'shots/img10.png',
    ]);
  });

  it('orders loose files by name and keeps equal names in their order', () => {
    const files = ['page-11.html', 'page-9.html', 'page-100.html'].map((name) => ({ file: { name }, path: '' }));
    expect(inNaturalOrder(files).map((item) => item.file.name)).toEqual([
      'page-9.html',
      'page-11.html',
      'page-100.html',
    ]);
    const twins = [
      { file: { name: 'a.png' }, path: '', id: 1 },
      { file: { name: 'a.png' }, path: '', id: 2 },
    ];
    expect(inNaturalOrder(twins).map((item) => item.id)).toEqual([1, 2]);
  });
});
