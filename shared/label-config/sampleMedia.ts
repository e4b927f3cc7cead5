/**
 * Small media files built in code and inlined as `data:` URIs, so sample tasks and template
 * previews render with the network cable pulled. Everything here is deterministic and pure.
 */

/** An SVG picture as a data URI; `body` is the markup inside the <svg> element. */
export function svgDataUri(width: number, height: number, body: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
    `viewBox="0 0 ${width} ${height}">${body}</svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** Any text document (plain text, HTML, JSON, CSV) as a data URI. */
export function textDataUri(mediaType: string, text: string): string {
  return `data:${mediaType};charset=utf-8,${encodeURIComponent(text)}`;
}

const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Standard base64 with padding; written out because shared/ may not rely on Buffer or btoa. */
export function encodeBase64(bytes: Uint8Array): string {
  let output = '';
  for (let index = 0; index < bytes.length; index += 3) {
    const first = bytes[index] ?? 0;
    const second = bytes[index + 1] ?? 0;
    const third = bytes[index + 2] ?? 0;
    const triple = (first << 16) | (second << 8) | third;
    output += BASE64_ALPHABET[(triple >> 18) & 63];
    output += BASE64_ALPHABET[(triple >> 12) & 63];
    output += index + 1 < bytes.length ? BASE64_ALPHABET[(triple >> 6) & 63] : '=';
    output += index + 2 < bytes.length ? BASE64_ALPHABET[triple & 63] : '=';
  }
  return output;
}

/** A quarter-second 8 kHz, 8-bit mono WAV: two soft beeps, about 2.7 kB as base64. */
function buildBeepWav(): Uint8Array {
  const rate = 8000;
  const sampleCount = 2000;
  const bytes = new Uint8Array(44 + sampleCount);
  const view = new DataView(bytes.buffer);
  const writeAscii = (offset: number, text: string) => {
    for (let index = 0; index < text.length; index++) bytes[offset + index] = text.charCodeAt(index);
  };
  writeAscii(0, 'RIFF');
  view.setUint32(4, 36 + sampleCount, true);
  writeAscii(8, 'WAVE');
  writeAscii(12, 'fmt ');
  view.setUint32(16, 16, true); // PCM header size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, rate, true);
  view.setUint32(28, rate, true); // bytes per second at 1 byte per sample
  view.setUint16(32, 1, true);
  view.setUint16(34, 8, true);
  writeAscii(36, 'data');
  view.setUint32(40, sampleCount, true);
  for (let index = 0; index < sampleCount; index++) {
    const beep = index < 900 ? 440 : index > 1100 ? 660 : 0;
    const envelope = Math.sin((Math.PI * (index % 1000)) / 1000);
    const sample = beep === 0 ? 0 : Math.sin((2 * Math.PI * beep * index) / rate) * envelope * 60;
    bytes[44 + index] = 128 + Math.round(sample);
  }
  return bytes;
}

export const SAMPLE_AUDIO_URI = `data:audio/wav;base64,${encodeBase64(buildBeepWav())}`;

/**
 * A one-page PDF with the given lines of Helvetica text. Byte offsets in the cross-reference
 * table are computed, so viewers open it without a repair pass.
 */
export function buildPdf(lines: string[]): string {
  const escape = (text: string) => text.replace(/[\\()]/g, (char) => `\\${char}`);
  const stream = lines
    .map((line, index) => `BT /F1 14 Tf 36 ${250 - index * 24} Td (${escape(line)}) Tj ET`)
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 400 300] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefOffset = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return pdf;
}

/** HTML that shows an inline PDF, the shape Label Studio's PDF templates feed to <HyperText>. */
export function pdfEmbedHtml(lines: string[]): string {
  const uri = `data:application/pdf,${encodeURIComponent(buildPdf(lines))}`;
  return `<embed src="${uri}" type="application/pdf" width="100%" height="420px"/>`;
}

/**
 * Video cannot be made this small, so video samples name a file the user is expected to import.
 * A bare file name is resolved against the page, never fetched from the internet.
 */
export const SAMPLE_VIDEO = 'sample-videos/warehouse-aisle-demo.mp4';

/** A generic street scene: sky, road, a van, a cyclist and a tree. */
export const SAMPLE_IMAGE_URI = svgDataUri(
  480,
  320,
  '<rect width="480" height="200" fill="#cfe8fc"/><rect y="200" width="480" height="120" fill="#8a8f98"/>' +
    '<rect y="252" width="480" height="6" fill="#f5f5f5"/><rect x="60" y="150" width="150" height="80" rx="10" fill="#e4572e"/>' +
    '<circle cx="95" cy="235" r="16" fill="#222"/><circle cx="175" cy="235" r="16" fill="#222"/>' +
    '<circle cx="330" cy="220" r="18" fill="none" stroke="#222" stroke-width="4"/>' +
    '<circle cx="390" cy="220" r="18" fill="none" stroke="#222" stroke-width="4"/>' +
    '<circle cx="360" cy="160" r="10" fill="#f2c14e"/><rect x="352" y="170" width="16" height="40" fill="#3066be"/>' +
    '<rect x="420" y="90" width="12" height="110" fill="#6b4226"/><circle cx="426" cy="80" r="34" fill="#4c9a2a"/>',
);

/** A receipt-like picture for OCR-style configs. */
export const SAMPLE_RECEIPT_URI = svgDataUri(
  240,
  320,
  '<rect width="240" height="320" fill="#fffdf6"/><text x="20" y="40" font-family="monospace" font-size="18">CORNER HARDWARE</text>' +
    '<text x="20" y="90" font-family="monospace" font-size="14">Hinges x4     12.80</text>' +
    '<text x="20" y="115" font-family="monospace" font-size="14">Wood glue      6.45</text>' +
    '<text x="20" y="160" font-family="monospace" font-size="16">TOTAL         19.25</text>' +
    '<text x="20" y="260" font-family="cursive" font-size="16" fill="#1f3a93">paid, thanks! - J.</text>',
);
