import type { JsonItems } from './jsonItems.js';
import type { ItemSource } from './validateTaskItem.js';

/** One item to import: what Label Studio's validator sees, its source text, and its upload. */
export interface ImportItem {
  task: unknown;
  source: ItemSource | null;
  fileUploadId: number | null;
}

/** Items read on demand, so a large body is parsed one item at a time inside the transaction. */
export interface ItemList {
  count: number;
  get(index: number): ImportItem;
}

/** A JSON body: each element is one item as is. */
export function itemsOfJsonBody(json: JsonItems): ItemList {
  return {
    count: json.count,
    get: (index) => {
      const source = json.item(index);
      return { task: source.value, source, fileUploadId: null };
    },
  };
}

/** Several lists one after the other (the files of one request, in upload order). */
export function concatItems(lists: readonly ItemList[]): ItemList {
  const offsets: number[] = [];
  let count = 0;
  for (const list of lists) {
    offsets.push(count);
    count += list.count;
  }
  return {
    count,
    get: (index) => {
      let which = lists.length - 1;
      while (offsets[which]! > index) which -= 1;
      return lists[which]!.get(index - offsets[which]!);
    },
  };
}
