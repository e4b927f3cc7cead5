import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A stand-in for the web app a Label Studio serves under /react-app/, laid out as 1.22's webpack
 * build is (see CONTRIBUTING.md, "Label Studio 1.22's editor") but a few lines long: a runtime
 * with its stylesheet table, a vendor chunk (1), main.js (chunk 2) with a Data Manager loader
 * and the editor's loader, the editor's chunks (5, 9: module 77 sets window.LabelStudio), a chunk
 * the editor loads later (12), its stylesheet and an asset. Tests change `files` to break it.
 */

export const FAKE_EDITOR_FILES = (): Map<string, string> =>
  new Map([
    ['runtime.js', 'd.miniCssF=e=>e+".css";{9:1,20:1}[e]&&x;r=self.webpackChunkfake=self.webpackChunkfake||[];'],
    ['vendor.js', '(self.webpackChunkfake=self.webpackChunkfake||[]).push([[1],{3:()=>{}}]);'],
    [
      'main.js',
      '(self.webpackChunkfake=self.webpackChunkfake||[]).push([[2],{4:(e,t,n)=>{' +
        'const dm=()=>Promise.all([n.e(1),n.e(20)]).then(n.bind(n,88));' +
        'const lsf=()=>Promise.all([n.e(1),n.e(5),n.e(9)]).then(n.bind(n,77));' +
        'var l=n(66),c={};c.styleTagTransform=s(),c.insert=h;}},e=>{e(e.s=4)}]);',
    ],
    ['main.css', '@font-face{font-family:Fig;src:url(/static/fonts/Fig-Regular.ttf)}body{margin:0}'],
    ['/static/fonts/Fig-Regular.ttf', 'font bytes'],
    ['5.js', '(self.webpackChunkfake=self.webpackChunkfake||[]).push([[5],{50:()=>{}}]);'],
    [
      '9.js',
      '(self.webpackChunkfake=self.webpackChunkfake||[]).push([[9],{77:(e,t,n)=>{' +
        'we.addTag("datetime",A);we.addTag("Ranker",B);const w=()=>n.e(12);const u=n.p+"decode.wasm";' +
        'window.LabelStudio=K},78:()=>{}}]);',
    ],
    ['9.css', '.lsf{color:red}'],
    ['12.js', '(self.webpackChunkfake=self.webpackChunkfake||[]).push([[12],{120:()=>{}}]);'],
    ['decode.wasm', '\0asm'],
    ['20.js', '(self.webpackChunkfake=self.webpackChunkfake||[]).push([[20],{88:()=>{window.DataManager=D}}]);'],
    ['20.css', '.dm{}'],
  ]);

export interface FakeEditorServer {
  url: string;
  files: Map<string, string>;
  /** Paths asked for, in order. */
  requests: string[];
  /** Answers this status instead of a file, by name. */
  failures: Map<string, number>;
  /** JSON answers by path (e.g. `/api/version`), to play a whole remote Label Studio. */
  api: Map<string, unknown>;
  close(): Promise<void>;
}

export async function startFakeEditorServer(): Promise<FakeEditorServer> {
  const files = FAKE_EDITOR_FILES();
  const requests: string[] = [];
  const failures = new Map<string, number>();
  const api = new Map<string, unknown>();
  const server: Server = createServer((request, response) => {
    const path = request.url ?? '/';
    requests.push(path);
    const answer = api.get(path.split('?')[0] ?? path);
    if (answer !== undefined) {
      return response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer));
    }
    const name = path.replace(/^\/react-app\//, '');
    const body = path.startsWith('/react-app/') ? files.get(name) : files.get(path);
    const failure = failures.get(name);
    if (failure) return response.writeHead(failure).end('broken');
    if (body === undefined) return response.writeHead(404).end('Not Found');
    response.writeHead(200, { 'Content-Type': 'application/octet-stream' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    files,
    requests,
    failures,
    api,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
