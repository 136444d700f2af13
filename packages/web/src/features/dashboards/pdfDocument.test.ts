import { describe, expect, it } from 'vitest';
import { A4_LANDSCAPE, pdfOfPictures } from './pdfDocument.ts';

const latin1 = (bytes: Uint8Array) => Array.from(bytes, (b) => String.fromCharCode(b)).join('');

/** A stand-in for JPEG bytes: the writer copies them as they are. */
const jpeg = (marker: number) => new Uint8Array([0xff, 0xd8, marker, 0x00, 0xff, 0xd9]);

describe('pdfOfPictures', () => {
  const pdf = pdfOfPictures([
    { jpeg: jpeg(1), width: 1960, height: 1344 },
    { jpeg: jpeg(2), width: 1960, height: 400 },
  ]);
  const text = latin1(pdf);

  it('is a PDF with one A4 landscape page per picture', () => {
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(text).toContain('/Type /Pages /Kids [3 0 R 6 0 R] /Count 2');
    expect(text.match(/\/Type \/Page /g)).toHaveLength(2);
    expect(text).toContain(`/MediaBox [0 0 ${A4_LANDSCAPE.width} ${A4_LANDSCAPE.height}]`);
  });

  it('carries each picture as a JPEG image, as wide as the margins allow, from the top', () => {
    expect(text).toContain('/Width 1960 /Height 1344 /ColorSpace /DeviceRGB');
    expect(text).toContain('/Filter /DCTDecode /Length 6');
    // 786 pt wide within 28 pt margins; the second picture sits at the top of its page.
    expect(text).toContain('q 786 0 0 160.41 28 406.59 cm /Im1 Do Q');
    const first = text.indexOf('\xff\xd8\x01');
    const second = text.indexOf('\xff\xd8\x02');
    expect(first).toBeGreaterThan(0);
    expect(second).toBeGreaterThan(first);
  });

  it('has a cross-reference table pointing at every object', () => {
    const start = Number(/startxref\n(\d+)/.exec(text)?.[1]);
    expect(text.slice(start, start + 4)).toBe('xref');
    const entries = text.slice(start).match(/(\d{10}) 00000 n /g) ?? [];
    expect(entries).toHaveLength(8);
    entries.forEach((entry, i) => {
      const offset = Number(entry.slice(0, 10));
      expect(text.slice(offset, offset + 12)).toMatch(new RegExp(`^${i + 1} 0 obj`));
    });
  });
});
