import { readFileSync, writeFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { EDITOR_FRAME } from '../helpers/labelingPage.js';

/** What a page's renderer holds at one moment, after a full garbage collection. */
export interface MemoryReading {
  /** Bytes of the renderer's V8 heap in use (the page and its same-process frames share it). */
  heapUsed: number;
  /** The renderer process's resident set, from /proc/<pid>/status. */
  rss: number;
  /** Blink's counters for the renderer: DOM nodes, documents and JS event listeners alive. */
  nodes: number;
  documents: number;
  listeners: number;
  /** Elements in the app page's document and in the editor frame's. */
  pageElements: number;
  frameElements: number;
}

interface ProcessInfo {
  type: string;
  id: number;
  cpuTime: number;
}

/**
 * The renderer process that did the labeling: of the browser's renderers (a spare one may wait for
 * the next navigation), the one with the most CPU time.
 */
export async function busiestRendererPid(browser: Browser): Promise<number> {
  const session = await browser.newBrowserCDPSession();
  try {
    const { processInfo } = (await session.send('SystemInfo.getProcessInfo')) as { processInfo: ProcessInfo[] };
    const renderers = processInfo.filter((process) => process.type === 'renderer');
    const busiest = renderers.sort((a, b) => b.cpuTime - a.cpuTime)[0];
    if (!busiest) throw new Error('the browser reports no renderer process');
    return busiest.id;
  } finally {
    await session.detach();
  }
}

/** A process's resident set now (VmRSS), in bytes. */
export function residentBytes(pid: number): number {
  const line = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!line) throw new Error(`no VmRSS for process ${pid}`);
  return Number(line[1]) * 1024;
}

/** Counts the elements of the document it runs in (passed as a function: no page CSP applies). */
function elementCount(): number {
  const root = globalThis as unknown as { document: { getElementsByTagName(name: string): { length: number } } };
  return root.document.getElementsByTagName('*').length;
}

/** Collects garbage in the page's renderer, then reads its heap, DOM counters and RSS. */
export async function readMemory(browser: Browser, context: BrowserContext, page: Page): Promise<MemoryReading> {
  const session = await context.newCDPSession(page);
  try {
    // Twice: the first pass frees objects whose finalizers or weak callbacks release more.
    await session.send('HeapProfiler.collectGarbage');
    await session.send('HeapProfiler.collectGarbage');
    const heap = await session.send('Runtime.getHeapUsage');
    const counters = await session.send('Memory.getDOMCounters');
    const frame = await (await page.locator(EDITOR_FRAME).elementHandle({ timeout: 60_000 }))?.contentFrame();
    return {
      heapUsed: heap.usedSize,
      rss: residentBytes(await busiestRendererPid(browser)),
      nodes: counters.nodes,
      documents: counters.documents,
      listeners: counters.jsEventListeners,
      pageElements: await page.evaluate(elementCount),
      frameElements: frame ? await frame.evaluate(elementCount) : 0,
    };
  } finally {
    await session.detach();
  }
}

/**
 * Writes a heap snapshot of the page's renderer to `path` (Chrome DevTools' format: load two of
 * them in its Memory panel and compare them, to see what a long session keeps).
 */
export async function writeHeapSnapshot(context: BrowserContext, page: Page, path: string): Promise<void> {
  const session = await context.newCDPSession(page);
  const chunks: string[] = [];
  session.on('HeapProfiler.addHeapSnapshotChunk', ({ chunk }) => chunks.push(chunk));
  try {
    await session.send('HeapProfiler.collectGarbage');
    await session.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
    writeFileSync(path, chunks.join(''));
  } finally {
    await session.detach();
  }
}
